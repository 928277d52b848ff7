// Server calls of the member screens (server/src/members, protocol/src/api/members.ts).
import type { PageResult, Result } from '@pms/protocol'
import type {
  MemberDetail,
  MemberGrade,
  MemberImportResult,
  MemberPayResult,
  MemberPointsPayResult,
  MemberRecordView,
  MemberStayView,
  MemberTag,
  MemberView,
  OrderMemberView,
  RechargeType,
} from '@pms/protocol/api/members'
import type { MemberSettings } from '@pms/protocol/members/ledger'
import type { Params } from '../api/query.ts'
import { http, type RequestOptions } from '../api/request.ts'
import { type CrudApi, crudApi } from '../ui/crud/api.ts'

export const gradeApi = crudApi<MemberGrade>('/pms/pmsMemberGrade')
export const rechargeTypeApi = crudApi<RechargeType>('/pms/pmsRechargeType')
export const tagApi = crudApi<MemberTag>('/pms/pmsMemberTag')

/** The member list as a CRUD resource; one record is read with its full phone and ID (the edit dialog). */
export const memberCrudApi: CrudApi<MemberView> = {
  ...crudApi<MemberView>('/pms/pmsMember'),
  get: (id) => http.get<Result<MemberView>>(`/pms/pmsMember/${id}`, { full: true }),
}

export const memberApi = {
  detail: (memberId: number) => http.get<Result<MemberDetail>>(`/pms/pmsMember/${memberId}`),
  /** Quiet: the lookup shows its own message when nothing matches. */
  lookup: (by: { phone?: string; cardNo?: string }) =>
    http.get<Result<MemberView>>('/pms/pmsMember/lookup', by, { quiet: true }),
  records: (params: Params, options?: RequestOptions) =>
    http.get<PageResult<MemberRecordView>>('/pms/pmsMember/records', params, options),
  stays: (params: { memberId: number; pageNum: number; pageSize: number }) =>
    http.get<PageResult<MemberStayView>>('/pms/pmsMember/stays', params),
  state: (body: { memberId: number; state: string; reason?: string }) =>
    http.post<Result<MemberView>>('/pms/pmsMember/state', body),
  blacklist: (body: { memberId: number; blacklist: boolean; reason?: string }) =>
    http.post<Result<MemberView>>('/pms/pmsMember/blacklist', body),
  recharge: (body: {
    memberId: number
    rechargeTypeId?: number
    amountCents?: number
    method: string
    remark?: string
    idempotencyKey: string
  }) => http.post<Result<MemberRecordView[]>>('/pms/pmsMember/recharge', body),
  pay: (body: { memberId: number; orderId: number; amountCents: number; idempotencyKey: string }) =>
    http.post<Result<MemberPayResult>>('/pms/pmsMember/pay', body),
  payPoints: (body: { memberId: number; orderId: number; amountCents: number; idempotencyKey: string }) =>
    http.post<Result<MemberPointsPayResult>>('/pms/pmsMember/payPoints', body),
  refundRecharge: (body: {
    recordId: number
    amountCents?: number
    method: string
    reason: string
    idempotencyKey: string
  }) => http.post<Result<MemberRecordView>>('/pms/pmsMember/refundRecharge', body),
  /** Quiet: a refused file answers its rows' errors, which the import dialog lists itself. */
  importFile: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return http.post<Result<MemberImportResult>>('/pms/pmsMember/import', form, { quiet: true })
  },
  settings: () => http.get<Result<MemberSettings>>('/pms/pmsMember/settings'),
  bindOrder: (body: { orderId: number; memberId: number }) =>
    http.post<Result<OrderMemberView>>('/pms/pmsMember/bindOrder', body),
  orderMember: (orderId: number) =>
    http.get<Result<OrderMemberView | null>>(`/pms/pmsMember/orderMember/${orderId}`, undefined, {
      quiet: true,
    }),
}
