// Drizzle definitions of an agent's users, its qualification application and that application's history
// (migrations/0044_agent_qualification.sql).
import { bigint, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const agentUser = pgTable('pms_agent_user', {
  userId: ref('user_id').primaryKey(),
  agentId: ref('agent_id').notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
})

export const agentQualification = pgTable('pms_agent_qualification', {
  id: id('id'),
  agentId: ref('agent_id').notNull(),
  userId: ref('user_id'),
  licenceNo: varchar('licence_no', { length: 50 }).notNull(),
  licence: varchar('licence', { length: 255 }).notNull(),
  contact: varchar('contact', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 30 }).notNull(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  state: smallint('state').notNull().default(0),
  checkRemark: varchar('check_remark', { length: 200 }).notNull().default(''),
  checkBy: ref('check_by'),
  checkTime: ts('check_time'),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const agentQualificationLog = pgTable('pms_agent_qualification_log', {
  logId: id('log_id'),
  qualificationId: ref('qualification_id').notNull(),
  action: varchar('action', { length: 10 }).notNull(),
  state: smallint('state').notNull(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  userId: ref('user_id'),
  createTime: ts('create_time').notNull().defaultNow(),
})
