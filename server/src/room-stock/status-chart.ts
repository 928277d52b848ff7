// The room status chart: every room of the current property grouped by building and floor, with the stay in house
// and today's arrival of each, counts per state and today's figures, built by the database (desk-tiles.ts), kept
// while it is current (chart-cache.ts) and sent as made once per language (chart-answer.ts); and PUT
// /pms/pmsRoom/state, which sets or cancels a state (state-change.ts) and tells the other desks live. The state model is
// documented in room-states.ts.
import { hasPermission, PushRecordType } from '@pms/protocol'
import {
  ROOM_LONG_TERM_PERMISSION,
  type RoomStateChangeBody,
  type RoomStatusPush,
} from '@pms/protocol/api/room-status'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { localize, requestLanguage } from '../http/language.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { announcePushRecord } from '../notifications/push.ts'
import { acceptsGzip, alreadyHeld, ChartAnswer } from './chart-answer.ts'
import { RoomChartCache } from './chart-cache.ts'
import { buildStatusChart } from './desk-tiles.ts'
import { ROOM_STATE_PERMISSION, RoomStockPermission } from './menus.ts'
import { needsReason, RoomState } from './room-states.ts'
import { changeRoomStates } from './state-change.ts'

const StateName = Type.Union(Object.values(RoomState).map((s) => Type.Literal(s)))

const ChartQuery = Type.Object({
  roomTypeId: Type.Optional(Type.Integer({ minimum: 1 })),
  state: Type.Optional(StateName),
})

const StateBody = Type.Object({
  roomIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 2000, uniqueItems: true }),
  state: StateName,
  value: Type.Boolean(),
  reason: Type.Optional(Type.String({ maxLength: 200 })),
  longTerm: Type.Optional(Type.Boolean()),
})

export function statusChartRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  const charts = ctx.config.roomChartCache ? new RoomChartCache() : null

  app.get(
    '/pms/pmsRoom/statusChart',
    { config: { permission: `${RoomStockPermission.room}:list` }, schema: { querystring: ChartQuery } },
    async (request, reply) => {
      const propertyId = requireProperty(authOf(request))
      const query = request.query as { roomTypeId?: number; state?: RoomState }
      const now = new Date()
      const chart = charts
        ? await charts.chart(db, propertyId, query, now)
        : await buildStatusChart(db, propertyId, query, now).then((b) => new ChartAnswer(b.json, b.changesAt))
      // The database wrote the chart's JSON: it goes out as it is, in the usual envelope. The browser keeps the
      // answer and asks again with its tag (no-cache: always asked, never used unasked).
      const language = requestLanguage(request)
      const etag = chart.etag(language)
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Language, Accept-Encoding')
      if (alreadyHeld(request.headers['if-none-match'], etag)) return reply.code(304).send()
      const body = chart.body(
        language,
        localize(language, ok().msg),
        acceptsGzip(request.headers['accept-encoding']),
      )
      if (body.gzipped) reply.header('Content-Encoding', 'gzip')
      return reply.type('application/json; charset=utf-8').send(body.bytes)
    },
  )

  app.put(
    '/pms/pmsRoom/state',
    { config: { permission: ROOM_STATE_PERMISSION }, schema: { body: StateBody } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const body = request.body as RoomStateChangeBody
      const reason = body.reason?.trim() ?? ''
      if (needsReason(body.state, body.value) && !reason) throw badRequest('validation.required', ['reason'])
      const longTerm = body.longTerm === true
      if (longTerm && !needsReason(body.state, body.value))
        throw badRequest('validation.invalid', ['longTerm'])
      if (longTerm && !hasPermission(authOf(request), [ROOM_LONG_TERM_PERMISSION], () => {}))
        throw forbidden()
      const action = {
        key: body.value ? 'roomStock.state.set' : 'roomStock.state.cancel',
        params: [`@roomStock.state.${body.state}`],
      }
      // The push record, in the change's transaction (announced once committed). Its title is kept as keys for each
      // reader's language; its body is the chart's data, never shown as text.
      const { roomIds, push } = await changeRoomStates(
        db,
        propertyId,
        { roomIds: body.roomIds, state: body.state, value: body.value, reason, longTerm },
        (roomNos, roomIds) => ({
          propertyId,
          recordType: PushRecordType.roomStatus,
          title: { key: 'roomStock.state.changed', params: [roomNos, action] },
          recordBody: JSON.stringify({
            roomIds,
            state: body.state,
            value: body.value,
            ...(needsReason(body.state, body.value) ? { reason } : {}),
          } satisfies RoomStatusPush),
        }),
      )
      if (push) await announcePushRecord(ctx, push)
      return ok({ roomIds })
    },
  )
}
