/**
 * The reports contract (issue 14; SPEC §1 reports, §9 money format and spreadsheet export).
 *
 * Routes (under /prod-api; the property is the caller's current one):
 * - GET /pms/pmsReport/daily?businessDate=YYYY-MM-DD → DailyReport    pms:pmsReport:daily (default: the last closed day)
 * - GET /pms/pmsReport/monthly?month=YYYY-MM         → PeriodReport   pms:pmsReport:monthly (one row per day)
 * - GET /pms/pmsReport/annual?year=YYYY              → PeriodReport   pms:pmsReport:annual  (one row per month)
 * - GET /pms/pmsReport/income?beginDate=…&endDate=…  → PeriodReport   pms:pmsReport:income  (one row per day, at most
 *   INCOME_MAX_DAYS; the screen shows money by method and revenue by item)
 * - GET /pms/pmsReport/member?beginDate=…&endDate=…  → MemberReport   pms:pmsReport:member
 *
 * Closed days come from the night audit's frozen snapshot (pms_daily_snapshot); the open business day is computed
 * live by the same definition and marked provisional. Days after the open one have no figures. A correction posted
 * after a day closed belongs to the business date it was posted on, so a closed day never changes.
 * Money is integer cents; KPIs are defined once in protocol/src/reports/kpi.ts.
 */
import type { AvailabilityRule, Kpis } from '../reports/kpi.ts'
import type { CentsBy } from './night-audit.ts'

export const ReportPermission = {
  daily: 'pms:pmsReport:daily',
  monthly: 'pms:pmsReport:monthly',
  annual: 'pms:pmsReport:annual',
  income: 'pms:pmsReport:income',
  member: 'pms:pmsReport:member',
} as const

/** The longest period of one income or member report, in days. */
export const INCOME_MAX_DAYS = 366

/** A day's or a period's figures: counts and cents summed over its days, KPIs computed from the sums. */
export interface ReportFigures {
  /** Days with figures (closed days plus the open one when it falls in the period). */
  days: number
  /** Of those, the open business day, computed live (0 or 1). */
  provisionalDays: number
  /** Room counts summed over the days: room-nights. */
  roomsInService: number
  roomsSold: number
  roomsComplimentary: number
  roomsHouseUse: number
  roomsOutOfOrder: number
  hourlyStays: number
  arrivals: number
  departures: number
  /** Guests in house at each day's close, summed over the days (guest-nights for a period). */
  inHouseGuests: number
  noShows: number
  cancellations: number
  roomRevenueCents: number
  otherRevenueCents: number
  totalRevenueCents: number
  /** What guests owed at the close of the period's last day. */
  receivablesCents: number
  revenueByItem: CentsBy
  paymentsByMethod: CentsBy
  depositsByMethod: CentsBy
  refundsByMethod: CentsBy
  memberRechargeCents: number
  memberSpentCents: number
  kpis: Kpis
}

export interface DailyReport {
  businessDate: string
  /** The property's open business date (figures of that date are provisional). */
  openBusinessDate: string
  rule: AvailabilityRule
  today: ReportFigures
  monthToDate: ReportFigures
  yearToDate: ReportFigures
  lastYear: ReportFigures
  monthToDateLastYear: ReportFigures
}

export interface PeriodRow {
  /** 'YYYY-MM-DD' (monthly report) or 'YYYY-MM' (annual report). */
  key: string
  figures: ReportFigures
}

export interface PeriodReport {
  /** 'YYYY-MM', 'YYYY', or 'YYYY-MM-DD~YYYY-MM-DD' (income report). */
  period: string
  openBusinessDate: string
  rule: AvailabilityRule
  /** Every day of the month or every month of the year, in order (a row without figures has days 0). */
  rows: PeriodRow[]
  total: ReportFigures
}

/** A member's figures in the member report (phone masked). */
export interface MemberReportRow {
  memberId: number
  cardNo: string
  name: string
  phone: string
  gradeName: string
  rechargeCents: number
  spentCents: number
  pointsEarned: number
}

/**
 * The member report over business dates [beginDate, endDate]: members who joined (by grade and source), the stored
 * value moved (recharges base and gift, spent from balance, refunded to it), points earned and used, the stored value
 * outstanding at the end of the period (a liability: the sum of every record up to then), and the top members by
 * balance spent, then recharged.
 */
export interface MemberReport {
  beginDate: string
  endDate: string
  newMembers: number
  newByGrade: Record<string, number>
  newBySource: Record<string, number>
  rechargeBaseCents: number
  rechargeGiftCents: number
  spentBaseCents: number
  spentGiftCents: number
  refundedCents: number
  pointsEarned: number
  pointsUsed: number
  outstandingBaseCents: number
  outstandingGiftCents: number
  topMembers: MemberReportRow[]
}
