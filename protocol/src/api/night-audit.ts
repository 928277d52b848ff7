/**
 * The night audit and the scheduler log contract (issue 13; SPEC §1 night audit, §2.1 /job/log, §2.9 night audit
 * overview, §9 hotel timing).
 *
 * Routes (under /prod-api; the property is the caller's current one):
 * - GET  /pms/pmsNightAudit/businessDate            → BusinessDay                  (anyone signed in to the property)
 * - GET  /pms/pmsNightAudit/overview                → NightAuditOverview           pms:pmsNightAudit:list
 * - GET  /pms/pmsNightAudit/list (paged)            → NightAuditRun rows           pms:pmsNightAudit:list
 * - GET  /pms/pmsNightAudit/snapshot/{businessDate} → DailySnapshot                pms:pmsNightAudit:list
 * - POST /pms/pmsNightAudit/stayMark StayMarkBody  → StayMarkView                 pms:pmsNightAudit:stayMark
 * - POST /pms/pmsNightAudit/run  NightAuditRunBody  → NightAuditRun                pms:pmsNightAudit:run
 * - GET  /monitor/jobLog/list (paged; jobName, status, beginTime, endTime) → JobLog rows   monitor:jobLog:list
 *
 * Days are 'YYYY-MM-DD' business dates; times 'YYYY-MM-DD hh:mm:ss' on the property's clock; money integer cents.
 */
import type { PageQuery } from './envelope.ts'

export const NightAuditPermission = {
  list: 'pms:pmsNightAudit:list',
  run: 'pms:pmsNightAudit:run',
  /** Marks a stay complimentary or house use (or clears the mark), with a reason. */
  stayMark: 'pms:pmsNightAudit:stayMark',
} as const

export const JOB_LOG_PERMISSION = 'monitor:jobLog:list'

/** The job name of the night audit in the scheduler log. */
export const NIGHT_AUDIT_JOB = 'nightAudit'

/** The audit's steps, in the order they run. */
export const NightAuditStep = {
  roomCharges: 'roomCharges',
  noShows: 'noShows',
  overdue: 'overdue',
  pointsExpiry: 'pointsExpiry',
  snapshot: 'snapshot',
  voucher: 'voucher',
  rollDate: 'rollDate',
} as const
export type NightAuditStep = (typeof NightAuditStep)[keyof typeof NightAuditStep]
/** What a stay is: charged as usual (''), given away (complimentary) or used by the hotel itself (houseUse). */
export const STAY_MARKS = ['', 'complimentary', 'houseUse'] as const
export type StayMark = (typeof STAY_MARKS)[number]

/** POST /pms/pmsNightAudit/stayMark: a mark needs a reason; '' clears it. */
export interface StayMarkBody {
  orderRoomId: number
  mark: StayMark
  reason?: string
}

export interface StayMarkView {
  orderRoomId: number
  mark: StayMark
  reason: string
  markedByName: string
  markTime: string | null
}

/**
 * The key of the system push record a night audit leaves for the property's desks (its parameter: the day closed):
 * a console that hears it reads its business date again.
 */
export const BUSINESS_DAY_CLOSED = 'nightAudit.push.closed'

/**
 * The current property's open business date, its time zone and its daily check-out time ('HH:mm'): the console's
 * default dates, its "now" and a key card's default end.
 */
export interface BusinessDay {
  businessDate: string
  timeZone: string
  checkOutTime: string
}

export const NIGHT_AUDIT_STEPS: NightAuditStep[] = Object.values(NightAuditStep)

/** What the overview lists before a run: each needs a decision or (openShift with the 'block' rule) blocks it. */
export const BlockerKind = {
  /** Reservations due on the business date and not checked in: marked no-show, or kept (noShowRule). */
  arrivalDue: 'arrivalDue',
  /** Stays due out and still in house: kept and marked overdue. */
  dueOut: 'dueOut',
  /** Cashier shifts still open: closed by the audit or blocking it (openShiftRule). */
  openShift: 'openShift',
  /** Folios of departed guests not settled. */
  unsettledFolio: 'unsettledFolio',
} as const
export type BlockerKind = (typeof BlockerKind)[keyof typeof BlockerKind]

export interface NightAuditBlocker {
  kind: BlockerKind
  /** True when the audit cannot run until it is dealt with. */
  blocking: boolean
  orderId: number | null
  orderNo: string | null
  roomNo: string | null
  /** Guest, contact or cashier. */
  name: string
  /** Arrival, departure or shift start, on the property's clock. */
  time: string | null
  balanceCents: number | null
}

export interface NightAuditOverview {
  businessDate: string
  timeZone: string
  /** Now on the property's clock. */
  localTime: string
  nightAuditTime: string
  noShowRule: 'noShow' | 'keep'
  openShiftRule: 'close' | 'block'
  /** Null when a run may start now; else the refusal's message key and params (translated by the console). */
  refusal: { key: string; params: Array<string | number> } | null
  blockers: NightAuditBlocker[]
  /** In-house stays the run will charge a night. */
  inHouse: number
  lastRun: NightAuditRun | null
}

export interface NightAuditStepLog {
  step: NightAuditStep
  startTime: string
  endTime: string
  durationMs: number
  counts: Record<string, number>
}

export interface NightAuditRun {
  auditId: number
  businessDate: string
  triggerKind: 'manual' | 'schedule'
  steps: NightAuditStepLog[]
  voucherId: number | null
  startTime: string
  endTime: string
  createByName: string
}

export interface NightAuditRunBody {
  /** The business date to close: the property's open one (a guard against a stale screen). */
  businessDate: string
  /** What to do with arrivals due and not checked in (the property's rule when omitted). */
  noShowRule?: 'noShow' | 'keep'
}

export type NightAuditListQuery = PageQuery

/** The frozen figures of a closed day (the reports read these). */
export interface DailySnapshot {
  businessDate: string
  roomsInService: number
  roomsSold: number
  roomsComplimentary: number
  roomsHouseUse: number
  roomsOutOfOrder: number
  /** Of the out-of-order rooms, those marked closed long term (the USALI rule deducts only these). */
  roomsLongTermClosed: number
  hourlyStays: number
  arrivals: number
  departures: number
  inHouseGuests: number
  noShows: number
  cancellations: number
  roomRevenueCents: number
  otherRevenueCents: number
  folioChargeCents: number
  receivablesCents: number
  detail: SnapshotDetail
}

/** Cents by a name (an item, a room type, a source, a salesman, a payment method). */
export type CentsBy = Record<string, number>

export interface SnapshotDetail {
  revenueByItem: CentsBy
  revenueByRoomType: CentsBy
  revenueByOrderSource: CentsBy
  revenueByCustomerSource: CentsBy
  revenueBySalesman: CentsBy
  paymentsByMethod: CentsBy
  depositsByMethod: CentsBy
  refundsByMethod: CentsBy
  expensesByMethod: CentsBy
  memberRechargeCents: number
  memberSpentCents: number
  pointsEarned: number
  pointsUsed: number
}

export interface JobLog {
  jobLogId: number
  jobName: string
  jobGroup: string
  invokeTarget: string
  propertyId: number | null
  jobMessage: string
  /** '0' succeeded, '1' failed. */
  status: '0' | '1'
  exceptionInfo: string
  startTime: string
  stopTime: string
  createTime: string
}

export interface JobLogQuery extends PageQuery {
  jobName?: string
  status?: '0' | '1'
  beginTime?: string
  endTime?: string
}
