// Drizzle definitions of the device catalogue (migrations/0019_device_catalogue.sql).
import { bigint, char, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const ids = (name: string) => bigint(name, { mode: 'number' }).array().notNull().default([])
const created = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow()
const updated = () => timestamp('update_time', { withTimezone: true }).notNull().defaultNow()

/** The nine catalogue dictionaries share one shape. */
const dictionary = (table: string) =>
  pgTable(table, {
    dictId: id('dict_id'),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    labelKey: varchar('label_key', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    state: char('state', { length: 1 }).notNull().default('0'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
    createTime: created(),
    updateTime: updated(),
  })

export const dvcSeries = dictionary('dvc_series')
export const dvcColour = dictionary('dvc_colour')
export const dvcMaterial = dictionary('dvc_material')
export const dvcPart = dictionary('dvc_part')
export const dvcCategory = dictionary('dvc_category')
export const dvcFunction = dictionary('dvc_function')
export const dvcProtocol = dictionary('dvc_protocol')
export const dvcNetworking = dictionary('dvc_networking')
export const dvcScene = dictionary('dvc_scene')
export type DictionaryTable = typeof dvcSeries

export const dvcModel = pgTable('dvc_model', {
  modelId: id('model_id'),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  seriesId: ref('series_id'),
  categoryId: ref('category_id'),
  protocolId: ref('protocol_id'),
  networkingId: ref('networking_id'),
  functionIds: ids('function_ids'),
  sceneIds: ids('scene_ids'),
  partIds: ids('part_ids'),
  colourIds: ids('colour_ids'),
  materialIds: ids('material_ids'),
  relatedIds: ids('related_ids'),
  startYear: integer('start_year'),
  endYear: integer('end_year'),
  pictures: varchar('pictures', { length: 2000 }).notNull().default(''),
  capabilities: integer('capabilities').notNull().default(0),
  state: char('state', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

/** migrations/0029_property_devices.sql */
export const dvcDevice = pgTable('dvc_device', {
  deviceId: id('device_id'),
  propertyId: ref('property_id').notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  modelId: ref('model_id').notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  state: varchar('state', { length: 10 }).notNull().default('offline'),
  location: varchar('location', { length: 100 }).notNull().default(''),
  hardwareVersion: varchar('hardware_version', { length: 50 }).notNull().default(''),
  softwareVersion: varchar('software_version', { length: 50 }).notNull().default(''),
  mac: varchar('mac', { length: 12 }),
  desk: varchar('desk', { length: 50 }).notNull().default(''),
  lastSeen: timestamp('last_seen', { withTimezone: true }),
  parkId: ref('park_id'),
  buildingId: ref('building_id'),
  floorId: ref('floor_id'),
  roomId: ref('room_id'),
  gatewayId: ref('gateway_id'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const dvcLockAuth = pgTable('dvc_lock_auth', {
  authId: id('auth_id'),
  propertyId: ref('property_id').notNull(),
  orderRoomId: ref('order_room_id').notNull(),
  roomId: ref('room_id').notNull(),
  deviceId: ref('device_id'),
  mac: varchar('mac', { length: 12 }).notNull(),
  keyKind: varchar('key_kind', { length: 10 }).notNull(),
  keyUid: varchar('key_uid', { length: 20 }).notNull(),
  validFrom: bigint('valid_from', { mode: 'number' }).notNull(),
  validUntil: bigint('valid_until', { mode: 'number' }).notNull(),
  operation: varchar('operation', { length: 10 }).notNull(),
  state: varchar('state', { length: 15 }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  createTime: created(),
  updateTime: updated(),
})

export const dvcQrKey = pgTable('dvc_qr_key', {
  propertyId: ref('property_id').primaryKey(),
  secret: varchar('secret', { length: 64 }).notNull(),
})

export const dvcQrBatch = pgTable('dvc_qr_batch', {
  batchId: varchar('batch_id', { length: 36 }).primaryKey(),
  propertyId: ref('property_id').notNull(),
  kind: varchar('kind', { length: 2 }).notNull(),
  title: varchar('title', { length: 200 }).notNull(),
  labels: jsonb('labels').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createTime: created(),
})
