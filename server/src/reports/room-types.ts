// A day's figures per room type (revenue analysis): the room stock of each type, the rooms charged that night and the
// room revenue of the type's stays, in one set-based statement. The night audit freezes them with the day's snapshot
// (pms_daily_room_type_snapshot); the open day is computed live by the same statement. Out-of-order rooms closed long
// term are counted as the day's snapshot counts them, so the types' available room-nights add up to the property's
// under either availability rule.
import type { DayText } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
export interface RoomTypeDay {
  roomTypeId: number
  typeName: string
  roomsInService: number
  roomsOutOfOrder: number
  /** Of the out-of-order rooms, those closed long term. */
  roomsLongTermClosed: number
  roomsSold: number
  roomRevenueCents: number
}

const dayByType = (propertyId: number, businessDate: DayText) => sql`
  WITH stock AS (
    SELECT room_type_id, count(*) FILTER (WHERE NOT locked AND NOT maintain) AS ins,
      count(*) FILTER (WHERE locked OR maintain) AS ooo,
      count(*) FILTER (WHERE (locked OR maintain) AND long_term_closed) AS lt
    FROM pms_room WHERE property_id = ${propertyId} GROUP BY 1
  ), sold AS (
    SELECT COALESCE(s.room_type_id, 0) AS room_type_id,
      count(DISTINCT s.room_id) FILTER (WHERE e.night_charge) AS sold, sum(e.amount_cents) AS revenue
    FROM pms_folio_entry e
    -- Looked up per entry by key (LIMIT 1 keeps the planner from a hash join over every stay of the property).
    LEFT JOIN LATERAL (SELECT room_id, room_type_id FROM pms_order_room WHERE order_room_id = e.order_room_id LIMIT 1) s
      ON true
    WHERE e.property_id = ${propertyId} AND e.business_date = ${businessDate}::date
      AND e.kind IN ('roomCharge', 'overtimeCharge')
    GROUP BY 1
  )
  SELECT COALESCE(st.room_type_id, so.room_type_id) AS room_type_id, COALESCE(t.type_name, '') AS type_name,
    COALESCE(st.ins, 0) AS ins, COALESCE(st.ooo, 0) AS ooo, COALESCE(st.lt, 0) AS lt, COALESCE(so.sold, 0) AS sold,
    COALESCE(so.revenue, 0) AS revenue
  FROM stock st FULL JOIN sold so ON so.room_type_id = st.room_type_id
  LEFT JOIN pms_room_type t ON t.room_type_id = COALESCE(st.room_type_id, so.room_type_id)`

const typeDayOf = (r: Record<string, unknown>): RoomTypeDay => ({
  roomTypeId: Number(r.room_type_id),
  typeName: String(r.type_name ?? ''),
  roomsInService: Number(r.ins),
  roomsOutOfOrder: Number(r.ooo),
  roomsLongTermClosed: Number(r.lt),
  roomsSold: Number(r.sold),
  roomRevenueCents: Number(r.revenue),
})

export async function roomTypeDay(db: Db, propertyId: number, businessDate: DayText): Promise<RoomTypeDay[]> {
  return rowsOf<Record<string, unknown>>(await db.execute(dayByType(propertyId, businessDate))).map(typeDayOf)
}

/** Freezes the day's figures per room type (after the day's snapshot row, in the night audit's transaction). */
export async function freezeRoomTypes(tx: Db, propertyId: number, businessDate: DayText): Promise<void> {
  await tx.execute(sql`INSERT INTO pms_daily_room_type_snapshot (property_id, business_date, room_type_id, type_name,
      rooms_in_service, rooms_out_of_order, rooms_long_term_closed, rooms_sold, room_revenue_cents)
    SELECT ${propertyId}, ${businessDate}::date, room_type_id, type_name, ins, ooo, lt, sold, revenue
    FROM (${dayByType(propertyId, businessDate)}) d`)
}

/** The closed days' figures per room type summed over [from, to] (days before `open` only). */
export async function closedRoomTypes(
  db: Db,
  propertyId: number,
  from: DayText,
  to: DayText,
  open: DayText,
): Promise<RoomTypeDay[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT room_type_id, (array_agg(type_name ORDER BY business_date DESC))[1] AS type_name,
        sum(rooms_in_service) AS ins, sum(rooms_out_of_order) AS ooo, sum(rooms_long_term_closed) AS lt,
        sum(rooms_sold) AS sold, sum(room_revenue_cents) AS revenue
      FROM pms_daily_room_type_snapshot WHERE property_id = ${propertyId}
        AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${open}::date
      GROUP BY room_type_id`),
  )
  return rows.map(typeDayOf)
}
