/**
 * The books contract (issue 11; SPEC §3 Finance, §4 journal account audit, §6 finance:fAccount:list, §7 Finance).
 *
 * Routes (RuoYi style, under /prod-api; every record belongs to the caller's current property, another property's
 * record answers 404):
 * - /finance/fSubjectCategory, /finance/fSubjectCategoryDetail, /finance/fSubject, /finance/fAccount,
 *   /finance/fJournalCategory, /finance/fJournalDetailed: GET list (paged), GET listAll, GET {id}, POST, PUT,
 *   DELETE {ids}. fSubject/listAll answers the chart grouped by category (`SubjectGroup`); fAccount/listAll answers
 *   the accounts grouped by subject, or, without finance:fAccount:list, an empty list with the message
 *   'no permission' (the list call itself is refused). fJournalCategory/list answers groups with children.
 * - GET /finance/fJournalDetailed/journal?accountId&beginDate&endDate → CashJournal (running balance, totals).
 * - /finance/fJournalAccount (vouchers): GET list (state, period filters), GET listAll, GET {id}, POST, PUT,
 *   DELETE {ids}, POST audit (body { ids }), POST antiAudit/{id}, POST reverse/{id} (a reversing voucher).
 * - GET /finance/fBookkeepeVoucher/generalLedger/{subjectId}?year → GeneralLedgerRow[] (per month)
 *   POST /finance/fBookkeepeVoucher/subLedger { subjectId, beginDate, endDate } → SubLedger
 *   POST /finance/fBookkeepeVoucher/subjectBalance { beginPeriod, endPeriod } → SubjectBalance
 * - GET /finance/fPeriod/list; POST /finance/fPeriod/close/{period}; POST /finance/fPeriod/reopen/{period}.
 * - GET and PUT /finance/fBookSetting (auditor must differ from maker).
 *
 * Money is integer cents; dates are 'YYYY-MM-DD'; periods are 'YYYYMM'.
 */

export const FinancePermission = {
  subjectCategory: 'finance:fSubjectCategory',
  subjectCategoryDetail: 'finance:fSubjectCategoryDetail',
  subject: 'finance:fSubject',
  account: 'finance:fAccount',
  journalCategory: 'finance:fJournalCategory',
  journalDetailed: 'finance:fJournalDetailed',
  voucher: 'finance:fJournalAccount',
  ledger: 'finance:fBookkeepeVoucher',
  period: 'finance:fPeriod',
  setting: 'finance:fBookSetting',
} as const

export const VoucherAction = {
  audit: 'finance:fJournalAccount:audit',
  antiAudit: 'finance:fJournalAccount:antiAudit',
  ledgerList: 'finance:fBookkeepeVoucher:list',
  periodList: 'finance:fPeriod:list',
  periodClose: 'finance:fPeriod:close',
  settingQuery: 'finance:fBookSetting:query',
  settingEdit: 'finance:fBookSetting:edit',
} as const

export const Direction = { debit: 'debit', credit: 'credit' } as const
export type Direction = (typeof Direction)[keyof typeof Direction]

export const VoucherState = { draft: 'draft', audited: 'audited' } as const
export type VoucherState = (typeof VoucherState)[keyof typeof VoucherState]

export const ACCOUNT_TYPES = ['cash', 'bank', 'wechat', 'alipay', 'card', 'other'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export interface SubjectCategory {
  categoryId: number
  categoryCode: string
  categoryName: string
  sort: number
  remark: string
}
export interface SubjectCategoryDetail {
  detailId: number
  categoryId: number
  detailCode: string
  detailName: string
  sort: number
  remark: string
}
export interface Subject {
  subjectId: number
  subjectCode: string
  subjectName: string
  categoryId: number
  detailId: number | null
  direction: Direction
  parentId: number | null
  leaf: boolean
  state: '0' | '1'
  remark: string
  /** Category names, e.g. '资产/流动资产'. */
  categoryName?: string
}
/** One group of fSubject/listAll: the subjects of a category, named by the category names. */
export interface SubjectGroup {
  categoryId: number
  name: string
  subjects: Subject[]
}
export interface FinanceAccount {
  accountId: number
  accountName: string
  accountType: AccountType
  accountNo: string
  subjectId: number
  subjectName?: string
  openingCents: number
  state: '0' | '1'
  remark: string
}
export interface AccountGroup {
  subjectId: number
  subjectName: string
  accounts: FinanceAccount[]
}
export interface JournalCategory {
  categoryId: number
  parentId: number | null
  categoryName: string
  flow: 'in' | 'out'
  subjectId: number | null
  sort: number
  remark: string
  children?: JournalCategory[]
}
export interface JournalEntry {
  journalId: number
  accountId: number
  journalDate: string
  categoryId: number | null
  inCents: number
  outCents: number
  counterpart: string
  remark: string
  attachment: string
  /** In the journal view: the account's balance after this line. */
  balanceCents?: number
}
export interface CashJournal {
  accountId: number
  openingCents: number
  rows: JournalEntry[]
  inCents: number
  outCents: number
  closingCents: number
}

export interface VoucherLine {
  lineNo: number
  summary: string
  subjectId: number
  subjectCode?: string
  subjectName?: string
  debitCents: number
  creditCents: number
}
export interface Voucher {
  voucherId: number
  period: string
  voucherNo: number
  voucherDate: string
  attachments: number
  remark: string
  state: VoucherState
  source: string
  sourceKey: string | null
  reversesId: number | null
  /** The voucher that reverses this one (a draft or audited), if any: then it is neither reversed again nor reopened. */
  reversedById: number | null
  makerName: string
  auditorName: string | null
  auditTime: string | null
  debitCents: number
  creditCents: number
  lines?: VoucherLine[]
}
export interface VoucherLineInput {
  summary?: string
  subjectId: number
  debitCents?: number
  creditCents?: number
}
export interface VoucherInput {
  voucherDate: string
  attachments?: number
  remark?: string
  lines: VoucherLineInput[]
}

/** A balance shown with its side: 'debit', 'credit' or 'flat' (zero), and its amount (never negative). */
export interface SidedBalance {
  side: 'debit' | 'credit' | 'flat'
  cents: number
}
export interface GeneralLedgerRow {
  period: string
  opening: SidedBalance
  debitCents: number
  creditCents: number
  closing: SidedBalance
}
export interface SubLedgerLine {
  voucherId: number
  voucherDate: string
  period: string
  voucherNo: number
  summary: string
  debitCents: number
  creditCents: number
  balance: SidedBalance
}
export interface SubLedger {
  subjectId: number
  opening: SidedBalance
  lines: SubLedgerLine[]
  debitCents: number
  creditCents: number
  closing: SidedBalance
}
export interface SubjectBalanceRow {
  subjectId: number
  subjectCode: string
  subjectName: string
  level: number
  openingDebitCents: number
  openingCreditCents: number
  debitCents: number
  creditCents: number
  yearDebitCents: number
  yearCreditCents: number
  closingDebitCents: number
  closingCreditCents: number
}
export interface SubjectBalance {
  beginPeriod: string
  endPeriod: string
  rows: SubjectBalanceRow[]
  /** Sums over the top-level subjects: each debit column equals its credit column. */
  totals: Omit<SubjectBalanceRow, 'subjectId' | 'subjectCode' | 'subjectName' | 'level'>
}
export interface Period {
  period: string
  state: 'open' | 'closed'
  closedBy: string | null
  closedTime: string | null
  drafts: number
  vouchers: number
}
export interface BookSetting {
  auditorMustDiffer: boolean
}
