// Room actions on a live order (SPEC §4): set main account, joint room and cancel joint room, change room, change
// price, add room, remove room, extend stay. Rules: checked-in rooms cannot be removed; a subroom cannot add a
// subroom; a room's guests are deleted before the room is removed.
//
// Each action answers the order whose view the desk sees next (order-routes.ts), from the order it locked. Writes
// nothing waits for go behind, with the statement after them (db/answered.ts writeBehind): the history, the order's
// state and span, occupancy, cards, a room left dirty — and the order's view read with the COMMIT carries the last of
// them. A stay that would share its room with another over its range is refused by the stays' exclusion constraint at
// the update that moves or extends it (409 naming the room, answered by inTransaction): no read ahead of it.
import {
  ACTIVE_STAY_STATES,
  OrderAction,
  type OrderState,
  ReserveState,
  StayState as Stay,
} from '@pms/protocol/api/orders'
import { and, eq, isNotNull } from 'drizzle-orm'
import { type AtCommit, sentTogether, writeBehind } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { order, orderRoom } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { nightsOf } from './availability.ts'
import { expireStayCardsInRoom } from './card-stay.ts'
import { insertStay } from './create.ts'
import { guestCount, refreshOccupancy, stayLabel, stayLabelOf } from './guests.ts'
import { runJoinGuards } from './hooks.ts'
import { requireTypeNights } from './inventory.ts'
import type { AddRoomBody } from './schemas.ts'
import { requireTransition } from './state-machine.ts'
import {
  type Actor,
  lockOrder,
  lockRoomsWithTypes,
  lockStay,
  lockStayWith,
  type OrderRow,
  recordEvent,
  requireEnterable,
  requireHourlyFit,
  resolvePrice,
  type StayRow,
  staysOf,
  staysWithStay,
} from './store.ts'
import {
  endAfterHours,
  endAfterNights,
  loadTiming,
  rangeLiteral,
  requireNights,
  stayRange,
} from './timing.ts'

const isActive = (s: StayRow) => (ACTIVE_STAY_STATES as readonly string[]).includes(s.state)

async function requireActive(tx: Db, stay: StayRow) {
  if (!isActive(stay)) throw conflict('orders.stayNotActive', [await stayLabel(tx, stay)])
}

export async function setMainAccount(
  tx: Db,
  actor: Actor,
  orderId: number,
  orderRoomId: number,
): Promise<number> {
  const [current, stays] = await sentTogether<[OrderRow, StayRow[]]>(
    tx,
    () => lockOrder(tx, actor.propertyId, orderId),
    () => staysOf(tx, orderId),
  )
  requireTransition(current.state, OrderAction.setMainAccount)
  const stay = stays.find((s) => s.orderRoomId === orderRoomId)
  if (!stay) throw badRequest('orders.roomNotInOrder', [orderRoomId])
  await requireActive(tx, stay)
  await writeBehind(tx, () =>
    tx
      .update(order)
      .set({ mainAccount: orderRoomId, updateTime: actor.now })
      .where(eq(order.orderId, orderId)),
  )
  await writeBehind(tx, () =>
    recordEvent(tx, actor, {
      orderId,
      orderRoomId,
      action: OrderAction.setMainAccount,
      before: current.state,
      after: current.state,
      detail: { before: current.mainAccount, after: orderRoomId },
    }),
  )
  return orderId
}

/** Joins rooms (of this or other orders of the property) to a main room's folio. */
export async function jointRoom(
  tx: Db,
  actor: Actor,
  mainRoomId: number,
  orderRoomIds: number[],
): Promise<number> {
  const main = await lockStay(tx, actor.propertyId, mainRoomId)
  requireTransition(main.order.state, OrderAction.jointRoom)
  await requireActive(tx, main.stay)
  if (main.stay.mainRoomId) throw conflict('orders.subroomCannotAddSubroom', [await stayLabel(tx, main.stay)])
  await runJoinGuards(tx, actor, mainRoomId)
  for (const id of orderRoomIds) {
    if (id === mainRoomId) throw badRequest('orders.cannotJoinItself', ['orderRoomIds'])
    // Whether rooms are joined to this one goes with its locks (used once it is known to be the property's).
    const [sub, [hasSubs]] = await lockStayWith(tx, actor.propertyId, id, () =>
      tx.select({ id: orderRoom.orderRoomId }).from(orderRoom).where(eq(orderRoom.mainRoomId, id)).limit(1),
    )
    requireTransition(sub.order.state, OrderAction.jointRoom)
    await requireActive(tx, sub.stay)
    if (hasSubs) throw conflict('orders.mainRoomHasSubrooms', [await stayLabel(tx, sub.stay)])
    await writeBehind(tx, () =>
      tx.update(orderRoom).set({ mainRoomId, updateTime: actor.now }).where(eq(orderRoom.orderRoomId, id)),
    )
    await writeBehind(tx, () =>
      recordEvent(tx, actor, {
        orderId: sub.order.orderId,
        orderRoomId: id,
        action: OrderAction.jointRoom,
        before: sub.order.state,
        after: sub.order.state,
        detail: { before: sub.stay.mainRoomId, after: mainRoomId },
      }),
    )
  }
  return main.order.orderId
}

