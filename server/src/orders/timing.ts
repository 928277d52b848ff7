/**
 * Hotel timing (SPEC §9): the daily check-out time, fixed-time or 24-hour check-out mode, and the hour-room unit.
 * Stay ranges are computed here from an arrival and a number of nights or hour units, in the server's local time.
 */
import { isDate, isDateTime } from '@pms/protocol'
import type { HotelTiming } from '@pms/protocol/api/orders'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { hotelTiming } from '../db/schema/index.ts'
import { badRequest } from '../http/errors.ts'

export const DEFAULT_TIMING: HotelTiming = {
  checkoutMode: 'fixed',
  checkoutTime: '12:00',
  hourUnitMinutes: 60,
}

export async function loadTiming(db: Db, propertyId: number): Promise<HotelTiming> {
  const [row] = await db.select().from(hotelTiming).where(eq(hotelTiming.propertyId, propertyId))
  if (!row) return DEFAULT_TIMING
  return {
    checkoutMode: row.checkoutMode === 'hours24' ? 'hours24' : 'fixed',
    checkoutTime: row.checkoutTime,
    hourUnitMinutes: row.hourUnitMinutes,
  }
}

export async function saveTiming(db: Db, propertyId: number, timing: HotelTiming): Promise<void> {
  const values = { ...timing, updateTime: new Date() }
  await db
    .insert(hotelTiming)
    .values({ propertyId, ...values })
    .onConflictDoUpdate({ target: hotelTiming.propertyId, set: values })
}

/** 'YYYY-MM-DD hh:mm:ss' or 'YYYY-MM-DD' (00:00:00) in local time; a 400 naming the field otherwise. */
export function parseLocalTime(text: string, field: string): Date {
  const value = text.trim()
  if (!isDateTime(value) && !isDate(value)) throw badRequest('validation.format', [field])
  const [date, time = '00:00:00'] = value.split(' ')
  const [y, m, d] = date!.split('-').map(Number)
  const [hh, mm, ss] = time.split(':').map(Number)
  return new Date(y!, m! - 1, d!, hh, mm, ss)
}

export interface StayRange {
  start: Date
  end: Date
}

/** The end of a stay of `nights` from `start`: the check-out time of the last day, or 24 hours per night. */
export function endAfterNights(start: Date, nights: number, timing: HotelTiming): Date {
  if (timing.checkoutMode === 'hours24') return new Date(start.getTime() + nights * 86_400_000)
  const [hh, mm] = timing.checkoutTime.split(':').map(Number)
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + nights, hh, mm, 0)
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
  timing: HotelTiming,
  now: Date,
  defaultNow: boolean,
): StayRange {
  if (!input.startTime && !defaultNow) throw badRequest('validation.required', ['startTime'])
  const start = input.startTime ? parseLocalTime(input.startTime, 'startTime') : now
  if (hourly) {
    if (!input.hours) throw badRequest('validation.required', ['hours'])
    return { start, end: endAfterHours(start, input.hours, timing) }
  }
  if (input.hours) throw badRequest('orders.hoursOnlyHourly', ['hours'])
  if (!input.nights) throw badRequest('validation.required', ['nights'])
  const end = endAfterNights(start, input.nights, timing)
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
