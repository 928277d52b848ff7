// Drizzle definitions of the files table (migrations/0040_files.sql) and the agents and sales tables
// (migrations/0041_agents.sql), and the code generation config (migrations/0045_gen.sql).
import { bigint, boolean, char, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const sysFile = pgTable('sys_file', {
  fileId: id('file_id'),
  propertyId: ref('property_id').notNull().default(0),
  ownerId: ref('owner_id').notNull(),
  category: varchar('category', { length: 20 }).notNull(),
  fileName: varchar('file_name', { length: 200 }).notNull(),
  storedName: varchar('stored_name', { length: 40 }).notNull(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  private: boolean('private').notNull().default(true),
  createTime: ts('create_time').notNull().defaultNow(),
})

export const agent = pgTable('pms_agent', {
  agentId: id('agent_id'),
  agentName: varchar('agent_name', { length: 100 }).notNull(),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 30 }).notNull().default(''),
  address: varchar('address', { length: 200 }).notNull().default(''),
  salesManagerId: ref('sales_manager_id'),
  status: char('status', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const salesManager = pgTable('pms_sales_manager', {
  managerId: id('manager_id'),
  userId: ref('user_id').notNull(),
  phone: varchar('phone', { length: 30 }).notNull().default(''),
  status: char('status', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const salesArea = pgTable('pms_sales_area', {
  salesAreaId: id('sales_area_id'),
  agentId: ref('agent_id').notNull(),
  regionCode: varchar('region_code', { length: 12 }).notNull(),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

// Code generation config (migrations/0045_gen.sql).
export const genTable = pgTable('gen_table', {
  tableId: id('table_id'),
  tableName: varchar('table_name', { length: 200 }).notNull(),
  tableComment: varchar('table_comment', { length: 500 }).notNull().default(''),
  businessName: varchar('business_name', { length: 100 }).notNull(),
  functionName: varchar('function_name', { length: 100 }).notNull().default(''),
  moduleName: varchar('module_name', { length: 50 }).notNull(),
  permissionPrefix: varchar('permission_prefix', { length: 100 }).notNull(),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const genTableColumn = pgTable('gen_table_column', {
  columnId: id('column_id'),
  tableId: ref('table_id').notNull(),
  columnName: varchar('column_name', { length: 200 }).notNull(),
  columnComment: varchar('column_comment', { length: 500 }).notNull().default(''),
  columnType: varchar('column_type', { length: 100 }).notNull(),
  maxLength: integer('max_length'),
  fieldName: varchar('field_name', { length: 200 }).notNull(),
  isPk: boolean('is_pk').notNull().default(false),
  isRequired: boolean('is_required').notNull().default(false),
  isList: boolean('is_list').notNull().default(false),
  isQuery: boolean('is_query').notNull().default(false),
  queryType: varchar('query_type', { length: 10 }).notNull().default('eq'),
  isForm: boolean('is_form').notNull().default(false),
  inputKind: varchar('input_kind', { length: 20 }).notNull().default('text'),
  sort: integer('sort').notNull().default(0),
})
