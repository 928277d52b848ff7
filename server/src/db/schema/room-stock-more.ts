// Drizzle definitions of the tables created by migrations/0004_room_stock_more.sql. Money in integer cents.
import { bigint, boolean, char, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()
const updated = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow()

export const area = pgTable('pms_area', {
  areaId: id('area_id'),
  propertyId: ref('property_id').notNull(),
  areaType: varchar('area_type', { length: 50 }).notNull(),
  areaName: varchar('area_name', { length: 50 }).notNull(),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const park = pgTable('pms_park', {
  parkId: id('park_id'),
  propertyId: ref('property_id').notNull(),
  parkName: varchar('park_name', { length: 50 }).notNull(),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const unit = pgTable('pms_unit', {
  unitId: id('unit_id'),
  propertyId: ref('property_id').notNull(),
  buildingId: ref('building_id').notNull(),
  unitName: varchar('unit_name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const roomTypeCost = pgTable('pms_room_type_cost', {
  costId: id('cost_id'),
  roomTypeId: ref('room_type_id').notNull(),
  costName: varchar('cost_name', { length: 50 }).notNull(),
  amount: cents('amount').notNull(),
  checkInCost: boolean('check_in_cost').notNull().default(false),
  sort: integer('sort').notNull().default(0),
})

export const roomAttribute = pgTable('pms_room_attribute', {
  attributeId: id('attribute_id'),
  propertyId: ref('property_id').notNull(),
  attributeName: varchar('attribute_name', { length: 50 }).notNull(),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const roomAttributeLink = pgTable(
  'pms_room_attribute_link',
  { roomId: ref('room_id').notNull(), attributeId: ref('attribute_id').notNull() },
  (t) => [primaryKey({ columns: [t.roomId, t.attributeId] })],
)

export const buildingGroup = pgTable('pms_building_group', {
  groupId: id('group_id'),
  propertyId: ref('property_id').notNull(),
  groupName: varchar('group_name', { length: 50 }).notNull(),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const buildingGroupBuilding = pgTable(
  'pms_building_group_building',
  { groupId: ref('group_id').notNull(), buildingId: ref('building_id').notNull() },
  (t) => [primaryKey({ columns: [t.groupId, t.buildingId] })],
)

export const buildingGroupUser = pgTable(
  'pms_building_group_user',
  { groupId: ref('group_id').notNull(), userId: ref('user_id').notNull() },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
)

export const hourlyRule = pgTable('pms_hourly_rule', {
  ruleId: id('rule_id'),
  propertyId: ref('property_id').notNull(),
  ruleName: varchar('rule_name', { length: 50 }).notNull(),
  status: char('status', { length: 1 }).notNull().default('0'),
  startingFee: cents('starting_fee').notNull().default(0),
  overtimeFee: cents('overtime_fee').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})
