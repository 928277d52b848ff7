// Which front-desk buttons an order and each of its rooms show: an action appears only when the user holds its
// permission, the order's state allows its action (the order transition table of protocol/src/orders/state-machine.ts,
// the one the server enforces) and the room's state fits (SPEC §4 order rules).
import { hasPermission } from '@pms/protocol'
import { OrderAction, type OrderRoomView, type OrderSummary } from '@pms/protocol/api/orders'
import { canTransition } from '@pms/protocol/orders/state-machine'

export const DeskPermission = {
  reserveEdit: 'pms:pmsReserve:edit',
  reserveCancel: 'pms:pmsReserve:cancel',
  reserveAudit: 'pms:pmsReserve:audit',
  checkIn: 'pms:pmsOrder:checkIn',
  checkOut: 'pms:pmsOrder:checkOut',
  edit: 'pms:pmsOrder:edit',
  changePrice: 'pms:pmsOrder:changePrice',
  guest: 'pms:pmsOrder:guest',
  folioList: 'pms:pmsFolio:list',
  charge: 'pms:pmsFolio:charge',
  pay: 'pms:pmsFolio:pay',
  refund: 'pms:pmsFolio:refund',
  settle: 'pms:pmsFolio:settle',
} as const

/** Actions on the whole order. */
export const ORDER_ACTIONS = [
  'checkIn',
  'checkOut',
  'cancelCheckOut',
  'editReserve',
  'addRoom',
  'cancelApply',
  'cancelAudit',
  'cancelBooking',
  'noShow',
  'restoreBooking',
] as const
export type OrderButton = (typeof ORDER_ACTIONS)[number]

/** Actions on one room of the order. */
export const ROOM_ACTIONS = [
  'checkIn',
  'checkOut',
  'addGuest',
  'changeRoom',
  'changePrice',
  'extendStay',
  'setMainAccount',
  'jointRoom',
  'cancelJointRoom',
  'removeRoom',
] as const
export type RoomButton = (typeof ROOM_ACTIONS)[number]

const ORDER_PERMISSION: Record<OrderButton, string> = {
  checkIn: DeskPermission.checkIn,
  checkOut: DeskPermission.checkOut,
  cancelCheckOut: DeskPermission.checkOut,
  editReserve: DeskPermission.reserveEdit,
  addRoom: DeskPermission.edit,
  cancelApply: DeskPermission.reserveCancel,
  cancelAudit: DeskPermission.reserveAudit,
  cancelBooking: DeskPermission.reserveCancel,
  noShow: DeskPermission.reserveCancel,
  restoreBooking: DeskPermission.reserveCancel,
}

const ROOM_PERMISSION: Record<RoomButton, string> = {
  checkIn: DeskPermission.checkIn,
  checkOut: DeskPermission.checkOut,
  addGuest: DeskPermission.guest,
  changeRoom: DeskPermission.edit,
  changePrice: DeskPermission.changePrice,
  extendStay: DeskPermission.edit,
  setMainAccount: DeskPermission.edit,
  jointRoom: DeskPermission.edit,
  cancelJointRoom: DeskPermission.edit,
  removeRoom: DeskPermission.edit,
}

/**
 * The transition-table actions behind each order button: the button is offered when the order's state allows any
 * of them (an audit either approves or refuses the cancellation).
 */
const ORDER_TRANSITIONS: Record<OrderButton, readonly OrderAction[]> = {
  checkIn: [OrderAction.checkIn],
  checkOut: [OrderAction.checkOut],
  cancelCheckOut: [OrderAction.cancelCheckOut],
  editReserve: [OrderAction.editReserve],
  addRoom: [OrderAction.addRoom],
  cancelApply: [OrderAction.cancelApply],
  cancelAudit: [OrderAction.cancelApprove, OrderAction.cancelRefuse],
  cancelBooking: [OrderAction.cancelBooking],
  noShow: [OrderAction.noShow],
  restoreBooking: [OrderAction.restoreBooking],
}

export type OrderLike = Pick<OrderSummary, 'state' | 'cancelStatus'> & {
  rooms: ReadonlyArray<Pick<OrderRoomView, 'state' | 'mainRoomId' | 'orderRoomId' | 'guests'>>
}

const can = (permissions: readonly string[], permission: string) =>
  hasPermission({ permissions }, [permission])

function orderAllows(order: OrderLike, action: OrderButton): boolean {
  if (!ORDER_TRANSITIONS[action].some((a) => canTransition(order.state, a))) return false
  const has = (state: string) => order.rooms.some((r) => r.state === state)
  switch (action) {
    case 'checkIn':
      return has('booking')
    case 'checkOut':
      return has('checkIn')
    case 'cancelCheckOut':
      return has('checkOut')
    case 'cancelApply':
      return order.cancelStatus === 'normal'
    case 'cancelAudit':
      return order.cancelStatus === 'applying'
    default:
      return true
  }
}

/** The order's buttons, in display order. */
export function orderButtons(order: OrderLike, permissions: readonly string[]): OrderButton[] {
  return ORDER_ACTIONS.filter((a) => can(permissions, ORDER_PERMISSION[a]) && orderAllows(order, a))
}

function roomAllows(order: OrderLike, room: OrderLike['rooms'][number], action: RoomButton): boolean {
  // Every room button is an action of the transition table, named alike.
  if (!canTransition(order.state, action)) return false
  const active = room.state === 'booking' || room.state === 'checkIn'
  switch (action) {
    case 'checkIn':
      return room.state === 'booking'
    case 'checkOut':
      return room.state === 'checkIn'
    case 'removeRoom':
      // Checked-in rooms cannot be removed; guest information must be deleted first (SPEC §4 order rules).
      return room.state === 'booking' && room.guests.length === 0 && order.rooms.length > 1
    case 'jointRoom':
      return (
        active &&
        room.mainRoomId === null &&
        order.rooms.some(
          (r) => r.orderRoomId !== room.orderRoomId && (r.state === 'booking' || r.state === 'checkIn'),
        )
      )
    case 'cancelJointRoom':
      return active && room.mainRoomId !== null
    default:
      return active
  }
}

/** One room's buttons, in display order. */
export function roomButtons(
  order: OrderLike,
  room: OrderLike['rooms'][number],
  permissions: readonly string[],
): RoomButton[] {
  return ROOM_ACTIONS.filter((a) => can(permissions, ROOM_PERMISSION[a]) && roomAllows(order, room, a))
}

/** Guests of a room may be edited or deleted while the stay is booked or checked in. */
export function canEditGuests(
  order: OrderLike,
  room: OrderLike['rooms'][number],
  permissions: readonly string[],
): boolean {
  return can(permissions, DeskPermission.guest) && roomAllows(order, room, 'addGuest')
}

/**
 * A list row as an OrderLike: the list has no rooms, so the room states are read from the reservation state
 * (partly checked in: some rooms booked, some checked in). Only order buttons are drawn from it.
 */
export function summaryAsOrder(
  summary: Pick<OrderSummary, 'state' | 'cancelStatus' | 'reserveState'>,
): OrderLike {
  const room = (state: OrderRoomView['state']) => ({ state, mainRoomId: null, orderRoomId: 0, guests: [] })
  const states: OrderRoomView['state'][] =
    summary.state === 'checkOut'
      ? ['checkOut']
      : summary.reserveState === 'checkInPart'
        ? ['booking', 'checkIn']
        : summary.state === 'booking'
          ? ['booking']
          : summary.state === 'checkIn' || summary.state === 'overdue'
            ? ['checkIn']
            : []
  return { state: summary.state, cancelStatus: summary.cancelStatus, rooms: states.map(room) }
}
