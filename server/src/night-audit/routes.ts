// Routes of the night audit and the scheduler log (contract: protocol/src/api/night-audit.ts).
import {
  type BusinessDay,
  JOB_LOG_PERMISSION,
  type JobLogQuery,
  type NightAuditOverview,
  NightAuditPermission,
  type NightAuditRunBody,
  STAY_MARKS,
  type StayMarkBody,
} from '@pms/protocol/api/night-audit'
import { zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { AppError, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { localize, requestLanguage } from '../http/language.ts'
import { ok, page, verbatim } from '../http/reply.ts'
import { Day, PageQuery } from '../http/schemas.ts'
import { propertyScope, requireProperty } from '../http/tenancy.ts'
import { businessDateOf, propertyClock, propertyTimeZone } from '../properties/clock.ts'
import { readPropertyConfig } from '../properties/config.ts'
import { listBlockers } from './blockers.ts'
import { listJobLog } from './job-log.ts'
import { inHouseToCharge } from './room-charges.ts'
import { refusalOf, runNightAudit } from './run.ts'
import { listRuns } from './runs.ts'
import { readSnapshot } from './snapshot.ts'
import { markStay } from './stay-marks.ts'

const RunBody = Type.Object(
  {
    businessDate: Day,
    noShowRule: Type.Optional(Type.Union([Type.Literal('noShow'), Type.Literal('keep')])),
  },
  { additionalProperties: false },
)
const LogQuery = Type.Composite([
  PageQuery,
  Type.Object({
    jobName: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
    beginTime: Type.Optional(Type.String({ maxLength: 19 })),
    endTime: Type.Optional(Type.String({ maxLength: 19 })),
  }),
])

const StayMarkBodySchema = Type.Object(
  {
    orderRoomId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    mark: Type.Union(STAY_MARKS.map((m) => Type.Literal(m))),
    reason: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)

export function nightAuditRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  // The current property's business date and zone, for anyone signed in to it: the console's default dates.
  app.get('/pms/pmsNightAudit/businessDate', async (request) => {
    const propertyId = requireProperty(authOf(request))
    const config = await readPropertyConfig(db, propertyId)
    const businessDate = await businessDateOf(db, propertyId, config.timeZone)
    return ok({
      businessDate,
      timeZone: config.timeZone,
      checkOutTime: config.checkOutTime,
    } satisfies BusinessDay)
  })

  app.post(
    '/pms/pmsNightAudit/stayMark',
    { config: { permission: NightAuditPermission.stayMark }, schema: { body: StayMarkBodySchema } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const body = request.body as StayMarkBody
      return ok(
        await db.transaction((t) => markStay(t as unknown as typeof db, auth, propertyId, body, new Date())),
        'stayMark.saved',
      )
    },
  )

  app.get(
    '/pms/pmsNightAudit/overview',
    { config: { permission: NightAuditPermission.list } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const now = new Date()
      const config = await readPropertyConfig(db, propertyId)
      const clock = await propertyClock(db, propertyId, now)
      const blockers = await listBlockers(db, { propertyId, ...clock, openShiftRule: config.openShiftRule })
      const blocking = blockers.filter((b) => b.blocking).length
      const refusal =
        refusalOf(clock.businessDate, undefined, zonedDay(now, clock.timeZone)) ??
        (blocking ? new AppError(409, 'nightAudit.blocked', [blocking]) : null)
      const [lastRun] = (await listRuns(db, propertyId, { pageNum: 1, pageSize: 1 })).rows
      const overview: NightAuditOverview = {
        businessDate: clock.businessDate,
        timeZone: clock.timeZone,
        localTime: zonedDateTime(now, clock.timeZone),
        nightAuditTime: config.nightAuditTime,
        noShowRule: config.noShowRule,
        openShiftRule: config.openShiftRule,
        refusal: refusal
          ? { key: refusal.key, params: (refusal.params ?? []) as Array<string | number> }
          : null,
        blockers,
        inHouse: await inHouseToCharge(db, { propertyId, ...clock }),
        lastRun: lastRun ?? null,
      }
      return ok(overview)
    },
  )

  app.get(
    '/pms/pmsNightAudit/list',
    { config: { permission: NightAuditPermission.list }, schema: { querystring: PageQuery } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const { rows, total } = await listRuns(
        db,
        propertyId,
        request.query as { pageNum?: number; pageSize?: number },
      )
      return page(rows, total)
    },
  )

  app.get(
    '/pms/pmsNightAudit/snapshot/:businessDate',
    {
      config: { permission: NightAuditPermission.list },
      schema: { params: Type.Object({ businessDate: Day }) },
    },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const snapshot = await readSnapshot(
        db,
        propertyId,
        (request.params as { businessDate: string }).businessDate,
      )
      if (!snapshot) throw notFound('nightAudit.entity.snapshot')
      return ok(snapshot)
    },
  )

  app.post(
    '/pms/pmsNightAudit/run',
    { config: { permission: NightAuditPermission.run }, schema: { body: RunBody } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const body = request.body as NightAuditRunBody
      const run = await runNightAudit(ctx, {
        propertyId,
        businessDate: body.businessDate,
        noShowRule: body.noShowRule,
        trigger: 'manual',
        by: { userId: auth.userId, userName: auth.userName },
      })
      // The message names the day closed ('Night audit of 2026-11-25 done'), in the caller's language.
      return verbatim(localize(requestLanguage(request), 'nightAudit.done', [run.businessDate]), run)
    },
  )

  app.get(
    '/monitor/jobLog/list',
    { config: { permission: JOB_LOG_PERMISSION }, schema: { querystring: LogQuery } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = propertyScope(auth) ?? null
      const timeZone = propertyId ? await propertyTimeZone(db, propertyId) : undefined
      const { rows, total } = await listJobLog(
        db,
        propertyId,
        request.query as JobLogQuery,
        timeZone,
        requestLanguage(request),
      )
      return page(rows, total)
    },
  )
}
