// What a stay costs (SPEC §9 hotel timing options and overtime rules), as pure functions of instants in UTC
// milliseconds and the property's fixed UTC offset: no Date parsing, no host time zone, no daylight-saving shifts.
//
// Semantics, one rule each:
// - Minutes. Elapsed time is counted in whole minutes, rounded down: 59 seconds past a boundary is still on it.
// - Fixed-time mode. A stay that starts on local date D is due out on D+1 at the daily check-out time; each
//   further night moves the due time by one day. An arrival after midnight belongs to that calendar day.
// - 24-hour mode. Night n ends exactly n × 24 h after check-in.
// - Nights. A departure up to the end of the booked stay pays every night it began (leaving during a booked night
//   pays that night; leaving exactly at a due time does not begin the next), at least one. A departure after the
//   booked end pays the due times it reached, and overtime from the last of them. The room charge is nights × the
//   nightly rate. Without a booked end, the booking is one night.
// - Overtime is the time from that last due time to the departure; there is none up to the booked end.
// - Overtime rules, each optional, each triggered only when overtime is strictly more than its minutes:
//   - hourly: each started hour of overtime, counted from the due time (the grace is forgiven only while it is
//     not exceeded), costs the hourly fee, the hourly part at most its cap (cap 0: no cap);
//   - starting fee: a flat fee;
//   - full day: one more night at the nightly rate, replacing the hourly part and the starting fee.
//   The hourly part and the starting fee add up; overtime never costs more than one night at the nightly rate.
// - Hourly stays. The time from check-in is cut into units of the property's unit time, each started unit
//   counted (at least one); the first unit costs the starting fee, each further unit the unit fee.
import { isCents, timesCents } from './money.ts'

export const MINUTE_MS = 60_000
export const HOUR_MINUTES = 60
export const DAY_MS = 24 * 60 * MINUTE_MS

/** The property's timing options for daily stays. */
export interface StayTiming {
  /** Daily check-out time, 'HH:mm' in the property's local time. */
  checkOutTime: string
  /** 'fixed': nights end at the check-out time; '24h': 24 hours per night from check-in. */
  checkOutMode: 'fixed' | '24h'
  /** The property's offset from UTC in minutes (China: 480). */
  utcOffsetMinutes: number
}

export interface OvertimeRules {
  /** Charge by the hour after `afterMinutes` of grace, the hourly part capped at `capCents` (0: no cap). */
  hourly?: { afterMinutes: number; feePerHourCents: number; capCents: number } | null
  /** A flat starting fee after `afterMinutes`. */
  startingFee?: { afterMinutes: number; feeCents: number } | null
  /** One more night's rent after `afterMinutes`. */
  fullDay?: { afterMinutes: number } | null
}

export const OvertimeOutcome = {
  none: 'none',
  grace: 'grace',
  charged: 'charged',
  capped: 'capped',
  fullDay: 'fullDay',
} as const
export type OvertimeOutcome = (typeof OvertimeOutcome)[keyof typeof OvertimeOutcome]

export interface OvertimeCharge {
  /** none: no overtime; grace: overtime under every rule's minutes; charged; capped (hourly cap or one night); fullDay. */
  rule: OvertimeOutcome
  minutes: number
  /** Started hours charged by the hourly rule (0 when it did not apply). */
  hours: number
  hourlyCents: number
  startingFeeCents: number
  cents: number
}

