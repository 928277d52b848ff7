// Drizzle definitions of the billing tables created by migrations/0008_billing.sql, 0009_billing_receipts.sql and
// 0012_desk_folio.sql. Money in integer cents.
// The settled flag that migration adds to pms_order is read and written with SQL in server/src/billing/folio.ts.
import { bigint, char, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()

export const folioEntry = pgTable('pms_folio_entry', {
  entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  propertyId: ref('property_id').notNull(),
  orderId: ref('order_id').notNull(),
  orderRoomId: ref('order_room_id'),
  /** The room the stay was in when the entry was posted (set by the database on insert, migration 0060). */
  roomId: ref('room_id'),
  kind: varchar('kind', { length: 16 }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  method: varchar('method', { length: 12 }),
  debitAccount: varchar('debit_account', { length: 16 }).notNull(),
  creditAccount: varchar('credit_account', { length: 16 }).notNull(),
  itemName: varchar('item_name', { length: 100 }).notNull().default(''),
  /** How many of the item a charge is for (its amount is for all of them). */
  quantity: integer('quantity').notNull().default(1),
  costId: ref('cost_id'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** Deposits and payments only: unique in the property. */
  receiptNo: varchar('receipt_no', { length: 20 }),
  /** A value of the pms_receipt_type dictionary. */
  receiptType: varchar('receipt_type', { length: 100 }),
  /** A charge posted from a property charge item, and that item's finance subject when posted. */
  chargeItemId: ref('charge_item_id'),
  subjectCode: varchar('subject_code', { length: 20 }),
  createBy: ref('create_by'),
  createTime: created(),
})

/** The property's charge items (minibar, laundry…): default price and the finance subject of their revenue. */
export const chargeItem = pgTable('pms_charge_item', {
  chargeItemId: bigint('charge_item_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  propertyId: ref('property_id').notNull(),
  itemName: varchar('item_name', { length: 50 }).notNull(),
  priceCents: cents('price_cents').notNull(),
  subjectCode: varchar('subject_code', { length: 20 }).notNull(),
  status: char('status', { length: 1 }).notNull().default('0'),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
})

export const idempotency = pgTable(
  'pms_idempotency',
  {
    propertyId: ref('property_id').notNull(),
    idemKey: varchar('idem_key', { length: 100 }).notNull(),
    route: varchar('route', { length: 100 }).notNull(),
    requestHash: char('request_hash', { length: 64 }).notNull(),
    response: jsonb('response').notNull(),
    createTime: created(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.idemKey] })],
)

/** The last receipt sequence number of a property's day (`YYYYMMDD`). */
export const receiptSeq = pgTable(
  'pms_receipt_seq',
  {
    propertyId: ref('property_id').notNull(),
    day: char('day', { length: 8 }).notNull(),
    lastNo: integer('last_no').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day] })],
)
