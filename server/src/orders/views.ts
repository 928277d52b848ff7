// Reading orders: the paged list (reservations are the orders made ahead), and the detail with rooms, guests, the
// history of every action (who and when) and the sections other areas add. `overdue` is computed here, so a stay
// past its end shows as overdue before the night audit's sweep has run.
import { ResultCode } from '@pms/protocol'
import type { StayMark } from '@pms/protocol/api/night-audit'
import type {
  OrderDetail,
  OrderEventView,
  OrderRoomView,
  OrderSummary,
  OrderView,
} from '@pms/protocol/api/orders'
import { maskIdNumber, maskPhone } from '@pms/protocol/format/mask'
import { dayRange } from '@pms/protocol/time/zone'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { AtCommit } from '../db/answered.ts'
import { builtOnce, slot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { order } from '../db/schema/index.ts'
import { AppError } from '../http/errors.ts'
import { paging } from '../http/reply.ts'
import { formatTime } from '../notifications/push.ts'
import { propertyTimeZone, timeZoneColumn, zoneOrDefault } from '../properties/clock.ts'
import { type GuestRow, presentGuest } from './guests.ts'
import { detailSections } from './hooks.ts'
import type { ListQuery } from './schemas.ts'
import { type Actor, inTransactionAnswered, type OrderRow, type StayRow } from './store.ts'
import { parseLocalTime } from './timing.ts'

/** A time of the order on the property's clock. */
const timeIn = (timeZone: string) => (d: Date | string | null) =>
  d ? formatTime(new Date(d), timeZone) : null

function summary(
  row: OrderRow,
  {
    departedAt,
    ...extra
  }: {
    overdue: boolean
    roomNos: string[]
    unassigned: string[]
    guestNames: string[]
    departedAt: Date | null
  },
  timeZone: string,
): OrderSummary {
  const time = timeIn(timeZone)
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
    channel: row.channel,
    secret: row.secret,
    remark: row.remark,
    mainAccount: row.mainAccount,
    depositCents: row.depositCents,
    hourly: row.hourly,
    checkInAt: time(row.checkInAt)!,
    checkOutAt: time(row.checkOutAt)!,
    departedAt: row.state === 'checkOut' ? time(departedAt) : null,
    createTime: time(row.createTime)!,
    ...extra,
  }
}

