// The room status chart: every room of the current property grouped by building and floor, with the stay in house
// and today's arrival of each (desk-tiles.ts), counts per state and today's figures; and PUT /pms/pmsRoom/state,
// which sets or cancels a state and tells the other desks live. The state model is documented in room-states.ts.
import { PushRecordType } from '@pms/protocol'
import type {
  RoomStatusChart,
  RoomStatusPush,
  RoomStatusTile as Tile,
  TodayCounts,
} from '@pms/protocol/api/room-status'
import { Type } from '@sinclair/typebox'
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { building, floor, orderRoom, room, roomType } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { publishPushRecord } from '../notifications/push.ts'
import { arrivalsByRoom, inHouseByRoom } from './desk-tiles.ts'
import { ROOM_STATE_PERMISSION, RoomStockPermission } from './menus.ts'
import { needsReason, type Occupancy, RoomState, stateChange } from './room-states.ts'

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
})

/** `full` is every occupied room (not full ones included): the counter never reads 0 while guests are in house. */
const hasState = (t: Tile, state: RoomState) => {
  if (state === 'dirty' || state === 'locked' || state === 'maintain') return t[state]
  if (state === 'full') return t.occupancy !== 'empty'
  return t.occupancy === state
}

export function statusChartRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  app.get(
    '/pms/pmsRoom/statusChart',
    { config: { permission: `${RoomStockPermission.room}:list` }, schema: { querystring: ChartQuery } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const query = request.query as { roomTypeId?: number; state?: RoomState }
      const now = new Date()
      const where: SQL[] = [eq(room.propertyId, propertyId)]
      if (query.roomTypeId) where.push(eq(room.roomTypeId, query.roomTypeId))
      const rows = await db
        .select({
          buildingId: building.buildingId,
          buildingName: building.buildingName,
          floorId: floor.floorId,
          floorNo: floor.floorNo,
          floorName: floor.floorName,
          roomId: room.roomId,
          roomNo: room.roomNo,
          roomTypeId: room.roomTypeId,
          typeName: roomType.typeName,
          occupancy: room.occupancy,
          dirty: room.dirty,
          locked: room.locked,
          maintain: room.maintain,
          lockReason: room.lockReason,
          maintainReason: room.maintainReason,
        })
        .from(room)
        .innerJoin(building, eq(building.buildingId, room.buildingId))
        .innerJoin(floor, eq(floor.floorId, room.floorId))
        .innerJoin(roomType, eq(roomType.roomTypeId, room.roomTypeId))
        .where(and(...where))
        .orderBy(asc(building.sort), asc(building.buildingId), asc(floor.floorNo), asc(room.roomNo))
      const [stays, arrivals] = [
        await inHouseByRoom(db, propertyId, now),
        await arrivalsByRoom(db, propertyId, now),
      ]
      const today: TodayCounts = { arriving: 0, dueOut: 0, overdue: 0, inHouse: 0 }
      // Counts cover every room of the type filter, so the legend still shows all states while one is picked.
      const counts = Object.fromEntries(Object.values(RoomState).map((s) => [s, 0])) as Record<
        RoomState,
        number
      >
      const buildings: RoomStatusChart['buildings'] = []
      for (const r of rows) {
        const tile: Tile = {
          roomId: r.roomId,
          roomNo: r.roomNo,
          roomTypeId: r.roomTypeId,
          typeName: r.typeName,
          occupancy: r.occupancy as Occupancy,
          dirty: r.dirty,
          locked: r.locked,
          maintain: r.maintain,
          lockReason: r.lockReason,
          maintainReason: r.maintainReason,
          stay: stays.get(r.roomId) ?? null,
          arrival: arrivals.get(r.roomId) ?? null,
        }
        for (const s of Object.values(RoomState)) if (hasState(tile, s)) counts[s]++
        if (tile.arrival) today.arriving++
        if (tile.stay) {
          today.inHouse++
          if (tile.stay.dueOut) today.dueOut++
          if (tile.stay.overdue) today.overdue++
        }
        if (query.state && !hasState(tile, query.state)) continue
        let b = buildings.at(-1)
        if (b?.buildingId !== r.buildingId) {
          b = { buildingId: r.buildingId, buildingName: r.buildingName, floors: [] }
          buildings.push(b)
        }
        let f = b.floors.at(-1)
        if (f?.floorId !== r.floorId) {
          f = { floorId: r.floorId, floorNo: r.floorNo, floorName: r.floorName, rooms: [] }
          b.floors.push(f)
        }
        f.rooms.push(tile)
      }
      return ok({ total: rows.length, counts, today, buildings } satisfies RoomStatusChart)
    },
  )

  app.put(
    '/pms/pmsRoom/state',
    { config: { permission: ROOM_STATE_PERMISSION }, schema: { body: StateBody } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const body = request.body as { roomIds: number[]; state: RoomState; value: boolean; reason?: string }
      const reason = body.reason?.trim() ?? ''
      if (needsReason(body.state, body.value) && !reason) throw badRequest('validation.required', ['reason'])
      const changed = await db.transaction(async (tx) => {
        const rooms = await tx
          .select({ roomId: room.roomId, roomNo: room.roomNo, occupancy: room.occupancy })
          .from(room)
          .where(and(eq(room.propertyId, propertyId), inArray(room.roomId, body.roomIds)))
          .for('update')
        if (rooms.length !== body.roomIds.length) throw notFound('entity.room')
        const inHouse = new Set(
          (
            await tx
              .selectDistinct({ roomId: orderRoom.roomId })
              .from(orderRoom)
              .where(and(inArray(orderRoom.roomId, body.roomIds), eq(orderRoom.state, 'checkIn')))
          ).map((s) => s.roomId),
        )
        const done: typeof rooms = []
        for (const r of rooms) {
          const current = {
            roomNo: r.roomNo,
            occupancy: r.occupancy as Occupancy,
            inHouse: inHouse.has(r.roomId),
          }
          const values = stateChange(body.state, body.value, current, reason)
          if (!values) continue
          await tx
            .update(room)
            .set({ ...values, updateTime: new Date() })
            .where(eq(room.roomId, r.roomId))
          done.push(r)
        }
        return done
      })
      const roomNos = changed.map((r) => r.roomNo).sort()
      if (changed.length) {
        const action = {
          key: body.value ? 'roomStock.state.set' : 'roomStock.state.cancel',
          params: [`@roomStock.state.${body.state}`],
        }
        // The title is kept as keys for each reader's language; the body is the chart's data, never shown as text.
        await publishPushRecord(ctx, {
          propertyId,
          recordType: PushRecordType.roomStatus,
          title: { key: 'roomStock.state.changed', params: [roomNos.join(', '), action] },
          recordBody: JSON.stringify({
            roomIds: changed.map((r) => r.roomId),
            state: body.state,
            value: body.value,
            ...(needsReason(body.state, body.value) ? { reason } : {}),
          } satisfies RoomStatusPush),
        })
      }
      return ok({ roomIds: changed.map((r) => r.roomId) })
    },
  )
}
