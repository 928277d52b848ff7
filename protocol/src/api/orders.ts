/**
 * The front-desk contract (SPEC §3 Order, §4 Order/Reserve/Room): reservations, orders, room stays, guests.
 *
 * One order carries a reservation and the stay that follows it (as many real PMSs do): a reservation is an order in
 * state `booking`; `reserveState` is the reservation's own view of the same order. Each room of an order is an
 * order room (a stay): a room type, a room (assigned now or later), a price and a half-open stay range. The database
 * refuses two active stays (booking or checked in) of one room whose ranges overlap.
 *
 * Times are `YYYY-MM-DD hh:mm:ss` in the server's local time (a date alone means 00:00:00); money is integer cents.
 *
 * Routes (RuoYi style, under /prod-api; every body and query is validated, answers are {code,msg,data} or
 * {code,msg,rows,total}):
 * - GET    /pms/pmsReserve/list                 ReserveListQuery → rows of OrderSummary    pms:pmsReserve:list
 * - GET    /pms/pmsReserve/availability         AvailabilityQuery → Availability           pms:pmsReserve:list
 * - GET    /pms/pmsReserve/{orderId}            → OrderDetail                              pms:pmsReserve:query
 * - POST   /pms/pmsReserve                      ReserveRequest → OrderView                 pms:pmsReserve:add
 * - PUT    /pms/pmsReserve                      ReserveEdit → OrderView                    pms:pmsReserve:edit
 * - POST   /pms/pmsReserve/cancelApply          CancelApplyRequest                         pms:pmsReserve:cancel
 * - POST   /pms/pmsReserve/cancelAudit          CancelAuditRequest                         pms:pmsReserve:audit
 * - POST   /pms/pmsReserve/cancel               OrderActionRequest (cancel booking)        pms:pmsReserve:cancel
 * - POST   /pms/pmsReserve/restore              OrderActionRequest (restore booking)       pms:pmsReserve:cancel
 * - POST   /pms/pmsReserve/noShow               OrderActionRequest                         pms:pmsReserve:cancel
 * - GET    /pms/pmsOrder/list                   OrderListQuery → rows of OrderSummary      pms:pmsOrder:list
 * - GET    /pms/pmsOrder/{orderId}              → OrderDetail                              pms:pmsOrder:query
 * - POST   /pms/pmsOrder/walkIn                 WalkInRequest → OrderView                  pms:pmsOrder:checkIn
 * - POST   /pms/pmsOrder/checkIn                CheckInRequest → OrderView                 pms:pmsOrder:checkIn
 * - POST   /pms/pmsOrder/checkOut               RoomsActionRequest → OrderView             pms:pmsOrder:checkOut
 * - POST   /pms/pmsOrder/cancelCheckOut         RoomsActionRequest → OrderView             pms:pmsOrder:checkOut
 * - POST   /pms/pmsOrder/setMainAccount         SetMainAccountRequest                      pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/jointRoom              JointRoomRequest                           pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/cancelJointRoom        CancelJointRoomRequest                     pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/changeRoom             ChangeRoomRequest                          pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/changePrice            ChangePriceRequest                         pms:pmsOrder:changePrice
 * - POST   /pms/pmsOrder/addRoom                AddRoomRequest                             pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/removeRoom             OrderRoomRequest                           pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/extendStay             ExtendStayRequest                          pms:pmsOrder:edit
 * - POST   /pms/pmsOrder/sweepOverdue           → {orderIds} marked overdue                pms:pmsOrder:edit
 * - POST   /pms/pmsOrderGuest                   GuestInput & {orderRoomId} → GuestView     pms:pmsOrder:guest
 * - PUT    /pms/pmsOrderGuest                   GuestInput & {guestId} → GuestView         pms:pmsOrder:guest
 * - DELETE /pms/pmsOrderGuest/{guestId}                                                   pms:pmsOrder:guest
 * Every other write answers the OrderView too (one statement: rooms, guests, history); the folio and other sections
 * come with GET detail only, so a console that shows them revalidates them after a write.
 * Setting a price other than the room type's price (on reserve, walk-in, add room, change room) also needs
 * pms:pmsOrder:changePrice.
 */

