// What a guest card issued for a stay carries (cards/issue-routes.ts): the stay's room, order, main guest and
// validity. Refused without a guest ('Do not issue card without guest information.') and once the stay is over
// ('Check-in information has expired, please stay after issuing').
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { orderGuest, orderRoom } from '../db/schema/index.ts'
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
