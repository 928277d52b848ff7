// Drizzle definitions of the system-core tables created by migrations/0001_system.sql.
import type { PackMessage } from '@pms/protocol'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const created = () => ts('create_time').notNull().defaultNow()
const updated = () => ts('update_time').notNull().defaultNow()

export const property = pgTable('pms_property', {
  propertyId: id('property_id'),
  propertyName: varchar('property_name', { length: 100 }).notNull(),
  propertyCode: varchar('property_code', { length: 50 }),
  address: varchar('address', { length: 200 }).notNull().default(''),
  propertyType: varchar('property_type', { length: 100 }).notNull().default(''),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  contactPhone: varchar('contact_phone', { length: 50 }).notNull().default(''),
  hotelManager: varchar('hotel_manager', { length: 50 }).notNull().default(''),
  hotelManagerPhone: varchar('hotel_manager_phone', { length: 50 }).notNull().default(''),
  authState: smallint('auth_state').notNull().default(0),
  showFlag: smallint('show_flag').notNull().default(0),
  /** migrations/0005: the last review's remark and the open-API key (shown masked). */
  authRemark: varchar('auth_remark', { length: 200 }).notNull().default(''),
  openKey: varchar('open_key', { length: 64 })
    .notNull()
    .default(sql`md5(random()::text || clock_timestamp()::text)`),
  /** migrations/0041: the agent that brought the property and the sales manager who looks after it. */
  agentId: ref('agent_id'),
  salesManagerId: ref('sales_manager_id'),
  createBy: ref('create_by'),
  createTime: created(),
  updateTime: updated(),
  delFlag: boolean('del_flag').notNull().default(false),
})