import type { StayMark } from './night-audit.ts'
import type { PropertyConfig } from './properties.ts'

/** Order states of SPEC §4. `overdue`: checked in and past the check-out time (set by the overdue sweep). */
export const OrderState = {
  booking: 'booking',
  checkIn: 'checkIn',
  checkOut: 'checkOut',
  cancel: 'cancel',
  noShow: 'noShow',
  overdue: 'overdue',
} as const
export type OrderState = (typeof OrderState)[keyof typeof OrderState]

/** States of one room stay. Booking and checkIn stays hold their room (the no-double-booking constraint). */
export const StayState = {
  booking: 'booking',
  checkIn: 'checkIn',
  checkOut: 'checkOut',
  cancel: 'cancel',
  noShow: 'noShow',
} as const
export type StayState = (typeof StayState)[keyof typeof StayState]
export const ACTIVE_STAY_STATES = [StayState.booking, StayState.checkIn] as const

/** Reserve states of SPEC §4: the reservation's view of its order. */
export const ReserveState = {
  reserving: 'reserving',
  checkInPart: 'checkInPart',
  checkInAll: 'checkInAll',
  toOrder: 'toOrder',
  canceled: 'canceled',
  noShow: 'noShow',
} as const
export type ReserveState = (typeof ReserveState)[keyof typeof ReserveState]

/** Reserve cancel status of SPEC §4: normal → applying → done; a refused application goes back to normal. */
export const CancelStatus = { normal: 'normal', applying: 'applying', done: 'done' } as const
export type CancelStatus = (typeof CancelStatus)[keyof typeof CancelStatus]

/** Every order action; the transition table (protocol/src/orders/state-machine.ts) is keyed by these. */
export const OrderAction = {
  reserve: 'reserve',
  editReserve: 'editReserve',
  walkIn: 'walkIn',
  checkIn: 'checkIn',
  checkOut: 'checkOut',
  cancelCheckOut: 'cancelCheckOut',
  cancelApply: 'cancelApply',
  cancelApprove: 'cancelApprove',
  cancelRefuse: 'cancelRefuse',
  cancelBooking: 'cancelBooking',
  restoreBooking: 'restoreBooking',
  noShow: 'noShow',
  setMainAccount: 'setMainAccount',
  jointRoom: 'jointRoom',
  cancelJointRoom: 'cancelJointRoom',
  changeRoom: 'changeRoom',
  changePrice: 'changePrice',
  addRoom: 'addRoom',
  removeRoom: 'removeRoom',
  extendStay: 'extendStay',
  addGuest: 'addGuest',
  editGuest: 'editGuest',
  removeGuest: 'removeGuest',
  overdue: 'overdue',
} as const
export type OrderAction = (typeof OrderAction)[keyof typeof OrderAction]

export const OrderType = { reserve: 'reserve', walkIn: 'walkIn' } as const
export type OrderType = (typeof OrderType)[keyof typeof OrderType]

/** ID types a guest may show; `idCard` (mainland resident ID) is checked with isChineseIdCard. */
/**
 * Distribution channels an order may name (its `channel`): booked direct, through the property's own website or
 * WeChat, an online travel agency, or a global distribution system. The field takes other values too (up to 30
 * characters), for channels a property adds.
 */
export const ORDER_CHANNELS = [
  'direct',
  'website',
  'wechat',
  'ctrip',
  'meituan',
  'fliggy',
  'booking',
  'expedia',
  'agoda',
  'gds',
  'other',
] as const

export const GUEST_ID_TYPES = ['idCard', 'passport', 'hkMacau', 'taiwan', 'other'] as const
export type GuestIdType = (typeof GUEST_ID_TYPES)[number]

/** How long a room is wanted: nights (daily rooms) or hour units (hourly rooms only). */
export interface StayLength {
  /** Arrival, `YYYY-MM-DD hh:mm:ss` or `YYYY-MM-DD`; a walk-in starts now when omitted. */
  startTime?: string
  /** Nights; the stay ends on the last day at the property's check-out time (or 24 h per night). */
  nights?: number
  /** Hour units of the property's hour-room unit time; only with `hourly`. */
  hours?: number
}

