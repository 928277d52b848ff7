// Reading orders: the paged list (reservations are the orders made ahead), and the detail with rooms, guests, the
// history of every action (who and when) and the sections other areas add. `overdue` is computed here, so a stay
// past its end shows as overdue before the night audit's sweep has run.
import type { OrderDetail, OrderEventView, OrderRoomView, OrderSummary } from '@pms/protocol/api/orders'
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { order, orderEvent, orderGuest, room, roomType, user } from '../db/schema/index.ts'
import { paging } from '../http/reply.ts'
import { formatTime } from '../notifications/push.ts'
import { presentGuest } from './guests.ts'
import { detailSections } from './hooks.ts'
import type { ListQuery } from './schemas.ts'
import { findOrder, type OrderRow, rowsOf, staysOf } from './store.ts'
import { parseLocalTime } from './timing.ts'

const time = (d: Date | string | null) => (d ? formatTime(new Date(d)) : null)

function summary(
  row: OrderRow,
  extra: { overdue: boolean; roomNos: string[]; guestNames: string[] },
): OrderSummary {
  return {
    orderId: row.orderId,
    orderNo: row.orderNo,
    externalNo: row.externalNo,
    orderType: row.orderType as OrderSummary['orderType'],
    orderSource: row.orderSource,
    customerSource: row.customerSource,
    state: row.state,
    reserveState: row.reserveState as OrderSummary['reserveState'],
    cancelStatus: row.cancelStatus as OrderSummary['cancelStatus'],
    cancelReason: row.cancelReason,
    cancelRemark: row.cancelRemark,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    salesman: row.salesman,
    secret: row.secret,
    remark: row.remark,
    mainAccount: row.mainAccount,
    depositCents: row.depositCents,
    hourly: row.hourly,
    checkInAt: time(row.checkInAt)!,
    checkOutAt: time(row.checkOutAt)!,
    createTime: time(row.createTime)!,
    ...extra,
  }
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The paged order list of a property; `reservations` keeps the orders made ahead (order type reserve). */
export async function listOrders(
  db: Db,
  propertyId: number,
  query: ListQuery,
  now: Date,
  reservations: boolean,
): Promise<{ rows: OrderSummary[]; total: number }> {
  const where: SQL[] = [sql`o.property_id = ${propertyId}`]
  if (reservations) where.push(sql`o.order_type = 'reserve'`)
  if (query.state) where.push(sql`o.state = ${query.state}`)
  if (query.orderType) where.push(sql`o.order_type = ${query.orderType}`)
  if (query.reserveState) where.push(sql`o.reserve_state = ${query.reserveState}`)
  if (query.cancelStatus) where.push(sql`o.cancel_status = ${query.cancelStatus}`)
  if (query.orderNo) where.push(sql`o.order_no ILIKE ${like(query.orderNo)}`)
  if (query.beginDate) {
    const begin = parseLocalTime(query.beginDate, 'beginDate')
    where.push(sql`o.check_out_at > ${begin.toISOString()}::timestamptz`)
  }
  if (query.endDate) {
    const end = parseLocalTime(query.endDate, 'endDate')
    // A date alone covers that whole day.
    if (query.endDate.trim().length === 10) end.setDate(end.getDate() + 1)
    where.push(sql`o.check_in_at < ${end.toISOString()}::timestamptz`)
  }
  if (query.guestName)
    where.push(sql`(o.contact_name ILIKE ${like(query.guestName)} OR EXISTS (SELECT 1 FROM pms_order_guest g
      WHERE g.order_id = o.order_id AND g.name ILIKE ${like(query.guestName)}))`)
  if (query.phone)
    where.push(sql`(o.contact_phone LIKE ${like(query.phone)} OR EXISTS (SELECT 1 FROM pms_order_guest g
      WHERE g.order_id = o.order_id AND g.phone LIKE ${like(query.phone)}))`)
  if (query.roomNo)
    where.push(sql`EXISTS (SELECT 1 FROM pms_order_room r JOIN pms_room rm ON rm.room_id = r.room_id
      WHERE r.order_id = o.order_id AND rm.room_no ILIKE ${like(query.roomNo)})`)
  const filter = sql.join(where, sql` AND `)
  const { limit, offset } = paging(query)
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM pms_order o WHERE ${filter}`),
  )
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT o.order_id AS "orderId",
        EXISTS (SELECT 1 FROM pms_order_room r WHERE r.order_id = o.order_id AND r.state = 'checkIn'
          AND upper(r.stay) <= ${now.toISOString()}::timestamptz) AS overdue,
        coalesce((SELECT array_agg(rm.room_no ORDER BY r.order_room_id) FROM pms_order_room r
          JOIN pms_room rm ON rm.room_id = r.room_id WHERE r.order_id = o.order_id), '{}') AS "roomNos",
        coalesce((SELECT array_agg(g.name ORDER BY g.guest_id) FROM pms_order_guest g
          WHERE g.order_id = o.order_id), '{}') AS "guestNames"
      FROM pms_order o WHERE ${filter}
      ORDER BY o.check_in_at DESC, o.order_id DESC LIMIT ${limit} OFFSET ${offset}`),
  )
  const ids = rows.map((r) => Number(r.orderId))
  const orders = ids.length ? await db.select().from(order).where(inArray(order.orderId, ids)) : []
  const byId = new Map(orders.map((o) => [o.orderId, o as OrderRow]))
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((r) =>
      summary(byId.get(Number(r.orderId))!, {
        overdue: Boolean(r.overdue),
        roomNos: r.roomNos as string[],
        guestNames: r.guestNames as string[],
      }),
    ),
  }
}

