/**
 * Hotel timing (SPEC §9): the daily check-out time, fixed-time or 24-hour check-out mode, and the hour-room unit.
 * Stay ranges are computed here from an arrival and a number of nights or hour units, on the property's clock (its
 * time zone, whatever the server's is).
 */
import { isDate, isDateTime } from '@pms/protocol'
import type { HotelTiming } from '@pms/protocol/api/orders'
import { MAX_STAY_NIGHTS, type PropertyConfig } from '@pms/protocol/api/properties'
import { zonedInstant, zonedParts } from '@pms/protocol/time/zone'
import type { Db } from '../db/client.ts'
import { badRequest } from '../http/errors.ts'
import { readPropertyConfig } from '../properties/config.ts'

/** The timing and the stay limits of a property: its longest stay and how far a room type may be overbooked. */
export type StayRules = HotelTiming & { maxNights: number; overbookRooms: number }

/** The property's timing, from its configuration (the one place it is set: property settings, timing rules). */
export async function loadTiming(db: Db, propertyId: number): Promise<StayRules> {
  return timingOf(await readPropertyConfig(db, propertyId))
}

/** The timing and stay limits of a configuration read already. */
export function timingOf(config: PropertyConfig): StayRules {
  return {
    checkOutMode: config.checkOutMode,
    checkOutTime: config.checkOutTime,
    hourUnitMinutes: config.hourUnitMinutes,
    timeZone: config.timeZone,
    maxNights: config.maxNights,
    overbookRooms: config.overbookRooms,
  }
}

/** Nights asked for a stay: 1 to the property's longest stay, else a 400 saying so (never taken as 1). */
export function requireNights(nights: number, maxNights: number, field = 'nights'): number {
  if (!Number.isInteger(nights) || nights < 1 || nights > maxNights)
    throw badRequest('deskChart.nightsRange', [field, maxNights])
  return nights
}

/**
 * 'YYYY-MM-DD hh:mm:ss' or 'YYYY-MM-DD' on the property's clock (`timeZone`); a 400 naming the field otherwise. A date
 * alone means `dateOnlyTime` ('hh:mm', midnight when not given).
 */
export function parseLocalTime(text: string, field: string, timeZone: string, dateOnlyTime = '00:00'): Date {
  const value = text.trim()
  if (!isDateTime(value) && !isDate(value)) throw badRequest('validation.format', [field])
  const [date, time = `${dateOnlyTime}:00`] = value.split(' ')
  const [y, m, d] = date!.split('-').map(Number)
  const [hh, mm, ss] = time.split(':').map(Number)
  return zonedInstant({ year: y!, month: m!, day: d!, hour: hh!, minute: mm!, second: ss! }, timeZone)
}

export interface StayRange {
  start: Date
  end: Date
}

/** The end of a stay of `nights` from `start`: the check-out time of the last day, or 24 hours per night. */
export function endAfterNights(start: Date, nights: number, timing: HotelTiming): Date {
  if (timing.checkOutMode === '24h') return new Date(start.getTime() + nights * 86_400_000)
  const [hh, mm] = timing.checkOutTime.split(':').map(Number)
  const p = zonedParts(start, timing.timeZone)
  return zonedInstant(
    { year: p.year, month: p.month, day: p.day + nights, hour: hh!, minute: mm! },
    timing.timeZone,
  )
}

export const endAfterHours = (start: Date, hours: number, timing: HotelTiming): Date =>
  new Date(start.getTime() + hours * timing.hourUnitMinutes * 60_000)

/**
 * The stay a request asks for: from `startTime` (now when omitted and `defaultNow`), for `nights` or, hourly only,
 * `hours`. A 400 names the missing or wrong field.
 */
export function stayRange(
  input: { startTime?: string; nights?: number; hours?: number },
  hourly: boolean,
  timing: HotelTiming & { maxNights?: number },
  now: Date,
  defaultNow: boolean,
): StayRange {
  if (!input.startTime && !defaultNow) throw badRequest('validation.required', ['startTime'])
  // An arrival date alone starts at the day's check-out time: the room is the new guest's from the moment the last
  // guest is due out, so back-to-back stays of one room (out at 12:00, in the same day) never overlap.
  const start = input.startTime
    ? parseLocalTime(input.startTime, 'startTime', timing.timeZone, timing.checkOutTime)
    : now
  if (hourly) {
    if (!input.hours) throw badRequest('validation.required', ['hours'])
    return { start, end: endAfterHours(start, input.hours, timing) }
  }
  if (input.hours) throw badRequest('orders.hoursOnlyHourly', ['hours'])
  if (input.nights === undefined) throw badRequest('validation.required', ['nights'])
  const end = endAfterNights(start, requireNights(input.nights, timing.maxNights ?? MAX_STAY_NIGHTS), timing)
  // Arriving after the check-out time of the last day cannot happen; a fixed-mode night ends next day at check-out.
  if (end <= start) throw badRequest('validation.invalid', ['startTime'])
  return { start, end }
}

/** tstzrange literal of a half-open stay. */
export const rangeLiteral = (r: StayRange) => `[${r.start.toISOString()},${r.end.toISOString()})`

/** Parses the text form PostgreSQL returns for a tstzrange. */
export function parseRange(text: string): StayRange {
  const m = /^[[(]"?([^",]+)"?,"?([^",]+)"?[)\]]$/.exec(text)
  if (!m) throw new Error(`unreadable stay range ${text}`)
  return { start: new Date(m[1]!), end: new Date(m[2]!) }
}
