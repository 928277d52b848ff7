// Server calls of the finance screens (protocol/src/api/finance.ts): the CRUD resources, vouchers, ledgers, periods.
import type { PageResult, Result } from '@pms/protocol'
import type {
  AccountGroup,
  BookSetting,
  CashJournal,
  FinanceAccount,
  GeneralLedgerRow,
  JournalCategory,
  JournalEntry,
  Period,
  Subject,
  SubjectBalance,
  SubjectCategory,
  SubjectCategoryDetail,
  SubjectGroup,
  SubLedger,
  Voucher,
  VoucherInput,
} from '@pms/protocol/api/finance'
import type { Params } from '../api/query.ts'
import { http } from '../api/request.ts'
import { type CrudApi, crudApi } from '../ui/crud/api.ts'

export const subjectCategoryApi = crudApi<SubjectCategory>('/finance/fSubjectCategory')
export const subjectCategoryDetailApi = crudApi<SubjectCategoryDetail>('/finance/fSubjectCategoryDetail')
export const subjectApi = crudApi<Subject>('/finance/fSubject')
export const accountApi = crudApi<FinanceAccount>('/finance/fAccount')
export const journalEntryApi = crudApi<JournalEntry>('/finance/fJournalDetailed')

/** Journal categories: the list call answers groups with children, flattened here into rows (SPEC §7). */
const journalCategoryBase = crudApi<JournalCategory>('/finance/fJournalCategory')
export const journalCategoryApi: CrudApi<JournalCategory> = {
  ...journalCategoryBase,
  list: async (_params, options) => {
    const res = await http.get<Result<JournalCategory[]>>(
      '/finance/fJournalCategory/list',
      undefined,
      options,
    )
    const rows = (res.data ?? []).flatMap(({ children, ...group }) => [group, ...(children ?? [])])
    return { code: res.code, msg: res.msg, rows, total: rows.length }
  },
}

export const listAll = {
  subjects: () => http.get<Result<SubjectGroup[]>>('/finance/fSubject/listAll', undefined, { quiet: true }),
  categories: () =>
    http.get<Result<(SubjectCategory & { details: SubjectCategoryDetail[] })[]>>(
      '/finance/fSubjectCategory/listAll',
      undefined,
      { quiet: true },
    ),
  accounts: () => http.get<Result<AccountGroup[]>>('/finance/fAccount/listAll', undefined, { quiet: true }),
  journalCategories: () =>
    http.get<Result<JournalCategory[]>>('/finance/fJournalCategory/list', undefined, { quiet: true }),
}

export const voucherApi = {
  list: (params: Params) => http.get<PageResult<Voucher>>('/finance/fJournalAccount/list', params),
  /** Every voucher the filters match, unpaged (the export). */
  listAll: (params: Params) => http.get<Result<Voucher[]>>('/finance/fJournalAccount/listAll', params),
  get: (id: number) => http.get<Result<Voucher>>(`/finance/fJournalAccount/${id}`),
  add: (body: VoucherInput) => http.post<Result<Voucher>>('/finance/fJournalAccount', body),
  edit: (body: VoucherInput & { voucherId: number }) =>
    http.put<Result<Voucher>>('/finance/fJournalAccount', body),
  remove: (ids: readonly number[]) => http.delete<Result>(`/finance/fJournalAccount/${ids.join(',')}`),
  audit: (ids: readonly number[]) => http.post<Result>('/finance/fJournalAccount/audit', { ids }),
  antiAudit: (id: number) => http.post<Result<Voucher>>(`/finance/fJournalAccount/antiAudit/${id}`),
  reverse: (id: number, voucherDate: string) =>
    http.post<Result<Voucher>>(`/finance/fJournalAccount/reverse/${id}`, { voucherDate }),
}

export const ledgerApi = {
  general: (subjectId: number, year: number) =>
    http.get<Result<GeneralLedgerRow[]>>(`/finance/fBookkeepeVoucher/generalLedger/${subjectId}`, { year }),
  sub: (body: { subjectId: number; beginDate: string; endDate: string }) =>
    http.post<Result<SubLedger>>('/finance/fBookkeepeVoucher/subLedger', body),
  balance: (body: { beginPeriod: string; endPeriod: string }) =>
    http.post<Result<SubjectBalance>>('/finance/fBookkeepeVoucher/subjectBalance', body),
  journal: (params: { accountId: number; beginDate: string; endDate: string }) =>
    http.get<Result<CashJournal>>('/finance/fJournalDetailed/journal', params),
}

export const periodApi = {
  list: () => http.get<Result<Period[]>>('/finance/fPeriod/list'),
  close: (period: string) => http.post<Result>(`/finance/fPeriod/close/${period}`),
  reopen: (period: string) => http.post<Result>(`/finance/fPeriod/reopen/${period}`),
  setting: () => http.get<Result<BookSetting>>('/finance/fBookSetting'),
  saveSetting: (body: BookSetting) => http.put<Result<BookSetting>>('/finance/fBookSetting', body),
}