/** The full order: rooms with guests, history with who did what, and other areas' sections. */
export async function orderDetail(
  db: Db,
  propertyId: number,
  orderId: number,
  now: Date,
): Promise<OrderDetail> {
  const theOrder = await findOrder(db, propertyId, orderId)
  const stays = await staysOf(db, orderId)
  const guests = await db
    .select()
    .from(orderGuest)
    .where(eq(orderGuest.orderId, orderId))
    .orderBy(asc(orderGuest.guestId))
  const roomIds = stays.map((s) => s.roomId).filter((id): id is number => id !== null)
  const rooms = roomIds.length
    ? await db.select({ id: room.roomId, no: room.roomNo }).from(room).where(inArray(room.roomId, roomIds))
    : []
  const types = await db
    .select({ id: roomType.roomTypeId, name: roomType.typeName })
    .from(roomType)
    .where(
      inArray(
        roomType.roomTypeId,
        stays.map((s) => s.roomTypeId),
      ),
    )
  const roomViews: OrderRoomView[] = stays.map((s) => ({
    orderRoomId: s.orderRoomId,
    roomId: s.roomId,
    roomNo: rooms.find((r) => r.id === s.roomId)?.no ?? null,
    roomTypeId: s.roomTypeId,
    typeName: types.find((t) => t.id === s.roomTypeId)?.name ?? '',
    priceCents: s.priceCents,
    startTime: time(s.start)!,
    endTime: time(s.end)!,
    state: s.state,
    overdue: s.state === 'checkIn' && s.end <= now,
    mainRoomId: s.mainRoomId,
    checkedInAt: time(s.checkedInAt),
    checkedOutAt: time(s.checkedOutAt),
    guests: guests.filter((g) => g.orderRoomId === s.orderRoomId).map(presentGuest),
  }))
  const events = await db
    .select({
      eventId: orderEvent.eventId,
      orderRoomId: orderEvent.orderRoomId,
      action: orderEvent.action,
      stateBefore: orderEvent.stateBefore,
      stateAfter: orderEvent.stateAfter,
      detail: orderEvent.detail,
      createBy: orderEvent.createBy,
      createByName: user.userName,
      createTime: orderEvent.createTime,
    })
    .from(orderEvent)
    .leftJoin(user, eq(user.userId, orderEvent.createBy))
    .where(eq(orderEvent.orderId, orderId))
    .orderBy(asc(orderEvent.eventId))
  const eventViews: OrderEventView[] = events.map((e) => ({
    ...e,
    action: e.action as OrderEventView['action'],
    detail: e.detail as Record<string, unknown>,
    createByName: e.createByName ?? '',
    createTime: time(e.createTime)!,
  }))
  return {
    ...summary(theOrder, {
      overdue: roomViews.some((r) => r.overdue),
      roomNos: roomViews.map((r) => r.roomNo).filter((n): n is string => n !== null),
      guestNames: guests.map((g) => g.name),
    }),
    rooms: roomViews,
    events: eventViews,
    sections: await detailSections(db, theOrder, stays),
  }
}
