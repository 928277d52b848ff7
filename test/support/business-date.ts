// The property's open business date, as the server reads it (server/src/properties/clock.ts): the row the night audit
// moves on, or — before the property has one — its zone's calendar day. Tests that reserve "today" use this (or the
// API suites' `day()`, the day their product opened), never the UTC date: between 16:00 and 24:00 UTC the two differ
// for a property in Shanghai. And a test product's day does not depend on when it starts: it is never started just
// before the zone's midnight (clearOfMidnight), and it opens its properties' dates at its start (openBusinessDates).
import { DEFAULT_TIME_ZONE, dayRange, zonedDay } from '@pms/protocol/time/zone'
import type { SqlClient } from '../../server/src/db/sql-client.ts'

export async function businessDate(sql: SqlClient, propertyId: number): Promise<string> {
  const { rows } = await sql.query<{ day: string }>(
    'SELECT business_date::text AS day FROM pms_business_date WHERE property_id = $1',
    [propertyId],
  )
  return rows[0]?.day ?? zonedDay(new Date(), DEFAULT_TIME_ZONE)
}

/** The business date of the property a room belongs to. */
export async function businessDateOfRoom(sql: SqlClient, roomId: number): Promise<string> {
  const { rows } = await sql.query<{ property_id: number }>(
    'SELECT property_id FROM pms_room WHERE room_id = $1',
    [roomId],
  )
  return businessDate(sql, Number(rows[0]!.property_id))
}

/**
 * Puts the property's open business date at `day`, whether or not the property has used its clock yet (a property
 * gets its row at its first use: the seeded template holds none, see global-templates.ts).
 */
export async function setBusinessDate(
  query: (text: string, params: unknown[]) => Promise<unknown>,
  propertyId: number,
  day: string,
): Promise<void> {
  await query(
    `INSERT INTO pms_business_date (property_id, business_date) VALUES ($1, $2::date)
     ON CONFLICT (property_id) DO UPDATE SET business_date = EXCLUDED.business_date, update_time = now()`,
    [propertyId, day],
  )
}

/**
 * How close to the demo zone's midnight a product is not started: a suite's day (its arrivals, then the night audit
 * and the reports of that day) takes seconds, a browser file's a minute or two; started this close, it would
 * straddle two calendar days.
 */
export const MIDNIGHT_MARGIN_MS = 180_000

/**
 * Waits, when the demo zone's midnight is less than MIDNIGHT_MARGIN_MS away, until it has passed: a product is then
 * started on the new day. Elsewhere in the day it returns at once (at most once a day, a run waits that long).
 */
export async function clearOfMidnight(timeZone = DEFAULT_TIME_ZONE): Promise<void> {
  const now = Date.now()
  const midnight = dayRange(zonedDay(now, timeZone), timeZone).end.getTime()
  if (midnight - now < MIDNIGHT_MARGIN_MS) await new Promise((r) => setTimeout(r, midnight - now + 1_000))
}

/**
 * Opens every property's business date at its zone's day at `at` (a product's start), whatever the property's first
 * use will be: a suite that runs past the zone's midnight then works, as a hotel before its night audit, on the day it
 * started — the day its own dates are counted from. Only for a fresh copy of the seeded template (no night audit).
 */
export async function openBusinessDates(
  query: (text: string, params: unknown[]) => Promise<unknown[]>,
  at: Date,
): Promise<void> {
  // One statement for all properties: each one's day at `at` in its own zone (the default where it saved none).
  await query(
    `INSERT INTO pms_business_date (property_id, business_date)
     SELECT p.property_id, ($1::timestamptz AT TIME ZONE coalesce(c.config->>'timeZone', $2))::date
     FROM pms_property p LEFT JOIN pms_property_config c ON c.property_id = p.property_id
     ON CONFLICT (property_id) DO UPDATE SET business_date = EXCLUDED.business_date, update_time = now()`,
    [at.toISOString(), DEFAULT_TIME_ZONE],
  )
}