export interface GuestInput {
  name: string
  idType?: GuestIdType
  idNo?: string
  phone?: string
  /** The main guest of the room; at most one per room (a new main guest replaces the old one). */
  main?: boolean
}

export interface RoomRequest {
  roomTypeId: number
  /** Assign a room now, or later (at check-in or with changeRoom). */
  roomId?: number
  /** Per night, or per hour unit; needs pms:pmsOrder:changePrice when it differs from the room type's price. */
  priceCents?: number
  guests?: GuestInput[]
}

interface OrderHeader {
  externalNo?: string
  orderSource?: string
  customerSource?: string
  salesman?: string
  /** The distribution channel (ORDER_CHANNELS, or another of up to 30 characters). */
  channel?: string
  secret?: boolean
  remark?: string
  contactName?: string
  contactPhone?: string
}

/**
 * A deposit taken with a new order: posted to its folio as a deposit (method, receipt number) in the same
 * transaction; `depositMethod` is required with an amount. Further money goes through the folio.
 */
interface NewOrderDeposit {
  depositCents?: number
  depositMethod?: 'cash' | 'bankCard' | 'transfer' | 'thirdParty'
  /** A value of the pms_receipt_type dictionary ('deposit' when omitted). */
  depositReceiptType?: string
}

export interface ReserveRequest extends OrderHeader, NewOrderDeposit, StayLength {
  hourly?: boolean
  rooms: RoomRequest[]
}
export interface ReserveEdit extends OrderHeader {
  orderId: number
}
export interface WalkInRequest extends OrderHeader, NewOrderDeposit, StayLength {
  hourly?: boolean
  rooms: Array<RoomRequest & { roomId: number }>
}

export interface OrderActionRequest {
  orderId: number
  remark?: string
}
export interface CancelApplyRequest {
  orderId: number
  reason: string
}
export interface CancelAuditRequest {
  orderId: number
  approve: boolean
  /** Required when refusing. */
  remark?: string
}
export interface CheckInRequest {
  orderId: number
  /** Rooms to check in (all booked rooms when omitted); a room not assigned yet needs `roomId`. */
  rooms?: Array<{ orderRoomId: number; roomId?: number; guests?: GuestInput[] }>
  /**
   * The desk confirms checking in guests booked from a later day (their stay then starts now: the nights before the
   * booked arrival are added and charged); without it such a check-in is refused, naming the booked day.
   */
  early?: boolean
}
export interface RoomsActionRequest {
  orderId: number
  /** All rooms of the order in the state the action applies to, when omitted. */
  orderRoomIds?: number[]
}
/** Check-out: `cancelBooked` confirms cancelling the rooms still to arrive when the last guests leave. */
export interface CheckOutRequest extends RoomsActionRequest {
  cancelBooked?: boolean
}
export interface OrderRoomRequest {
  orderRoomId: number
}
export interface SetMainAccountRequest {
  orderId: number
  orderRoomId: number
}
export interface JointRoomRequest {
  /** The main room whose folio the others join. */
  mainRoomId: number
  orderRoomIds: number[]
}
export interface CancelJointRoomRequest {
  orderRoomIds: number[]
}
export interface ChangeRoomRequest {
  orderRoomId: number
  roomId: number
  /** Keep the old price when omitted. */
  priceCents?: number
}
export interface ChangePriceRequest {
  orderRoomId: number
  priceCents: number
}
export interface AddRoomRequest extends RoomRequest, StayLength {
  orderId: number
  /** Add as a subroom of this order room (a subroom cannot add a subroom). */
  mainRoomId?: number
}
export interface ExtendStayRequest {
  orderRoomId: number
  /** Nights (or hour units of an hourly stay) added to the end. */
  nights?: number
  hours?: number
}

