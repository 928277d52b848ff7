/**
 * The members contract (SPEC §1 member levels, recharge, points, tags; §3 Member, Member grade, Recharge type; §4
 * member states; §9 validity options and points rule).
 *
 * Routes (RuoYi style, under /prod-api; property from the session, another property's record answers 404):
 * - GET/POST/PUT/DELETE /pms/pmsMemberGrade…       grades (plain CRUD)                 pms:pmsMemberGrade:*
 * - GET/POST/PUT/DELETE /pms/pmsRechargeType…      recharge types (plain CRUD)         pms:pmsRechargeType:*
 * - GET/POST/PUT/DELETE /pms/pmsMemberTag…         tags (plain CRUD; unique name)      pms:pmsMemberTag:*
 * - GET    /pms/pmsMember/list                     MemberListQuery → rows of MemberView pms:pmsMember:list
 * - GET    /pms/pmsMember/{memberId}                → MemberDetail                      pms:pmsMember:query
 * - GET    /pms/pmsMember/lookup?phone=|cardNo=     → MemberView (404 with the SPEC message) pms:pmsMember:query
 * - POST   /pms/pmsMember                          MemberInput → MemberView             pms:pmsMember:add
 * - PUT    /pms/pmsMember                          MemberInput & {memberId}            pms:pmsMember:edit
 * - DELETE /pms/pmsMember/{ids}                    (only members without records)      pms:pmsMember:remove
 * - POST   /pms/pmsMember/state                    MemberStateRequest                  pms:pmsMember:state
 * - POST   /pms/pmsMember/blacklist                BlacklistRequest                    pms:pmsMember:blacklist
 * - GET    /pms/pmsMember/records                  MemberRecordQuery → rows of MemberRecordView  pms:pmsMember:query
 * - GET    /pms/pmsMember/stays                    MemberStayQuery → rows of MemberStayView  pms:pmsMember:query
 * - POST   /pms/pmsMember/recharge                 RechargeRequest → MemberRecordView[] pms:pmsMember:recharge (key)
 * - POST   /pms/pmsMember/pay                      MemberPayRequest → MemberPayResult  pms:pmsMember:pay      (key)
 * - POST   /pms/pmsMember/refundPayment            MemberRefundRequest → MemberPayResult pms:pmsMember:refund (key)
 * - POST   /pms/pmsMember/adjust                   AdjustRequest → MemberRecordView    pms:pmsMember:adjust   (key)
 * - POST   /pms/pmsMember/payPoints                MemberPayRequest → MemberPointsPayResult pms:pmsMember:pay (key)
 * - POST   /pms/pmsMember/refundRecharge           RefundRechargeRequest → MemberRecordView pms:pmsMember:refund (key)
 * - POST   /pms/pmsMember/expirePoints             {memberId?} → {points} expired      pms:pmsMember:adjust
 * - POST   /pms/pmsMember/export                   MemberListQuery → xlsx              pms:pmsMember:export
 * - POST   /pms/pmsMember/import                   multipart `file` (xlsx) → MemberImportResult pms:pmsMember:import
 * - POST   /pms/pmsMember/bindOrder                BindOrderRequest → OrderMemberView  pms:pmsMember:pay
 * - GET    /pms/pmsMember/settings                 → MemberSettings (points rate, cap…)  pms:pmsMember:query
 * - GET    /pms/pmsMember/orderMember/{orderId}    → OrderMemberView | null            pms:pmsMember:query
 *
 * Paying from stored value posts a folio payment with method `memberCard` and debits the member in the same
 * transaction (spending base first); the member's stored value is a liability of the property (other payables).
 * (key): an Idempotency-Key exactly as the folio's money routes.
 */
import type { MemberRecordKind, MemberState, MemberValidity } from '../members/ledger.ts'

export const MemberPermission = {
  list: 'pms:pmsMember:list',
  query: 'pms:pmsMember:query',
  add: 'pms:pmsMember:add',
  edit: 'pms:pmsMember:edit',
  remove: 'pms:pmsMember:remove',
  state: 'pms:pmsMember:state',
  blacklist: 'pms:pmsMember:blacklist',
  recharge: 'pms:pmsMember:recharge',
  pay: 'pms:pmsMember:pay',
  refund: 'pms:pmsMember:refund',
  adjust: 'pms:pmsMember:adjust',
  import: 'pms:pmsMember:import',
  export: 'pms:pmsMember:export',
} as const

