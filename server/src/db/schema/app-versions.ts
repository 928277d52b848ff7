// Drizzle definition of the app versions table created by migrations/0020_app_versions.sql.
import { bigint, boolean, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const appVersion = pgTable('sys_app_version', {
  versionId: bigint('version_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  platform: varchar('platform', { length: 20 }).notNull(),
  appId: varchar('app_id', { length: 100 }).notNull(),
  versionCode: integer('version_code').notNull(),
  versionName: varchar('version_name', { length: 50 }).notNull(),
  packageName: varchar('package_name', { length: 200 }).notNull(),
  downloadUrl: varchar('download_url', { length: 500 }).notNull().default(''),
  fileName: varchar('file_name', { length: 200 }).notNull().default(''),
  filePath: varchar('file_path', { length: 100 }).notNull().default(''),
  fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
  releaseNotes: varchar('release_notes', { length: 2000 }).notNull().default(''),
  forceUpdate: boolean('force_update').notNull().default(false),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})