/** Takes rooms off the accounts they are joined to; answers the first room's order. */
export async function cancelJointRoom(tx: Db, actor: Actor, orderRoomIds: number[]): Promise<number> {
  let first: number | undefined
  for (const id of orderRoomIds) {
    const sub = await lockStay(tx, actor.propertyId, id)
    first ??= sub.order.orderId
    requireTransition(sub.order.state, OrderAction.cancelJointRoom)
    if (!sub.stay.mainRoomId) throw conflict('orders.notJoined', [await stayLabel(tx, sub.stay)])
    await writeBehind(tx, () =>
      tx
        .update(orderRoom)
        .set({ mainRoomId: null, updateTime: actor.now })
        .where(eq(orderRoom.orderRoomId, id)),
    )
    await writeBehind(tx, () =>
      recordEvent(tx, actor, {
        orderId: sub.order.orderId,
        orderRoomId: id,
        action: OrderAction.cancelJointRoom,
        before: sub.order.state,
        after: sub.order.state,
        detail: { before: sub.stay.mainRoomId, after: null },
      }),
    )
  }
  if (first === undefined) throw badRequest('validation.required', ['orderRoomIds'])
  return first
}

/**
 * Moves a stay to another room; the stay (and so its folio and guests) is kept. A checked-in guest needs an empty
 * room; the room left becomes empty and dirty. The price stays unless a new one is given. The room asked for, with its
 * own type, and the property's timing are read with the stay's locks, in one round trip; every write goes behind,
 * and a change of type's nights count goes with the COMMIT (`atCommit`).
 */
export async function changeRoom(
  tx: Db,
  actor: Actor,
  body: { orderRoomId: number; roomId: number; priceCents?: number },
  atCommit: AtCommit,
): Promise<number> {
  const [{ stay, order: current }, [target], rules] = await lockStayWith(
    tx,
    actor.propertyId,
    body.orderRoomId,
    () => lockRoomsWithTypes(tx, actor.propertyId, [body.roomId]),
    () => loadTiming(tx, actor.propertyId),
  )
  requireTransition(current.state, OrderAction.changeRoom)
  await requireActive(tx, stay)
  if (stay.roomId === body.roomId) throw badRequest('orders.sameRoom', ['roomId'])
  if (!target) throw notFound('entity.room')
  const { room: theRoom, type } = target
  requireHourlyFit(type, current.hourly)
  if (theRoom.locked || theRoom.maintain) throw conflict('orders.roomOutOfService', [theRoom.roomNo])
  if (stay.state === Stay.checkIn) requireEnterable(theRoom)
  const priceCents =
    body.priceCents === undefined
      ? stay.priceCents
      : resolvePrice(actor, type, current.hourly, body.priceCents)
  await writeBehind(tx, () =>
    tx
      .update(orderRoom)
      .set({ roomId: theRoom.roomId, roomTypeId: type.roomTypeId, priceCents, updateTime: actor.now })
      .where(eq(orderRoom.orderRoomId, stay.orderRoomId)),
  )
  if (type.roomTypeId !== stay.roomTypeId) {
    // The rest of the stay, now of the new type, must fit in it.
    const rest = { start: stay.start < actor.now ? actor.now : stay.start, end: stay.end }
    atCommit(() =>
      requireTypeNights(tx, actor.propertyId, [{ roomTypeId: type.roomTypeId, range: rest }], rules),
    )
  }
  if (stay.state === Stay.checkIn) {
    if (stay.roomId) {
      const left = stay.roomId
      // The room left is empty and dirty, its cards expired (its lock's grants revoked by the stay's update, migration
      // 0070).
      await writeBehind(tx, () => refreshOccupancy(tx, left, { dirty: true }))
      await writeBehind(tx, () => expireStayCardsInRoom(tx, stay.orderRoomId, actor.now, left))
    }
    await writeBehind(tx, () => refreshOccupancy(tx, theRoom.roomId))
  }
  await writeBehind(tx, () =>
    recordEvent(tx, actor, {
      orderId: current.orderId,
      orderRoomId: stay.orderRoomId,
      action: OrderAction.changeRoom,
      before: current.state,
      after: current.state,
      detail: {
        before: { roomId: stay.roomId, roomTypeId: stay.roomTypeId, priceCents: stay.priceCents },
        after: { roomId: theRoom.roomId, roomNo: theRoom.roomNo, roomTypeId: type.roomTypeId, priceCents },
      },
    }),
  )
  return current.orderId
}

