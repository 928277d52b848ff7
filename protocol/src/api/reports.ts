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
 * Every report's period is optional: the default lies around the property's open business date (the month and year
 * of it; for income and member, its month up to it), never the caller's clock, and the answer names the period used.
 * - GET /pms/pmsReport/occupancy, /occupancyByFloor, /revenue, /revenueBySegment, /cashier, /dashboard: see their
 *   types below.
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
  occupancy: 'pms:pmsReport:occupancy',
  revenue: 'pms:pmsReport:revenue',
  cashier: 'pms:pmsReport:cashier',
  dashboard: 'pms:pmsReport:dashboard',
} as const

/** The attributes of an order the revenue analysis groups room revenue by (besides the room type). */
export const RevenueDimension = {
  orderSource: 'orderSource',
  customerSource: 'customerSource',
  channel: 'channel',
  salesman: 'salesman',
} as const
export type RevenueDimension = (typeof RevenueDimension)[keyof typeof RevenueDimension]
export const REVENUE_DIMENSIONS: RevenueDimension[] = Object.values(RevenueDimension)

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
  roomsLongTermClosed: number
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
  /** The first and last business dates of the period. */
  beginDate: string
  endDate: string
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
 * value moved (recharges base and gift, spent from balance, refunded to it), points earned, used and expired, the stored value
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
  /** Points used (paid with, or taken off by an adjustment); expiry is apart. */
  pointsUsed: number
  /** Points the night audit (or the desk) expired past their validity: the members' 'expiry' records. */
  pointsExpired: number
  outstandingBaseCents: number
  outstandingGiftCents: number
  topMembers: MemberReportRow[]
}

/** How a day of the occupancy report got its figures. */
export const OccupancyDayKind = {
  /** A closed day: the night audit's frozen snapshot. */
  closed: 'closed',
  /** The open business day and the days after it: stays on the books (in house and reserved), room stock as now. */
  forecast: 'forecast',
} as const
export type OccupancyDayKind = (typeof OccupancyDayKind)[keyof typeof OccupancyDayKind]

/** One day of the occupancy report. Room counts are room-nights (one day: rooms). */
export interface OccupancyDay {
  date: string
  kind: OccupancyDayKind
  roomsInService: number
  roomsOutOfOrder: number
  /** Of the out-of-order rooms, those closed long term (the USALI rule deducts only these). */
  roomsLongTermClosed: number
  /** Available room-nights by the property's rule. */
  availableRoomNights: number
  /** Room-nights sold: closed days, nights charged; forecast days, paying nightly stays in house over that night. */
  roomNightsSold: number
  /** Complimentary nights (marked so, or unmarked at price 0), counted apart from sold. */
  roomsComplimentary: number
  /** House-use nights (stays marked house use), counted apart from sold. */
  roomsHouseUse: number
  occupancyBp: number | null
}

/**
 * GET /pms/pmsReport/occupancy?beginDate=…&endDate=… → OccupancyReport   pms:pmsReport:occupancy
 * A row per day (at most INCOME_MAX_DAYS); days from the open business date on are forecast from the stays on the
 * books: a nightly, not complimentary stay in state booking or checkIn holds the night of a date when it is in the
 * house at that date's end (it arrived before and leaves after midnight on the property's clock).
 */
export interface OccupancyReport {
  beginDate: string
  endDate: string
  openBusinessDate: string
  rule: AvailabilityRule
  rows: OccupancyDay[]
  /** Sums of the rows; occupancy of the sums. */
  total: Omit<OccupancyDay, 'date' | 'kind'>
}

/** A room type's figures over a period (revenue analysis). Money in cents. */
export interface RoomTypeFigures {
  roomsInService: number
  roomsOutOfOrder: number
  /** Of the out-of-order rooms, those closed long term (the USALI rule deducts only these). */
  roomsLongTermClosed: number
  /** Available room-nights by the property's rule, as the property's total (the types add up to it). */
  availableRoomNights: number
  roomNightsSold: number
  /** Room charges and overtime of the type's stays. */
  roomRevenueCents: number
  adrCents: number | null
  occupancyBp: number | null
  revparCents: number | null
  /** The type's share of the period's room revenue, basis points. */
  revenueShareBp: number | null
}

export interface RoomTypeRow {
  /** 0: room revenue of no room type (charges without a stay). */
  roomTypeId: number
  typeName: string
  figures: RoomTypeFigures
  /** The same period a year earlier. */
  lastYear: RoomTypeFigures
}

/**
 * GET /pms/pmsReport/revenue?beginDate=…&endDate=… → RevenueReport   pms:pmsReport:revenue
 * Room revenue by room type over business dates (at most INCOME_MAX_DAYS): closed days from the night audit's room
 * type snapshot (pms_daily_room_type_snapshot), the open day live and provisional.
 */
export interface RevenueReport {
  beginDate: string
  endDate: string
  openBusinessDate: string
  rule: AvailabilityRule
  /** The open business day's figures are in the period (provisional). */
  provisional: boolean
  rows: RoomTypeRow[]
  total: RoomTypeFigures
  totalLastYear: RoomTypeFigures
}

/** Money a cashier took in one shift (or outside any shift) over the period: received by method. */
export interface CashierShiftRow {
  userId: number | null
  /** The cashier's user name ('' for entries no user posted). */
  userName: string
  /** null: entries posted while the cashier had no shift open. */
  shiftId: number | null
  openTime: string | null
  closeTime: string | null
  /** Payments + deposits − refunds, by method (the income report's 'received'). */
  receivedByMethod: CentsBy
  receivedCents: number
}

