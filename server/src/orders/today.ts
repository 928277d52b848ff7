// The desk's day (GET /pms/pmsOrder/today) for the home page: today's figures, the stays due to arrive — with a room
// or by type only, which the chart cannot show — and the stays due out. "Today" is the property's business day in
// its time zone (properties/clock.ts), as on the room status chart (desk-tiles.ts).
import { maskPhone } from '@pms/protocol'
import type { DeskToday, TodayArrival, TodayDeparture } from '@pms/protocol/api/desk-today'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { ok } from '../http/reply.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyClock } from '../properties/clock.ts'
import { actorOf } from './actor.ts'
import { OrderPermission } from './menus.ts'

/** At most this many lines per list: a desk's day, not an export. */
export const TODAY_LIST_LIMIT = 200

/** Reserved stays that start before today ends and have not ended: today's, and earlier ones still expected. */
export async function arrivalsToday(db: Db, propertyId: number, now: Date): Promise<TodayArrival[]> {
  const { day, timeZone } = await propertyClock(db, propertyId, now)
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo", rm.room_no AS "roomNo",
        t.type_name AS "typeName", o.contact_name AS "contactName", o.contact_phone AS "contactPhone",
        lower(s.stay) AS "start", upper(s.stay) AS "end"
      FROM pms_order_room s
      JOIN pms_order o ON o.order_id = s.order_id
      JOIN pms_room_type t ON t.room_type_id = s.room_type_id
      LEFT JOIN pms_room rm ON rm.room_id = s.room_id
      WHERE s.property_id = ${propertyId} AND s.state = 'booking'
        AND lower(s.stay) < ${day.end.toISOString()}::timestamptz AND upper(s.stay) > ${now.toISOString()}::timestamptz
      ORDER BY lower(s.stay), s.order_room_id
      LIMIT ${TODAY_LIST_LIMIT}`),
  )
  return rows.map((r) => ({
    orderId: Number(r.orderId),
    orderRoomId: Number(r.orderRoomId),
    orderNo: String(r.orderNo),
    roomNo: r.roomNo == null ? null : String(r.roomNo),
    typeName: String(r.typeName),
    contactName: String(r.contactName ?? ''),
    contactPhone: maskPhone(String(r.contactPhone ?? '')),
    startTime: formatTime(new Date(r.start as string), timeZone),
    endTime: formatTime(new Date(r.end as string), timeZone),
  }))
}

/**
 * In-house stays whose departure falls before today ends: due out today, overdue first. An order has one folio, so
 * its balance is on one line only, as on the room status chart (room-stock/desk-tiles.ts): its main account's when
 * that is due out, else its first line; the order's other lines show 0 (a group of three owing 300 owes 300, not 900).
 */
export async function departuresToday(db: Db, propertyId: number, now: Date): Promise<TodayDeparture[]> {
  const { day, timeZone } = await propertyClock(db, propertyId, now)
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo", rm.room_no AS "roomNo",
        t.type_name AS "typeName", o.contact_name AS "contactName", upper(s.stay) AS "end",
        o.main_account AS "mainAccount",
        (SELECT g.name FROM pms_order_guest g WHERE g.order_room_id = s.order_room_id
          ORDER BY g.main DESC, g.guest_id LIMIT 1) AS "guestName",
        COALESCE((SELECT sum(CASE WHEN f.kind IN ('deposit', 'payment') THEN -f.amount_cents ELSE f.amount_cents END)
          FROM pms_folio_entry f WHERE f.order_id = s.order_id), 0) AS "balance"
      FROM pms_order_room s
      JOIN pms_order o ON o.order_id = s.order_id
      JOIN pms_room_type t ON t.room_type_id = s.room_type_id
      LEFT JOIN pms_room rm ON rm.room_id = s.room_id
      WHERE s.property_id = ${propertyId} AND s.state = 'checkIn'
        AND upper(s.stay) < ${day.end.toISOString()}::timestamptz
      ORDER BY upper(s.stay), s.order_room_id
      LIMIT ${TODAY_LIST_LIMIT}`),
  )
  const carrier = new Map<number, number>()
  for (const r of rows) {
    const orderId = Number(r.orderId)
    if (!carrier.has(orderId) || Number(r.orderRoomId) === Number(r.mainAccount))
      carrier.set(orderId, Number(r.orderRoomId))
  }
  return rows.map((r) => {
    const end = new Date(r.end as string)
    return {
      orderId: Number(r.orderId),
      orderRoomId: Number(r.orderRoomId),
      orderNo: String(r.orderNo),
      roomNo: r.roomNo == null ? null : String(r.roomNo),
      typeName: String(r.typeName),
      guestName: String(r.guestName ?? '') || String(r.contactName ?? ''),
      endTime: formatTime(end, timeZone),
      overdue: end <= now,
      balanceCents: carrier.get(Number(r.orderId)) === Number(r.orderRoomId) ? Number(r.balance) : 0,
    }
  })
}

/**
 * Rooms, vacant rooms in service, stays in house, arriving, due out and overdue; and the next instant at which the
 * day changes by time alone (a stay due today passing its departure: overdue, or off the arrivals).
 */
async function roomFigures(db: Db, propertyId: number, now: Date) {
  const { day } = await propertyClock(db, propertyId, now)
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT
        (SELECT count(*) FROM pms_room WHERE property_id = ${propertyId}) AS rooms,
        (SELECT count(*) FROM pms_room WHERE property_id = ${propertyId} AND occupancy = 'empty'
          AND NOT locked AND NOT maintain) AS vacant,
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${propertyId} AND state = 'checkIn') AS "inHouse",
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${propertyId} AND state = 'booking'
          AND lower(stay) < ${day.end.toISOString()}::timestamptz AND upper(stay) > ${now.toISOString()}::timestamptz)
          AS arriving,
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${propertyId} AND state = 'checkIn'
          AND upper(stay) < ${day.end.toISOString()}::timestamptz) AS "dueOut",
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${propertyId} AND state = 'checkIn'
          AND upper(stay) <= ${now.toISOString()}::timestamptz) AS overdue,
        (SELECT (extract(epoch FROM min(upper(stay))) * 1000)::bigint::text FROM pms_order_room
          WHERE property_id = ${propertyId} AND upper(stay) > ${now.toISOString()}::timestamptz
            AND (state = 'checkIn' AND upper(stay) < ${day.end.toISOString()}::timestamptz
              OR state = 'booking' AND lower(stay) < ${day.end.toISOString()}::timestamptz)) AS "changesAt"`),
  )
  const n = (v: unknown) => Number(v ?? 0)
  return {
    rooms: n(r?.rooms),
    vacant: n(r?.vacant),
    inHouse: n(r?.inHouse),
    arriving: n(r?.arriving),
    dueOut: n(r?.dueOut),
    overdue: n(r?.overdue),
    changesAt: r?.changesAt == null ? undefined : new Date(Number(r.changesAt)).toISOString(),
  }
}

export function todayRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/pms/pmsOrder/today', { config: { permission: OrderPermission.list } }, async (request) => {
    const { propertyId, now } = actorOf(request)
    const [{ changesAt, ...figures }, arrivals, departures] = [
      await roomFigures(db, propertyId, now),
      await arrivalsToday(db, propertyId, now),
      await departuresToday(db, propertyId, now),
    ]
    return ok({ figures, arrivals, departures, ...(changesAt ? { changesAt } : {}) } satisfies DeskToday)
  })
}
