// Billing plugged into the front desk through its hooks: the order detail shows the folio, and a check-out posts
// the leaving rooms' room and overtime charges in the check-out's own transaction (before the rooms change state,
// so `now` ends each stay). Registrations are keyed by name: building the app twice does not register twice.
import { registerCheckOutGuard, registerDetailSection } from '../orders/hooks.ts'
import { postCheckoutCharges } from './checkout.ts'
import { readFolio } from './folio.ts'

export function registerBillingHooks() {
  registerDetailSection('folio', (db, order) => readFolio(db, order.propertyId, order.orderId))
  registerCheckOutGuard('billing', async (tx, actor, order, leaving) => {
    if (leaving.length === 0) return
    await postCheckoutCharges(tx, order.orderId, actor.now, {
      orderRoomIds: leaving.map((s) => s.orderRoomId),
      createBy: actor.auth.userId,
    })
  })
}