export const MemberGradePermission = 'pms:pmsMemberGrade'
export const RechargeTypePermission = 'pms:pmsRechargeType'
export const MemberTagPermission = 'pms:pmsMemberTag'

export const MEMBER_SOURCES = ['desk', 'online', 'import', 'other'] as const
export type MemberSource = (typeof MEMBER_SOURCES)[number]
export const MEMBER_ID_TYPES = ['idCard', 'passport', 'hkMacau', 'taiwan', 'other'] as const
export type MemberIdType = (typeof MEMBER_ID_TYPES)[number]
export const MEMBER_GENDERS = ['0', '1', '2'] as const

export interface MemberGrade {
  gradeId: number
  propertyId: number
  gradeName: string
  /** Rank: a higher rank is a better grade. */
  gradeRank: number
  upgradeWay: 'amount' | 'frequency'
  /** Cents of room revenue (amount) or stays (frequency). */
  threshold: number
  /** Percent of the list price paid, e.g. 95 = 9.5折. */
  discount: number
  delayHours: number
  effectiveMonths: number
  state: '0' | '1'
  remark: string
}

export interface RechargeType {
  rechargeTypeId: number
  propertyId: number
  typeName: string
  amountCents: number
  giftCents: number
  state: '0' | '1'
  remark: string
}

export interface MemberTag {
  tagId: number
  propertyId: number
  tagName: string
}

export interface MemberInput {
  cardNo?: string
  name: string
  /** Phone area code of geo/area-codes (default 0086). */
  areaCode?: string
  phone: string
  idType?: MemberIdType
  idNo?: string
  gender?: string
  birthday?: string | null
  gradeId?: number | null
  tagIds?: number[]
  source?: MemberSource
  validity?: MemberValidity
  /** Computed from the validity when omitted. */
  expireDate?: string | null
  remark?: string
}

export interface MemberView {
  memberId: number
  cardNo: string
  name: string
  areaCode: string
  /** Masked (first part, ****, last four) unless the caller may edit members and asked for one record. */
  phone: string
  idType: MemberIdType
  idNo: string
  gender: string
  birthday: string | null
  gradeId: number | null
  gradeName: string | null
  discount: number
  delayHours: number
  tags: MemberTag[]
  tagIds: number[]
  source: string
  validity: MemberValidity
  expireDate: string | null
  state: MemberState
  blacklist: boolean
  /** Shown only to callers with pms:pmsMember:blacklist. */
  blacklistReason: string
  baseCents: number
  giftCents: number
  balanceCents: number
  points: number
  remark: string
  createTime: string
  /** Why the member cannot pay or earn now (translated), or null. */
  unusable: string | null
}

export interface MemberStateLogView {
  logId: number
  field: 'state' | 'blacklist' | 'grade'
  fromValue: string
  toValue: string
  reason: string
  createByName: string
  createTime: string
}

/** How far a member is from the next grade up: its figure against the threshold, over the grade's window. */
export interface GradeProgressView {
  gradeId: number
  gradeName: string
  upgradeWay: 'amount' | 'frequency'
  /** Cents of room revenue (amount) or stays (frequency). */
  threshold: number
  current: number
  /** The window counted, months (0: ever). */
  effectiveMonths: number
}

export interface MemberDetail extends MemberView {
  history: MemberStateLogView[]
  /** Towards the lowest enabled grade above the member's; null at the top. */
  progress?: GradeProgressView | null
}

export interface MemberListQuery {
  pageNum?: number
  pageSize?: number
  cardNo?: string
  name?: string
  phone?: string
  tagId?: number
  gradeId?: number
  state?: MemberState
  blacklist?: boolean
}

export interface MemberStateRequest {
  memberId: number
  state: MemberState
  reason?: string
}

export interface BlacklistRequest {
  memberId: number
  blacklist: boolean
  /** Required when putting on the blacklist. */
  reason?: string
}

