/**
 * Room-type inventory: a stay may be taken only while its room type has a room for it at every moment of its range,
 * so that rooms booked by type can always be assigned later. Held are the active stays (booking or checked in) of
 * the type, with or without a room; for sale are the type's rooms not locked nor under maintenance, plus the
 * property's overbooking allowance (PropertyConfig.overbookRooms, 0 by default).
 *
 * Concurrency: the check runs after the stays are written, as the transaction's last statement but for its history.
 * One call of pms_type_nights_over (migration 0055) takes one advisory lock per room type and local calendar day the
 * new ranges touch, in ascending order (two overlapping stays of a type always share a day, so they are counted one
 * after the other; stays of other types or days never wait), then counts on a fresh snapshot, seeing every stay
 * committed before the locks were granted and the transaction's own. The locks end with the transaction, so they are
 * held for the count and the commit only, not through the order's other writes. The embedded PGlite runs one
 * transaction at a time (transactionsRunAlone in db/client.ts): there no lock is asked for and the count alone runs.
 * The count's rule lives in that migration: a change to it is a new migration replacing the function.
 */
import { addDays, dayRange, daysBetween, zonedDay } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import { type Db, transactionsRunAlone } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { conflict } from '../http/errors.ts'
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

/** A stay's claim on its room type: the type and the part of the stay's range just taken (inserted, moved, extended). */
export interface TypeNights {
  roomTypeId: number
  range: StayRange
}

/**
 * Takes the types' nights of `claims` for this transaction, then refuses (409 naming the type and the first full
 * day) when the stays now held exceed the rooms for sale plus the overbooking allowance at any moment of a claim.
 * Call it after writing the stays (inserted, moved to the type, extended), as late in the transaction as it can run:
 * the stays written are counted among those held.
 */
export async function requireTypeNights(
  tx: Db,
  propertyId: number,
  claims: TypeNights[],
  rules: { overbookRooms: number; timeZone: string },
): Promise<void> {
  const keys = [
    ...new Set(
      claims.flatMap((c) =>
        daysTouched(c.range, rules.timeZone).map(
          (d) => LOCK_SPACE + (BigInt(c.roomTypeId) << 20n) + BigInt(d),
        ),
      ),
    ),
  ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (!keys.length) return
  const list = (values: Array<string | bigint | number>) => `{${values.join(',')}}`
  // On the embedded database no other transaction runs beside this one: nothing to lock against.
  const locks = transactionsRunAlone(tx) ? [] : keys
  const [over] = rowsOf<{ at: string; held: number; forSale: number; typeName: string }>(
    await tx.execute(sql`
      SELECT full_at AS at, stays_held AS held, rooms_for_sale AS "forSale", type_name AS "typeName"
      FROM pms_type_nights_over(${list(locks)}::bigint[], ${list(claims.map((c) => c.roomTypeId))}::bigint[],
        ${list(claims.map((c) => c.range.start.toISOString()))}::timestamptz[],
        ${list(claims.map((c) => c.range.end.toISOString()))}::timestamptz[], ${propertyId}, ${rules.overbookRooms})`),
  )
  if (over)
    throw conflict('deskChart.typeSoldOut', [
      over.typeName,
      zonedDay(new Date(over.at), rules.timeZone),
      Number(over.forSale),
    ])
}
