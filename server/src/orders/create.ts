// Making an order: a reservation (rooms by type, assigned now or later) or a walk-in (rooms checked in at once).
import { OrderAction, type OrderType, StayState } from '@pms/protocol/api/orders'
import { INITIAL_STATE } from '@pms/protocol/orders/state-machine'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { order, orderRoom } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { addGuests, refreshOccupancy } from './guests.ts'
import type { ReserveBody, WalkInBody } from './schemas.ts'
import {
  type Actor,
  lockRoom,
  nextOrderNo,
  recordEvent,
  requireEnterable,
  requireHourlyFit,
  requireRoomFree,
  requireRoomOfType,
  requireRoomType,
  resolvePrice,
} from './store.ts'
import { loadTiming, rangeLiteral, type StayRange, stayRange } from './timing.ts'

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
 * at once also needs an empty room. Returns the new order room id.
 */
export async function insertStay(
  tx: Db,
  actor: Actor,
  target: { orderId: number; hourly: boolean; range: StayRange; state: StayState },
  input: NewStay,
  field: string,
): Promise<number> {
  const type = await requireRoomType(tx, actor.propertyId, input.roomTypeId)
  if (type.state !== '0') throw conflict('orders.roomTypeDisabled', [type.typeName])
  requireHourlyFit(type, target.hourly)
  const priceCents = resolvePrice(actor, type, target.hourly, input.priceCents)
  let roomId: number | null = null
  if (input.roomId) {
    const theRoom = await lockRoom(tx, actor.propertyId, input.roomId)
    requireRoomOfType(theRoom, type)
    if (theRoom.locked || theRoom.maintain) throw conflict('orders.roomOutOfService', [theRoom.roomNo])
    if (target.state === StayState.checkIn) requireEnterable(theRoom)
    await requireRoomFree(tx, theRoom, target.range)
    roomId = theRoom.roomId
  } else if (target.state === StayState.checkIn) throw badRequest('validation.required', [`${field}.roomId`])
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
  await addGuests(tx, stay, input.guests ?? [], `${field}.guests`)
  if (target.state === StayState.checkIn) await refreshOccupancy(tx, roomId)
  return row!.id
}

/** Creates a reservation (state booking) or a walk-in order (state checkIn); returns the order id and number. */
export async function createOrder(
  tx: Db,
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
): Promise<{ orderId: number; orderNo: string }> {
  const walkIn = orderType === 'walkIn'
  const hourly = body.hourly ?? false
  const timing = await loadTiming(tx, actor.propertyId)
  const range = stayRange(body, hourly, timing, actor.now, walkIn)
  if (range.end <= actor.now) throw badRequest('orders.stayInPast', ['startTime'])
  const action = walkIn ? OrderAction.walkIn : OrderAction.reserve
  const state = INITIAL_STATE[action]
  const orderNo = await nextOrderNo(tx, actor.propertyId, actor.now)
  const [created] = await tx
    .insert(order)
    .values({
      propertyId: actor.propertyId,
      orderNo,
      externalNo: body.externalNo ?? '',
      orderSource: body.orderSource ?? 'frontDesk',
      orderType,
      customerSource: body.customerSource ?? '',
      state,
      reserveState: walkIn ? 'checkInAll' : 'reserving',
      contactName: body.contactName ?? '',
      contactPhone: body.contactPhone ?? '',
      salesman: body.salesman ?? '',
      secret: body.secret ?? false,
      remark: body.remark ?? '',
      depositCents: body.depositCents ?? 0,
      checkInAt: range.start,
      checkOutAt: range.end,
      hourly,
      createBy: actor.auth.userId,
      createTime: actor.now,
      updateTime: actor.now,
    })
    .returning({ orderId: order.orderId })
  const orderId = created!.orderId
  const stayState = walkIn ? StayState.checkIn : StayState.booking
  const ids: number[] = []
  for (const [i, r] of body.rooms.entries())
    ids.push(await insertStay(tx, actor, { orderId, hourly, range, state: stayState }, r, `rooms[${i}]`))
  await tx.update(order).set({ mainAccount: ids[0] }).where(eq(order.orderId, orderId))
  await recordEvent(tx, actor, {
    orderId,
    action,
    after: state,
    detail: { orderNo, rooms: ids, start: range.start, end: range.end, hourly },
  })
  return { orderId, orderNo }
}
