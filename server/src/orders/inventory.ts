/**
 * Room-type inventory: a stay may be taken only while its room type has a room for it at every moment of its range,
 * so that rooms booked by type can always be assigned later. Held are the active stays (booking or checked in) of
 * the type, with or without a room; for sale are the type's rooms not locked nor under maintenance, plus the
 * property's overbooking allowance (PropertyConfig.overbookRooms, 0 by default).
 *
 * Concurrency: before counting, the transaction takes one advisory lock per room type and local calendar day the
 * new range touches, in ascending order (two overlapping stays of a type always share a day, so they are counted one
 * after the other; stays of other types or days never wait). The locks end with the transaction.
 */
import { addDays, dayRange, daysBetween, zonedDay } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { conflict } from '../http/errors.ts'
import { rowsOf } from './store.ts'
import type { StayRange } from './timing.ts'

/** The advisory-lock namespace of room-type nights (high bits of the 64-bit key). */
const LOCK_SPACE = 0x7e57n << 48n

/** Days since 1970 of each calendar day (in the property's zone) the range touches. */
function daysTouched(range: StayRange, timeZone: string): number[] {
  const days: number[] = []
  for (
    let day = zonedDay(range.start, timeZone);
    dayRange(day, timeZone).start < range.end;
    day = addDays(day, 1)
  )
    days.push(daysBetween('1970-01-01', day))
  return days
}

/**
 * Takes the type's nights for `range` for this transaction, then refuses (409 naming the type and the first full
 * day) when one more stay would exceed the rooms for sale plus the overbooking allowance at any moment of it.
 * Call it before inserting (or extending) the stay; `exceptOrderRoomId` leaves a stay being changed out of the count.
 */
export async function holdTypeNights(
  tx: Db,
  propertyId: number,
  roomTypeId: number,
  range: StayRange,
  rules: { overbookRooms: number; timeZone: string },
  exceptOrderRoomId?: number,
): Promise<void> {
  const keys = daysTouched(range, rules.timeZone).map((d) =>
    String(LOCK_SPACE + (BigInt(roomTypeId) << 20n) + BigInt(d)),
  )
  if (!keys.length) return
  await tx.execute(
    sql`SELECT count(pg_advisory_xact_lock(k)) FROM unnest(${`{${keys.join(',')}}`}::bigint[]) AS k`,
  )
  // The most stays held at once within the range: the count is highest at the range's start or at a stay's start.
  const [peak] = rowsOf<{ at: string; held: number; forSale: number; typeName: string }>(
    await tx.execute(sql`
      WITH held AS (
        SELECT stay FROM pms_order_room
        WHERE room_type_id = ${roomTypeId} AND state IN ('booking', 'checkIn')
          AND stay && tstzrange(${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz, '[)')
          ${exceptOrderRoomId ? sql`AND order_room_id <> ${exceptOrderRoomId}` : sql``}
      ), moments AS (
        SELECT ${range.start.toISOString()}::timestamptz AS at
        UNION SELECT lower(stay) FROM held WHERE lower(stay) > ${range.start.toISOString()}::timestamptz
      )
      SELECT m.at, (SELECT count(*) FROM held h WHERE h.stay @> m.at)::int AS held,
        (SELECT count(*) FROM pms_room WHERE room_type_id = ${roomTypeId} AND property_id = ${propertyId}
          AND NOT locked AND NOT maintain)::int AS "forSale",
        (SELECT type_name FROM pms_room_type WHERE room_type_id = ${roomTypeId}) AS "typeName"
      FROM moments m ORDER BY held DESC, m.at LIMIT 1`),
  )
  if (!peak) return
  if (Number(peak.held) + 1 > Number(peak.forSale) + rules.overbookRooms)
    throw conflict('deskChart.typeSoldOut', [
      peak.typeName,
      zonedDay(new Date(peak.at), rules.timeZone),
      Number(peak.forSale),
    ])
}
