// The console's default dates (date pickers of reports, finance, desk lists): the current property's business date,
// loaded with the session (store.ts refreshBusinessDate), never the browser's clock — after midnight and before the
// night audit the hotel's day is still yesterday, and a desk in another zone than its property has another calendar.
// Only a session without a property (the platform admin) falls back to the browser's calendar day.
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

/** The first day of the day's month. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`