function summaryMasked(row: OrderRow, extra: Parameters<typeof summary>[1], timeZone: string): OrderSummary {
  const s = summary(row, extra, timeZone)
  return Object.assign(s, { contactPhone: maskPhone(s.contactPhone) })
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
  const timeZone = await propertyTimeZone(db, propertyId)
  const where: SQL[] = [sql`o.property_id = ${propertyId}`]
  if (reservations) where.push(sql`o.order_type = 'reserve'`)
  if (query.state) where.push(sql`o.state = ${query.state}`)
  if (query.orderType) where.push(sql`o.order_type = ${query.orderType}`)
  if (query.reserveState) where.push(sql`o.reserve_state = ${query.reserveState}`)
  if (query.cancelStatus) where.push(sql`o.cancel_status = ${query.cancelStatus}`)
  if (query.orderNo) where.push(sql`o.order_no ILIKE ${like(query.orderNo)}`)
  if (query.beginDate) {
    const begin = parseLocalTime(query.beginDate, 'beginDate', timeZone)
    where.push(sql`o.check_out_at > ${begin.toISOString()}::timestamptz`)
  }
  if (query.endDate) {
    // A date alone covers that whole day.
    const endDate = query.endDate.trim()
    const at = parseLocalTime(endDate, 'endDate', timeZone)
    const end = endDate.length === 10 ? dayRange(endDate, timeZone).end : at
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
          WHERE g.order_id = o.order_id), '{}') AS "guestNames",
        coalesce((SELECT array_agg(t.type_name ORDER BY r.order_room_id) FROM pms_order_room r
          JOIN pms_room_type t ON t.room_type_id = r.room_type_id
          WHERE r.order_id = o.order_id AND r.room_id IS NULL AND r.state = 'booking'), '{}') AS unassigned,
        CASE WHEN o.state = 'checkOut' THEN (SELECT max(r.checked_out_at) FROM pms_order_room r
          WHERE r.order_id = o.order_id) END AS "departedAt"
      FROM pms_order o WHERE ${filter}
      ORDER BY o.check_in_at DESC, o.order_id DESC LIMIT ${limit} OFFSET ${offset}`),
  )
  const ids = rows.map((r) => Number(r.orderId))
  const orders = ids.length ? await db.select().from(order).where(inArray(order.orderId, ids)) : []
  const byId = new Map(orders.map((o) => [o.orderId, o as OrderRow]))
  return {
    total: Number(counted?.n ?? 0),
    // Lists are for reading: the contact's phone masked (SPEC §5).
    rows: rows.map((r) =>
      summaryMasked(
        byId.get(Number(r.orderId))!,
        {
          overdue: Boolean(r.overdue),
          roomNos: r.roomNos as string[],
          unassigned: r.unassigned as string[],
          guestNames: r.guestNames as string[],
          departedAt: r.departedAt ? new Date(r.departedAt as string) : null,
        },
        timeZone,
      ),
    ),
  }
}

/** A stay of the view as the JSON of the view's statement holds it (times as ISO text). */
interface ViewStay {
  orderRoomId: number
  orderId: number
  propertyId: number
  roomId: number | null
  roomNo: string | null
  roomTypeId: number
  typeName: string
  priceCents: number
  start: string
  end: string
  state: StayRow['state']
  mainRoomId: number | null
  mainRoomNo: string | null
  checkedInAt: string | null
  checkedOutAt: string | null
  stayMark: StayMark
  stayMarkReason: string
  createTime: string
  updateTime: string
}

interface ViewEvent extends Omit<OrderEventView, 'createTime'> {
  createTime: string
}

/** The order view's statement (loadOrderView), built once. */
const orderViewRow = builtOnce((db) =>
  db
    .select({
      order,
      rooms: sql<ViewStay[]>`coalesce((SELECT json_agg(json_build_object(
          'orderRoomId', r.order_room_id, 'orderId', r.order_id, 'propertyId', r.property_id, 'roomId', r.room_id,
          'roomNo', rm.room_no, 'roomTypeId', r.room_type_id, 'typeName', coalesce(t.type_name, ''),
          'priceCents', r.price_cents, 'start', lower(r.stay), 'end', upper(r.stay), 'state', r.state,
          'mainRoomId', r.main_room_id, 'checkedInAt', r.checked_in_at, 'checkedOutAt', r.checked_out_at,
          'mainRoomNo', (SELECT mrm.room_no FROM pms_order_room m JOIN pms_room mrm ON mrm.room_id = m.room_id
            WHERE m.order_room_id = r.main_room_id),
          'stayMark', r.stay_mark, 'stayMarkReason', r.stay_mark_reason,
          'createTime', r.create_time, 'updateTime', r.update_time) ORDER BY r.order_room_id)
        FROM pms_order_room r LEFT JOIN pms_room rm ON rm.room_id = r.room_id
        LEFT JOIN pms_room_type t ON t.room_type_id = r.room_type_id
        WHERE r.order_id = ${slot('orderId')}), '[]')`,
      guests: sql<GuestRow[]>`coalesce((SELECT json_agg(json_build_object(
          'guestId', g.guest_id, 'orderId', g.order_id, 'orderRoomId', g.order_room_id, 'name', g.name,
          'idType', g.id_type, 'idNo', g.id_no, 'phone', g.phone, 'main', g.main) ORDER BY g.guest_id)
        FROM pms_order_guest g WHERE g.order_id = ${slot('orderId')}), '[]')`,
      events: sql<ViewEvent[]>`coalesce((SELECT json_agg(json_build_object(
          'eventId', e.event_id, 'orderRoomId', e.order_room_id, 'action', e.action, 'stateBefore', e.state_before,
          'stateAfter', e.state_after, 'detail', e.detail, 'createBy', e.create_by,
          'createByName', coalesce(u.user_name, ''), 'createTime', e.create_time) ORDER BY e.event_id)
        FROM pms_order_event e LEFT JOIN sys_user u ON u.user_id = e.create_by
        WHERE e.order_id = ${slot('orderId')}), '[]')`,
      timeZone: timeZoneColumn(slot('propertyId')),
    })
    .from(order)
    .where(and(eq(order.orderId, slot('orderId')), eq(order.propertyId, slot('propertyId'))))
    .prepare(''),
)

/**
 * The order with its rooms, guests and history (and the property's zone), built by PostgreSQL in one statement
 * (json_agg per part): what a
 * write answers (the console revalidates the folio and other sections on its own) and the base of the detail.
 */
async function loadOrderView(
  db: Db,
  propertyId: number,
  orderId: number,
  now: Date,
): Promise<{ view: OrderView; order: OrderRow; stays: StayRow[] }> {
  const [row] = await orderViewRow(db, { orderId, propertyId })
  if (!row) throw new AppError(ResultCode.notFound, 'orders.orderNotFound')
  const timeZone = zoneOrDefault(row.timeZone)
  const time = timeIn(timeZone)
  const theOrder = row.order as OrderRow
  const stays: StayRow[] = row.rooms.map((r) => ({
    orderRoomId: r.orderRoomId,
    orderId: r.orderId,
    propertyId: r.propertyId,
    roomId: r.roomId,
    roomTypeId: r.roomTypeId,
    priceCents: r.priceCents,
    stay: '',
    state: r.state,
    mainRoomId: r.mainRoomId,
    checkedInAt: r.checkedInAt ? new Date(r.checkedInAt) : null,
    checkedOutAt: r.checkedOutAt ? new Date(r.checkedOutAt) : null,
    createTime: new Date(r.createTime),
    updateTime: new Date(r.updateTime),
    start: new Date(r.start),
    end: new Date(r.end),
  }))
  const roomViews: OrderRoomView[] = row.rooms.map((r, i) => ({
    orderRoomId: r.orderRoomId,
    roomId: r.roomId,
    roomNo: r.roomNo,
    roomTypeId: r.roomTypeId,
    typeName: r.typeName,
    priceCents: r.priceCents,
    startTime: time(r.start)!,
    endTime: time(r.end)!,
    state: r.state,
    overdue: r.state === 'checkIn' && stays[i]!.end <= now,
    mainRoomId: r.mainRoomId,
    mainRoomNo: r.mainRoomNo,
    checkedInAt: time(r.checkedInAt),
    checkedOutAt: time(r.checkedOutAt),
    stayMark: r.stayMark,
    stayMarkReason: r.stayMarkReason,
    guests: row.guests.filter((g) => g.orderRoomId === r.orderRoomId).map(presentGuest),
  }))
  // A fresh summary extended in place, not spread: see server/src/db/README.md, "Objects on the hot path" (and below).
  const view: OrderView = Object.assign(
    summary(
      theOrder,
      {
        overdue: roomViews.some((r) => r.overdue),
        roomNos: roomViews.map((r) => r.roomNo).filter((n): n is string => n !== null),
        unassigned: roomViews
          .filter((r) => r.roomId === null && r.state === 'booking')
          .map((r) => r.typeName),
        guestNames: row.guests.map((g) => g.name),
        departedAt: lastCheckOut(stays),
      },
      timeZone,
    ),
    {
      rooms: roomViews,
      events: row.events.map((e) => Object.assign({}, e, { createTime: time(e.createTime)! })),
    },
  )
  return { view, order: theOrder, stays }
}

/** The latest check-out of an order's stays (null when none has left). */
function lastCheckOut(stays: readonly StayRow[]): Date | null {
  const times = stays.map((s) => s.checkedOutAt?.getTime() ?? 0).filter((t) => t > 0)
  return times.length ? new Date(Math.max(...times)) : null
}

/** A guest as read, not edited: phone and ID number masked (SPEC §5). */
export function maskGuest<T extends { idNo: string; phone: string }>(guest: T): T {
  return Object.assign({}, guest, { idNo: maskIdNumber(guest.idNo), phone: maskPhone(guest.phone) })
}

/**
 * An order as read: the contact's phone and every guest's phone and ID number masked. Only the detail read with
 * `full` by a user who may edit them answers the full values (the edit dialogs and the check-in prefill).
 */
export function maskOrder<T extends OrderView>(view: T): T {
  return Object.assign({}, view, {
    contactPhone: maskPhone(view.contactPhone),
    rooms: view.rooms.map((r) => Object.assign({}, r, { guests: r.guests.map(maskGuest) })),
  })
}

/** The order a write answers: rooms with guests and history, one statement (sections are read by the detail). */
export async function orderView(db: Db, propertyId: number, orderId: number, now: Date): Promise<OrderView> {
  return maskOrder((await loadOrderView(db, propertyId, orderId, now)).view)
}

/**
 * Runs a write of one order in one transaction (`work` answers the order's id) and answers the order's view, read as
 * the transaction's last statement and sent with its COMMIT, with the checks `work` hands to `atCommit`
 * (inTransactionAnswered).
 */
export async function writtenOrderView(
  db: Db,
  actor: Actor,
  work: (tx: Db, atCommit: AtCommit) => Promise<number>,
): Promise<OrderView> {
  const { answer } = await inTransactionAnswered(db, actor.propertyId, work, (tx, orderId) =>
    orderView(tx, actor.propertyId, orderId, actor.now),
  )
  return answer
}

/** The full order: the view and the sections other areas add (billing's folio). */
export async function orderDetail(
  db: Db,
  propertyId: number,
  orderId: number,
  now: Date,
  full = false,
): Promise<OrderDetail> {
  const { view, order: theOrder, stays } = await loadOrderView(db, propertyId, orderId, now)
  return Object.assign({}, full ? view : maskOrder(view), {
    sections: await detailSections(db, theOrder, stays),
  })
}
