// The card-key end time rule of SPEC §5: datetime as is, date-only gets 23:59:59, seconds, capped at 4294967295.
import { zonedInstant } from '../time/zone.ts'
import { isDate, isDateTime } from './validators.ts'

/** The largest end time a card or lock can hold: the top of an unsigned 32-bit seconds counter. */
export const CARD_END_TIME_MAX = 4294967295

/**
 * Seconds since the epoch for a card-key end time. Accepts `YYYY-MM-DD hh:mm:ss`, `YYYY-MM-DD` (taken as
 * 23:59:59 that day), or a number of seconds. Wall-clock texts are read on the property's clock (`timeZone`, an
 * IANA name): a lock compares the card's seconds with its own, so a time typed at a chain server in another zone
 * still means the hotel's. Without a zone the runtime's own is used (a console with no property).
 * Returns undefined for anything else; never more than CARD_END_TIME_MAX, never negative.
 */
export function cardKeyEndTime(value: string | number, timeZone?: string): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined
    return Math.min(Math.max(Math.floor(value), 0), CARD_END_TIME_MAX)
  }
  const text = value.trim()
  const full = isDateTime(text) ? text : isDate(text) ? `${text} 23:59:59` : undefined
  if (!full) return undefined
  const [y, mo, d, h, mi, s] = full.split(/[- :]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const millis =
    timeZone === undefined
      ? new Date(y, mo - 1, d, h, mi, s).getTime()
      : zonedInstant({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, timeZone).getTime()
  return Math.min(Math.max(Math.floor(millis / 1000), 0), CARD_END_TIME_MAX)
}
