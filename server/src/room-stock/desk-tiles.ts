// What the chart's tiles tell the desk beyond the room's own states: the stay in house (guest, nights, balance, due
// out today, overdue) and the reservation arriving today. Two set-based statements for the whole property, however
// many rooms it has; the chart joins them to its rooms by id.
import type { TileArrival, TileStay } from '@pms/protocol/api/room-status'
import { daysBetween, zonedDay } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyClock } from '../properties/clock.ts'

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/** Nights of a stay: calendar days (in the property's zone) from its arrival date to its departure date, at least one. */
function nightsBetween(start: Date, end: Date, timeZone: string): number {
  return Math.max(1, daysBetween(zonedDay(start, timeZone), zonedDay(end, timeZone)))
}

/** In-house stays by room id (the first stay of a room when a joint stay shares it). */
export async function inHouseByRoom(db: Db, propertyId: number, now: Date): Promise<Map<number, TileStay>> {
  // "Today" is the property's business date: due out today means leaving before it closes.
  const { day, timeZone } = await propertyClock(db, propertyId, now)
  // The balance is the order's folio: charges, expenses and refunds raise it; deposits and payments lower it. Summed
  // per order through the folio's order index: a join to the property's whole folio grouped by order was planned as a
  // nested loop on PGlite (no statistics) and took 20 s with 10,000 stays of history (bench night-audit).
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT s.room_id AS "roomId", s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo",
        lower(s.stay) AS "start", upper(s.stay) AS "end", o.contact_name AS "contactName",
        (SELECT g.name FROM pms_order_guest g WHERE g.order_room_id = s.order_room_id
          ORDER BY g.main DESC, g.guest_id LIMIT 1) AS "guestName",
        COALESCE((SELECT sum(CASE WHEN e.kind IN ('deposit', 'payment') THEN -e.amount_cents ELSE e.amount_cents END)
          FROM pms_folio_entry e WHERE e.order_id = s.order_id), 0) AS "balance"
      FROM pms_order_room s
      JOIN pms_order o ON o.order_id = s.order_id
      WHERE s.property_id = ${propertyId} AND s.state = 'checkIn' AND s.room_id IS NOT NULL
      ORDER BY s.order_room_id`),
  )
  const out = new Map<number, TileStay>()
  for (const r of rows) {
    const roomId = Number(r.roomId)
    if (out.has(roomId)) continue
    const start = new Date(r.start as string)
    const end = new Date(r.end as string)
    out.set(roomId, {
      orderId: Number(r.orderId),
      orderRoomId: Number(r.orderRoomId),
      orderNo: String(r.orderNo),
      guestName: String(r.guestName ?? '') || String(r.contactName ?? ''),
      nights: nightsBetween(start, end, timeZone),
      balanceCents: Number(r.balance),
      endTime: formatTime(end, timeZone),
      dueOut: end < day.end,
      overdue: end <= now,
    })
  }
  return out
}

/**
 * Reservations with a room assigned that are due today and not checked in yet, by room id: arriving today, or
 * expected since an earlier day and still not in (no no-show recorded), as long as the stay has not ended.
 */
export async function arrivalsByRoom(
  db: Db,
  propertyId: number,
  now: Date,
): Promise<Map<number, TileArrival>> {
  const { day, timeZone } = await propertyClock(db, propertyId, now)
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT s.room_id AS "roomId", s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo",
        o.contact_name AS "contactName", o.contact_phone AS "contactPhone", lower(s.stay) AS "start"
      FROM pms_order_room s
      JOIN pms_order o ON o.order_id = s.order_id
      WHERE s.property_id = ${propertyId} AND s.state = 'booking' AND s.room_id IS NOT NULL
        AND lower(s.stay) < ${day.end.toISOString()}::timestamptz AND upper(s.stay) > ${now.toISOString()}::timestamptz
      ORDER BY lower(s.stay), s.order_room_id`),
  )
  const out = new Map<number, TileArrival>()
  for (const r of rows) {
    const roomId = Number(r.roomId)
    if (out.has(roomId)) continue
    out.set(roomId, {
      orderId: Number(r.orderId),
      orderRoomId: Number(r.orderRoomId),
      orderNo: String(r.orderNo),
      contactName: String(r.contactName ?? ''),
      contactPhone: String(r.contactPhone ?? ''),
      startTime: formatTime(new Date(r.start as string), timeZone),
    })
  }
  return out
}