export interface ReserveListQuery {
  pageNum?: number
  pageSize?: number
  /** Stays overlapping [beginDate, endDate] (dates). */
  beginDate?: string
  endDate?: string
  reserveState?: ReserveState
  cancelStatus?: CancelStatus
  /** Guest or contact name (part). */
  guestName?: string
  phone?: string
  roomNo?: string
  orderNo?: string
}
export interface OrderListQuery extends Omit<ReserveListQuery, 'reserveState' | 'cancelStatus'> {
  state?: OrderState
  orderType?: OrderType
}

export interface AvailabilityQuery extends StayLength {
  /** `YYYY-MM-DD` or datetime; with endTime instead of nights/hours. */
  startTime: string
  endTime?: string
  roomTypeId?: number
  hourly?: boolean
}

export interface AvailabilityNight {
  /** `YYYY-MM-DD`. */
  date: string
  /** Rooms of the type neither held by an active stay that night nor locked or under maintenance, less the type's bookings without a room. */
  free: number
}
export interface AvailabilityType {
  roomTypeId: number
  typeName: string
  dailyPrice: number
  hourlyPrice: number
  hourRoom: boolean
  maxOccupancy: number
  total: number
  nights: AvailabilityNight[]
  /** Rooms free over the whole range, bookable now. */
  freeRooms: Array<{ roomId: number; roomNo: string; occupancy: string; dirty: boolean }>
}
export interface Availability {
  startTime: string
  endTime: string
  types: AvailabilityType[]
}

export interface GuestView {
  guestId: number
  orderId: number
  orderRoomId: number
  name: string
  idType: GuestIdType
  idNo: string
  phone: string
  main: boolean
}

export interface OrderRoomView {
  orderRoomId: number
  roomId: number | null
  roomNo: string | null
  roomTypeId: number
  typeName: string
  priceCents: number
  startTime: string
  endTime: string
  state: StayState
  /** Checked in and past its end. */
  overdue: boolean
  mainRoomId: number | null
  /** The room number of the stay it is joined to (which may belong to another order); null when not joined. */
  mainRoomNo: string | null
  checkedInAt: string | null
  checkedOutAt: string | null
  /** House use or complimentary (charged nothing), with its reason; '' when charged as usual (night audit stayMark). */
  stayMark: StayMark
  stayMarkReason: string
  guests: GuestView[]
}

export interface OrderEventView {
  eventId: number
  orderRoomId: number | null
  action: OrderAction
  stateBefore: string | null
  stateAfter: string | null
  detail: Record<string, unknown>
  createBy: number | null
  createByName: string
  createTime: string
}

export interface OrderSummary {
  orderId: number
  orderNo: string
  externalNo: string
  orderType: OrderType
  orderSource: string
  customerSource: string
  state: OrderState
  reserveState: ReserveState
  cancelStatus: CancelStatus
  cancelReason: string
  cancelRemark: string
  contactName: string
  contactPhone: string
  salesman: string
  channel: string
  secret: boolean
  remark: string
  mainAccount: number | null
  depositCents: number
  hourly: boolean
  checkInAt: string
  /** The planned departure (the end of the last stay booked or in house). */
  checkOutAt: string
  /** When the order's last guests left (its last room's check-out), once it is checked out; null before. */
  departedAt: string | null
  /** Some stay is checked in and past its end (also when the sweep has not run yet). */
  overdue: boolean
  roomNos: string[]
  /** The room type of each stay still booked without a room (rooms to assign), in the order of the stays. */
  unassigned: string[]
  guestNames: string[]
  createTime: string
}

/** The order with its rooms (and their guests) and history: what the order writes answer. */
export interface OrderView extends OrderSummary {
  rooms: OrderRoomView[]
  events: OrderEventView[]
}

/** The order as GET shows it: the view and the sections other areas add. */
export interface OrderDetail extends OrderView {
  /** Sections other areas add (billing adds `folio`). */
  sections: Record<string, unknown>
}

/** The hotel timing the front desk works with: the property configuration's (PUT /pms/pmsProperty/propertyConfig). */
export type HotelTiming = Pick<
  PropertyConfig,
  'checkOutMode' | 'checkOutTime' | 'hourUnitMinutes' | 'timeZone'
>
