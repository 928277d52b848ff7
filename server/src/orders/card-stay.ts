// What a guest card issued for a stay carries (cards/issue-routes.ts): the stay's room, order, main guest and
// validity. Refused without a guest ('Do not issue card without guest information.') and once the stay is over
// ('Check-in information has expired, please stay after issuing').
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { builtOnce, slot, valueSlot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { cardRecord, orderGuest, orderRoom } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { staysOf } from './store.ts'

export interface CardStay {
  orderId: number
  orderRoomId: number
  roomId: number
  guestName: string
  /** Unix seconds. */
  startTime: number
  endTime: number
}

export async function stayForCard(
  db: Db,
  propertyId: number,
  orderRoomId: number,
  now: Date,
): Promise<CardStay> {
  const [found] = await db
    .select({ orderId: orderRoom.orderId })
    .from(orderRoom)
    .where(and(eq(orderRoom.orderRoomId, orderRoomId), eq(orderRoom.propertyId, propertyId)))
  if (!found) throw notFound('orders.entity.orderRoom')
  const stay = (await staysOf(db, found.orderId)).find((s) => s.orderRoomId === orderRoomId)!
  if ((stay.state !== 'booking' && stay.state !== 'checkIn') || stay.end <= now)
    throw conflict('orders.cardStayExpired')
  if (!stay.roomId) throw badRequest('orders.roomNotAssigned', ['orderRoomId'])
  const [guest] = await db
    .select({ name: orderGuest.name })
    .from(orderGuest)
    .where(eq(orderGuest.orderRoomId, orderRoomId))
    .orderBy(desc(orderGuest.main), asc(orderGuest.guestId))
    .limit(1)
  if (!guest) throw badRequest('orders.cardNoGuest')
  return {
    orderId: stay.orderId,
    orderRoomId,
    roomId: stay.roomId,
    guestName: guest.name,
    startTime: Math.floor(stay.start.getTime() / 1000),
    endTime: Math.floor(stay.end.getTime() / 1000),
  }
}

/**
 * The stay's issued cards end: at check-out, and for the old room when the stay moves (SPEC §4 card issuing: issued →
 * expired). The record says what the card is worth; the lock learns it from a checkout card or a newer guest card.
 * `expireStayCardsInRoom` ends the cards of the room being left (a room change); a check-out ends every card of the
 * stay with the stay's own update (`stayCardsExpired`, orders/stays.ts).
 */
export async function expireStayCardsInRoom(
  db: Db,
  orderRoomId: number,
  now: Date,
  roomId: number,
): Promise<void> {
  await expireCardsOfStayInRoom(db, { orderRoomId, roomId, now })
}

/** The stay's issued cards of one room expired (statement built once). */
const expireCardsOfStayInRoom = builtOnce((db) =>
  db
    .update(cardRecord)
    .set({ state: 'expired', updateTime: valueSlot<Date>('now') })
    .where(
      and(
        eq(cardRecord.orderRoomId, slot('orderRoomId')),
        eq(cardRecord.state, 'issued'),
        eq(cardRecord.roomId, slot('roomId')),
      ),
    )
    .prepare(''),
)

/**
 * Every issued card of the stay `orderRoomId` (a slot) expired at `now` (a slot), as an entry of a WITH list for a
 * statement built once that writes the stay itself (the check-out's).
 */
export const stayCardsExpired = sql`cards_expired AS (UPDATE pms_card_record SET state = 'expired',
  update_time = ${slot('now')}::timestamptz WHERE order_room_id = ${slot('orderRoomId')} AND state = 'issued')`
