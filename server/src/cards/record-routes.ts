// Card records (SPEC §7): the list, a card's records by UID, a record logged by the console, and the state changes
// the console reports after writing a card. Every call acts inside the user's current property.
import { isCardType, parseProtocolCategory } from '@pms/protocol'
import { type CardRecordState, CardRecordState as States } from '@pms/protocol/api/card-issue'
import { type Static, Type } from '@sinclair/typebox'
import { and, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { cardRecord, orderRoom, room, user } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { Records } from '../http/property-records.ts'
import { assertOwnRefs } from '../http/references.ts'
import { ok, page, paging } from '../http/reply.ts'
import { PageQuery } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { cardTime, UID_PATTERN } from './issue-request.ts'
import { CardPermission } from './permissions.ts'
import { applyWrittenCard } from './record-effects.ts'
import { canMove, presentCardRecord, statesLeadingTo } from './record-states.ts'

const State = Type.Union(Object.values(States).map((s) => Type.Literal(s)))
/** What a console may log a record as: lost and superseded follow from cards written (record-effects.ts). */
const LoggedState = Type.Union(
  Object.values(States)
    .filter((s) => s !== States.lost && s !== States.superseded)
    .map((s) => Type.Literal(s)),
)
const CardTime = Type.Union([Type.Integer({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 19 })])
const DateText = Type.String({ maxLength: 19 })

const ListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    cardType: Type.Optional(Type.Integer({ minimum: -128, maximum: 127 })),
    state: Type.Optional(State),
    roomId: Type.Optional(Type.Integer({ minimum: 1 })),
    cardid: Type.Optional(Type.String({ pattern: UID_PATTERN })),
    /** The order's records: those logged for it, and those issued for one of its stays (orderRoomId). */
    orderId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Creation date range: 'YYYY-MM-DD' or a datetime; the end date is inclusive. */
    beginTime: Type.Optional(DateText),
    endTime: Type.Optional(DateText),
  }),
])

const RecordBody = Type.Object({
  cardid: Type.String({ pattern: UID_PATTERN }),
  cardType: Type.Integer({ minimum: -128, maximum: 127 }),
  protocol: Type.String({ minLength: 1, maxLength: 20 }),
  operation: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  state: Type.Optional(LoggedState),
  failReason: Type.Optional(Type.String({ maxLength: 200 })),
  roomId: Type.Optional(Type.Integer({ minimum: 1 })),
  orderId: Type.Optional(Type.Integer({ minimum: 1 })),
  guestName: Type.Optional(Type.String({ maxLength: 50 })),
  startTime: Type.Optional(CardTime),
  endTime: Type.Optional(CardTime),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
})

const StateParams = Type.Object({
  recordId: Type.Integer({ minimum: 1 }),
  cardid: Type.String({ pattern: UID_PATTERN }),
})
const StateChange = Type.Object({
  state: Type.Optional(State),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
})

/** Seconds of a date-range bound, read as cardTime does (on the property's clock); a bad value names its field. */
function rangeBound(value: string, field: 'beginTime' | 'endTime', timeZone: string): Date {
  const seconds = cardTime(value, field === 'beginTime' ? 'start' : 'end', timeZone)
  if (seconds === undefined) throw badRequest('cardRecord.badTime', [field])
  return new Date((seconds + (field === 'endTime' ? 1 : 0)) * 1000)
}

