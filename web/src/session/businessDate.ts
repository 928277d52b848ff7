// The console's default dates (date pickers of reports, finance, desk lists): the current property's business date,
// loaded with the session (store.ts refreshBusinessDate), never the browser's clock — after midnight and before the
// night audit the hotel's day is still yesterday, and a desk in another zone than its property has another calendar.
// Only a session without a property (the platform admin) falls back to the browser's calendar day.
// The same holds for the time of day a desk sends as "now" (a walk-in's availability, a room added to a stay): it is
// the property's wall clock, read in its zone, which the server parses the API's date-times in.
import { formatDateTime } from '../ui/format.ts'
import { sessionStore, useSession } from './store.ts'

const pad = (n: number) => String(n).padStart(2, '0')
const browserDay = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** 'YYYY-MM-DD': the current property's business date. */
export function businessToday(): string {
  return sessionStore.get().businessDate ?? browserDay()
}

/** The same, re-rendering when the business date moves (a night audit ran). */
export function useBusinessToday(): string {
  return useSession().businessDate ?? browserDay()
}

/**
 * 'YYYY-MM-DD hh:mm:00': `at` on the wall clock of `timeZone` (the API's date-time format, to the minute), or of the
 * browser when the zone is not known.
 */
export function wallClock(at: Date, timeZone: string | null): string {
  return `${formatDateTime(at, timeZone).slice(0, 16)}:00`
}

/** Now on the current property's clock, as the API takes a date-time. */
export function propertyNow(): string {
  return wallClock(new Date(), sessionStore.get().timeZone)
}

/** The first day of the day's month. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`
