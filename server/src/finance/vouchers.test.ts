// postVoucher, the door other modules (night audit, member recharges) post through: inside the caller's transaction,
// once per (property, source, key), audited at once, never reverse-audited, refused whole when it does not hold.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, test } from 'vitest'
import { type Database, openDatabase } from '../db/client.ts'
import { fVoucher, property } from '../db/schema/index.ts'
import { AppError } from '../http/errors.ts'
import { booksTransaction } from './errors.ts'
import { antiAuditVoucher, postVoucher } from './vouchers.ts'

let database: Database
let dir: string
let propertyId: number

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pms-books-'))
  database = await openDatabase({ dataDir: dir })
  const [row] = await database.db.insert(property).values({ propertyName: 'Books inn' }).returning()
  propertyId = row!.propertyId
})

afterAll(async () => {
  await database.sql.close()
  rmSync(dir, { recursive: true, force: true })
})

const day = (key: string, cents = 48800) => ({
  propertyId,
  source: 'nightAudit',
  sourceKey: key,
  voucherDate: '2026-11-23',
  remark: 'Night audit 2026-11-23',
  lines: [
    { subjectCode: '1122', summary: 'Room charges', debitCents: cents },
    { subjectCode: '5001', summary: 'Room revenue', creditCents: cents },
  ],
})

test('a day is posted once: the same key again answers the voucher already posted', async () => {
  const first = await booksTransaction(database.db, (tx) => postVoucher(tx, day('2026-11-23')))
  assert.equal(first.created, true)
  assert.equal(first.voucher.state, 'audited')
  assert.equal(first.voucher.source, 'nightAudit')
  assert.equal(first.voucher.debitCents, 48800)
  assert.deepEqual(
    first.voucher.lines?.map((l) => l.subjectCode),
    ['1122', '5001'],
  )
  const again = await booksTransaction(database.db, (tx) => postVoucher(tx, day('2026-11-23')))
  assert.equal(again.created, false)
  assert.equal(again.voucher.voucherId, first.voucher.voucherId)
  const rows = await database.db.select().from(fVoucher).where(eq(fVoucher.sourceKey, '2026-11-23'))
  assert.equal(rows.length, 1)
})

test('a system voucher is never reverse-audited: it is corrected by a reversing voucher', async () => {
  const { voucher } = await booksTransaction(database.db, (tx) => postVoucher(tx, day('2026-11-24')))
  await assert.rejects(
    booksTransaction(database.db, (tx) => antiAuditVoucher(tx, propertyId, voucher.voucherId)),
    (e: unknown) => e instanceof AppError && e.key === 'finance.systemVoucher',
  )
  // Not even the database lets it go back to draft.
  await assert.rejects(
    database.sql.query("UPDATE f_voucher SET state = 'draft', audit_time = NULL WHERE voucher_id = $1", [
      voucher.voucherId,
    ]),
    /audited/,
  )
})

test('an unbalanced posting is refused naming the lines, and the caller’s transaction posts nothing', async () => {
  const bad = day('2026-11-25')
  bad.lines[1]!.creditCents = 48700
  await assert.rejects(
    booksTransaction(database.db, async (tx) => {
      await postVoucher(tx, day('2026-11-25-other'))
      return postVoucher(tx, bad)
    }),
    (e: unknown) =>
      e instanceof AppError && e.key === 'finance.unbalanced' && (e.params as unknown[])[1] === '1.00',
  )
  const rows = await database.db.select().from(fVoucher).where(eq(fVoucher.sourceKey, '2026-11-25-other'))
  assert.equal(rows.length, 0)
  const unknown = day('2026-11-26')
  unknown.lines[0]!.subjectCode = '9999'
  await assert.rejects(
    booksTransaction(database.db, (tx) => postVoucher(tx, unknown)),
    (e: unknown) => e instanceof AppError && (e.params as unknown[])[0] === 'lines.0.subjectId',
  )
})

test('a closed period takes no posting', async () => {
  await database.sql.query(
    "INSERT INTO f_period (property_id, period, state) VALUES ($1, '202609', 'closed')",
    [propertyId],
  )
  await assert.rejects(
    booksTransaction(database.db, (tx) =>
      postVoucher(tx, { ...day('2026-09-01'), voucherDate: '2026-09-01' }),
    ),
    (e: unknown) => e instanceof AppError && e.key === 'finance.periodClosed',
  )
})