export const user = pgTable('sys_user', {
  userId: id('user_id'),
  userName: varchar('user_name', { length: 30 }).notNull(),
  nickName: varchar('nick_name', { length: 30 }).notNull().default(''),
  email: varchar('email', { length: 100 }),
  phonenumber: varchar('phonenumber', { length: 30 }),
  sex: char('sex', { length: 1 }).notNull().default('2'),
  avatar: varchar('avatar', { length: 255 }).notNull().default(''),
  password: varchar('password', { length: 255 }).notNull(),
  userType: smallint('user_type').notNull(),
  status: char('status', { length: 1 }).notNull().default('0'),
  deptName: varchar('dept_name', { length: 50 }),
  defaultPropertyId: ref('default_property_id').notNull().default(0),
  loginIp: varchar('login_ip', { length: 128 }).notNull().default(''),
  loginDate: ts('login_date'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: created(),
  updateTime: updated(),
  delFlag: boolean('del_flag').notNull().default(false),
})

export const role = pgTable('sys_role', {
  roleId: id('role_id'),
  roleKey: varchar('role_key', { length: 100 }).notNull(),
  roleName: varchar('role_name', { length: 30 }).notNull(),
  roleType: smallint('role_type').notNull().default(2),
  roleSort: integer('role_sort').notNull().default(0),
  status: char('status', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const userRole = pgTable(
  'sys_user_role',
  { userId: ref('user_id').notNull(), roleId: ref('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
)

export const propertyUser = pgTable(
  'pms_property_user',
  {
    propertyId: ref('property_id').notNull(),
    userId: ref('user_id').notNull(),
    roleId: ref('role_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    createTime: created(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.userId] })],
)

export const menu = pgTable('sys_menu', {
  menuId: id('menu_id'),
  parentId: ref('parent_id').notNull().default(0),
  menuName: varchar('menu_name', { length: 100 }).notNull(),
  orderNum: integer('order_num').notNull().default(0),
  path: varchar('path', { length: 200 }).notNull().default(''),
  component: varchar('component', { length: 255 }),
  query: varchar('query', { length: 255 }),
  menuType: char('menu_type', { length: 1 }).notNull(),
  visible: char('visible', { length: 1 }).notNull().default('0'),
  status: char('status', { length: 1 }).notNull().default('0'),
  perms: varchar('perms', { length: 100 }),
  icon: varchar('icon', { length: 100 }).notNull().default('#'),
  userTypes: varchar('user_types', { length: 10 }).notNull().default('1,2'),
  affix: boolean('affix').notNull().default(false),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const roleMenu = pgTable(
  'sys_role_menu',
  { roleId: ref('role_id').notNull(), menuId: ref('menu_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
)

export const session = pgTable('sys_session', {
  sessionId: id('session_id'),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  userId: ref('user_id').notNull(),
  propertyId: ref('property_id').notNull().default(0),
  ip: varchar('ip', { length: 128 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 500 }).notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
})

export const loginThrottle = pgTable('sys_login_throttle', {
  throttleKey: varchar('throttle_key', { length: 200 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
})

export const captcha = pgTable('sys_captcha', {
  uuid: uuid('uuid').primaryKey(),
  answerHash: char('answer_hash', { length: 64 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
})

export const verifyCode = pgTable('sys_verify_code', {
  id: id('id'),
  target: varchar('target', { length: 120 }).notNull(),
  purpose: varchar('purpose', { length: 20 }).notNull(),
  codeHash: char('code_hash', { length: 64 }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createTime: created(),
})

export const smsRecord = pgTable('sys_sms_record', {
  recordId: id('record_id'),
  phone: varchar('phone', { length: 30 }).notNull(),
  content: varchar('content', { length: 500 }).notNull(),
  purpose: varchar('purpose', { length: 20 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('recorded'),
  createTime: created(),
})

export const emailRecord = pgTable('sys_email_record', {
  recordId: id('record_id'),
  email: varchar('email', { length: 100 }).notNull(),
  subject: varchar('subject', { length: 200 }).notNull(),
  content: varchar('content', { length: 2000 }).notNull(),
  purpose: varchar('purpose', { length: 20 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('recorded'),
  createTime: created(),
})

export const qrLogin = pgTable('sys_qr_login', {
  uuid: uuid('uuid').primaryKey(),
  pollSecretHash: char('poll_secret_hash', { length: 64 }).notNull(),
  state: varchar('state', { length: 10 }).notNull().default('waiting'),
  userId: ref('user_id'),
  expiresAt: ts('expires_at').notNull(),
  createTime: created(),
})

export const dictType = pgTable('sys_dict_type', {
  dictId: id('dict_id'),
  dictName: varchar('dict_name', { length: 100 }).notNull(),
  dictType: varchar('dict_type', { length: 100 }).notNull(),
  status: char('status', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const dictData = pgTable('sys_dict_data', {
  dictCode: id('dict_code'),
  dictSort: integer('dict_sort').notNull().default(0),
  dictLabel: varchar('dict_label', { length: 100 }).notNull(),
  dictValue: varchar('dict_value', { length: 100 }).notNull(),
  dictType: varchar('dict_type', { length: 100 }).notNull(),
  cssClass: varchar('css_class', { length: 100 }).notNull().default(''),
  listClass: varchar('list_class', { length: 100 }).notNull().default(''),
  isDefault: char('is_default', { length: 1 }).notNull().default('N'),
  status: char('status', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const config = pgTable('sys_config', {
  configId: id('config_id'),
  configName: varchar('config_name', { length: 100 }).notNull(),
  configKey: varchar('config_key', { length: 100 }).notNull(),
  configValue: varchar('config_value', { length: 5000 }).notNull().default(''),
  configType: char('config_type', { length: 1 }).notNull().default('N'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const languageType = pgTable('sys_language_type', {
  code: varchar('code', { length: 20 }).primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  status: char('status', { length: 1 }).notNull().default('0'),
})

export const language = pgTable('sys_language', {
  id: id('id'),
  languageCode: varchar('language_code', { length: 20 }).notNull(),
  languageKey: varchar('language_key', { length: 200 }).notNull(),
  content: varchar('content', { length: 2000 }).notNull(),
  createTime: created(),
  updateTime: updated(),
})

export const propertyComp = pgTable('sys_property_comp', {
  id: id('id'),
  component: varchar('component', { length: 100 }).notNull(),
  tabName: varchar('tab_name', { length: 100 }).notNull().default(''),
  compType: integer('comp_type').notNull().default(0),
  perms: varchar('perms', { length: 100 }),
  orderNum: integer('order_num').notNull().default(0),
  status: char('status', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: created(),
  updateTime: updated(),
})

export const propertyCompLink = pgTable(
  'pms_property_comp',
  { propertyId: ref('property_id').notNull(), compId: ref('comp_id').notNull() },
  (t) => [primaryKey({ columns: [t.propertyId, t.compId] })],
)

export const pushRecord = pgTable('pms_push_record', {
  recordId: id('record_id'),
  propertyId: ref('property_id').notNull(),
  recordType: varchar('record_type', { length: 20 }).notNull(),
  recordTitle: varchar('record_title', { length: 200 }).notNull(),
  recordBody: varchar('record_body', { length: 2000 }).notNull().default(''),
  /** The title as a pack key and parameters (PackMessage), rendered in each reader's language. */
  title: jsonb('title').$type<PackMessage>(),
  body: jsonb('body').$type<PackMessage>(),
  state: char('state', { length: 1 }).notNull().default('0'),
  createTime: created(),
})
