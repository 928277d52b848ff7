// Request schemas of the front-desk routes (the contract's types are in protocol/src/api/orders.ts).
import { CancelStatus, GUEST_ID_TYPES, OrderState, OrderType, ReserveState } from '@pms/protocol/api/orders'
import { PAYMENT_METHODS } from '@pms/protocol/billing/index'
import { type Static, Type } from '@sinclair/typebox'
import { PageQuery } from '../http/schemas.ts'

const Id = Type.Integer({ minimum: 1 })
const Ids = Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true })
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000_00 })
const Text = (max: number) => Type.String({ maxLength: max })
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)))
const Time = Type.String({ minLength: 10, maxLength: 19 })

export const GuestFields = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50 }),
  idType: Type.Optional(literals(GUEST_ID_TYPES)),
  idNo: Type.Optional(Text(30)),
  phone: Type.Optional(Text(30)),
  main: Type.Optional(Type.Boolean()),
})
export type GuestFields = Static<typeof GuestFields>
const Guests = Type.Array(GuestFields, { maxItems: 50 })

const StayLength = {
  startTime: Type.Optional(Time),
  // Any whole number: stayRange answers 1 to the property's longest stay with one message that says so.
  nights: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 48 })),
}

const Header = {
  externalNo: Type.Optional(Text(64)),
  orderSource: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  customerSource: Type.Optional(Text(30)),
  salesman: Type.Optional(Text(50)),
  channel: Type.Optional(Text(30)),
  secret: Type.Optional(Type.Boolean()),
  remark: Type.Optional(Text(500)),
  contactName: Type.Optional(Text(50)),
  contactPhone: Type.Optional(Text(30)),
}

/**
 * A deposit taken with a new order: posted to its folio as a deposit (method and receipt) in the same transaction.
 * It is not edited afterwards: further money goes through the folio.
 */
const Deposit = {
  depositCents: Type.Optional(Cents),
  depositMethod: Type.Optional(literals(PAYMENT_METHODS)),
  depositReceiptType: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
}

const RoomRequest = {
  roomTypeId: Id,
  roomId: Type.Optional(Id),
  priceCents: Type.Optional(Cents),
  guests: Type.Optional(Guests),
}

export const ReserveBody = Type.Object({
  ...Header,
  ...Deposit,
  ...StayLength,
  hourly: Type.Optional(Type.Boolean()),
  rooms: Type.Array(Type.Object(RoomRequest), { minItems: 1, maxItems: 50 }),
})
export type ReserveBody = Static<typeof ReserveBody>

export const WalkInBody = Type.Object({
  ...Header,
  ...Deposit,
  ...StayLength,
  hourly: Type.Optional(Type.Boolean()),
  rooms: Type.Array(Type.Object({ ...RoomRequest, roomId: Id }), { minItems: 1, maxItems: 50 }),
})
export type WalkInBody = Static<typeof WalkInBody>

export const ReserveEditBody = Type.Object({ orderId: Id, ...Header })
export type ReserveEditBody = Static<typeof ReserveEditBody>

export const OrderIdBody = Type.Object({ orderId: Id, remark: Type.Optional(Text(200)) })
export const CancelApplyBody = Type.Object({
  orderId: Id,
  reason: Type.String({ minLength: 1, maxLength: 200 }),
})
export const CancelAuditBody = Type.Object({
  orderId: Id,
  approve: Type.Boolean(),
  remark: Type.Optional(Text(200)),
})

export const CheckInBody = Type.Object({
  orderId: Id,
  rooms: Type.Optional(
    Type.Array(Type.Object({ orderRoomId: Id, roomId: Type.Optional(Id), guests: Type.Optional(Guests) }), {
      minItems: 1,
      maxItems: 50,
    }),
  ),
  early: Type.Optional(Type.Boolean()),
})
export type CheckInBody = Static<typeof CheckInBody>

export const RoomsActionBody = Type.Object({ orderId: Id, orderRoomIds: Type.Optional(Ids) })
/** Check-out: the desk confirms cancelling the rooms still to arrive when the last guests leave (`cancelBooked`). */
export const CheckOutBody = Type.Object({
  orderId: Id,
  orderRoomIds: Type.Optional(Ids),
  cancelBooked: Type.Optional(Type.Boolean()),
})
export const OrderRoomBody = Type.Object({ orderRoomId: Id })
export const SetMainAccountBody = Type.Object({ orderId: Id, orderRoomId: Id })
export const JointRoomBody = Type.Object({ mainRoomId: Id, orderRoomIds: Ids })
export const CancelJointRoomBody = Type.Object({ orderRoomIds: Ids })
export const ChangeRoomBody = Type.Object({ orderRoomId: Id, roomId: Id, priceCents: Type.Optional(Cents) })
export const ChangePriceBody = Type.Object({ orderRoomId: Id, priceCents: Cents })
export const AddRoomBody = Type.Object({
  orderId: Id,
  mainRoomId: Type.Optional(Id),
  ...RoomRequest,
  ...StayLength,
})
export type AddRoomBody = Static<typeof AddRoomBody>
export const ExtendStayBody = Type.Object({
  orderRoomId: Id,
  nights: StayLength.nights,
  hours: StayLength.hours,
})

export const GuestAddBody = Type.Object({ orderRoomId: Id, ...GuestFields.properties })
export const GuestEditBody = Type.Object({
  guestId: Id,
  ...Type.Partial(GuestFields).properties,
})
export const GuestIdParam = Type.Object({ guestId: Id })
export const OrderIdParam = Type.Object({ orderId: Id })
/** `full`: the contact's and guests' full phone and ID numbers, for the edit dialogs of a user who may edit them. */
export const FullQuery = Type.Object({ full: Type.Optional(Type.Boolean()) })

const ListFilters = {
  ...PageQuery.properties,
  beginDate: Type.Optional(Time),
  endDate: Type.Optional(Time),
  guestName: Type.Optional(Text(50)),
  phone: Type.Optional(Text(30)),
  roomNo: Type.Optional(Text(20)),
  orderNo: Type.Optional(Text(32)),
}
export const ReserveListQuery = Type.Object({
  ...ListFilters,
  reserveState: Type.Optional(literals(Object.values(ReserveState))),
  cancelStatus: Type.Optional(literals(Object.values(CancelStatus))),
})
export const OrderListQuery = Type.Object({
  ...ListFilters,
  state: Type.Optional(literals(Object.values(OrderState))),
  orderType: Type.Optional(literals(Object.values(OrderType))),
})
export type ListQuery = Static<typeof ReserveListQuery> & Static<typeof OrderListQuery>

export const AvailabilityQuery = Type.Object({
  startTime: Time,
  endTime: Type.Optional(Time),
  ...{ nights: StayLength.nights, hours: StayLength.hours },
  roomTypeId: Type.Optional(Id),
  hourly: Type.Optional(Type.Boolean()),
})
export type AvailabilityQuery = Static<typeof AvailabilityQuery>
