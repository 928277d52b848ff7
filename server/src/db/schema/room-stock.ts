// Drizzle definitions of the room-stock tables created by migrations/0002_room_stock.sql. Money in integer cents.
import { bigint, boolean, char, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()
const updated = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow()

export const building = pgTable('pms_building', {
  buildingId: id('building_id'),
  propertyId: ref('property_id').notNull(),
  buildingName: varchar('building_name', { length: 50 }).notNull(),
  /** Optional park the building stands in (migrations/0004). */
  parkId: ref('park_id'),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const floor = pgTable('pms_floor', {
  floorId: id('floor_id'),
  propertyId: ref('property_id').notNull(),
  buildingId: ref('building_id').notNull(),
  floorNo: integer('floor_no').notNull(),
  floorName: varchar('floor_name', { length: 50 }).notNull(),
  createTime: created(),
  updateTime: updated(),
})

export const roomType = pgTable('pms_room_type', {
  roomTypeId: id('room_type_id'),
  propertyId: ref('property_id').notNull(),
  typeName: varchar('type_name', { length: 50 }).notNull(),
  dailyPrice: cents('daily_price').notNull().default(0),
  hourlyPrice: cents('hourly_price').notNull().default(0),
  deposit: cents('deposit').notNull().default(0),
  contractPrice: cents('contract_price').notNull().default(0),
  maxOccupancy: integer('max_occupancy').notNull().default(2),
  hourRoom: boolean('hour_room').notNull().default(false),
  /** Sold by bed (dormitory): a stay leaves the room 'not full' until its beds are taken (migrations/0011). */
  soldByBed: boolean('sold_by_bed').notNull().default(false),
  state: char('state', { length: 1 }).notNull().default('0'),
  pictures: varchar('pictures', { length: 2000 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const room = pgTable('pms_room', {
  roomId: id('room_id'),
  propertyId: ref('property_id').notNull(),
  buildingId: ref('building_id').notNull(),
  floorId: ref('floor_id').notNull(),
  /** Optional unit (stairwell) of the building (migrations/0004). */
  unitId: ref('unit_id'),
  roomTypeId: ref('room_type_id').notNull(),
  roomNo: varchar('room_no', { length: 20 }).notNull(),
  occupancy: varchar('occupancy', { length: 10 }).notNull().default('empty'),
  dirty: boolean('dirty').notNull().default(false),
  locked: boolean('locked').notNull().default(false),
  maintain: boolean('maintain').notNull().default(false),
  /** Why the room is locked / under maintenance; asked when set, cleared when cancelled (migrations/0011). */
  lockReason: varchar('lock_reason', { length: 200 }).notNull().default(''),
  maintainReason: varchar('maintain_reason', { length: 200 }).notNull().default(''),
  /** Out of order long term (a manager's mark, migrations/0049): the USALI availability rule deducts only these. */
  longTermClosed: boolean('long_term_closed').notNull().default(false),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})
