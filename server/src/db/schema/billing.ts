// Drizzle definitions of the billing tables created by migrations/0008_billing.sql. Money in integer cents.
// The settled flag that migration adds to pms_order is read and written with SQL in server/src/billing/folio.ts.
import { bigint, char, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()

export const folioEntry = pgTable('pms_folio_entry', {
  entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  propertyId: ref('property_id').notNull(),
  orderId: ref('order_id').notNull(),
  orderRoomId: ref('order_room_id'),
  kind: varchar('kind', { length: 16 }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  method: varchar('method', { length: 12 }),
  debitAccount: varchar('debit_account', { length: 16 }).notNull(),
  creditAccount: varchar('credit_account', { length: 16 }).notNull(),
  itemName: varchar('item_name', { length: 100 }).notNull().default(''),
  costId: ref('cost_id'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: created(),
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
