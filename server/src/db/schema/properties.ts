// Drizzle definitions of the property-administration tables created by migrations/0005_properties.sql.
import {
  bigint,
  boolean,
  char,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

const ref = (name: string) => bigint(name, { mode: 'number' })
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const propertyFile = pgTable('pms_file', {
  fileId: bigint('file_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  propertyId: ref('property_id').notNull(),
  filePath: varchar('file_path', { length: 255 }).notNull(),
  sort: integer('sort').notNull().default(0),
  createTime: ts('create_time').notNull().defaultNow(),
})

export const propertySettings = pgTable('pms_property_config', {
  propertyId: ref('property_id').primaryKey(),
  config: jsonb('config').notNull(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const propertyDeviceConfig = pgTable('pms_device_config', {
  propertyId: ref('property_id').primaryKey(),
  dataSource: varchar('data_source', { length: 20 }).notNull(),
  lockModel: varchar('lock_model', { length: 50 }).notNull().default(''),
  syncRooms: boolean('sync_rooms').notNull().default(false),
  syncCheckIn: boolean('sync_check_in').notNull().default(false),
  syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(60),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const propertyCustomParams = pgTable(
  'pms_property_custom_params',
  {
    propertyId: ref('property_id').notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    disposition: text('disposition').notNull(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.type] })],
)

/** The property's API secret: never sent in plain text (only sealed for the holder of a reveal code). */
export const propertyApiSecret = pgTable('pms_api_secret', {
  propertyId: ref('property_id').primaryKey(),
  apiSecret: char('api_secret', { length: 64 }).notNull(),
  secretVersion: integer('secret_version').notNull().default(1),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const propertyApiSecretCode = pgTable('pms_api_secret_code', {
  propertyId: ref('property_id').primaryKey(),
  codeHash: char('code_hash', { length: 64 }).notNull(),
  createdBy: ref('created_by').notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
})
