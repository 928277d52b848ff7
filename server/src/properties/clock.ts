// The property's clock: its IANA time zone and its business date (the hotel day still open, moved on only by the
// night audit). Everything about "a day" at the desk — arrivals and departures of the day, order and receipt numbers,
// the night's room charge — reads these, never the server's own time zone.
import { PROPERTY_CONFIG_DEFAULTS } from '@pms/protocol/api/properties'
import { type DayText, dayRange, zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { slot, sqlBuiltOnce } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { readPropertyConfig } from './config.ts'

export interface PropertyClock {
  timeZone: string
  /** The open business date 'YYYY-MM-DD'. */
  businessDate: DayText
  /** The instants the business date covers in the property's zone: [start, end). */
  day: { start: Date; end: Date }
}

/** A date column as 'YYYY-MM-DD' whichever driver read it (a Date at UTC midnight, or text). */
export function dayOf(value: unknown): DayText {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

/** The property's zone only (one read of its configuration). */
export async function propertyTimeZone(db: Db, propertyId: number): Promise<string> {
  return (await readPropertyConfig(db, propertyId)).timeZone
}

/**
 * The property's zone as a column of another statement (a read that needs the zone saves its own statement); pass the
 * value read to `zoneOrDefault`.
 */
export const timeZoneColumn = (propertyId: number | SQLWrapper): SQL<string | null> =>
  sql<string | null>`(SELECT config->>'timeZone' FROM pms_property_config WHERE property_id = ${propertyId})`

/** The zone a `timeZoneColumn` read, or the default of a property that never saved one (as readPropertyConfig). */
export const zoneOrDefault = (zone: string | null): string => zone ?? PROPERTY_CONFIG_DEFAULTS.timeZone

/** The property's open business date; created at its zone's calendar day when the property has none yet. */
export async function businessDateOf(
  db: Db,
  propertyId: number,
  timeZone: string,
  now = new Date(),
): Promise<DayText> {
  const [row] = rowsOf<{ day: unknown }>(
    await db.execute(
      sql`SELECT business_date AS day FROM pms_business_date WHERE property_id = ${propertyId}`,
    ),
  )
  if (row) return dayOf(row.day)
  const day = zonedDay(now, timeZone)
  await db.execute(sql`INSERT INTO pms_business_date (property_id, business_date) VALUES (${propertyId}, ${day}::date)
    ON CONFLICT DO NOTHING`)
  return businessDateOf(db, propertyId, timeZone, now)
}

/**
 * The clock's two values as columns of a statement: the open business date and the zone (a read that needs the clock
 * saves its own statement; pass what it read to `clockOf`).
 */
export const clockColumns = (propertyId: number | SQLWrapper) => ({
  clockDay: sql<unknown>`(SELECT business_date FROM pms_business_date WHERE property_id = ${propertyId})`,
  clockZone: timeZoneColumn(propertyId),
})

/** propertyClock's statement, built once (db/built-once.ts): nearly every desk action reads the clock. */
const clockRead = (() => {
  const { clockDay, clockZone } = clockColumns(slot('propertyId'))
  return sqlBuiltOnce(sql`SELECT ${clockDay} AS day, ${clockZone} AS zone`)
})()

/** The property's zone and open business date, read by one statement (the date created when it has none yet). */
export async function propertyClock(db: Db, propertyId: number, now = new Date()): Promise<PropertyClock> {
  const [row] = rowsOf<{ day: unknown; zone: string | null }>(await clockRead(db, { propertyId }))
  return clockOf(db, propertyId, { clockDay: row?.day, clockZone: row?.zone ?? null }, now)
}

/** The clock from what `clockColumns` read (the business date created when the property has none yet). */
export async function clockOf(
  db: Db,
  propertyId: number,
  read: { clockDay: unknown; clockZone: string | null },
  now = new Date(),
): Promise<PropertyClock> {
  const timeZone = zoneOrDefault(read.clockZone)
  const businessDate =
    read.clockDay === null || read.clockDay === undefined
      ? await businessDateOf(db, propertyId, timeZone, now)
      : dayOf(read.clockDay)
  return { timeZone, businessDate, day: dayRange(businessDate, timeZone) }
}

/**
 * A property that changes its zone before its first night audit starts its business date over at the new zone's
 * calendar day (nothing was closed yet); afterwards only the night audit moves it.
 */
export async function zoneChanged(
  db: Db,
  propertyId: number,
  timeZone: string,
  now = new Date(),
): Promise<void> {
  await db.execute(sql`UPDATE pms_business_date SET business_date = ${zonedDay(now, timeZone)}::date, update_time = now()
    WHERE property_id = ${propertyId}
      AND NOT EXISTS (SELECT 1 FROM pms_night_audit WHERE property_id = ${propertyId})`)
}

/** 'YYYY-MM-DD hh:mm:ss' of an instant on the property's clock. */
export const propertyTime = (instant: Date, timeZone: string) => zonedDateTime(instant, timeZone)
