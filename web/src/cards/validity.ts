// Card validity as the form holds it (datetime-local text) and as the server takes it (unix seconds), on the hotel's
// clock: the current property's zone (ui/format.ts currentDisplayZone), the browser's when there is none. A desk or a
// head office in another zone reads and types the times the locks and the hotel's prints use.
import { parseClock } from '@pms/protocol/billing/stay'
import { addDays, zonedInstant } from '@pms/protocol/time/zone'
import { currentDisplayZone, formatDateTime } from '../ui/format.ts'

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** A Date as a datetime-local value, 'YYYY-MM-DDTHH:mm', on the hotel's clock. */
export function toLocalInput(date: Date, timeZone = currentDisplayZone()): string {
  return formatDateTime(date, timeZone).slice(0, 16).replace(' ', 'T')
}

/** Unix seconds of a datetime-local value read on the hotel's clock; undefined when it is not one. */
export function toSeconds(value: string, timeZone = currentDisplayZone()): number | undefined {
  const m = INPUT.exec(value)
  if (!m) return undefined
  const [year, month, day, hour, minute, second = 0] = m
    .slice(1)
    .map((v) => (v === undefined ? 0 : Number(v)))
  const fields = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! }
  const at = timeZone
    ? zonedInstant(fields, timeZone)
    : new Date(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second)
  // A reading that rolled over (30 February, 25:00) is no time.
  if (Number.isNaN(at.getTime()) || toLocalInput(at, timeZone) !== value.slice(0, 16)) return undefined
  return Math.floor(at.getTime() / 1000)
}

/**
 * Default window: from now until the next day at the property's check-out time ('HH:mm', 12:00 when not known), on
 * the hotel's clock.
 */
export function defaultValidity(
  now: Date,
  checkOutTime: string | null = '12:00',
  timeZone = currentDisplayZone(),
): { start: string; end: string } {
  const start = toLocalInput(now, timeZone)
  const clock = checkOutTime !== null && parseClock(checkOutTime) !== null ? checkOutTime : '12:00'
  return { start, end: `${addDays(start.slice(0, 10), 1)}T${clock}` }
}

/** Unix seconds shown as 'YYYY-MM-DD HH:mm:ss' on the hotel's clock. */
export function secondsText(seconds: number, timeZone = currentDisplayZone()): string {
  if (!seconds) return ''
  return formatDateTime(seconds * 1000, timeZone)
}