/**
 * GET /pms/pmsReport/cashier?beginDate=…&endDate=… → CashierReport   pms:pmsReport:cashier
 * The folio money of the period's business dates by the cashier who posted it and the shift it fell in (the shift
 * of that cashier in the property open at the entry's time). Totals equal the income report's received by method.
 */
export interface CashierReport {
  beginDate: string
  endDate: string
  openBusinessDate: string
  rows: CashierShiftRow[]
  /** Per cashier: the sums of their rows. */
  cashiers: Array<{
    userId: number | null
    userName: string
    receivedByMethod: CentsBy
    receivedCents: number
  }>
  totalByMethod: CentsBy
  totalCents: number
}

/**
 * GET /pms/pmsReport/dashboard → Dashboard   pms:pmsReport:dashboard
 * The manager's morning view: the last closed day beside the same day last year, the open day so far (provisional)
 * with the desk's counts now, the next 7 days on the books and the last 30 days' occupancy and revenue.
 */
export interface Dashboard {
  openBusinessDate: string
  rule: AvailabilityRule
  yesterday: { businessDate: string; figures: ReportFigures; lastYear: ReportFigures }
  today: {
    figures: ReportFigures
    arrivalsDue: number
    departuresDue: number
    inHouseRooms: number
    roomsDirty: number
  }
  /** The open day and the 6 after it, forecast from the books. */
  next7: OccupancyDay[]
  /** The 30 closed days before the open one: occupancy and total revenue per day. */
  last30: Array<{ date: string; occupancyBp: number | null; totalRevenueCents: number; closed: boolean }>
}

/** A segment's figures over a period (revenue analysis by an order attribute). Money in cents. */
export interface SegmentFigures {
  roomNightsSold: number
  /** Room charges and overtime of the stays of the segment's orders. */
  roomRevenueCents: number
  adrCents: number | null
  /**
   * The segment's part of the property's RevPAR: its room revenue ÷ the property's available room-nights over the
   * period (the segments' parts add up to the property's RevPAR, give or take the rounding of each).
   */
  revparCents: number | null
  /** Share of the period's room revenue, basis points. */
  revenueShareBp: number | null
  /** Share of the period's room-nights sold, basis points. */
  roomNightsShareBp: number | null
}

export interface SegmentRow {
  /** The attribute's value on the orders ('' for orders that have none). */
  segment: string
  figures: SegmentFigures
  /** The same period a year earlier. */
  lastYear: SegmentFigures
}

/** One step of the trend: a day (periods up to 62 days) or a month, with room revenue by segment. */
export interface SegmentTrendPoint {
  /** 'YYYY-MM-DD' or 'YYYY-MM'. */
  key: string
  roomRevenueCents: number
  bySegment: CentsBy
}

/**
 * GET /pms/pmsReport/revenueBySegment?dimension=…&beginDate=…&endDate=… → SegmentRevenueReport
 * pms:pmsReport:revenue. Room revenue, room-nights, ADR and RevPAR part by order source, customer source, channel or
 * salesman over business dates (at most INCOME_MAX_DAYS; by default the open business date's month up to it), beside
 * the same period a year earlier, and the trend. Closed days from the night audit's segment snapshot
 * (pms_daily_segment_snapshot), the open day live and provisional.
 */
export interface SegmentRevenueReport {
  beginDate: string
  endDate: string
  openBusinessDate: string
  rule: AvailabilityRule
  dimension: RevenueDimension
  provisional: boolean
  /** The property's available room-nights over the period (the RevPAR parts' denominator). */
  availableRoomNights: number
  availableRoomNightsLastYear: number
  /** By room revenue, largest first. */
  rows: SegmentRow[]
  total: SegmentFigures
  totalLastYear: SegmentFigures
  trend: { step: 'day' | 'month'; points: SegmentTrendPoint[] }
}

/**
 * A floor's figures on one day of the occupancy report by building and floor (one day: rooms), available room-nights
 * by the same rule as the property's (its long-term closures deducted under USALI). House use is not counted apart.
 */
export type FloorDay = Omit<OccupancyDay, 'date' | 'kind' | 'roomsHouseUse'>

export interface FloorOccupancyRow {
  /** 0 with floorId 0: nights of reservations not yet given a room (forecast days only). */
  buildingId: number
  buildingName: string
  floorId: number
  floorNo: number
  floorName: string
  /** One per date of the report, in the order of `dates`. */
  days: FloorDay[]
  total: FloorDay
}

/**
 * GET /pms/pmsReport/occupancyByFloor?beginDate=…&endDate=… → FloorOccupancyReport   pms:pmsReport:occupancy
 * The occupancy report per building and floor, per day (at most 92 days; by default the open business day and the
 * 29 after it): closed days from the night audit's floor snapshot (pms_daily_floor_snapshot), the open day and after
 * forecast from the stays on the books with the floors' room stock as it is now.
 */
export interface FloorOccupancyReport {
  beginDate: string
  endDate: string
  openBusinessDate: string
  rule: AvailabilityRule
  dates: string[]
  kinds: OccupancyDayKind[]
  /** By building (in the order they were made), then floor number; reservations without a room last. */
  floors: FloorOccupancyRow[]
  /** The buildings' sums (floorId 0, floorNo 0), in the same order. */
  buildings: FloorOccupancyRow[]
  /** The property's sums of each day and of the period (ids 0). */
  total: Pick<FloorOccupancyRow, 'days' | 'total'>
}

/** The longest period of the occupancy report by building and floor, in days. */
export const FLOOR_MAX_DAYS = 92
