// Routes of the reports (contract: protocol/src/api/reports.ts). Each report has its own permission; the property
// is the caller's current one, so another property's figures are out of reach by construction.
import {
  FLOOR_MAX_DAYS,
  INCOME_MAX_DAYS,
  REVENUE_DIMENSIONS,
  ReportPermission,
  type RevenueDimension,
} from '@pms/protocol/api/reports'
import { addDays, daysBetween } from '@pms/protocol/time/zone'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { Day, Month, Year } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { propertyClock } from '../properties/clock.ts'
import { readPropertyConfig } from '../properties/config.ts'
import { cashierReport } from './cashier.ts'
import { dashboard } from './dashboard.ts'
import { floorOccupancyReport } from './floors.ts'
import { memberReport } from './members.ts'
import { occupancyReport } from './occupancy.ts'
import { annualReport, dailyReport, monthlyReport, rangeReport } from './reports.ts'
import { revenueReport } from './revenue.ts'
import type { ReportScope } from './scope.ts'
import { segmentRevenueReport } from './segment-revenue.ts'

const DayQuery = Type.Object(
  {
    businessDate: Type.Optional(Day),
  },
  { additionalProperties: false },
)
const MonthQuery = Type.Object({ month: Type.Optional(Month) }, { additionalProperties: false })
const OptionalRange = Type.Object(
  {
    beginDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
  },
  { additionalProperties: false },
)
const SegmentQuery = Type.Object(
  {
    dimension: Type.Union(REVENUE_DIMENSIONS.map((d) => Type.Literal(d))),
    beginDate: Type.Optional(Day),
    endDate: Type.Optional(Day),
  },
  { additionalProperties: false },
)
const YearQuery = Type.Object({ year: Type.Optional(Year) }, { additionalProperties: false })

/** The open business date's month up to it (the default period of the income, member and revenue reports). */
const monthToOpen = (s: ReportScope) => ({
  beginDate: `${s.clock.businessDate.slice(0, 7)}-01`,
  endDate: s.clock.businessDate,
})

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
    async (request) => {
      const s = await scopeOf(request)
      const { month } = request.query as { month?: string }
      return ok(await monthlyReport(db, s, month ?? s.clock.businessDate.slice(0, 7)))
    },
  )

  app.get(
    '/pms/pmsReport/annual',
    { config: { permission: ReportPermission.annual }, schema: { querystring: YearQuery } },
    async (request) => {
      const s = await scopeOf(request)
      const { year } = request.query as { year?: string }
      return ok(await annualReport(db, s, year ?? s.clock.businessDate.slice(0, 4)))
    },
  )

  /**
   * A period of at most INCOME_MAX_DAYS business dates; without one, the report's default around the property's open
   * business date.
   */
  function periodOf(
    request: FastifyRequest,
    fallback: { beginDate: string; endDate: string },
    maxDays = INCOME_MAX_DAYS,
  ) {
    const q = request.query as { beginDate?: string; endDate?: string }
    const beginDate = q.beginDate ?? fallback.beginDate
    const endDate = q.endDate ?? (q.beginDate ? beginDate : fallback.endDate)
    const days = daysBetween(beginDate, endDate) + 1
    if (days < 1 || days > maxDays) throw badRequest('reports.badRange', ['endDate', maxDays])
    return { beginDate, endDate }
  }

  app.get(
    '/pms/pmsReport/occupancy',
    { config: { permission: ReportPermission.occupancy }, schema: { querystring: OptionalRange } },
    async (request) => {
      const s = await scopeOf(request)
      // By default: the open day and the 29 after it on the books.
      const open = s.clock.businessDate
      const { beginDate, endDate } = periodOf(request, { beginDate: open, endDate: addDays(open, 29) })
      return ok(await occupancyReport(db, s, beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/revenue',
    { config: { permission: ReportPermission.revenue }, schema: { querystring: OptionalRange } },
    async (request) => {
      const s = await scopeOf(request)
      // By default: the month of the open business date, up to it.
      const open = s.clock.businessDate
      const { beginDate, endDate } = periodOf(request, monthToOpen(s))
      if (beginDate > open) throw badRequest('reports.futureDate', ['beginDate', beginDate])
      return ok(await revenueReport(db, s, beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/occupancyByFloor',
    { config: { permission: ReportPermission.occupancy }, schema: { querystring: OptionalRange } },
    async (request) => {
      const s = await scopeOf(request)
      const open = s.clock.businessDate
      const { beginDate, endDate } = periodOf(
        request,
        { beginDate: open, endDate: addDays(open, 29) },
        FLOOR_MAX_DAYS,
      )
      return ok(await floorOccupancyReport(db, s, beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/revenueBySegment',
    { config: { permission: ReportPermission.revenue }, schema: { querystring: SegmentQuery } },
    async (request) => {
      const s = await scopeOf(request)
      // By default: the month of the open business date, up to it.
      const open = s.clock.businessDate
      const { beginDate, endDate } = periodOf(request, monthToOpen(s))
      if (beginDate > open) throw badRequest('reports.futureDate', ['beginDate', beginDate])
      const { dimension } = request.query as { dimension: RevenueDimension }
      return ok(await segmentRevenueReport(db, s, dimension, beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/cashier',
    { config: { permission: ReportPermission.cashier }, schema: { querystring: OptionalRange } },
    async (request) => {
      const s = await scopeOf(request)
      const open = s.clock.businessDate
      const { beginDate, endDate } = periodOf(request, { beginDate: open, endDate: open })
      return ok(await cashierReport(db, s.propertyId, open, beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/dashboard',
    {
      config: { permission: ReportPermission.dashboard },
      schema: { querystring: Type.Object({}, { additionalProperties: false }) },
    },
    async (request) => ok(await dashboard(db, await scopeOf(request))),
  )

  app.get(
    '/pms/pmsReport/income',
    { config: { permission: ReportPermission.income }, schema: { querystring: OptionalRange } },
    async (request) => {
      const s = await scopeOf(request)
      const { beginDate, endDate } = periodOf(request, monthToOpen(s))
      return ok(await rangeReport(db, s, beginDate, endDate))
    },
  )

  app.get(
    '/pms/pmsReport/member',
    { config: { permission: ReportPermission.member }, schema: { querystring: OptionalRange } },
    async (request) => {
      const s = await scopeOf(request)
      const { beginDate, endDate } = periodOf(request, monthToOpen(s))
      return ok(await memberReport(db, s.propertyId, s.clock.timeZone, beginDate, endDate))
    },
  )
}
