// Billing plugged into the front desk through its hooks: the order detail shows the folio, a deposit typed on a new
// order is posted to its folio, and a check-out posts
// the leaving rooms' room and overtime charges in the check-out's own transaction (before the rooms change state,
// so `now` ends each stay) — refused while a room of another order joined to them is still in house; joining a room
// to a settled account is refused (billing/joint-rooms.ts). Registrations are keyed by name: building the app twice does not register twice.
import { hasPermission } from '@pms/protocol'
import type { PaymentMethod } from '@pms/protocol/billing/index'
import { forbidden } from '../http/errors.ts'
import {
  registerCheckOutGuard,
  registerDepositPoster,
  registerDetailSection,
  registerJoinGuard,
} from '../orders/hooks.ts'
import { postCheckoutCharges } from './checkout.ts'
import { postEntry, readFolio } from './folio.ts'
import { refuseJointRoomsInHouse, refuseSettledAccount } from './joint-rooms.ts'
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
  registerCheckOutGuard('billing', async (tx, actor, order, leaving, stays) => {
    if (leaving.length === 0) return
    // A room of another order joined to a leaving room (or, at the last guests' check-out, to any room of the order)
    // and still in house would post its charges to a folio that is closing: it is unjoined first (409 naming it).
    const leavingIds = new Set(leaving.map((s) => s.orderRoomId))
    const lastOut = !stays.some((s) => s.state === 'checkIn' && !leavingIds.has(s.orderRoomId))
    await refuseJointRoomsInHouse(
      tx,
      actor.propertyId,
      order.orderId,
      lastOut ? stays.map((s) => s.orderRoomId) : [...leavingIds],
    )
    await postCheckoutCharges(tx, actor.propertyId, order.orderId, actor.now, {
      orderRoomIds: leaving.map((s) => s.orderRoomId),
      createBy: actor.auth.userId,
    })
  })
}
