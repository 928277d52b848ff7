// Drizzle definitions of the key-card tables created by migrations/0003_cards.sql.
import {
  bigint,
  char,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

const ref = (name: string) => bigint(name, { mode: 'number' })
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** One row per property: its card secret (never sent by any API) and its card-key configuration (SPEC §3). */
export const cardKey = pgTable('pms_card_key', {
  propertyId: ref('property_id').primaryKey(),
  cardSecret: char('card_secret', { length: 64 }).notNull(),
  secretVersion: integer('secret_version').notNull().default(1),
  sector: smallint('sector').notNull().default(1),
  sectorNum: smallint('sector_num').notNull().default(2),
  authMode: smallint('auth_mode').notNull().default(0),
  endTime: ref('end_time').notNull().default(4294967295),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const cardConfig = pgTable(
  'pms_card_config',
  {
    propertyId: ref('property_id').notNull(),
    configType: varchar('config_type', { length: 50 }).notNull(),
    configName: varchar('config_name', { length: 100 }).notNull(),
    configValue: text('config_value').notNull(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.configType] })],
)

export const cardSequence = pgTable(
  'pms_card_sequence',
  {
    propertyId: ref('property_id').notNull(),
    roomId: ref('room_id').notNull(),
    lastSequence: ref('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.roomId] })],
)

export const cardRecord = pgTable('pms_card_record', {
  recordId: ref('record_id').primaryKey().generatedByDefaultAsIdentity(),
  propertyId: ref('property_id').notNull(),
  cardid: varchar('cardid', { length: 14 }).notNull(),
  cardType: smallint('card_type').notNull(),
  protocol: varchar('protocol', { length: 12 }).notNull(),
  operation: smallint('operation').notNull().default(0),
  state: varchar('state', { length: 10 }).notNull(),
  failReason: varchar('fail_reason', { length: 200 }).notNull().default(''),
  roomId: ref('room_id'),
  buildingId: ref('building_id'),
  floorId: ref('floor_id'),
  orderId: ref('order_id'),
  /** The stay the card opens (migrations/0007_front_desk.sql). */
  orderRoomId: ref('order_room_id'),
  guestName: varchar('guest_name', { length: 50 }).notNull().default(''),
  issueSequence: ref('issue_sequence').notNull().default(0),
  startTime: ref('start_time').notNull().default(0),
  endTime: ref('end_time').notNull().default(0),
  flags: integer('flags').notNull().default(0),
  /** LOST and UN-LOST cards: the card number (record id) they blacklist or release (migrations/0061). */
  targetCardNo: ref('target_card_no').notNull().default(0),
  secretVersion: integer('secret_version').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  /** Why a staff, master, floor or building card was issued (migrations/0012_desk_folio.sql). */
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

/** Card applications (migrations/0032_card_apply.sql). */
export const cardApply = pgTable('pms_card_apply', {
  applyId: bigint('apply_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  propertyId: bigint('property_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  cardType: smallint('card_type').notNull(),
  buildingId: bigint('building_id', { mode: 'number' }),
  floorId: bigint('floor_id', { mode: 'number' }),
  startTime: bigint('start_time', { mode: 'number' }).notNull(),
  endTime: bigint('end_time', { mode: 'number' }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull(),
  state: varchar('state', { length: 10 }).notNull().default('applying'),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewTime: timestamp('review_time', { withTimezone: true }),
  recordId: bigint('record_id', { mode: 'number' }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
})