export interface MemberRecordView {
  recordId: number
  memberId: number
  cardNo: string
  memberName: string
  kind: MemberRecordKind
  baseDelta: number
  giftDelta: number
  pointsDelta: number
  baseAfter: number
  giftAfter: number
  pointsAfter: number
  method: string | null
  receiptNo: string | null
  entryId: number | null
  orderId: number | null
  remark: string
  createByName: string
  createTime: string
}

/** A flow of a member's records: stored value (base or gift moved) or points (points moved). */
export const MemberFlow = { balance: 'balance', points: 'points' } as const
export type MemberFlow = (typeof MemberFlow)[keyof typeof MemberFlow]

export interface MemberRecordQuery {
  pageNum?: number
  pageSize?: number
  memberId?: number
  kind?: MemberRecordKind
  flow?: MemberFlow
  /** Business dates ('YYYY-MM-DD') the records were booked to, both included. */
  beginDate?: string
  endDate?: string
}

export interface MemberStayQuery {
  memberId: number
  pageNum?: number
  pageSize?: number
}

/** An order the member stayed (or is booked) under, newest first. */
export interface MemberStayView {
  orderId: number
  orderNo: string
  state: string
  /** Stay times on the property's clock ('YYYY-MM-DD HH:mm:ss'). */
  checkInAt: string
  checkOutAt: string
  roomNos: string[]
  /** Room, overtime and extra charges of its folio. */
  chargesCents: number
  /** Payments less refunds of its folio. */
  paidCents: number
}

interface Keyed {
  idempotencyKey?: string
}

/** By a recharge type (amount and gift from it) or a free amount (no gift). */
export interface RechargeRequest extends Keyed {
  memberId: number
  rechargeTypeId?: number
  amountCents?: number
  /** How the money was paid in: cash, bankCard, transfer, thirdParty. */
  method: string
  remark?: string
}

export interface MemberPayRequest extends Keyed {
  memberId: number
  orderId: number
  orderRoomId?: number
  amountCents: number
  remark?: string
}

export interface MemberRefundRequest extends Keyed {
  /** The folio payment (method memberCard) to return to the member. */
  entryId: number
  amountCents: number
  reason: string
}

export interface AdjustRequest extends Keyed {
  memberId: number
  baseCents?: number
  giftCents?: number
  points?: number
  reason: string
}

export interface MemberPayResult {
  entryId: number
  receiptNo: string | null
  record: MemberRecordView
}

export interface BindOrderRequest {
  orderId: number
  memberId: number
}

export interface OrderMemberView {
  orderId: number
  member: MemberView
}

export interface MemberPointsPayResult extends MemberPayResult {
  /** The points the payment took. */
  points: number
}

/** Refund of one recharge: the base paid back (all that may be when omitted) by a desk method; its gift withdrawn. */
export interface RefundRechargeRequest extends Keyed {
  /** The 'recharge' record. */
  recordId: number
  amountCents?: number
  method: string
  reason: string
}

/** One refused row of an import: its sheet row number and what is wrong with it, every problem found (translated). */
export interface MemberImportError {
  row: number
  message: string
}

/** The most refused rows an import answer lists (the first ones, by row); `errorRows` still counts them all. */
export const MEMBER_IMPORT_ERRORS_LISTED = 100

/**
 * An import writes every row or none: `errors` empty and `imported` the rows, or the rows' errors (the first
 * MEMBER_IMPORT_ERRORS_LISTED of them) and 0. `errorRows`: how many rows were refused in all.
 */
export interface MemberImportResult {
  imported: number
  errors: MemberImportError[]
  errorRows: number
}

/** The columns of the member spreadsheet (export and import), in order; their headings come from the language pack. */
export const MEMBER_SHEET_COLUMNS = [
  'cardNo',
  'name',
  'areaCode',
  'phone',
  'idType',
  'idNo',
  'gender',
  'birthday',
  'gradeName',
  'tags',
  'validity',
  'expireDate',
  'remark',
] as const
export type MemberSheetColumn = (typeof MEMBER_SHEET_COLUMNS)[number]

/** The member part of an order's detail (`sections.member`): who, the grade's discount, and each stay's prices. */
export interface OrderMemberSection {
  memberId: number
  cardNo: string
  name: string
  gradeName: string | null
  /** Percent of the list price paid. */
  discount: number
  delayHours: number
  rooms: Array<{ orderRoomId: number; listCents: number; priceCents: number }>
}
