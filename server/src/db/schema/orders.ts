// Drizzle definitions of the front-desk tables created by migrations/0007_front_desk.sql. Money in integer cents.
// A reservation is an order in state 'booking' (reserve_state tells the reservation's own progress); each room an
// order holds is one pms_order_room row with a half-open stay range, guarded against double booking in the database.
import {
  bigint,
  boolean,
  char,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const created = () => ts('create_time').notNull().defaultNow()
const updated = () => ts('update_time').notNull().defaultNow()

/** A PostgreSQL tstzrange as its text form, e.g. '["2025-01-01 14:00:00+00","2025-01-02 12:00:00+00")'. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' })

export const order = pgTable('pms_order', {
  orderId: id('order_id'),
  propertyId: ref('property_id').notNull(),
  orderNo: varchar('order_no', { length: 32 }).notNull(),
  externalNo: varchar('external_no', { length: 64 }).notNull().default(''),
  orderSource: varchar('order_source', { length: 30 }).notNull().default('frontDesk'),
  orderType: varchar('order_type', { length: 10 }).notNull(),
  customerSource: varchar('customer_source', { length: 30 }).notNull().default(''),
  state: varchar('state', { length: 10 }).notNull(),
  reserveState: varchar('reserve_state', { length: 12 }).notNull().default('reserving'),
  cancelStatus: varchar('cancel_status', { length: 10 }).notNull().default('normal'),
  cancelReason: varchar('cancel_reason', { length: 200 }).notNull().default(''),
  cancelRemark: varchar('cancel_remark', { length: 200 }).notNull().default(''),
  contactName: varchar('contact_name', { length: 50 }).notNull().default(''),
  contactPhone: varchar('contact_phone', { length: 30 }).notNull().default(''),
  salesman: varchar('salesman', { length: 50 }).notNull().default(''),
  /** The distribution channel the order came through (migration 0042). */
  channel: varchar('channel', { length: 30 }).notNull().default(''),
  secret: boolean('secret').notNull().default(false),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** The order room owning the folio (pms_order_room.order_room_id). */
  mainAccount: ref('main_account'),
  depositCents: cents('deposit_cents').notNull().default(0),
  checkInAt: ts('check_in_at').notNull(),
  checkOutAt: ts('check_out_at').notNull(),
  hourly: boolean('hourly').notNull().default(false),
  createBy: ref('create_by'),
  createTime: created(),
  updateTime: updated(),
})

export const orderRoom = pgTable('pms_order_room', {
  orderRoomId: id('order_room_id'),
  orderId: ref('order_id').notNull(),
  propertyId: ref('property_id').notNull(),
  roomId: ref('room_id'),
  roomTypeId: ref('room_type_id').notNull(),
  priceCents: cents('price_cents').notNull(),
  stay: tstzrange('stay').notNull(),
  state: varchar('state', { length: 10 }).notNull(),
  mainRoomId: ref('main_room_id'),
  checkedInAt: ts('checked_in_at'),
  checkedOutAt: ts('checked_out_at'),
  createTime: created(),
  updateTime: updated(),
})

export const orderGuest = pgTable('pms_order_guest', {
  guestId: id('guest_id'),
  orderId: ref('order_id').notNull(),
  orderRoomId: ref('order_room_id').notNull(),
  propertyId: ref('property_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  idType: varchar('id_type', { length: 12 }).notNull().default('idCard'),
  idNo: varchar('id_no', { length: 30 }).notNull().default(''),
  phone: varchar('phone', { length: 30 }).notNull().default(''),
  main: boolean('main').notNull().default(false),
  createTime: created(),
  updateTime: updated(),
})

export const orderEvent = pgTable('pms_order_event', {
  eventId: id('event_id'),
  orderId: ref('order_id').notNull(),
  propertyId: ref('property_id').notNull(),
  orderRoomId: ref('order_room_id'),
  action: varchar('action', { length: 30 }).notNull(),
  stateBefore: varchar('state_before', { length: 10 }),
  stateAfter: varchar('state_after', { length: 10 }),
  detail: jsonb('detail').notNull().default({}),
  createBy: ref('create_by'),
  createTime: created(),
})

export const orderSequence = pgTable(
  'pms_order_sequence',
  {
    propertyId: ref('property_id').notNull(),
    day: char('day', { length: 8 }).notNull(),
    lastNo: integer('last_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day] })],
)