export async function changePrice(
  tx: Db,
  actor: Actor,
  orderRoomId: number,
  priceCents: number,
): Promise<number> {
  const { stay, order: current } = await lockStay(tx, actor.propertyId, orderRoomId)
  requireTransition(current.state, OrderAction.changePrice)
  await requireActive(tx, stay)
  await writeBehind(tx, () =>
    tx
      .update(orderRoom)
      .set({ priceCents, updateTime: actor.now })
      .where(eq(orderRoom.orderRoomId, orderRoomId)),
  )
  await writeBehind(tx, () =>
    recordEvent(tx, actor, {
      orderId: current.orderId,
      orderRoomId,
      action: OrderAction.changePrice,
      before: current.state,
      after: current.state,
      detail: { before: stay.priceCents, after: priceCents },
    }),
  )
  return current.orderId
}

/** Adds a booked room to an order (optionally as a subroom of one of its rooms); it is checked in later. */
export async function addRoom(tx: Db, actor: Actor, body: AddRoomBody): Promise<number> {
  const current = await lockOrder(tx, actor.propertyId, body.orderId)
  requireTransition(current.state, OrderAction.addRoom)
  if (body.mainRoomId) {
    const main = (await staysOf(tx, body.orderId)).find((s) => s.orderRoomId === body.mainRoomId)
    if (!main) throw badRequest('orders.roomNotInOrder', [body.mainRoomId])
    if (main.mainRoomId) throw conflict('orders.subroomCannotAddSubroom', [await stayLabel(tx, main)])
    await requireActive(tx, main)
  }
  const timing = await loadTiming(tx, actor.propertyId)
  const range =
    body.startTime || body.nights || body.hours
      ? stayRange(body, current.hourly, timing, actor.now, true)
      : { start: current.checkInAt < actor.now ? actor.now : current.checkInAt, end: current.checkOutAt }
  if (range.end <= actor.now || range.end <= range.start) throw conflict('orders.stayEnded')
  const id = await insertStay(
    tx,
    actor,
    { orderId: body.orderId, hourly: current.hourly, range, state: Stay.booking },
    body,
    'room',
  )
  await requireTypeNights(tx, actor.propertyId, [{ roomTypeId: body.roomTypeId, range }], timing)
  // The order's span refreshed with its history line, and, when all its rooms were in, partly checked in again: one
  // more room is to arrive.
  const reserveState =
    current.reserveState === ReserveState.checkInAll ? ReserveState.checkInPart : current.reserveState
  await writeBehind(tx, () =>
    recordEvent(
      tx,
      actor,
      {
        orderId: body.orderId,
        orderRoomId: id,
        action: OrderAction.addRoom,
        before: current.state,
        after: current.state,
        detail: {
          roomTypeId: body.roomTypeId,
          roomId: body.roomId ?? null,
          mainRoomId: body.mainRoomId ?? null,
        },
      },
      { state: current.state as OrderState, reserveState: reserveState as ReserveState },
    ),
  )
  return id
}

/**
 * Removes a room not checked in and without guests; the order keeps at least one room. Answers its order. What the
 * rules ask (the stay's label, its guests, the order's stays) goes with the stay's locks: one round trip before the
 * writes, which go behind with the COMMIT.
 */
