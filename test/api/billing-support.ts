// Arrangements of the billing suites: orders and stays written straight into the database (the front desk's own
// routes are tested in their suites), a user without billing permissions, the property's timing, and a keyed caller.
import { randomUUID } from 'node:crypto'
import type { TestProduct } from './harness.ts'
import { bearer } from './harness.ts'

export interface BillingStaff {
  manager: string
  clerk: string
  /** Signed in to the hotel with no billing permission. */
  viewer: string
  hotel: number
  apartment: number
}

export async function arrangeBillingStaff(p: TestProduct): Promise<BillingStaff> {
  const properties = await p.query<{ property_id: string; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  const hotel = Number(properties.find((r) => r.property_code === 'DEMO-HOTEL')!.property_id)
  const apartment = Number(properties.find((r) => r.property_code === 'DEMO-APT')!.property_id)
  await p.query(
    `INSERT INTO sys_user (user_name, password, user_type, default_property_id)
     SELECT 'billing_viewer', password, 2, $1 FROM sys_user WHERE user_name = 'clerk'`,
    [hotel],
  )
  await p.query(
    `INSERT INTO pms_property_user (property_id, user_id, role_id)
     SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
     WHERE u.user_name = 'billing_viewer' AND r.role_key = 'common'`,
    [hotel],
  )
  return {
    manager: await p.login('manager'),
    clerk: await p.login('clerk'),
    viewer: await p.login('billing_viewer'),
    hotel,
    apartment,
  }
}

/** Saves the property's timing and overtime rules as property administration does. */
export async function setPropertyConfig(p: TestProduct, propertyId: number, config: object) {
  await p.query(
    `INSERT INTO pms_property_config (property_id, config) VALUES ($1, $2::jsonb)
     ON CONFLICT (property_id) DO UPDATE SET config = EXCLUDED.config`,
    [propertyId, JSON.stringify(config)],
  )
}

export interface StayInput {
  priceCents: number
  checkedInAt: Date
  checkedOutAt?: Date
  /** End of the booked stay; one day after check-in when omitted. */
  plannedEnd?: Date
  state?: 'checkIn' | 'checkOut' | 'booking'
  mainRoomId?: number
}

export interface ArrangedOrder {
  orderId: number
  orderNo: string
  rooms: Array<{ orderRoomId: number; roomId: number; roomNo: string; roomTypeId: number }>
}

let orderSeq = 0
/**
 * Rooms are handed out one by one so that arranged stays never overlap on a room: counted per product (its own
 * database), not per engine, so a second product — or a file run after another in the same worker — starts again
 * at its first room.
 */
const usedRooms = new WeakMap<TestProduct, Map<number, number>>()

/** An order of `propertyId` with stays on distinct rooms, written directly. */
export async function arrangeOrder(
  p: TestProduct,
  propertyId: number,
  stays: StayInput[],
  options: { hourly?: boolean } = {},
): Promise<ArrangedOrder> {
  const endOf = (s: StayInput) => s.plannedEnd ?? new Date(s.checkedInAt.getTime() + 86_400_000)
  const start = new Date(Math.min(...stays.map((s) => s.checkedInAt.getTime())))
  const end = new Date(Math.max(...stays.map((s) => endOf(s).getTime())))
  orderSeq += 1
  const orderNo = `BILL${String(orderSeq).padStart(6, '0')}`
  const [o] = await p.query<{ order_id: string }>(
    `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at, hourly,
       contact_name, contact_phone)
     VALUES ($1, $2, 'walkIn', 'checkIn', 'toOrder', $3, $4, $5, 'Li Lei', '13800138000') RETURNING order_id`,
    [propertyId, orderNo, start, end, options.hourly ?? false],
  )
  const orderId = Number(o!.order_id)
  const rooms: ArrangedOrder['rooms'] = []
  for (const stay of stays) {
    const used = usedRooms.get(p) ?? new Map<number, number>()
    usedRooms.set(p, used)
    const skip = used.get(propertyId) ?? 0
    used.set(propertyId, skip + 1)
    const [r] = await p.query<{ room_id: string; room_no: string; room_type_id: string }>(
      'SELECT room_id, room_no, room_type_id FROM pms_room WHERE property_id = $1 ORDER BY room_id OFFSET $2 LIMIT 1',
      [propertyId, skip],
    )
    const [row] = await p.query<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state,
         main_room_id, checked_in_at, checked_out_at)
       VALUES ($1, $2, $3, $4, $5, tstzrange($6, $7, '[)'), $8, $9, $10, $11) RETURNING order_room_id`,
      [
        orderId,
        propertyId,
        r!.room_id,
        r!.room_type_id,
        stay.priceCents,
        stay.checkedInAt,
        endOf(stay),
        stay.state ?? (stay.checkedOutAt ? 'checkOut' : 'checkIn'),
        stay.mainRoomId ?? null,
        stay.state === 'booking' ? null : stay.checkedInAt,
        stay.checkedOutAt ?? null,
      ],
    )
    await p.query(
      `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name, id_type, phone, main)
       VALUES ($1, $2, $3, $4, 'passport', '13800138000', true)`,
      [orderId, row!.order_room_id, propertyId, `Guest ${r!.room_no}`],
    )
    rooms.push({
      orderRoomId: Number(row!.order_room_id),
      roomId: Number(r!.room_id),
      roomNo: r!.room_no,
      roomTypeId: Number(r!.room_type_id),
    })
  }
  await p.query('UPDATE pms_order SET main_account = $1 WHERE order_id = $2', [
    rooms[0]!.orderRoomId,
    orderId,
  ])
  return { orderId, orderNo, rooms }
}

export interface Envelope {
  status: number
  code: number
  msg: string
  data?: any
}

/** Calls the API as `token` in English; a money-moving POST gets a fresh Idempotency-Key unless `key` is given. */
export async function bill(
  p: TestProduct,
  token: string,
  method: 'get' | 'post',
  path: string,
  body?: object,
  key: string | null = randomUUID(),
): Promise<Envelope> {
  const req = p.http[method](`/prod-api${path}`).set(bearer(token)).set('Accept-Language', 'en-US')
  if (method === 'post' && key) req.set('Idempotency-Key', key)
  const res = method === 'get' ? await req : await req.send(body ?? {})
  return { status: res.status, ...res.body }
}

/** The entries of an order's folio as stored. */
export async function storedEntries(p: TestProduct, orderId: number) {
  return p.query<{ entry_id: string; kind: string; amount_cents: string }>(
    'SELECT entry_id, kind, amount_cents FROM pms_folio_entry WHERE order_id = $1 ORDER BY entry_id',
    [orderId],
  )
}
