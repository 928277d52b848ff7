// Push record calls of SPEC §7 for the staff of the current property: list, mark read, unread counts.
import { PushRecordType, type PushUnreadCount } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { pushRecord } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { requestLanguage } from '../http/language.ts'
import { Records } from '../http/property-records.ts'
import { ok, page, paging } from '../http/reply.ts'
import { PageQuery } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { presentPushRecord } from './push.ts'

const RecordType = Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_]+$' })
/** A platform user names the property; staff always act in their session's property (tenancy.ts). */
const PropertyQuery = Type.Object({ propertyId: Type.Optional(Type.Integer({ minimum: 1 })) })
const ListQuery = Type.Composite([
  PageQuery,
  PropertyQuery,
  Type.Object({ recordType: Type.Optional(RecordType) }),
])
const MarkRead = Type.Object({
  recordId: Type.Optional(Type.Integer({ minimum: 1 })),
  recordType: Type.Optional(RecordType),
  propertyId: Type.Optional(Type.Integer({ minimum: 1 })),
})

export function pushRecordRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get(
    '/pms/pmsPushRecord/list',
    { config: { permission: 'pms:pmsPushRecord:list' }, schema: { querystring: ListQuery } },
    async (request) => {
      const q = request.query as Static<typeof ListQuery>
      const propertyId = requireProperty(authOf(request), q.propertyId)
      const conditions: SQL[] = [eq(pushRecord.propertyId, propertyId)]
      if (q.recordType) conditions.push(eq(pushRecord.recordType, q.recordType))
      const where = and(...conditions)
      const { limit, offset } = paging(q)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(pushRecord)
          .where(where)
          .orderBy(desc(pushRecord.createTime), desc(pushRecord.recordId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(pushRecord).where(where),
      ])
      const lang = requestLanguage(request)
      const timeZone = await propertyTimeZone(db, propertyId)
      return page(
        rows.map((row) => presentPushRecord(row, timeZone, lang)),
        Number(totals[0]?.total ?? 0),
      )
    },
  )

  /** `{recordId}` marks one record read; `{recordType}` marks every unread record of that type read. */
  app.put(
    '/pms/pmsPushRecord',
    {
      config: { permission: 'pms:pmsPushRecord:edit', refs: { recordId: Records.pushRecord } },
      schema: { body: MarkRead },
    },
    async (request) => {
      const body = request.body as Static<typeof MarkRead>
      const propertyId = requireProperty(authOf(request), body.propertyId)
      if (body.recordId !== undefined) {
        const marked = await db
          .update(pushRecord)
          .set({ state: '1' })
          .where(and(eq(pushRecord.recordId, body.recordId), eq(pushRecord.propertyId, propertyId)))
          .returning({ recordId: pushRecord.recordId })
        if (marked.length === 0) throw notFound('entity.pushRecord')
        return ok({ marked: 1 })
      }
      if (body.recordType === undefined) throw badRequest('validation.required', ['recordId'])
      const marked = await db
        .update(pushRecord)
        .set({ state: '1' })
        .where(
          and(
            eq(pushRecord.propertyId, propertyId),
            eq(pushRecord.recordType, body.recordType),
            eq(pushRecord.state, '0'),
          ),
        )
        .returning({ recordId: pushRecord.recordId })
      return ok({ marked: marked.length })
    },
  )

  app.get(
    '/pms/pmsPushRecord/unreadCount',
    { config: { permission: 'pms:pmsPushRecord:list' }, schema: { querystring: PropertyQuery } },
    async (request) => {
      const { propertyId: requested } = request.query as Static<typeof PropertyQuery>
      const propertyId = requireProperty(authOf(request), requested)
      const rows = await db
        .select({ recordType: pushRecord.recordType, n: count() })
        .from(pushRecord)
        .where(and(eq(pushRecord.propertyId, propertyId), eq(pushRecord.state, '0')))
        .groupBy(pushRecord.recordType)
      const counts: PushUnreadCount = {
        ordersUnRead: Number(rows.find((r) => r.recordType === PushRecordType.order)?.n ?? 0),
        totalUnRead: rows.reduce((sum, r) => sum + Number(r.n), 0),
      }
      return ok(counts)
    },
  )
}
