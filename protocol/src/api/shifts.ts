/**
 * Cashier shifts and their handover (issue 13 交班). One open shift per user and property; the money a shift holds is
 * what its cashier posted while it was open. Closing takes a blind count per method; the report shows expected vs
 * counted and the over/short. The next cashier takes the drawer over by confirming, signed in as themselves.
 *
 * Routes (under /prod-api; the caller's current property):
 * - GET  /pms/pmsShift/current                    → Shift | null (the caller's open shift; no expected figures)
 * - POST /pms/pmsShift/open   ShiftOpenBody       → Shift                       pms:pmsShift:open
 * - POST /pms/pmsShift/close  ShiftCloseBody      → ShiftReport                 pms:pmsShift:close
 * - POST /pms/pmsShift/handover/{shiftId}         → Shift (the caller takes it over)   pms:pmsShift:open
 * - GET  /pms/pmsShift/list (paged)               → Shift rows (own; every user's with pms:pmsShift:listAll)
 * - GET  /pms/pmsShift/report/{shiftId}           → ShiftReport (a closed shift)  pms:pmsShift:list
 */
import type { PageQuery } from './envelope.ts'

export const ShiftPermission = {
  open: 'pms:pmsShift:open',
  close: 'pms:pmsShift:close',
  list: 'pms:pmsShift:list',
  listAll: 'pms:pmsShift:listAll',
} as const

/** The drawer's methods the cashier counts (member card payments move no money through the drawer). */
export const DRAWER_METHODS = ['cash', 'bankCard', 'transfer', 'thirdParty'] as const
export type DrawerMethod = (typeof DRAWER_METHODS)[number]

export interface Shift {
  shiftId: number
  userId: number
  userName: string
  state: 'open' | 'closed'
  openingFloatCents: number
  openTime: string
  closeTime: string | null
  overShortCents: number | null
  handedToName: string
  handoverTime: string | null
  closedBy: 'user' | 'audit' | null
  remark: string
}

export interface ShiftOpenBody {
  openingFloatCents: number
  remark?: string
}

export interface ShiftCloseBody {
  /** What the cashier counted per method, before seeing what was expected. */
  counted: Partial<Record<DrawerMethod, number>>
  remark?: string
}

export interface ShiftReportLine {
  method: string
  expectedCents: number
  countedCents: number
  /** counted − expected: positive over, negative short. */
  overShortCents: number
}

export interface ShiftEntry {
  source: 'folio' | 'member'
  entryId: number
  kind: string
  method: string
  cents: number
  orderNo: string | null
  receiptNo: string | null
  createTime: string
}

export interface ShiftReport {
  shift: Shift
  property: { propertyName: string }
  lines: ShiftReportLine[]
  totals: { expectedCents: number; countedCents: number; overShortCents: number }
  entries: ShiftEntry[]
  /** The adjustment voucher that booked the over/short (null when the count matched, or closed by the audit). */
  overShortVoucher: { voucherId: number; period: string; voucherNo: number } | null
  printedAt: string
}

export type ShiftListQuery = PageQuery
