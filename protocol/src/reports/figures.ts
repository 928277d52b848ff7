// A period's report figures from its days' snapshots: counts and cents summed, breakdowns merged by name, the closing
// receivables of the last day, KPIs computed once from the sums (kpi.ts). Pure: the server and the tests use it.

import type { CentsBy, DailySnapshot } from '../api/night-audit.ts'
import type { ReportFigures } from '../api/reports.ts'
import { type AvailabilityRule, kpisOf } from './kpi.ts'

/** A day's snapshot and whether it is the open (provisional) business day. */
export interface ReportDay {
  snapshot: DailySnapshot
  provisional: boolean
}

const COUNTS = [
  'roomsInService',
  'roomsSold',
  'roomsComplimentary',
  'roomsHouseUse',
  'roomsOutOfOrder',
  'roomsLongTermClosed',
  'hourlyStays',
  'arrivals',
  'departures',
  'inHouseGuests',
  'noShows',
  'cancellations',
  'roomRevenueCents',
  'otherRevenueCents',
] as const

function merge(into: CentsBy, from: CentsBy | undefined): CentsBy {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + v
  return into
}

export function sumFigures(rule: AvailabilityRule, days: ReportDay[]): ReportFigures {
  const sorted = [...days].sort((a, b) => a.snapshot.businessDate.localeCompare(b.snapshot.businessDate))
  const sums = Object.fromEntries(COUNTS.map((k) => [k, 0])) as Record<(typeof COUNTS)[number], number>
  const revenueByItem: CentsBy = {}
  const paymentsByMethod: CentsBy = {}
  const depositsByMethod: CentsBy = {}
  const refundsByMethod: CentsBy = {}
  let memberRechargeCents = 0
  let memberSpentCents = 0
  for (const { snapshot: s } of sorted) {
    for (const k of COUNTS) sums[k] += s[k]
    merge(revenueByItem, s.detail.revenueByItem)
    merge(paymentsByMethod, s.detail.paymentsByMethod)
    merge(depositsByMethod, s.detail.depositsByMethod)
    merge(refundsByMethod, s.detail.refundsByMethod)
    memberRechargeCents += s.detail.memberRechargeCents ?? 0
    memberSpentCents += s.detail.memberSpentCents ?? 0
  }
  return {
    days: sorted.length,
    provisionalDays: sorted.filter((d) => d.provisional).length,
    ...sums,
    totalRevenueCents: sums.roomRevenueCents + sums.otherRevenueCents,
    receivablesCents: sorted.at(-1)?.snapshot.receivablesCents ?? 0,
    revenueByItem,
    paymentsByMethod,
    depositsByMethod,
    refundsByMethod,
    memberRechargeCents,
    memberSpentCents,
    kpis: kpisOf(rule, sums),
  }
}

/** The same calendar day a year earlier (29 February falls back to the 28th). */
export function sameDayLastYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate()
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/** Every day of a month 'YYYY-MM', in order. */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const n = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return Array.from({ length: n }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
}
