// A property's days and clock times in its own IANA time zone, computed with Intl so the answer never depends on the
// time zone of the machine that runs the code (a chain server in one zone serves properties in others).

/** The zone of a property that never set one. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai'

/** A calendar day 'YYYY-MM-DD' (a business date is one). */
export type DayText = string

export interface ZonedParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** True for a zone name this runtime knows ('Asia/Shanghai', 'America/Los_Angeles', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false
  try {
    formatterOf(name)
    return true
  } catch {
    return false
  }
}

/** The wall-clock reading of an instant in a zone, asked of Intl (a few microseconds: see zonedParts). */
function readParts(instant: number, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {}
  for (const p of formatterOf(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  }
}

/**
 * Offsets are kept per zone and quarter hour of UTC: a zone's offset changes at most once in any quarter hour (every
 * change in the tz database is minutes or hours apart from the next), so when it is the same at both ends of the
 * quarter it holds all through it; a quarter with a change in it is read from Intl instant by instant. Bounded: the
 * map starts again past OFFSET_SPANS entries.
 */
const OFFSET_SPAN_MS = 15 * 60_000
const OFFSET_SPANS = 4096
/** Per zone, the offset of each quarter hour asked (a map per zone: no key text built at each call). */
const spanOffsets = new Map<string, Map<number, number | null>>()

/** The zone's offset (ms, wall clock minus UTC) for every instant of the quarter hour `t` is in; null across a change. */
function spanOffset(t: number, timeZone: string): number | null {
  const span = Math.floor(t / OFFSET_SPAN_MS)
  let spans = spanOffsets.get(timeZone)
  if (!spans) {
    spans = new Map()
    spanOffsets.set(timeZone, spans)
  }
  let offset = spans.get(span)
  if (offset === undefined) {
    const at = (instant: number) => {
      const p = readParts(instant, timeZone)
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - instant
    }
    const start = span * OFFSET_SPAN_MS
    const first = at(start)
    offset = first === at(start + OFFSET_SPAN_MS - 1000) ? first : null
    if (spans.size >= OFFSET_SPANS) spans.clear()
    spans.set(span, offset)
  }
  return offset
}

/** The wall-clock reading of an instant in a zone (to the second, as Intl reads it). */
export function zonedParts(instant: Date | number, timeZone: string): ZonedParts {
  const t = typeof instant === 'number' ? instant : instant.getTime()
  const offset = Number.isFinite(t) ? spanOffset(t, timeZone) : null
  if (offset === null) return readParts(t, timeZone)
  const wall = new Date(t + offset)
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  }
}

/** Minutes the zone is ahead of UTC at an instant (Asia/Shanghai: 480). */
export function offsetMinutes(instant: Date | number, timeZone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime()
  // Within a quarter hour of one offset (whole seconds in every zone), the offset itself: no wall clock to read.
  const offset = t >= 0 && Number.isFinite(t) ? spanOffset(t, timeZone) : null
  if (offset !== null) return Math.round(offset / 60_000)
  const p = zonedParts(t, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((asUtc - (t - (t % 1000))) / 60_000)
}

/**
 * The instant a wall-clock reading names in a zone. Out-of-range fields roll over (day 32 is the next month's 1st).
 * A reading skipped by a daylight-saving jump is taken with the offset before the jump.
 */
export function zonedInstant(
  parts: Partial<ZonedParts> & Pick<ZonedParts, 'year' | 'month' | 'day'>,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
  let guess = asUtc - offsetMinutes(asUtc, timeZone) * 60_000
  // A second pass settles readings near an offset change.
  guess = asUtc - offsetMinutes(guess, timeZone) * 60_000
  return new Date(guess)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD' of an instant in a zone. */
export function zonedDay(instant: Date | number, timeZone: string): DayText {
  const p = zonedParts(instant, timeZone)
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`
}

/** 'YYYY-MM-DD hh:mm:ss' of an instant in a zone (the API's date-time format). */
export function zonedDateTime(instant: Date | number, timeZone: string): string {
  const p = zonedParts(instant, timeZone)
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`
}

/** 'YYYY-MM-DD' plus or minus whole days (calendar arithmetic, no zone involved). */
export function addDays(day: DayText, days: number): DayText {
  const [y, m, d] = day.split('-').map(Number)
  const t = new Date(Date.UTC(y!, m! - 1, d! + days))
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: DayText, to: DayText): number {
  const at = (day: DayText) => {
    const [y, m, d] = day.split('-').map(Number)
    return Date.UTC(y!, m! - 1, d!)
  }
  return Math.round((at(to) - at(from)) / 86_400_000)
}

/** The half-open range of instants a calendar day covers in a zone (23 or 25 hours across a DST change). */
export function dayRange(day: DayText, timeZone: string): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number)
  return {
    start: zonedInstant({ year: y!, month: m!, day: d! }, timeZone),
    end: zonedInstant({ year: y!, month: m!, day: d! + 1 }, timeZone),
  }
}

/** 'YYYYMMDD' of a day (order and receipt numbers). */
export const compactDay = (day: DayText) => day.replaceAll('-', '')

/** 'YYYYMMDDhhmmss' of an instant in a zone: the time stamp in an exported file's name. */
export const fileStamp = (instant: Date | number, timeZone: string): string =>
  zonedDateTime(instant, timeZone).replace(/\D/g, '')
