// House use and complimentary marks on stays (issue 13), as a named step: a stay of the property, not checked out,
// is marked complimentary (given to the guest) or house use (the hotel's own use) with a reason, or the mark is
// cleared. A marked stay is charged nothing (no nightly charge, no check-out room charge): it stays out of the rooms
// sold and of room revenue, and the night audit's snapshot counts it apart (rooms_complimentary, rooms_house_use).
// Nights already charged stay charged; a correction of those is a refund at the desk.
import type { StayMark, StayMarkView } from '@pms/protocol/api/night-audit'
import { sql } from 'drizzle-orm'
import type { AuthContext } from '../auth/auth-context.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyTimeZone } from '../properties/clock.ts'

/** States of a stay that may still be marked: booked or in house (a checked-out stay's bill is done). */
const MARKABLE = ['booking', 'checkIn']

export async function markStay(
  tx: Db,
  auth: AuthContext,
  propertyId: number,
  body: { orderRoomId: number; mark: StayMark; reason?: string },
  now: Date,
): Promise<StayMarkView> {
  const reason = (body.reason ?? '').trim()
  if (body.mark !== '' && !reason) throw badRequest('validation.required', ['reason'])
  const [stay] = rowsOf<{ state: string }>(
    await tx.execute(sql`SELECT state FROM pms_order_room WHERE order_room_id = ${body.orderRoomId}
      AND property_id = ${propertyId} FOR UPDATE`),
  )
  if (!stay) throw notFound('billing.entity.orderRoom')
  if (!MARKABLE.includes(stay.state)) throw conflict('stayMark.notMarkable')
  const marked = body.mark !== ''
  await tx.execute(sql`UPDATE pms_order_room SET stay_mark = ${body.mark},
    stay_mark_reason = ${marked ? reason : ''}, stay_mark_by = ${marked ? auth.userId : null},
    stay_mark_time = ${marked ? now.toISOString() : null}::timestamptz
    WHERE order_room_id = ${body.orderRoomId}`)
  return {
    orderRoomId: body.orderRoomId,
    mark: body.mark,
    reason: marked ? reason : '',
    markedByName: marked ? auth.userName : '',
    markTime: marked ? formatTime(now, await propertyTimeZone(tx, propertyId)) : null,
  }
}
