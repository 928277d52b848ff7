// Drizzle definitions of the member tables created by migrations/0016_members.sql. Money in integer cents.
import {
  bigint,
  boolean,
  char,
  date,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()
const updated = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow()

export const memberGrade = pgTable('pms_member_grade', {
  gradeId: id('grade_id'),
  propertyId: ref('property_id').notNull(),
  gradeName: varchar('grade_name', { length: 50 }).notNull(),
  gradeRank: integer('grade_rank').notNull().default(0),
  upgradeWay: varchar('upgrade_way', { length: 10 }).notNull().default('amount'),
  threshold: bigint('threshold', { mode: 'number' }).notNull().default(0),
  discount: integer('discount').notNull().default(100),
  delayHours: integer('delay_hours').notNull().default(0),
  effectiveMonths: integer('effective_months').notNull().default(12),
  state: char('state', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const rechargeType = pgTable('pms_recharge_type', {
  rechargeTypeId: id('recharge_type_id'),
  propertyId: ref('property_id').notNull(),
  typeName: varchar('type_name', { length: 50 }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  giftCents: cents('gift_cents').notNull().default(0),
  state: char('state', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const memberTag = pgTable('pms_member_tag', {
  tagId: id('tag_id'),
  propertyId: ref('property_id').notNull(),
  tagName: varchar('tag_name', { length: 30 }).notNull(),
  createTime: created(),
})

export const member = pgTable('pms_member', {
  memberId: id('member_id'),
  propertyId: ref('property_id').notNull(),
  cardNo: varchar('card_no', { length: 32 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  areaCode: varchar('area_code', { length: 8 }).notNull().default('0086'),
  phone: varchar('phone', { length: 20 }).notNull(),
  idType: varchar('id_type', { length: 10 }).notNull().default('idCard'),
  idNo: varchar('id_no', { length: 32 }).notNull().default(''),
  gender: char('gender', { length: 1 }).notNull().default('0'),
  birthday: date('birthday', { mode: 'string' }),
  gradeId: ref('grade_id'),
  source: varchar('source', { length: 10 }).notNull().default('desk'),
  validity: varchar('validity', { length: 10 }).notNull().default('forever'),
  expireDate: date('expire_date', { mode: 'string' }),
  state: char('state', { length: 1 }).notNull().default('0'),
  blacklist: boolean('blacklist').notNull().default(false),
  blacklistReason: varchar('blacklist_reason', { length: 200 }).notNull().default(''),
  baseCents: cents('base_cents').notNull().default(0),
  giftCents: cents('gift_cents').notNull().default(0),
  points: bigint('points', { mode: 'number' }).notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: created(),
  updateTime: updated(),
})

export const memberTagLink = pgTable(
  'pms_member_tag_link',
  { memberId: ref('member_id').notNull(), tagId: ref('tag_id').notNull() },
  (t) => [primaryKey({ columns: [t.memberId, t.tagId] })],
)

export const memberStateLog = pgTable('pms_member_state_log', {
  logId: id('log_id'),
  memberId: ref('member_id').notNull(),
  field: varchar('field', { length: 10 }).notNull(),
  fromValue: varchar('from_value', { length: 50 }).notNull(),
  toValue: varchar('to_value', { length: 50 }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: created(),
})

export const memberRecord = pgTable('pms_member_record', {
  recordId: id('record_id'),
  propertyId: ref('property_id').notNull(),
  memberId: ref('member_id').notNull(),
  kind: varchar('kind', { length: 12 }).notNull(),
  baseDelta: cents('base_delta').notNull().default(0),
  giftDelta: cents('gift_delta').notNull().default(0),
  pointsDelta: bigint('points_delta', { mode: 'number' }).notNull().default(0),
  baseAfter: cents('base_after').notNull(),
  giftAfter: cents('gift_after').notNull(),
  pointsAfter: bigint('points_after', { mode: 'number' }).notNull(),
  method: varchar('method', { length: 12 }),
  rechargeTypeId: ref('recharge_type_id'),
  receiptNo: varchar('receipt_no', { length: 20 }),
  entryId: ref('entry_id'),
  orderId: ref('order_id'),
  paymentEntryId: ref('payment_entry_id'),
  /** A withdrawal (recharge refund): the recharge record it returns. */
  rechargeRecordId: ref('recharge_record_id'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: created(),
})

export const orderMember = pgTable('pms_order_member', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  memberId: ref('member_id').notNull(),
  propertyId: ref('property_id').notNull(),
  createTime: created(),
})
