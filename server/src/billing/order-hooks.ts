// Billing plugged into the front desk through its hooks: the order detail shows the folio, a deposit typed on a new
// order is posted to its folio, and a check-out posts
// the leaving rooms' room and overtime charges in the check-out's own transaction (before the rooms change state,
// so `now` ends each stay) — refused while a room of another order joined to them is still in house; joining a room
// to a settled account is refused (billing/joint-rooms.ts). Registrations are keyed by name: building the app twice does not register twice.
import { hasPermission } from '@pms/protocol'
import type { JointRoomInHouse } from '@pms/protocol/api/billing'
import type { PaymentMethod } from '@pms/protocol/billing/index'
import { forbidden } from '../http/errors.ts'
import {
  registerCheckOutGuard,
  registerDepositPoster,
  registerDetailSection,
  registerJoinGuard,
} from '../orders/hooks.ts'
import { type CheckoutChargeReads, checkoutChargeReads, postReadCheckoutCharges } from './checkout.ts'
import { postEntry, readFolio } from './folio.ts'
import { jointRoomsOfCheckOut, refuseJoinedInHouse, refuseSettledAccount } from './joint-rooms.ts'
import { FolioPermission } from './menus.ts'

export function registerBillingHooks() {
  registerDetailSection('folio', (db, order) => readFolio(db, order.propertyId, order.orderId))
  // A deposit typed with a reservation or walk-in is money held: a folio deposit with its method and receipt.
  registerDepositPoster(async (tx, actor, deposit) => {
    if (!hasPermission(actor.auth, [FolioPermission.pay], () => {})) throw forbidden()
    await postEntry(tx, {
      propertyId: actor.propertyId,
      orderId: deposit.orderId,
      kind: 'deposit',
      amountCents: deposit.amountCents,
      method: deposit.method as PaymentMethod,
      receiptType: deposit.receiptType,
      createBy: actor.auth.userId,
    })
  })
  // A room is joined only to an open account (joint-rooms.ts rule 4).
  registerJoinGuard('billing', (tx, actor, mainRoomId, back) =>
    refuseSettledAccount(tx, actor.propertyId, mainRoomId, back),
  )
  registerCheckOutGuard<[JointRoomInHouse[], ...CheckoutChargeReads]>('billing', {
    // A room of another order joined to a leaving room (or, at the last guests' check-out, to any room of the order)
    // and still in house would post its charges to a folio that is closing; and the leaving rooms' charges are read.
    // All from what the check-out asks, with the order's lock.
    reads: (tx, _actor, asked) => [() => jointRoomsOfCheckOut(tx, asked), ...checkoutChargeReads(tx, asked)],
    // Such a room is unjoined first (409 naming it); then the leaving rooms' room and overtime charges are posted.
    check: async (tx, actor, _out, [joined, ...charges]) => {
      refuseJoinedInHouse(joined)
      await postReadCheckoutCharges(tx, charges, actor.now, actor.auth.userId)
    },
  })
}
