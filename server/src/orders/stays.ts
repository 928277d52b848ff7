// Stays: check-in (from a reservation), check-out and cancel check-out. Occupancy follows: a checked-in room is full
// or not full, a room left is empty and dirty.
import {
  OrderAction,
  type OrderState,
  ReserveState,
  StayState as Stay,
  type StayState,
} from '@pms/protocol/api/orders'
import { zonedDay } from '@pms/protocol/time/zone'
import { eq, sql } from 'drizzle-orm'
import { sentTogether, writeBehind } from '../db/answered.ts'
import { builtOnce, slot, valueSlot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { orderGuest, orderRoom } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import type { PropertyClock } from '../properties/clock.ts'
import { stayCardsExpired } from './card-stay.ts'
import { addGuests, refreshOccupancy, stayLabel, stayMovedWithOccupancy } from './guests.ts'
import { checkOutGuardsOf, guestPeople, runJoinGuards, runPersonGuards } from './hooks.ts'
import { moveStays } from './reservations.ts'
import type { CheckInBody } from './schemas.ts'
import { requireTransition } from './state-machine.ts'
import {
  type Actor,
  lockOrder,
  lockOrderWithClock,
  lockRoom,
  lockRoomsForCheckIn,
  type OrderEventInput,
  type OrderRow,
  recordEvent,
  recordEvents,
  requireEnterable,
  requireHourlyFit,
  requireRoomFree,
  requireRoomOfType,
  requireRoomType,
  type StayRow,
  staysOf,
} from './store.ts'
import { rangeLiteral } from './timing.ts'

/** A booked stay checked in: its room, its range from now (or its planned start) and the time (guests follow). */
const checkInStayAlone = builtOnce((db) =>
  db
    .update(orderRoom)
    .set({
      roomId: valueSlot<number>('roomId'),
      state: Stay.checkIn,
      stay: valueSlot<string>('stay'),
      checkedInAt: valueSlot<Date>('now'),
      updateTime: valueSlot<Date>('now'),
    })
    .where(eq(orderRoom.orderRoomId, slot('orderRoomId')))
    .prepare(''),
)

/**
 * A booked stay checked in without guests given (its room, its range, the time) and the occupancy its room then shows:
 * one statement (guests.ts stayMovedWithOccupancy).
 */
const checkInStayWithOccupancy = stayMovedWithOccupancy(
  sql`stay_in AS (UPDATE pms_order_room SET room_id = ${slot('roomId')}, stay = ${slot('stay')}::tstzrange,
    state = 'checkIn', checked_in_at = ${slot('now')}::timestamptz, update_time = ${slot('now')}::timestamptz
    WHERE order_room_id = ${slot('orderRoomId')})`,
  true,
)

/**
 * A stay checked out at the time given, its issued cards expired (card-stay.ts), and its room left empty (or not full)
 * and dirty: one statement.
 */
const checkOutStay = stayMovedWithOccupancy(
  sql`${stayCardsExpired}, stay_out AS (UPDATE pms_order_room SET state = 'checkOut',
    checked_out_at = ${slot('now')}::timestamptz, update_time = ${slot('now')}::timestamptz
    WHERE order_room_id = ${slot('orderRoomId')})`,
  false,
  sql`dirty = true,`,
)

/**
 * The stay, name, phone and ID number of an order's guests, in the order they were registered (statement built once):
 * those checking in are screened, and the first of them is named by the check-in's push record.
 */
const guestsOfOrder = builtOnce((db) =>
  db
    .select({
      guestId: orderGuest.guestId,
      orderRoomId: orderGuest.orderRoomId,
      name: orderGuest.name,
      phone: orderGuest.phone,
      idNo: orderGuest.idNo,
      main: orderGuest.main,
    })
    .from(orderGuest)
    .where(eq(orderGuest.orderId, slot('orderId')))
    .orderBy(orderGuest.guestId)
    .prepare(''),
)

/**
 * What a check-in did, as its push record tells the desks (order-routes.ts): the order, its first guest checking in
 * (booked, else given now), the rooms checked in now and their stays' span, and the property's zone to show it in.
 * It is built from what the check-in read and decided, so the record goes with the check-in's own writes rather than
 * after a read of the order (one round trip fewer); a partial check-in names the rooms it checked in, not the order's.
 */
export interface CheckedIn {
  orderNo: string
  contactName: string
  firstGuest: string | undefined
  roomNos: string[]
  start: Date
  end: Date
  timeZone: string
}

/** The reserve state an order's stays add up to once some are checked in. */
function reserveStateOf(stays: Array<{ state: StayState }>): ReserveState {
  return stays.some((s) => s.state === Stay.booking) ? ReserveState.checkInPart : ReserveState.checkInAll
}

/** Picks the stays an action names (all stays in `state` when none is named); each must be in `state`. */
async function pick(
  tx: Db,
  stays: StayRow[],
  ids: number[] | undefined,
  state: StayState,
  refusal: string,
): Promise<StayRow[]> {
  const chosen = ids
    ? ids.map((id) => {
        const s = stays.find((x) => x.orderRoomId === id)
        if (!s) throw badRequest('orders.roomNotInOrder', [id])
        return s
      })
    : stays.filter((s) => s.state === state)
  for (const s of chosen) if (s.state !== state) throw conflict(refusal, [await stayLabel(tx, s)])
  if (!chosen.length) throw conflict(refusal, [''])
  return chosen
}

/**
 * Checks in booked rooms of an order: each needs a room (assigned before or now) of its type, in service, empty and
 * free; the stay then runs from now to its planned end. Guests given are added to the room. Guests booked from a later
 * day than the property's business date check in only when the desk confirms it (`early`): their stay then gains the
 * nights before the booked arrival, which are charged.
 */
export async function checkIn(tx: Db, actor: Actor, body: CheckInBody): Promise<CheckedIn> {
  // Read together, in one round trip (none waits for another): the order locked with the property's clock (its zone
  // shows the push record's times; its business date refuses an early arrival the desk did not confirm), then (a
  // statement of its own, on a fresh snapshot, once the lock is granted) its stays, its guests (those the reservation
  // named are screened), and the rooms it takes with their own types, locked in room order (those the desk names, and
  // its booked stays'). The clock is read whether or not anybody arrives early: a stay booked by date starts at the
  // day's check-out time, so every guest checked in the morning arrives before it, and a read of its own would cost
  // those check-ins a statement.
  const [[current, clock], stays, guests, rooms] = await sentTogether(
    tx,
    () => lockOrderWithClock(tx, actor.propertyId, body.orderId, actor.now),
    () => staysOf(tx, body.orderId),
    () => guestsOfOrder(tx, { orderId: body.orderId }),
    () =>
      lockRoomsForCheckIn(
        tx,
        { propertyId: actor.propertyId, orderId: body.orderId },
        (body.rooms ?? []).flatMap((r) => (r.roomId ? [r.roomId] : [])),
        body.rooms ? body.rooms.map((r) => r.orderRoomId) : null,
      ),
  )
  const next = requireTransition(current.state, OrderAction.checkIn)
  const chosen = await pick(
    tx,
    stays,
    body.rooms?.map((r) => r.orderRoomId),
    Stay.booking,
    'orders.stayNotBooked',
  )
  const roomIds = chosen.map((stay, i) => {
    const roomId = body.rooms?.[i]?.roomId ?? stay.roomId
    if (!roomId) throw badRequest('validation.required', [`rooms[${i}].roomId`])
    return roomId
  })
  const chosenIds = new Set(chosen.map((s) => s.orderRoomId))
  const booked = guests.filter((g) => chosenIds.has(g.orderRoomId))
  const firstArrival = Math.min(...chosen.map((s) => s.start.getTime()))
  // Nobody on the blacklist checks in: the order's contact, the guests the reservation named and those given now.
  await runPersonGuards(tx, actor, [
    { phone: current.contactPhone, field: 'contactPhone' },
    ...guestPeople(booked, 'guests'),
    ...(body.rooms ?? []).flatMap((r, i) => guestPeople(r.guests ?? [], `rooms[${i}].guests`)),
  ])
  // A stay already due checks in whatever the business date; one booked to start later is refused when it starts on a
  // later day than the business date.
  if (!body.early && firstArrival > actor.now.getTime()) refuseEarlyArrival(clock, firstArrival)
  const events: OrderEventInput[] = []
  const told: CheckedIn = {
    orderNo: current.orderNo,
    contactName: current.contactName,
    firstGuest: (booked[0] ?? body.rooms?.flatMap((r) => r.guests ?? [])[0])?.name,
    roomNos: [],
    start: actor.now,
    end: actor.now,
    timeZone: clock.timeZone,
  }
  for (const [i, stay] of chosen.entries()) {
    const asked = body.rooms?.[i]
    const roomId = roomIds[i]!
    const locked = rooms.find((r) => r.room.roomId === roomId)
    if (!locked) throw notFound('entity.room')
    // The room's own type; the stay's is read only when they differ.
    const { room: theRoom, type: roomsType } = locked
    const type =
      roomsType.roomTypeId === stay.roomTypeId
        ? roomsType
        : await requireRoomType(tx, actor.propertyId, stay.roomTypeId)
    requireHourlyFit(type, current.hourly)
    requireRoomOfType(theRoom, type)
    requireEnterable(theRoom)
    if (stay.end <= actor.now) throw conflict('orders.stayEnded')
    const range = { start: actor.now < stay.start ? actor.now : stay.start, end: stay.end }
    told.roomNos.push(theRoom.roomNo)
    if (i === 0 || range.start < told.start) told.start = range.start
    if (i === 0 || range.end > told.end) told.end = range.end
    // Another stay holding the room over the range is refused by the exclusion constraint at this update (409
    // naming the room, from inTransaction): no read ahead of it. Nothing waits for its answer: it goes with the next
    // statement (its refusal is that statement's error), and so do the occupancy and the history below. Without
    // guests given, the room's occupancy is written by the stay's own statement; guests added refresh it themselves.
    const guests = asked?.guests ?? []
    const checkedIn = { orderRoomId: stay.orderRoomId, roomId, stay: rangeLiteral(range), now: actor.now }
    if (guests.length) {
      await writeBehind(tx, () => checkInStayAlone(tx, checkedIn))
      // The stay's guests now, from the order's read with its lock (no guest changes under it), and its type's occupancy.
      const ofStay = booked.filter((g) => g.orderRoomId === stay.orderRoomId)
      await addGuests(tx, Object.assign({}, stay, { roomId }), guests, `rooms[${i}].guests`, {
        existing: ofStay.length,
        max: type.maxOccupancy,
        mainGuestId: ofStay.find((g) => g.main)?.guestId ?? null,
      })
    } else await writeBehind(tx, () => checkInStayWithOccupancy(tx, checkedIn))
    stay.state = Stay.checkIn
    events.push({
      orderId: current.orderId,
      orderRoomId: stay.orderRoomId,
      action: OrderAction.checkIn,
      before: current.state,
      after: next,
      detail: { roomId, roomNo: theRoom.roomNo, assigned: stay.roomId !== roomId },
    })
  }
  // A history line per room, written with the order's new state and span (with the order's view read after it).
  await writeBehind(tx, () =>
    recordEvents(tx, actor, events, { state: next, reserveState: reserveStateOf(stays) }),
  )
  return told
}

/** Step: guests booked from a later day than the open business date are refused unless the desk confirmed them. */
function refuseEarlyArrival(clock: PropertyClock, firstArrival: number): void {
  const arrival = zonedDay(firstArrival, clock.timeZone)
  if (arrival > clock.businessDate) throw conflict('orders.checkInEarly', [arrival, clock.businessDate])
}

/**
 * Checks out checked-in rooms (all when none is named): each room becomes empty and dirty. The order is checked out
 * once no room is checked in; its rooms still to arrive are then cancelled — only when the desk says so
 * (`cancelBooked`): a group whose first guests leave before the others arrive is refused, naming the rooms, so no
 * booking is lost without a word. Billing's guards run first.
 */
export async function checkOut(
  tx: Db,
  actor: Actor,
  body: { orderId: number; orderRoomIds?: number[]; cancelBooked?: boolean },
) {
  // The order locked, its stays and every guard's reads (hooks.ts: billing's folio and charges, the order's member),
  // in one round trip: each read runs once the lock is granted, and decides from what the check-out asks.
  const guards = checkOutGuardsOf(tx, actor, {
    propertyId: actor.propertyId,
    orderId: body.orderId,
    orderRoomIds: body.orderRoomIds ?? null,
  })
  const [current, stays, ...guarded] = await sentTogether<[OrderRow, StayRow[], ...unknown[]]>(
    tx,
    () => lockOrder(tx, actor.propertyId, body.orderId),
    () => staysOf(tx, body.orderId),
    ...guards.reads,
  )
  const done = requireTransition(current.state, OrderAction.checkOut)
  const leaving = await pick(tx, stays, body.orderRoomIds, Stay.checkIn, 'orders.stayNotCheckedIn')
  const leavingIds = new Set(leaving.map((s) => s.orderRoomId))
  const lastOut = !stays.some((s) => s.state === Stay.checkIn && !leavingIds.has(s.orderRoomId))
  const booked = stays.filter((s) => s.state === Stay.booking)
  if (lastOut && booked.length && !body.cancelBooked)
    throw conflict('orders.checkOutCancelsBooked', [
      (await Promise.all(booked.map((s) => stayLabel(tx, s)))).join(', '),
    ])
  await guards.check({ order: current, lastOut }, guarded)
  for (const stay of leaving) {
    // Writes nothing waits for: they go with the next statement that is read (a refusal is its error).
    // The stay, its cards and its room's occupancy, in one statement.
    await writeBehind(tx, () =>
      checkOutStay(tx, { orderRoomId: stay.orderRoomId, roomId: stay.roomId, now: actor.now }),
    )
    // Its keys on the room's lock become pending revocations, by the stay's update (migration 0070).
  }
  const next: OrderState = lastOut ? done : current.state
  // Rooms still only booked are cancelled, as the desk confirmed (the stays were read under the order's lock).
  if (lastOut && booked.length) await moveStays(tx, current.orderId, [Stay.booking], Stay.cancel, actor.now)
  await writeBehind(tx, () =>
    recordEvent(
      tx,
      actor,
      {
        orderId: current.orderId,
        action: OrderAction.checkOut,
        before: current.state,
        after: next,
        detail: {
          rooms: leaving.map((s) => s.orderRoomId),
          ...(lastOut && booked.length ? { cancelled: booked.map((s) => s.orderRoomId) } : {}),
        },
      },
      { state: next },
    ),
  )
}

/**
 * Cancels a check-out: the rooms named (all checked-out rooms when none) are checked in again for their planned
 * stays. Each room must still be empty and free (someone may have moved in meanwhile).
 */
export async function cancelCheckOut(
  tx: Db,
  actor: Actor,
  body: { orderId: number; orderRoomIds?: number[] },
) {
  const current = await lockOrder(tx, actor.propertyId, body.orderId)
  const next = requireTransition(current.state, OrderAction.cancelCheckOut)
  const stays = await staysOf(tx, body.orderId)
  const back = await pick(tx, stays, body.orderRoomIds, Stay.checkOut, 'orders.stayNotCheckedOut')
  for (const stay of back) {
    // A room joined to an account comes back only to an open one (billing/joint-rooms.ts rules 2 and 4).
    if (stay.mainRoomId) await runJoinGuards(tx, actor, stay.mainRoomId, true)
    if (!stay.roomId) continue
    const theRoom = await lockRoom(tx, actor.propertyId, stay.roomId)
    // Someone moved in since: the guests cannot be brought back into it (a room change first, then the cancel).
    if (theRoom.occupancy !== 'empty') throw conflict('orders.checkOutNotUndone', [theRoom.roomNo])
    requireEnterable(theRoom)
    await requireRoomFree(tx, theRoom, stay, stay.orderRoomId)
    await tx
      .update(orderRoom)
      .set({ state: Stay.checkIn, checkedOutAt: null, updateTime: actor.now })
      .where(eq(orderRoom.orderRoomId, stay.orderRoomId))
    await refreshOccupancy(tx, stay.roomId)
  }
  await recordEvent(
    tx,
    actor,
    {
      orderId: current.orderId,
      action: OrderAction.cancelCheckOut,
      before: current.state,
      after: next,
      detail: { rooms: back.map((s) => s.orderRoomId) },
    },
    { state: next },
  )
}
