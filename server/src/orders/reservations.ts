// Reservation actions (SPEC §4 Reserve): edit, cancellation request and audit (normal → applying → done; refusing
// needs a remark), cancel booking, restore booking, no-show. Each runs in the caller's transaction.
import { CancelStatus, OrderAction, type OrderState, ReserveState, StayState } from '@pms/protocol/api/orders'
import { zonedDay } from '@pms/protocol/time/zone'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { order, orderRoom } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { propertyClock } from '../properties/clock.ts'
import { requirePhone } from './guests.ts'
import type { ReserveEditBody } from './schemas.ts'
import { requireTransition } from './state-machine.ts'
import { type Actor, lockOrder, recordEvent, staysOf } from './store.ts'

/** Moves every stay of an order in one of `from` to `to`. */
export async function moveStays(tx: Db, orderId: number, from: StayState[], to: StayState, now: Date) {
  await tx
    .update(orderRoom)
    .set({ state: to, updateTime: now })
    .where(and(eq(orderRoom.orderId, orderId), inArray(orderRoom.state, from)))
}

async function setOrder(
  tx: Db,
  actor: Actor,
  orderId: number,
  values: Partial<typeof order.$inferInsert>,
): Promise<void> {
  await tx
    .update(order)
    .set({ ...values, updateTime: actor.now })
    .where(eq(order.orderId, orderId))
}

export async function editReservation(tx: Db, actor: Actor, body: ReserveEditBody): Promise<void> {
  const current = await lockOrder(tx, actor.propertyId, body.orderId)
  requireTransition(current.state, OrderAction.editReserve)
  const { orderId, ...changes } = body
  if (changes.contactPhone !== undefined)
    changes.contactPhone = requirePhone(changes.contactPhone, 'contactPhone')
  const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof typeof current]]))
  await setOrder(tx, actor, orderId, changes)
  await recordEvent(tx, actor, {
    orderId,
    action: OrderAction.editReserve,
    before: current.state,
    after: current.state,
    detail: { before, after: changes },
  })
}

function requireCancelStatus(current: { cancelStatus: string }, wanted: CancelStatus) {
  if (current.cancelStatus !== wanted)
    throw conflict('orders.cancelStatusWrong', [`@orders.cancelStatusInText.${current.cancelStatus}`])
}

export async function applyCancel(tx: Db, actor: Actor, orderId: number, reason: string): Promise<void> {
  const current = await lockOrder(tx, actor.propertyId, orderId)
  requireTransition(current.state, OrderAction.cancelApply)
  requireCancelStatus(current, CancelStatus.normal)
  await setOrder(tx, actor, orderId, { cancelStatus: CancelStatus.applying, cancelReason: reason.trim() })
  await recordEvent(tx, actor, {
    orderId,
    action: OrderAction.cancelApply,
    before: current.state,
    after: current.state,
    detail: { cancelStatus: [CancelStatus.normal, CancelStatus.applying], reason },
  })
}

/** Approves (the booking is cancelled) or refuses (back to normal; a remark is required) a cancellation request. */
export async function auditCancel(
  tx: Db,
  actor: Actor,
  body: { orderId: number; approve: boolean; remark?: string },
): Promise<OrderState> {
  const current = await lockOrder(tx, actor.propertyId, body.orderId)
  const remark = body.remark?.trim() ?? ''
  const action = body.approve ? OrderAction.cancelApprove : OrderAction.cancelRefuse
  const next = requireTransition(current.state, action)
  requireCancelStatus(current, CancelStatus.applying)
  if (!body.approve && !remark) throw badRequest('orders.refuseNeedsRemark', ['remark'])
  const cancelStatus = body.approve ? CancelStatus.done : CancelStatus.normal
  await setOrder(tx, actor, body.orderId, {
    state: next,
    cancelStatus,
    cancelRemark: remark,
    ...(body.approve ? { reserveState: ReserveState.canceled } : {}),
  })
  if (body.approve) await moveStays(tx, body.orderId, [StayState.booking], StayState.cancel, actor.now)
  await recordEvent(tx, actor, {
    orderId: body.orderId,
    action,
    before: current.state,
    after: next,
    detail: { cancelStatus: [current.cancelStatus, cancelStatus], remark },
  })
  return next
}

/** Cancels a booking at once (pms:pmsReserve:cancel); its rooms are released. */
export async function cancelBooking(tx: Db, actor: Actor, orderId: number, remark = ''): Promise<void> {
  const current = await lockOrder(tx, actor.propertyId, orderId)
  const next = requireTransition(current.state, OrderAction.cancelBooking)
  await setOrder(tx, actor, orderId, {
    state: next,
    reserveState: ReserveState.canceled,
    cancelStatus: CancelStatus.done,
    cancelReason: remark.trim() || current.cancelReason,
  })
  await moveStays(tx, orderId, [StayState.booking], StayState.cancel, actor.now)
  await recordEvent(tx, actor, {
    orderId,
    action: OrderAction.cancelBooking,
    before: current.state,
    after: next,
    detail: { remark },
  })
}

/**
 * Marks a booking no-show: from its arrival day on (the property's business date), never before — guests due tomorrow
 * have not failed to come yet (the night audit marks the real no-shows of the day it closes).
 */
export async function markNoShow(tx: Db, actor: Actor, orderId: number): Promise<void> {
  const current = await lockOrder(tx, actor.propertyId, orderId)
  const next = requireTransition(current.state, OrderAction.noShow)
  const booked = (await staysOf(tx, orderId)).filter((s) => s.state === StayState.booking)
  if (booked.length) {
    const clock = await propertyClock(tx, actor.propertyId)
    const arrival = zonedDay(Math.min(...booked.map((s) => s.start.getTime())), clock.timeZone)
    if (arrival > clock.businessDate) throw conflict('orders.noShowBeforeArrival', [arrival])
  }
  await setOrder(tx, actor, orderId, { state: next, reserveState: ReserveState.noShow })
  await moveStays(tx, orderId, [StayState.booking], StayState.noShow, actor.now)
  await recordEvent(tx, actor, { orderId, action: OrderAction.noShow, before: current.state, after: next })
}

/**
 * Restores a cancelled or no-show booking: its stays hold their rooms again, which the exclusion constraint refuses
 * when another stay took one meanwhile (409 naming the room). A stay already over cannot come back.
 */
export async function restoreBooking(tx: Db, actor: Actor, orderId: number): Promise<void> {
  const current = await lockOrder(tx, actor.propertyId, orderId)
  const next = requireTransition(current.state, OrderAction.restoreBooking)
  const from = current.state === 'noShow' ? StayState.noShow : StayState.cancel
  const stays = (await staysOf(tx, orderId)).filter((s) => s.state === from)
  if (stays.some((s) => s.end <= actor.now)) throw conflict('orders.stayEnded')
  await setOrder(tx, actor, orderId, {
    state: next,
    reserveState: ReserveState.reserving,
    cancelStatus: CancelStatus.normal,
  })
  await moveStays(tx, orderId, [from], StayState.booking, actor.now)
  await recordEvent(tx, actor, {
    orderId,
    action: OrderAction.restoreBooking,
    before: current.state,
    after: next,
    detail: { rooms: stays.map((s) => s.orderRoomId) },
  })
}
