// Drizzle definitions of the books created by migrations/0015_finance.sql (the rules live there). Money in cents.
import {
  bigint,
  boolean,
  char,
  date,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'

const id = (name: string) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: 'number' })
const cents = (name: string) => bigint(name, { mode: 'number' })

export const fSubjectCategory = pgTable('f_subject_category', {
  categoryId: id('category_id'),
  propertyId: ref('property_id').notNull(),
  categoryCode: varchar('category_code', { length: 20 }).notNull(),
  categoryName: varchar('category_name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
})

export const fSubjectCategoryDetail = pgTable('f_subject_category_detail', {
  detailId: id('detail_id'),
  propertyId: ref('property_id').notNull(),
  categoryId: ref('category_id').notNull(),
  detailCode: varchar('detail_code', { length: 20 }).notNull(),
  detailName: varchar('detail_name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
})

export const fSubject = pgTable('f_subject', {
  subjectId: id('subject_id'),
  propertyId: ref('property_id').notNull(),
  subjectCode: varchar('subject_code', { length: 20 }).notNull(),
  subjectName: varchar('subject_name', { length: 50 }).notNull(),
  categoryId: ref('category_id').notNull(),
  detailId: ref('detail_id'),
  direction: varchar('direction', { length: 6 }).notNull(),
  parentId: ref('parent_id'),
  leaf: boolean('leaf').notNull().default(true),
  state: char('state', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }),
})

export const fAccount = pgTable('f_account', {
  accountId: id('account_id'),
  propertyId: ref('property_id').notNull(),
  accountName: varchar('account_name', { length: 50 }).notNull(),
  accountType: varchar('account_type', { length: 12 }).notNull(),
  accountNo: varchar('account_no', { length: 64 }).notNull().default(''),
  subjectId: ref('subject_id').notNull(),
  openingCents: cents('opening_cents').notNull().default(0),
  state: char('state', { length: 1 }).notNull().default('0'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
})

export const fJournalCategory = pgTable('f_journal_category', {
  categoryId: id('category_id'),
  propertyId: ref('property_id').notNull(),
  parentId: ref('parent_id'),
  categoryName: varchar('category_name', { length: 50 }).notNull(),
  flow: varchar('flow', { length: 3 }).notNull(),
  subjectId: ref('subject_id'),
  sort: integer('sort').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
})

export const fJournalDetailed = pgTable('f_journal_detailed', {
  journalId: id('journal_id'),
  propertyId: ref('property_id').notNull(),
  accountId: ref('account_id').notNull(),
  journalDate: date('journal_date', { mode: 'string' }).notNull(),
  categoryId: ref('category_id'),
  inCents: cents('in_cents').notNull().default(0),
  outCents: cents('out_cents').notNull().default(0),
  counterpart: varchar('counterpart', { length: 100 }).notNull().default(''),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  attachment: varchar('attachment', { length: 500 }).notNull().default(''),
  createBy: ref('create_by'),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }),
})

export const fBookSetting = pgTable('f_book_setting', {
  propertyId: ref('property_id').primaryKey(),
  auditorMustDiffer: boolean('auditor_must_differ').notNull().default(false),
  updateTime: timestamp('update_time', { withTimezone: true }),
})

export const fPeriod = pgTable(
  'f_period',
  {
    propertyId: ref('property_id').notNull(),
    period: char('period', { length: 6 }).notNull(),
    state: varchar('state', { length: 6 }).notNull().default('open'),
    closedBy: varchar('closed_by', { length: 30 }),
    closedTime: timestamp('closed_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.period] })],
)

export const fVoucher = pgTable('f_voucher', {
  voucherId: id('voucher_id'),
  propertyId: ref('property_id').notNull(),
  period: char('period', { length: 6 }).notNull(),
  voucherNo: integer('voucher_no').notNull(),
  voucherDate: date('voucher_date', { mode: 'string' }).notNull(),
  attachments: integer('attachments').notNull().default(0),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  state: varchar('state', { length: 8 }).notNull().default('draft'),
  source: varchar('source', { length: 20 }).notNull().default('manual'),
  sourceKey: varchar('source_key', { length: 100 }),
  reversesId: ref('reverses_id'),
  makerId: ref('maker_id'),
  makerName: varchar('maker_name', { length: 30 }).notNull().default(''),
  auditorId: ref('auditor_id'),
  auditorName: varchar('auditor_name', { length: 30 }),
  auditTime: timestamp('audit_time', { withTimezone: true }),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  updateTime: timestamp('update_time', { withTimezone: true }),
})

export const fVoucherLine = pgTable('f_voucher_line', {
  lineId: id('line_id'),
  propertyId: ref('property_id').notNull(),
  voucherId: ref('voucher_id').notNull(),
  lineNo: integer('line_no').notNull(),
  summary: varchar('summary', { length: 200 }).notNull().default(''),
  subjectId: ref('subject_id').notNull(),
  debitCents: cents('debit_cents').notNull().default(0),
  creditCents: cents('credit_cents').notNull().default(0),
})