export async function removeRoom(tx: Db, actor: Actor, orderRoomId: number): Promise<number> {
  const [{ stay, order: current }, label, guests, stays] = await lockStayWith(
    tx,
    actor.propertyId,
    orderRoomId,
    () => stayLabelOf(tx, orderRoomId),
    () => guestCount(tx, orderRoomId),
    () => staysWithStay(tx, actor.propertyId, orderRoomId),
  )
  requireTransition(current.state, OrderAction.removeRoom)
  if (stay.state === Stay.checkIn || stay.state === Stay.checkOut)
    throw conflict('orders.checkedInCannotRemove', [label])
  if (guests) throw conflict('orders.deleteGuestsFirst', [label])
  const others = stays.filter((s) => s.orderRoomId !== orderRoomId && isActive(s))
  if (!others.length) throw conflict('orders.lastRoom')
  await writeBehind(tx, () =>
    tx
      .update(orderRoom)
      .set({ mainRoomId: null })
      .where(and(eq(orderRoom.mainRoomId, orderRoomId), isNotNull(orderRoom.mainRoomId))),
  )
  await writeBehind(tx, () => tx.delete(orderRoom).where(eq(orderRoom.orderRoomId, orderRoomId)))
  if (current.mainAccount === orderRoomId || current.mainAccount === null)
    await writeBehind(tx, () =>
      tx.update(order).set({ mainAccount: others[0]!.orderRoomId }).where(eq(order.orderId, current.orderId)),
    )
  // The order's span refreshed from the stays left, with its history line (its state unchanged).
  await writeBehind(tx, () =>
    recordEvent(
      tx,
      actor,
      {
        orderId: current.orderId,
        orderRoomId: null,
        action: OrderAction.removeRoom,
        before: current.state,
        after: current.state,
        detail: {
          orderRoomId,
          roomId: stay.roomId,
          roomNo: stay.roomId ? label : null,
          roomTypeId: stay.roomTypeId,
        },
      },
      { state: current.state, reserveState: current.reserveState as ReserveState },
    ),
  )
  return current.orderId
}

/**
 * Extends a stay by nights (or hour units of an hourly order); the room must be free for the added time (the stays'
 * exclusion constraint refuses the update otherwise, naming the room). The property's timing and the order's stays
 * are read with the stay's locks, in one round trip; the update and the history line go behind, and the type's nights
 * of the added time are counted with the COMMIT (`atCommit`). Answers the stay's order.
 */
export async function extendStay(
  tx: Db,
  actor: Actor,
  body: { orderRoomId: number; nights?: number; hours?: number },
  atCommit: AtCommit,
): Promise<number> {
  const [{ stay, order: current }, timing, stays] = await lockStayWith(
    tx,
    actor.propertyId,
    body.orderRoomId,
    () => loadTiming(tx, actor.propertyId),
    () => staysWithStay(tx, actor.propertyId, body.orderRoomId),
  )
  const next = requireTransition(current.state, OrderAction.extendStay)
  await requireActive(tx, stay)
  let end: Date
  if (current.hourly) {
    if (!body.hours) throw badRequest('validation.required', ['hours'])
    end = endAfterHours(stay.end, body.hours, timing)
  } else {
    if (body.hours) throw badRequest('orders.hoursOnlyHourly', ['hours'])
    if (body.nights === undefined) throw badRequest('validation.required', ['nights'])
    end = endAfterNights(stay.end, requireNights(body.nights, timing.maxNights), timing)
    // The whole stay, not only what is added, stays within the property's longest stay (nights counted as availability
    // counts them).
    const total = nightsOf({ start: stay.start, end }, timing, false).length
    if (total > timing.maxNights) throw badRequest('orders.stayTooLong', ['nights', total, timing.maxNights])
  }
  await writeBehind(tx, () =>
    tx
      .update(orderRoom)
      .set({ stay: rangeLiteral({ start: stay.start, end }), updateTime: actor.now })
      .where(eq(orderRoom.orderRoomId, stay.orderRoomId)),
  )
  atCommit(() =>
    requireTypeNights(
      tx,
      actor.propertyId,
      [{ roomTypeId: stay.roomTypeId, range: { start: stay.end, end } }],
      timing,
    ),
  )
  // An overdue order is checked in again once none of its stays is past its end (this one's end as extended; the
  // order's other stays cannot change under its lock).
  const overdueLeft = stays.some(
    (s) => s.state === Stay.checkIn && (s.orderRoomId === stay.orderRoomId ? end : s.end) <= actor.now,
  )
  const state = current.state === 'overdue' && overdueLeft ? current.state : next
  // The order's state and span, written by its history line.
  await writeBehind(tx, () =>
    recordEvent(
      tx,
      actor,
      {
        orderId: current.orderId,
        orderRoomId: stay.orderRoomId,
        action: OrderAction.extendStay,
        before: current.state,
        after: state,
        detail: { before: stay.end, after: end },
      },
      { state: state as OrderState, reserveState: current.reserveState as ReserveState },
    ),
  )
  return current.orderId
}
