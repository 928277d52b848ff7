// Making an order: a reservation (rooms by type, assigned now or later) or a walk-in (rooms checked in at once).
import { OrderAction, type OrderState, type OrderType, StayState } from '@pms/protocol/api/orders'
import { INITIAL_STATE } from '@pms/protocol/orders/state-machine'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { order, orderRoom } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { addGuests, refreshOccupancy, requirePhone } from './guests.ts'
import { guestPeople, postOrderDeposit, runPersonGuards } from './hooks.ts'
import { requireTypeNights } from './inventory.ts'
import type { ReserveBody, WalkInBody } from './schemas.ts'
import {
  type Actor,
  inTransaction,
  lockRoomWithType,
  nextOrderNo,
  type RoomTypeRow,
  recordEvent,
  requireEnterable,
  requireHourlyFit,
  requireRoomOfType,
  requireRoomType,
  resolvePrice,
} from './store.ts'
import { rangeLiteral, type StayRange, type StayRules, stayRange, timingOf } from './timing.ts'

/** One stay to create in an order: type, optional room, price, guests. */
export interface NewStay {
  roomTypeId: number
  roomId?: number
  priceCents?: number
  guests?: ReserveBody['rooms'][number]['guests']
  mainRoomId?: number
}

/**
 * Inserts one stay of an order after its checks: the room type is the property's and enabled, hourly stays only in
 * hourly room types, the room (when given) is of that type, in service and free over the range; a stay checked in
 * at once also needs an empty room. Returns the new order room id. The caller then checks that the type has a room
 * left for every moment of the range (requireTypeNights, inventory.ts), once for all the stays it writes.
 */
export async function insertStay(
  tx: Db,
  actor: Actor,
  target: {
    orderId: number
    hourly: boolean
    range: StayRange
    state: StayState
  },
  input: NewStay,
  field: string,
): Promise<number> {
  let type: RoomTypeRow
  let roomId: number | null = null
  if (input.roomId) {
    // The room, locked, with its own type: one statement when the room is of the type asked (the usual case).
    const found = await lockRoomWithType(tx, actor.propertyId, input.roomId)
    type =
      found.type.roomTypeId === input.roomTypeId
        ? found.type
        : await requireRoomType(tx, actor.propertyId, input.roomTypeId)
    requireRoomOfType(found.room, type)
    if (found.room.locked || found.room.maintain)
      throw conflict('orders.roomOutOfService', [found.room.roomNo])
    if (target.state === StayState.checkIn) requireEnterable(found.room)
    // A room held by another stay over the range is refused by the exclusion constraint at the insert below
    // (inTransaction answers 409 naming the room): no read ahead of it.
    roomId = found.room.roomId
  } else {
    if (target.state === StayState.checkIn) throw badRequest('validation.required', [`${field}.roomId`])
    type = await requireRoomType(tx, actor.propertyId, input.roomTypeId)
  }
  if (type.state !== '0') throw conflict('orders.roomTypeDisabled', [type.typeName])
  requireHourlyFit(type, target.hourly)
  const priceCents = resolvePrice(actor, type, target.hourly, input.priceCents)
  const [row] = await tx
    .insert(orderRoom)
    .values({
      orderId: target.orderId,
      propertyId: actor.propertyId,
      roomId,
      roomTypeId: type.roomTypeId,
      priceCents,
      stay: rangeLiteral(target.range),
      state: target.state,
      mainRoomId: input.mainRoomId ?? null,
      checkedInAt: target.state === StayState.checkIn ? actor.now : null,
      createTime: actor.now,
      updateTime: actor.now,
    })
    .returning({ id: orderRoom.orderRoomId })
  const stay = {
    orderRoomId: row!.id,
    orderId: target.orderId,
    propertyId: actor.propertyId,
    roomId,
    roomTypeId: type.roomTypeId,
  }
  const checkedIn = target.state === StayState.checkIn
  const guests = input.guests ?? []
  await runPersonGuards(tx, actor, guestPeople(guests, `${field}.guests`))
  await addGuests(tx, stay, guests, `${field}.guests`, { maxOccupancy: type.maxOccupancy, checkedIn })
  // addGuests refreshed a checked-in room's occupancy when it added guests; without guests it is done here.
  if (checkedIn && !guests.length) await refreshOccupancy(tx, roomId)
  return row!.id
}

/**
 * Places an order, a reservation or a walk-in, in named steps: (1) the order number, issued in its own short
 * statement before the transaction (nextOrderNo: the day's counter row is never held through the reservation);
 * (2) one transaction that writes the order, its stays and its history (createOrder). Answers the order id and number.
 */
export async function placeOrder(
  db: Db,
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
): Promise<{ orderId: number; orderNo: string }> {
  const { orderNo, config } = await nextOrderNo(db, actor.propertyId, actor.now)
  const orderId = await inTransaction(db, actor.propertyId, (tx) =>
    createOrder(tx, actor, orderType, body, orderNo, timingOf(config)),
  )
  return { orderId, orderNo }
}