export function cardRecordRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get(
    '/pms/pmsCardRecord/list',
    { config: { permission: CardPermission.recordList }, schema: { querystring: ListQuery } },
    async (request) => {
      const q = request.query as Static<typeof ListQuery>
      const propertyId = requireProperty(authOf(request))
      const conditions: SQL[] = [eq(cardRecord.propertyId, propertyId)]
      if (q.cardType !== undefined) conditions.push(eq(cardRecord.cardType, q.cardType))
      if (q.state) conditions.push(eq(cardRecord.state, q.state))
      if (q.roomId) conditions.push(eq(cardRecord.roomId, q.roomId))
      if (q.cardid) conditions.push(eq(cardRecord.cardid, q.cardid.toUpperCase()))
      if (q.orderId) {
        const stays = db
          .select({ id: orderRoom.orderRoomId })
          .from(orderRoom)
          .where(eq(orderRoom.orderId, q.orderId))
        conditions.push(or(eq(cardRecord.orderId, q.orderId), inArray(cardRecord.orderRoomId, stays))!)
      }
      if (q.beginTime || q.endTime) {
        const timeZone = await propertyTimeZone(db, propertyId)
        if (q.beginTime)
          conditions.push(gte(cardRecord.createTime, rangeBound(q.beginTime, 'beginTime', timeZone)))
        if (q.endTime) conditions.push(lt(cardRecord.createTime, rangeBound(q.endTime, 'endTime', timeZone)))
      }
      const where = and(...conditions)
      const { limit, offset } = paging(q)
      const [rows, totals] = await Promise.all([
        db
          .select({
            record: cardRecord,
            nickName: user.nickName,
            userName: user.userName,
            roomNo: room.roomNo,
          })
          .from(cardRecord)
          .leftJoin(user, eq(user.userId, cardRecord.createBy))
          .leftJoin(room, eq(room.roomId, cardRecord.roomId))
          .where(where)
          .orderBy(desc(cardRecord.createTime), desc(cardRecord.recordId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(cardRecord).where(where),
      ])
      // Who issued each card, by name: the record tab shows it beside the reason (staff cards are accountable).
      return page(
        rows.map((r) => ({
          ...presentCardRecord(r.record),
          createByName: r.nickName || r.userName || '',
          roomNo: r.roomNo,
        })),
        Number(totals[0]?.total ?? 0),
      )
    },
  )

  /** The records of one card (by UID) in the current property, newest first. */
  app.get(
    '/pms/pmsCardRecord/card/:id',
    {
      config: { permission: CardPermission.recordQuery },
      schema: { params: Type.Object({ id: Type.String({ pattern: UID_PATTERN }) }) },
    },
    async (request) => {
      const uid = (request.params as { id: string }).id.toUpperCase()
      const rows = await db
        .select()
        .from(cardRecord)
        .where(and(eq(cardRecord.propertyId, requireProperty(authOf(request))), eq(cardRecord.cardid, uid)))
        .orderBy(desc(cardRecord.createTime), desc(cardRecord.recordId))
      return ok(rows.map(presentCardRecord))
    },
  )

  /** A record the console logs for an operation it did itself (a read, an erase…); state defaults to issued. */
  app.post(
    '/pms/pmsCardRecord',
    { config: { permission: CardPermission.recordAdd }, schema: { body: RecordBody } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const body = request.body as Static<typeof RecordBody>
      const protocol = parseProtocolCategory(body.protocol)
      if (!protocol) throw badRequest('validation.enum', ['protocol'])
      if (!isCardType(body.cardType)) throw badRequest('validation.enum', ['cardType'])
      const timeZone = await propertyTimeZone(db, propertyId)
      const startTime = body.startTime === undefined ? 0 : cardTime(body.startTime, 'start', timeZone)
      if (startTime === undefined) throw badRequest('cardRecord.badTime', ['startTime'])
      const endTime = body.endTime === undefined ? 0 : cardTime(body.endTime, 'end', timeZone)
      if (endTime === undefined) throw badRequest('cardRecord.badTime', ['endTime'])
      await assertOwnRefs(db, propertyId, { roomId: body.roomId, orderId: body.orderId })
      const state = body.state ?? 'issued'
      const [row] = await db
        .insert(cardRecord)
        .values({
          propertyId,
          cardid: body.cardid.toUpperCase(),
          cardType: body.cardType,
          protocol,
          operation: body.operation ?? 0,
          state,
          failReason: state === 'failed' ? (body.failReason ?? '') : '',
          roomId: body.roomId ?? null,
          orderId: body.orderId ?? null,
          guestName: body.guestName?.trim() ?? '',
          startTime,
          endTime,
          remark: body.remark ?? '',
          createBy: auth.userId,
        })
        .returning()
      return ok(presentCardRecord(row!), 'common.addSuccess')
    },
  )

  /**
   * The console reports what became of a card: `state` (and `reason` for failed) in the body or the query. Follows
   * CARD_STATE_TRANSITIONS; the cardid must be the record's. A refused change answers 409 and changes nothing.
   */
  app.put(
    '/pms/pmsCardRecord/updateCardState/:recordId/:cardid',
    {
      config: { permission: CardPermission.recordEdit, refs: { recordId: Records.cardRecord } },
      schema: { params: StateParams, querystring: StateChange },
    },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const { recordId, cardid } = request.params as Static<typeof StateParams>
      const change = { ...(request.query as Static<typeof StateChange>), ...readBody(request.body) }
      const to = change.state
      if (!to) throw badRequest('validation.required', ['state'])
      const reason = change.reason?.trim() ?? ''
      if (to === 'failed' && !reason) throw badRequest('validation.required', ['reason'])
      const uid = cardid.toUpperCase()
      const updated = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const now = new Date()
        // One conditional update: the state is checked and changed atomically, so two confirmations cannot both win.
        const [row] = await tx
          .update(cardRecord)
          .set({ state: to, failReason: to === 'failed' ? reason : '', updateTime: now })
          .where(
            and(
              eq(cardRecord.recordId, recordId),
              eq(cardRecord.propertyId, propertyId),
              eq(cardRecord.cardid, uid),
              inArray(cardRecord.state, statesLeadingTo(to)),
            ),
          )
          .returning()
        if (!row || to !== 'issued') return row
        // A card written changes what became of earlier ones (and a guest card confirmed after a newer one of its
        // room is itself superseded): read it back after.
        await applyWrittenCard(tx, row, now)
        const [after] = await tx.select().from(cardRecord).where(eq(cardRecord.recordId, row.recordId))
        return after
      })
      if (updated) return ok(presentCardRecord(updated), 'common.editSuccess')
      const [current] = await db
        .select()
        .from(cardRecord)
        .where(and(eq(cardRecord.recordId, recordId), eq(cardRecord.propertyId, propertyId)))
      if (!current) throw notFound('cardRecord.entity.record')
      if (current.cardid !== uid) throw conflict('cardRecord.cardMismatch', [uid, current.cardid])
      const from = current.state as CardRecordState
      if (!canMove(from, to))
        throw conflict('cardRecord.illegalTransition', [
          `@cardRecord.state.${from}`,
          `@cardRecord.state.${to}`,
        ])
      throw conflict()
    },
  )
}

/** The body of updateCardState, when one was sent: checked field by field (it may also come as a query). */
function readBody(body: unknown): Static<typeof StateChange> {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('validation.type', ['body', 'object'])
  const { state, reason } = body as Record<string, unknown>
  const out: Static<typeof StateChange> = {}
  if (state !== undefined) {
    if (typeof state !== 'string' || !(Object.values(States) as string[]).includes(state))
      throw badRequest('validation.enum', ['state'])
    out.state = state as CardRecordState
  }
  if (reason !== undefined) {
    if (typeof reason !== 'string' || reason.length > 200)
      throw badRequest('validation.maxLength', ['reason', 200])
    out.reason = reason
  }
  return out
}
