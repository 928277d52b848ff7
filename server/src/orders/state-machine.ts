/**
 * The order state machine: one table of (state, action) → next state. An action missing from a state's row is not
 * allowed there; `requireTransition` refuses it with a message naming the action and the state, before anything is
 * written (every action runs in one transaction, so a refusal changes nothing).
 *
 * Some actions touch only some rooms of an order; the table gives the order's state once the action is done for the
 * whole order, and the services derive the rest from the rooms (stateFromRooms): checking out one room of two leaves
 * the order checked in, extending an overdue stay past now makes it checked in again.
 */
import { OrderAction, OrderState } from '@pms/protocol/api/orders'
import { conflict } from '../http/errors.ts'

type Row = Partial<Record<OrderAction, OrderState>>

const { booking, checkIn, checkOut, cancel, noShow, overdue } = OrderState
const A = OrderAction

/** Actions that change the rooms, guests or folio owner of a live order and leave its state as it is. */
const editing = (state: OrderState): Row => ({
  [A.setMainAccount]: state,
  [A.jointRoom]: state,
  [A.cancelJointRoom]: state,
  [A.changeRoom]: state,
  [A.changePrice]: state,
  [A.addGuest]: state,
  [A.editGuest]: state,
  [A.removeGuest]: state,
})

/** Where a new order starts. */
export const INITIAL_STATE = { [A.reserve]: booking, [A.walkIn]: checkIn } as const

export const TRANSITIONS: Record<OrderState, Row> = {
  [booking]: {
    ...editing(booking),
    [A.editReserve]: booking,
    [A.checkIn]: checkIn,
    [A.cancelApply]: booking,
    [A.cancelRefuse]: booking,
    [A.cancelApprove]: cancel,
    [A.cancelBooking]: cancel,
    [A.noShow]: noShow,
    [A.addRoom]: booking,
    [A.removeRoom]: booking,
    [A.extendStay]: booking,
  },
  [checkIn]: {
    ...editing(checkIn),
    // Rooms of the order still booked may be checked in later.
    [A.checkIn]: checkIn,
    [A.checkOut]: checkOut,
    [A.addRoom]: checkIn,
    // Only rooms not checked in may be removed (order rules).
    [A.removeRoom]: checkIn,
    [A.extendStay]: checkIn,
    [A.overdue]: overdue,
  },
  [overdue]: {
    ...editing(overdue),
    [A.checkOut]: checkOut,
    [A.extendStay]: checkIn,
  },
  [checkOut]: {
    [A.cancelCheckOut]: checkIn,
  },
  [cancel]: {
    [A.restoreBooking]: booking,
  },
  [noShow]: {
    [A.restoreBooking]: booking,
  },
}

export function canTransition(state: OrderState, action: OrderAction): boolean {
  return TRANSITIONS[state][action] !== undefined
}

/** The next state, or a 409 'cannot {action} an order that is {state}'. */
export function requireTransition(state: OrderState, action: OrderAction): OrderState {
  const next = TRANSITIONS[state][action]
  if (!next) throw conflict('orders.actionNotAllowed', [`@orders.action.${action}`, `@orders.state.${state}`])
  return next
}