/** Where and when an order's stays run, and in which states it starts. */
interface OrderPlan {
  walkIn: boolean
  hourly: boolean
  range: StayRange
  action: typeof OrderAction.walkIn | typeof OrderAction.reserve
  state: OrderState
  stayState: StayState
  /** The property's overbooking allowance per room type and night. */
  rules: { overbookRooms: number; timeZone: string }
}

/** Step: the stay range from the hotel timing; a stay wholly in the past is refused. */
function planOrder(
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  timing: StayRules,
): OrderPlan {
  const walkIn = orderType === 'walkIn'
  const hourly = body.hourly ?? false
  const range = stayRange(body, hourly, timing, actor.now, walkIn)
  if (range.end <= actor.now) throw badRequest('orders.stayInPast', ['startTime'])
  const action = walkIn ? OrderAction.walkIn : OrderAction.reserve
  return {
    walkIn,
    hourly,
    range,
    action,
    state: INITIAL_STATE[action],
    stayState: walkIn ? StayState.checkIn : StayState.booking,
    rules: { overbookRooms: timing.overbookRooms, timeZone: timing.timeZone },
  }
}

/** Step: the deposit typed on a new order is posted to its folio (a deposit with its method and receipt number). */
async function takeDeposit(tx: Db, actor: Actor, orderId: number, body: ReserveBody | WalkInBody) {
  const amountCents = body.depositCents ?? 0
  if (amountCents <= 0) return
  if (!body.depositMethod) throw badRequest('validation.required', ['depositMethod'])
  await postOrderDeposit(tx, actor, {
    orderId,
    amountCents,
    method: body.depositMethod,
    receiptType: body.depositReceiptType,
  })
}

/** Step: the order row. */
async function insertOrder(
  tx: Db,
  actor: Actor,
  plan: OrderPlan,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  orderNo: string,
): Promise<number> {
  const [created] = await tx
    .insert(order)
    .values({
      propertyId: actor.propertyId,
      orderNo,
      externalNo: body.externalNo ?? '',
      orderSource: body.orderSource ?? 'frontDesk',
      orderType,
      customerSource: body.customerSource ?? '',
      state: plan.state,
      reserveState: plan.walkIn ? 'checkInAll' : 'reserving',
      contactName: body.contactName ?? '',
      contactPhone: requirePhone(body.contactPhone ?? '', 'contactPhone'),
      salesman: body.salesman ?? '',
      channel: body.channel ?? '',
      secret: body.secret ?? false,
      remark: body.remark ?? '',
      depositCents: body.depositCents ?? 0,
      checkInAt: plan.range.start,
      checkOutAt: plan.range.end,
      hourly: plan.hourly,
      createBy: actor.auth.userId,
      createTime: actor.now,
      updateTime: actor.now,
    })
    .returning({ orderId: order.orderId })
  return created!.orderId
}

/** Step: the stays, each after its checks (the first becomes the order's main account: see createOrder). */
async function insertStays(
  tx: Db,
  actor: Actor,
  plan: OrderPlan,
  orderId: number,
  rooms: ReserveBody['rooms'],
): Promise<number[]> {
  const ids: number[] = []
  for (const [i, r] of rooms.entries())
    ids.push(
      await insertStay(
        tx,
        actor,
        { orderId, hourly: plan.hourly, range: plan.range, state: plan.stayState },
        r,
        `rooms[${i}]`,
      ),
    )
  return ids
}

/**
 * Creates a reservation (state booking) or a walk-in order (state checkIn) in the caller's transaction, under the
 * number given, with the property's timing (read with the number: nextOrderNo); answers the order id.
 */
export async function createOrder(
  tx: Db,
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  orderNo: string,
  timing: StayRules,
): Promise<number> {
  const plan = planOrder(actor, orderType, body, timing)
  await runPersonGuards(tx, actor, [{ phone: body.contactPhone, field: 'contactPhone' }])
  const orderId = await insertOrder(tx, actor, plan, orderType, body, orderNo)
  const ids = await insertStays(tx, actor, plan, orderId, body.rooms)
  // The first stay becomes the order's main account, set by the statement that writes the order's history.
  const mainAccount = tx
    .$with('main_account')
    .as(
      tx
        .update(order)
        .set({ mainAccount: ids[0] })
        .where(eq(order.orderId, orderId))
        .returning({ orderId: order.orderId }),
    )
  await recordEvent(
    tx,
    actor,
    {
      orderId,
      action: plan.action,
      after: plan.state,
      detail: { orderNo, rooms: ids, start: plan.range.start, end: plan.range.end, hourly: plan.hourly },
    },
    mainAccount,
  )
  // The types' nights are locked from here to the commit only; the deposit's receipt counter (taken last by its
  // posting) is not held while waiting for them.
  await requireTypeNights(
    tx,
    actor.propertyId,
    body.rooms.map((r) => ({ roomTypeId: r.roomTypeId, range: plan.range })),
    plan.rules,
  )
  await takeDeposit(tx, actor, orderId, body)
  return orderId
}
