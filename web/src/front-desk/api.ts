// Server calls of the front desk, typed from the producers' contracts: orders (protocol/src/api/orders.ts) and
// billing (protocol/src/api/billing.ts). Money-moving posts carry the idempotency key of their dialog submission.
import type { PageResult, Result } from '@pms/protocol'
import type {
  ChargeItem,
  ChargeRequest,
  CheckoutBill,
  FolioEntryView,
  FolioView,
  MoneyRequest,
  OrderPrint,
  RefundRequest,
} from '@pms/protocol/api/billing'
import type {
  AddRoomRequest,
  Availability,
  AvailabilityQuery,
  CancelApplyRequest,
  CancelAuditRequest,
  ChangePriceRequest,
  ChangeRoomRequest,
  CheckInRequest,
  CheckOutRequest,
  ExtendStayRequest,
  GuestInput,
  GuestView,
  JointRoomRequest,
  OrderActionRequest,
  OrderDetail,
  OrderListQuery,
  OrderSummary,
  OrderView,
  ReserveEdit,
  ReserveListQuery,
  ReserveRequest,
  RoomsActionRequest,
  WalkInRequest,
} from '@pms/protocol/api/orders'
import type { DictData } from '@pms/protocol/api/system'
import type { Params } from '../api/query.ts'
import { http, type RequestOptions } from '../api/request.ts'

type Keyed<T> = T & { idempotencyKey: string }

export const reserveApi = {
  list: (query: ReserveListQuery & Params, options?: RequestOptions) =>
    http.get<PageResult<OrderSummary>>('/pms/pmsReserve/list', query, options),
  availability: (query: AvailabilityQuery) =>
    http.get<Result<Availability>>('/pms/pmsReserve/availability', { ...query }, { quiet: true }),
  /** `full`: the contact's and guests' full numbers for an edit dialog (masked unless the user may edit). */
  get: (orderId: number, full = false) =>
    http.get<Result<OrderDetail>>(`/pms/pmsReserve/${orderId}`, full ? { full: true } : undefined),
  add: (body: ReserveRequest) => http.post<Result<OrderView>>('/pms/pmsReserve', body),
  edit: (body: ReserveEdit) => http.put<Result<OrderView>>('/pms/pmsReserve', body),
  cancelApply: (body: CancelApplyRequest) => http.post<Result>('/pms/pmsReserve/cancelApply', body),
  cancelAudit: (body: CancelAuditRequest) => http.post<Result>('/pms/pmsReserve/cancelAudit', body),
  cancel: (body: OrderActionRequest) => http.post<Result>('/pms/pmsReserve/cancel', body),
  restore: (body: OrderActionRequest) => http.post<Result>('/pms/pmsReserve/restore', body),
  noShow: (body: OrderActionRequest) => http.post<Result>('/pms/pmsReserve/noShow', body),
}

export const orderApi = {
  list: (query: OrderListQuery & Params, options?: RequestOptions) =>
    http.get<PageResult<OrderSummary>>('/pms/pmsOrder/list', query, options),
  /** `full`: guests' and the contact's full numbers, for editing a guest and the check-in prefill. */
  get: (orderId: number, options?: RequestOptions, full = false) =>
    http.get<Result<OrderDetail>>(`/pms/pmsOrder/${orderId}`, full ? { full: true } : undefined, options),
  walkIn: (body: WalkInRequest) => http.post<Result<OrderView>>('/pms/pmsOrder/walkIn', body),
  checkIn: (body: CheckInRequest) => http.post<Result<OrderView>>('/pms/pmsOrder/checkIn', body),
  checkOut: (body: CheckOutRequest) => http.post<Result<OrderView>>('/pms/pmsOrder/checkOut', body),
  cancelCheckOut: (body: RoomsActionRequest) =>
    http.post<Result<OrderView>>('/pms/pmsOrder/cancelCheckOut', body),
  setMainAccount: (orderId: number, orderRoomId: number) =>
    http.post<Result>('/pms/pmsOrder/setMainAccount', { orderId, orderRoomId }),
  jointRoom: (body: JointRoomRequest) => http.post<Result>('/pms/pmsOrder/jointRoom', body),
  cancelJointRoom: (orderRoomIds: number[]) =>
    http.post<Result>('/pms/pmsOrder/cancelJointRoom', { orderRoomIds }),
  changeRoom: (body: ChangeRoomRequest) => http.post<Result>('/pms/pmsOrder/changeRoom', body),
  changePrice: (body: ChangePriceRequest) => http.post<Result>('/pms/pmsOrder/changePrice', body),
  addRoom: (body: AddRoomRequest) => http.post<Result>('/pms/pmsOrder/addRoom', body),
  removeRoom: (orderRoomId: number) => http.post<Result>('/pms/pmsOrder/removeRoom', { orderRoomId }),
  extendStay: (body: ExtendStayRequest) => http.post<Result>('/pms/pmsOrder/extendStay', body),
  addGuest: (orderRoomId: number, guest: GuestInput) =>
    http.post<Result<GuestView>>('/pms/pmsOrderGuest', { ...guest, orderRoomId }),
  editGuest: (guestId: number, guest: GuestInput) =>
    http.put<Result<GuestView>>('/pms/pmsOrderGuest', { ...guest, guestId }),
  removeGuest: (guestId: number) => http.delete<Result>(`/pms/pmsOrderGuest/${guestId}`),
}

export const folioApi = {
  get: (orderId: number, options?: RequestOptions) =>
    http.get<Result<FolioView>>(`/pms/pmsFolio/${orderId}`, undefined, options),
  charge: (body: Keyed<ChargeRequest>) => http.post<Result<FolioEntryView>>('/pms/pmsFolio/charge', body),
  deposit: (body: Keyed<MoneyRequest>) => http.post<Result<FolioEntryView>>('/pms/pmsFolio/deposit', body),
  payment: (body: Keyed<MoneyRequest>) => http.post<Result<FolioEntryView>>('/pms/pmsFolio/payment', body),
  refund: (body: Keyed<RefundRequest>) => http.post<Result<FolioEntryView>>('/pms/pmsFolio/refund', body),
  checkoutBill: (orderId: number) => http.get<Result<CheckoutBill>>(`/pms/pmsFolio/checkoutBill/${orderId}`),
  checkoutCharges: (orderId: number, idempotencyKey: string) =>
    http.post<Result<CheckoutBill>>(`/pms/pmsFolio/checkoutCharges/${orderId}`, { idempotencyKey }),
  settle: (orderId: number) => http.post<Result<FolioView>>(`/pms/pmsFolio/settle/${orderId}`, {}),
  print: (orderId: number) => http.get<Result<OrderPrint>>(`/pms/pmsFolio/print/${orderId}`),
  /** The refund types in force (the pms_refund_type dictionary), for the refund dialog. */
  refundTypes: () =>
    http.get<Result<DictData[]>>('/system/dict/data/type/pms_refund_type', undefined, { quiet: true }),
  /** The property's charge items in force, for the charge dialog. */
  chargeItems: () => http.get<Result<ChargeItem[]>>('/pms/pmsFolio/chargeItems', undefined, { quiet: true }),
}

/** Cost items of a room type (GET /pms/pmsRoomType/{id}); quiet: without pms:pmsRoomType:query only free items remain. */
export interface RoomTypeCosts {
  roomTypeId: number
  typeName: string
  costItems?: Array<{ costId?: number; costName: string; amount: number; checkInCost: boolean }>
}
export const roomTypeCosts = (roomTypeId: number) =>
  http.get<Result<RoomTypeCosts>>(`/pms/pmsRoomType/${roomTypeId}`, undefined, { quiet: true })