export interface StayCharge {
  nights: number
  /** The last due time reached (or the first), UTC ms. */
  dueAt: number
  roomCents: number
  overtime: OvertimeCharge
  totalCents: number
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after local midnight of an 'HH:mm' time, or null when it is not one. */
export function parseClock(text: string): number | null {
  const m = CLOCK.exec(text)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

const wholeMinutes = (ms: number) => Math.floor(ms / MINUTE_MS)

function clockOf(timing: StayTiming): number {
  const minutes = parseClock(timing.checkOutTime)
  if (minutes === null) throw new RangeError(`check-out time is not HH:mm: ${timing.checkOutTime}`)
  return minutes
}

/** When night `n` (1 = the first) of a stay that started at `checkIn` ends, in UTC ms. */
export function dueTime(checkIn: number, n: number, timing: StayTiming): number {
  if (timing.checkOutMode === '24h') return checkIn + n * DAY_MS
  const offsetMs = timing.utcOffsetMinutes * MINUTE_MS
  const localDay = Math.floor((checkIn + offsetMs) / DAY_MS)
  return (localDay + n) * DAY_MS + clockOf(timing) * MINUTE_MS - offsetMs
}

/**
 * Nights charged for a departure at `at`, and the due time overtime runs from. `plannedEnd` is the end of the booked
 * stay (one night when omitted): a departure up to the booked end pays every night it began and no overtime; a later
 * one pays the due times it reached, and overtime from the last of them.
 */
export function nightsStayed(
  checkIn: number,
  at: number,
  timing: StayTiming,
  plannedEnd?: number,
): { nights: number; dueAt: number } {
  const first = dueTime(checkIn, 1, timing)
  // Both modes put successive due times exactly one day apart, so each count is one division.
  const reached = (t: number) => (t < first ? 0 : Math.floor((t - first) / DAY_MS) + 1)
  const planned = Math.max(1, plannedEnd === undefined ? 1 : reached(plannedEnd))
  const nights =
    at <= dueTime(checkIn, planned, timing)
      ? at <= first
        ? 1
        : Math.ceil((at - first) / DAY_MS) + 1
      : reached(at)
  return { nights, dueAt: dueTime(checkIn, nights, timing) }
}

/** The overtime charge for `minutes` past the due time under `rules`, for a room whose night costs `nightlyCents`. */
export function overtimeCharge(minutes: number, rules: OvertimeRules, nightlyCents: number): OvertimeCharge {
  const none = { minutes: Math.max(0, minutes), hours: 0, hourlyCents: 0, startingFeeCents: 0, cents: 0 }
  if (minutes <= 0) return Object.assign(none, { rule: OvertimeOutcome.none })
  if (rules.fullDay && minutes > rules.fullDay.afterMinutes)
    return Object.assign(none, { rule: OvertimeOutcome.fullDay, cents: nightlyCents })
  let hours = 0
  let hourlyCents = 0
  let capped = false
  if (rules.hourly && minutes > rules.hourly.afterMinutes) {
    hours = Math.ceil(minutes / HOUR_MINUTES)
    hourlyCents = timesCents(rules.hourly.feePerHourCents, hours)
    if (rules.hourly.capCents > 0 && hourlyCents > rules.hourly.capCents) {
      hourlyCents = rules.hourly.capCents
      capped = true
    }
  }
  const startingFeeCents =
    rules.startingFee && minutes > rules.startingFee.afterMinutes ? rules.startingFee.feeCents : 0
  const applied = hours > 0 || startingFeeCents > 0
  let cents = hourlyCents + startingFeeCents
  if (cents > nightlyCents) {
    cents = nightlyCents
    capped = true
  }
  const rule = !applied ? OvertimeOutcome.grace : capped ? OvertimeOutcome.capped : OvertimeOutcome.charged
  return { minutes, hours, hourlyCents, startingFeeCents, cents, rule }
}

/** What a daily stay from `checkIn` to a departure at `at` costs: nights at `nightlyCents`, plus overtime. */
export function stayCharge(input: {
  checkIn: number
  at: number
  nightlyCents: number
  timing: StayTiming
  overtime: OvertimeRules
  /** End of the booked stay, UTC ms (one night when omitted). */
  plannedEnd?: number
}): StayCharge {
  if (!isCents(input.nightlyCents) || input.nightlyCents < 0)
    throw new RangeError('nightly rate must be cents ≥ 0')
  const { nights, dueAt } = nightsStayed(input.checkIn, input.at, input.timing, input.plannedEnd)
  const roomCents = timesCents(input.nightlyCents, nights)
  const overtime = overtimeCharge(wholeMinutes(input.at - dueAt), input.overtime, input.nightlyCents)
  return { nights, dueAt, roomCents, overtime, totalCents: roomCents + overtime.cents }
}

export interface HourlyStayCharge {
  minutes: number
  units: number
  cents: number
}

/** What an hourly stay costs: started units of `unitMinutes`, the first at `firstUnitCents`, the rest at `unitCents`. */
export function hourlyStayCharge(input: {
  checkIn: number
  at: number
  unitMinutes: number
  firstUnitCents: number
  unitCents: number
}): HourlyStayCharge {
  if (!Number.isInteger(input.unitMinutes) || input.unitMinutes < 1)
    throw new RangeError('unit time must be ≥ 1 min')
  const minutes = Math.max(0, wholeMinutes(input.at - input.checkIn))
  const units = Math.max(1, Math.ceil(minutes / input.unitMinutes))
  return { minutes, units, cents: input.firstUnitCents + timesCents(input.unitCents, units - 1) }
}
