/**
 * The order state machine: one table of (state, action) → next state, shared by the server (which refuses an action
 * missing from a state's row, see server/src/orders/state-machine.ts) and the console (which shows a button only
 * when the order's state allows its action). Pure: no I/O, no errors thrown.
 *
 * Some actions touch only some rooms of an order; the table gives the order's state once the action is done for the
 * whole order, and the services derive the rest from the rooms (stateFromRooms): checking out one room of two leaves
 * the order checked in, extending an overdue stay past now makes it checked in again.
 */
import { OrderAction, OrderState } from '../api/orders.ts'

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

export const TRANSITIONS: Readonly<Record<OrderState, Readonly<Row>>> = {
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

/** The state after `action`, or undefined when the action is not allowed in `state`. */
export function nextState(state: OrderState, action: OrderAction): OrderState | undefined {
  return TRANSITIONS[state][action]
}

export function canTransition(state: OrderState, action: OrderAction): boolean {
  return nextState(state, action) !== undefined
}
