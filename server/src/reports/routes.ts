// Routes of the reports (contract: protocol/src/api/reports.ts). Each report has its own permission; the property
// is the caller's current one, so another property's figures are out of reach by construction.
import { INCOME_MAX_DAYS, ReportPermission } from '@pms/protocol/api/reports'
import { addDays, daysBetween } from '@pms/protocol/time/zone'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { propertyClock } from '../properties/clock.ts'
import { readPropertyConfig } from '../properties/config.ts'
import { memberReport } from './members.ts'
import { annualReport, dailyReport, monthlyReport, type ReportScope, rangeReport } from './reports.ts'

const DayQuery = Type.Object(
  {
    businessDate: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })),
  },
  { additionalProperties: false },
)
const MonthQuery = Type.Object(
  { month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }) },
  { additionalProperties: false },
)
const DAY = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$'
const RangeQuery = Type.Object(
  { beginDate: Type.String({ pattern: DAY }), endDate: Type.String({ pattern: DAY }) },
  { additionalProperties: false },
)
const YearQuery = Type.Object({ year: Type.String({ pattern: '^\\d{4}$' }) }, { additionalProperties: false })

export function reportRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  async function scopeOf(request: FastifyRequest): Promise<ReportScope> {
    const propertyId = requireProperty(authOf(request))
    const config = await readPropertyConfig(db, propertyId)
    return { propertyId, clock: await propertyClock(db, propertyId), rule: config.availabilityRule }
  }

  app.get(
    '/pms/pmsReport/daily',
    { config: { permission: ReportPermission.daily }, schema: { querystring: DayQuery } },
    async (request) => {
      const s = await scopeOf(request)
      // Without a date: the last closed day (the manager's morning report).
      const businessDate =
        (request.query as { businessDate?: string }).businessDate ?? addDays(s.clock.businessDate, -1)
      // A date the property has not reached has no figures yet (not even provisional ones).
      if (businessDate > s.clock.businessDate)
        throw badRequest('reports.futureDate', ['businessDate', businessDate])
      return ok(await dailyReport(db, s, businessDate))
    },
  )

  app.get(
    '/pms/pmsReport/monthly',
    { config: { permission: ReportPermission.monthly }, schema: { querystring: MonthQuery } },
    async (request) =>
      ok(await monthlyReport(db, await scopeOf(request), (request.query as { month: string }).month)),
  )

  app.get(
    '/pms/pmsReport/annual',
    { config: { permission: ReportPermission.annual }, schema: { querystring: YearQuery } },
    async (request) =>
      ok(await annualReport(db, await scopeOf(request), (request.query as { year: string }).year)),
  )

  app.get(
    '/pms/pmsReport/income',
    { config: { permission: ReportPermission.income }, schema: { querystring: RangeQuery } },
    async (request) => {
      const { beginDate, endDate } = request.query as { beginDate: string; endDate: string }
      const days = daysBetween(beginDate, endDate) + 1
      if (days < 1 || days > INCOME_MAX_DAYS)
        throw badRequest('reports.badRange', ['endDate', INCOME_MAX_DAYS])
      return ok(await rangeReport(db, await scopeOf(request), beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/member',
    { config: { permission: ReportPermission.member }, schema: { querystring: RangeQuery } },
    async (request) => {
      const { beginDate, endDate } = request.query as { beginDate: string; endDate: string }
      const days = daysBetween(beginDate, endDate) + 1
      if (days < 1 || days > INCOME_MAX_DAYS)
        throw badRequest('reports.badRange', ['endDate', INCOME_MAX_DAYS])
      const s = await scopeOf(request)
      return ok(await memberReport(db, s.propertyId, s.clock.timeZone, beginDate, endDate))
    },
  )
}
