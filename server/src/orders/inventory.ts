/**
 * Room-type inventory: a stay may be taken only while its room type has a room for it at every moment of its range, so
 * that rooms booked by type can always be assigned later. Held are the active stays (booking or checked in) of the
 * type, with or without a room; for sale are the type's rooms not locked nor under maintenance, plus the property's
 * overbooking allowance (PropertyConfig.overbookRooms, 0 by default).
 *
 * Concurrency: the check runs after the stays are written, as late in the transaction as it can. One call of
 * pms_type_nights_require (migrations 0063, 0068, 0072, 0073) takes one advisory lock per room type and local calendar
 * day the new ranges touch, in ascending order (two overlapping stays of a type always share a day), and the locks end
 * with the transaction. A claim none of whose type's held stays "float" over its range (every one is on a room of the
 * type that is for sale; a stay with no room, or on a room locked, under maintenance or of another type, floats) takes
 * them shared and runs beside other such claims with no count: one room holds one stay at a time, so the stays held are
 * at most the rooms for sale (0072 says why that holds under concurrency). Any other claim takes them exclusively,
 * waits for every holder, and counts on a fresh snapshot, seeing every stay committed before the locks were granted and
 * the transaction's own. The count refuses by raising (SQLSTATE PO001), so it needs no decision here: a new order sends
 * it in the same write as its answer and COMMIT (`atCommit` of db/answered.ts), and the locks are held for PostgreSQL's
 * work on that write alone. The embedded PGlite runs one transaction at a time (transactionsRunAlone in db/client.ts):
 * there no lock is asked for, and the call goes straight to its full look (0073). The count's rule lives in migration
 * 0068 (the stays held counted in one pass over their starts and ends, tested against 0063's count in
 * test/api/type-nights-count.test.ts) and 0072 (who waits, test/api/type-nights-locks.test.ts): a change to it is a new
 * migration replacing the function.
 */
import { zonedDay, zonedInstant, zonedParts } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import { slot, sqlBuiltOnce } from '../db/built-once.ts'
import { type Db, transactionsRunAlone } from '../db/client.ts'
import { refusalOf } from '../db/refusal.ts'
import { conflict } from '../http/errors.ts'
import type { StayRange } from './timing.ts'

/** The advisory-lock namespace of room-type nights (high bits of the 64-bit key). */
const LOCK_SPACE = 0x7e57n << 48n

/**
 * Days since 1970 of each calendar day (in the property's zone) the range touches: the day of its start, then each
 * next day whose first instant (its midnight, or the first instant after a jump that skips it) is before its end.
 * Calendar arithmetic on numbers (Date.UTC rolls day 32 over), no day text built and read back.
 */
export function daysTouched(range: StayRange, timeZone: string): number[] {
  const { year, month, day } = zonedParts(range.start, timeZone)
  const days: number[] = []
  for (let k = 0; zonedInstant({ year, month, day: day + k }, timeZone) < range.end; k++)
    days.push(Date.UTC(year, month - 1, day + k) / 86_400_000)
  return days
}

/** A stay's claim on its room type: the type and the part of the stay's range just taken (inserted, moved, extended). */
export interface TypeNights {
  roomTypeId: number
  range: StayRange
}

/** The call (migrations 0072, 0073) as sent: its arrays as PostgreSQL array literals, built once (db/built-once.ts). */
const typeNightsRequire = sqlBuiltOnce(
  sql`SELECT pms_type_nights_require(${slot('locks')}::bigint[], ${slot('types')}::bigint[],
    ${slot('starts')}::timestamptz[], ${slot('ends')}::timestamptz[], ${slot('propertyId')}, ${slot('overbook')})`,
)

/**
 * The advisory-lock keys of `claims`: one per room type and calendar day (in the property's zone) a claim's range
 * touches, without repeats, in ascending order (every caller takes them in that order, so none waits in a cycle).
 */
export function typeNightLocks(claims: TypeNights[], timeZone: string): bigint[] {
  return [
    ...new Set(
      claims.flatMap((c) =>
        daysTouched(c.range, timeZone).map((d) => LOCK_SPACE + (BigInt(c.roomTypeId) << 20n) + BigInt(d)),
      ),
    ),
  ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

/** SQLSTATE of the count's refusal (migration 0063), with its DETAIL: the type, the moment and its rooms for sale. */
const TYPE_FULL = 'PO001'

/**
 * Takes the types' nights of `claims` for this transaction, and refuses (409 naming the type and the first full day)
 * when the stays now held exceed the rooms for sale plus the overbooking allowance at any moment of a claim. Send it
 * after writing the stays (inserted, moved to the type, extended), as late in the transaction as it can run: the stays
 * written are counted among those held. Answers the statement's promise: await it, or hand it to `atCommit`.
 */
export function requireTypeNights(
  tx: Db,
  propertyId: number,
  claims: TypeNights[],
  rules: { overbookRooms: number; timeZone: string },
): Promise<void> {
  const keys = typeNightLocks(claims, rules.timeZone)
  if (!keys.length) return Promise.resolve()
  const list = (values: Array<string | bigint | number>) => `{${values.join(',')}}`
  // On the embedded database no other transaction runs beside this one: nothing to lock against.
  const locks = transactionsRunAlone(tx) ? [] : keys
  return typeNightsRequire(tx, {
    locks: list(locks),
    types: list(claims.map((c) => c.roomTypeId)),
    starts: list(claims.map((c) => c.range.start.toISOString())),
    ends: list(claims.map((c) => c.range.end.toISOString())),
    propertyId,
    overbook: rules.overbookRooms,
  }).then(
    () => undefined,
    (error: unknown) => {
      throw typeFullAnswered(error, rules.timeZone)
    },
  )
}

/** The count's refusal as 409 naming the type, the first full day (on the property's calendar) and its rooms for sale. */
function typeFullAnswered(error: unknown, timeZone: string): unknown {
  const refusal = refusalOf(error, TYPE_FULL)
  if (!refusal?.detail) return error
  const over = JSON.parse(refusal.detail) as { typeName: string; at: string; forSale: number }
  return conflict('deskChart.typeSoldOut', [
    over.typeName,
    zonedDay(new Date(over.at), timeZone),
    Number(over.forSale),
  ])
}
