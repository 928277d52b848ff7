/**
 * The server side of the order state machine (the table itself is protocol/src/orders/state-machine.ts, shared with
 * the console): `requireTransition` refuses an action missing from a state's row with a 409 naming the action and
 * the state, before anything is written (every action runs in one transaction, so a refusal changes nothing).
 */
import type { OrderAction, OrderState } from '@pms/protocol/api/orders'
import { nextState } from '@pms/protocol/orders/state-machine'
import { conflict } from '../http/errors.ts'

/** The next state, or a 409 'cannot {action} an order that is {state}'. */
export function requireTransition(state: OrderState, action: OrderAction): OrderState {
  const next = nextState(state, action)
  if (!next)
    throw conflict('orders.actionNotAllowed', [`@orders.action.${action}`, `@orders.stateInText.${state}`])
  return next
}
