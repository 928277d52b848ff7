// Drizzle definition of the customer qualification table created by migrations/0006_qualification.sql.
import { bigint, char, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const customQualification = pgTable('sys_custom_qualification', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  project: varchar('project', { length: 50 }).notNull(),
  contact: varchar('contact', { length: 20 }).notNull(),
  phone: varchar('phone', { length: 50 }).notNull(),
  address: varchar('address', { length: 200 }).notNull(),
  cityId: char('city_id', { length: 6 }).notNull(),
  image: varchar('image', { length: 255 }).notNull().default(''),
  refereesPhone: varchar('referees_phone', { length: 20 }).notNull().default(''),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  state: smallint('state').notNull().default(0),
  checkRemark: varchar('check_remark', { length: 200 }).notNull().default(''),
  checkBy: bigint('check_by', { mode: 'number' }),
  checkTime: ts('check_time'),
  propertyId: bigint('property_id', { mode: 'number' }),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})
