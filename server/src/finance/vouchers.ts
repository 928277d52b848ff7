// Vouchers (SPEC §7 journal accounts; §4 audit and reverse audit) as named steps: check the lines, open the period,
// number the voucher, write it; audit; reverse audit; reverse. Every step runs inside the caller's transaction, so
// other modules (the night audit, member recharges) post through `postVoucher` in their own. The database refuses
// whatever slips past these checks (migrations/0015_finance.sql).
import type { Voucher, VoucherLine, VoucherState } from '@pms/protocol/api/finance'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { sentTogether } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { fBookSetting, fPeriod, fSubject, fVoucher, fVoucherLine } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { formatCents } from './errors.ts'

/** A line as callers give it: a subject by id (the console) or by code (other modules), and one positive side. */
export interface PostingLine {
  subjectId?: number
  subjectCode?: string
  summary?: string
  debitCents?: number
  creditCents?: number
}

export interface VoucherContent {
  /** 'YYYY-MM-DD'; its month is the voucher's period. */
  voucherDate: string
  attachments?: number
  remark?: string
  lines: PostingLine[]
}

export interface Maker {
  userId: number | null
  userName: string
}

type VoucherRow = typeof fVoucher.$inferSelect

const periodOf = (date: string) => date.slice(0, 4) + date.slice(5, 7)

/** Step 1: each line is a debit or a credit, positive; at least two lines; debits equal credits. */
export function checkLines(lines: readonly PostingLine[]) {
  if (lines.length < 2) throw badRequest('finance.tooFewLines', ['lines'])
  let debits = 0
  let credits = 0
  lines.forEach((line, i) => {
    const debit = line.debitCents ?? 0
    const credit = line.creditCents ?? 0
    if (!Number.isSafeInteger(debit) || !Number.isSafeInteger(credit) || debit < 0 || credit < 0)
      throw badRequest('finance.lineSide', [`lines.${i}`])
    if (debit > 0 === credit > 0) throw badRequest('finance.lineSide', [`lines.${i}`])
    debits += debit
    credits += credit
  })
  if (debits !== credits) throw badRequest('finance.unbalanced', ['lines', formatCents(debits - credits)])
}

/**
 * Step 2's statements: the period's row made if it is new, then locked and read — a statement of its own, so that its
 * fresh snapshot sees a row a concurrent twin made. They and what must follow the lock (the voucher's number, a
 * posting's twin) go in one write (sentTogether), judged by requireOpenPeriod.
 */
const periodSends = (tx: Db, propertyId: number, period: string) =>
  [
    () => tx.insert(fPeriod).values({ propertyId, period }).onConflictDoNothing(),
    () =>
      tx
        .select()
        .from(fPeriod)
        .where(and(eq(fPeriod.propertyId, propertyId), eq(fPeriod.period, period)))
        .for('update'),
  ] as const

function requireOpenPeriod(rows: { state: string }[], period: string) {
  if (rows[0]?.state !== 'open') throw conflict('finance.periodClosed', [period])
}

/** Step 2: the period of `date` exists and is open; its row stays locked until commit (numbering, closing wait). */
export async function openPeriod(tx: Db, propertyId: number, period: string) {
  const [, locked] = await sentTogether(tx, ...periodSends(tx, propertyId, period))
  requireOpenPeriod(locked, period)
}

/** Step 3: the smallest number not taken in the period (the period row is locked), so numbers stay gap-free. */
async function nextVoucherNo(tx: Db, propertyId: number, period: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`
      SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM f_voucher WHERE property_id = ${propertyId} AND period = ${period}
          AND voucher_no = 1) THEN 1
        ELSE (SELECT min(v.voucher_no) + 1 FROM f_voucher v WHERE v.property_id = ${propertyId} AND v.period = ${period}
          AND NOT EXISTS (SELECT 1 FROM f_voucher w WHERE w.property_id = v.property_id AND w.period = v.period
            AND w.voucher_no = v.voucher_no + 1)) END AS n`),
  )
  return Number(row!.n)
}

/** The property's subjects, which a voucher's lines name (writeLines). */
const subjectsOf = (tx: Db, propertyId: number) =>
  tx.select().from(fSubject).where(eq(fSubject.propertyId, propertyId))

/**
 * Step 4: the lines' subjects, each a leaf of the property (400 naming the line otherwise), then the rows. `read`: the
 * property's subjects when the caller read them with its own statements (subjectsOf).
 */
async function writeLines(
  tx: Db,
  propertyId: number,
  voucherId: number,
  lines: readonly PostingLine[],
  read?: Awaited<ReturnType<typeof subjectsOf>>,
) {
  const subjects = read ?? (await subjectsOf(tx, propertyId))
  const byId = new Map(subjects.map((s) => [s.subjectId, s]))
  const byCode = new Map(subjects.map((s) => [s.subjectCode, s]))
  const rows = lines.map((line, i) => {
    const subject =
      line.subjectId !== undefined ? byId.get(line.subjectId) : byCode.get(line.subjectCode ?? '')
    if (!subject) throw badRequest('finance.unknownRef', [`lines.${i}.subjectId`])
    if (!subject.leaf) throw badRequest('finance.notLeaf', [`lines.${i}.subjectId`])
    return {
      propertyId,
      voucherId,
      lineNo: i + 1,
      summary: (line.summary ?? '').trim(),
      subjectId: subject.subjectId,
      debitCents: line.debitCents ?? 0,
      creditCents: line.creditCents ?? 0,
    }
  })
  await tx.insert(fVoucherLine).values(rows)
}

/** Makes a voucher (draft, or audited at once for system postings) from checked content. */
export async function createVoucher(
  tx: Db,
  propertyId: number,
  content: VoucherContent,
  maker: Maker,
  options: { source?: string; sourceKey?: string; audited?: boolean; reversesId?: number } = {},
): Promise<VoucherRow> {
  checkLines(content.lines)
  const period = periodOf(content.voucherDate)
  // The period made and locked, then the number it leaves free (read under the lock), in one write.
  const [, locked, voucherNo] = await sentTogether(tx, ...periodSends(tx, propertyId, period), () =>
    nextVoucherNo(tx, propertyId, period),
  )
  requireOpenPeriod(locked, period)
  const now = new Date()
  // The voucher and the property's subjects its lines name, in one write.
  const [[row], subjects] = await sentTogether(
    tx,
    () =>
      tx
        .insert(fVoucher)
        .values({
          propertyId,
          period,
          voucherNo,
          voucherDate: content.voucherDate,
          attachments: content.attachments ?? 0,
          remark: (content.remark ?? '').trim(),
          source: options.source ?? 'manual',
          sourceKey: options.sourceKey ?? null,
          reversesId: options.reversesId ?? null,
          makerId: maker.userId,
          makerName: maker.userName,
        })
        .returning(),
    () => subjectsOf(tx, propertyId),
  )
  await writeLines(tx, propertyId, row!.voucherId, content.lines, subjects)
  if (!options.audited) return row!
  // Lines are written while it is a draft: an audited voucher takes no new line.
  const [audited] = await tx
    .update(fVoucher)
    .set({ state: 'audited', auditorId: maker.userId, auditorName: maker.userName, auditTime: now })
    .where(eq(fVoucher.voucherId, row!.voucherId))
    .returning()
  return audited!
}

/** A voucher of the property, locked for the rest of the transaction; 404 otherwise. */
async function lockVoucher(tx: Db, propertyId: number, voucherId: number): Promise<VoucherRow> {
  const [row] = await tx
    .select()
    .from(fVoucher)
    .where(and(eq(fVoucher.propertyId, propertyId), eq(fVoucher.voucherId, voucherId)))
    .for('update')
  if (!row) throw notFound('finance.entity.voucher')
  return row
}

/** Replaces a draft's content; it stays in its period (its number belongs there). */
export async function editVoucher(tx: Db, propertyId: number, voucherId: number, content: VoucherContent) {
  checkLines(content.lines)
  const voucher = await lockVoucher(tx, propertyId, voucherId)
  if (voucher.state !== 'draft') throw conflict('finance.voucherAudited')
  // A reversal undoes its original as it was: audited or deleted, never changed.
  if (voucher.reversesId) throw conflict('finance.reversalFixed', [`${voucher.period}-${voucher.voucherNo}`])
  if (periodOf(content.voucherDate) !== voucher.period)
    throw badRequest('finance.periodChange', ['voucherDate'])
  await openPeriod(tx, propertyId, voucher.period)
  await tx.delete(fVoucherLine).where(eq(fVoucherLine.voucherId, voucherId))
  await writeLines(tx, propertyId, voucherId, content.lines)
  const [row] = await tx
    .update(fVoucher)
    .set({
      voucherDate: content.voucherDate,
      attachments: content.attachments ?? voucher.attachments,
      remark: (content.remark ?? voucher.remark).trim(),
      updateTime: new Date(),
    })
    .where(eq(fVoucher.voucherId, voucherId))
    .returning()
  return row!
}

export async function deleteVouchers(tx: Db, propertyId: number, ids: readonly number[]) {
  for (const id of [...ids].sort((a, b) => a - b)) {
    const voucher = await lockVoucher(tx, propertyId, id)
    if (voucher.state !== 'draft') throw conflict('finance.voucherAudited')
    await openPeriod(tx, propertyId, voucher.period)
    await tx.delete(fVoucher).where(eq(fVoucher.voucherId, id))
  }
}

async function auditorMustDiffer(tx: Db, propertyId: number): Promise<boolean> {
  const [row] = await tx.select().from(fBookSetting).where(eq(fBookSetting.propertyId, propertyId))
  return row?.auditorMustDiffer ?? false
}

/** Audit: drafts of open periods, balanced and not empty, by someone else than the maker when the property says so. */
export async function auditVouchers(tx: Db, propertyId: number, ids: readonly number[], auditor: Maker) {
  const mustDiffer = await auditorMustDiffer(tx, propertyId)
  for (const id of [...ids].sort((a, b) => a - b)) {
    const voucher = await lockVoucher(tx, propertyId, id)
    const label = `${voucher.period}-${voucher.voucherNo}`
    if (voucher.state === 'audited') throw conflict('finance.alreadyAudited', [label])
    await openPeriod(tx, propertyId, voucher.period)
    const [sums] = await tx
      .select({
        lines: sql<number>`count(*)::int`,
        debits: sql<string>`coalesce(sum(${fVoucherLine.debitCents}), 0)`,
        credits: sql<string>`coalesce(sum(${fVoucherLine.creditCents}), 0)`,
      })
      .from(fVoucherLine)
      .where(eq(fVoucherLine.voucherId, id))
    if (Number(sums?.lines ?? 0) < 2) throw badRequest('finance.tooFewLines', ['ids'])
    if (Number(sums?.debits) !== Number(sums?.credits))
      throw badRequest('finance.unbalanced', [
        'ids',
        formatCents(Number(sums?.debits) - Number(sums?.credits)),
      ])
    if (mustDiffer && voucher.makerId === auditor.userId) throw conflict('finance.auditorIsMaker', [label])
    await tx
      .update(fVoucher)
      .set({
        state: 'audited',
        auditorId: auditor.userId,
        auditorName: auditor.userName,
        auditTime: new Date(),
      })
      .where(eq(fVoucher.voucherId, id))
  }
}

/** The voucher reversing `voucherId`, if one exists (a draft or audited). */
async function reversalOf(tx: Db, voucherId: number): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(fVoucher).where(eq(fVoucher.reversesId, voucherId)).limit(1)
  return row
}

/** Step: a voucher reversed already is closed to a second reversal and to reopening (its reversal undoes it as it was). */
async function refuseReversed(tx: Db, voucher: VoucherRow) {
  const reversal = await reversalOf(tx, voucher.voucherId)
  if (reversal)
    throw conflict('finance.alreadyReversed', [
      `${voucher.period}-${voucher.voucherNo}`,
      `${reversal.period}-${reversal.voucherNo}`,
    ])
}

/**
 * Reverse audit: an audited, hand-made voucher of an open period goes back to draft — unless a voucher reverses it (its
 * reversal would then undo an amount the voucher may no longer hold).
 */
export async function antiAuditVoucher(tx: Db, propertyId: number, voucherId: number) {
  const voucher = await lockVoucher(tx, propertyId, voucherId)
  if (voucher.state !== 'audited')
    throw conflict('finance.notAudited', [`${voucher.period}-${voucher.voucherNo}`])
  if (voucher.source !== 'manual') throw conflict('finance.systemVoucher')
  if (voucher.reversesId) throw conflict('finance.reversalFixed', [`${voucher.period}-${voucher.voucherNo}`])
  await refuseReversed(tx, voucher)
  await openPeriod(tx, propertyId, voucher.period)
  await tx
    .update(fVoucher)
    .set({ state: 'draft', auditorId: null, auditorName: null, auditTime: null, updateTime: new Date() })
    .where(eq(fVoucher.voucherId, voucherId))
}

/**
 * A draft that undoes an audited voucher: the same lines with debit and credit swapped, dated `voucherDate`. Once: a
 * voucher reversed already (its reversal a draft or audited) is refused; the original's row lock orders two at once.
 */
export async function reverseVoucher(
  tx: Db,
  propertyId: number,
  voucherId: number,
  voucherDate: string,
  maker: Maker,
) {
  const voucher = await lockVoucher(tx, propertyId, voucherId)
  if (voucher.state !== 'audited')
    throw conflict('finance.notAudited', [`${voucher.period}-${voucher.voucherNo}`])
  await refuseReversed(tx, voucher)
  const lines = await tx
    .select()
    .from(fVoucherLine)
    .where(eq(fVoucherLine.voucherId, voucherId))
    .orderBy(asc(fVoucherLine.lineNo))
  return createVoucher(
    tx,
    propertyId,
    {
      voucherDate,
      remark: `${voucher.period}-${voucher.voucherNo}`,
      lines: lines.map((l) => ({
        subjectId: l.subjectId,
        summary: l.summary,
        debitCents: l.creditCents,
        creditCents: l.debitCents,
      })),
    },
    maker,
    { reversesId: voucherId },
  )
}

/**
 * Posts a balanced voucher from another module (the night audit, member recharges) inside the caller's transaction,
 * once per (property, source, sourceKey): the same key again answers the voucher already posted and posts nothing.
 * The voucher is audited at once (a system voucher is never edited or reverse-audited; a correction is a reversing
 * voucher). Lines name subjects by code (e.g. '1001' cash, '2203' deposits, '5001' room revenue). Refused with an
 * AppError (400 naming the field, 409 for a closed period) and nothing posted when the content does not hold.
 */
export async function postVoucher(
  tx: Db,
  posting: {
    propertyId: number
    /** Who posts, e.g. 'nightAudit'; not 'manual'. */
    source: string
    /** Unique per property and source, e.g. the business date '2026-11-23'. */
    sourceKey: string
    voucherDate: string
    remark?: string
    lines: PostingLine[]
    maker?: Maker
  },
): Promise<{ voucher: Voucher; created: boolean }> {
  if (posting.source === 'manual' || !posting.source) throw badRequest('validation.invalid', ['source'])
  if (!posting.sourceKey) throw badRequest('validation.required', ['sourceKey'])
  checkLines(posting.lines)
  // The period lock orders twins of one key: the second finds the first's voucher once it has committed (the twin's
  // read goes after the lock in the same write, on a snapshot of its own).
  const period = periodOf(posting.voucherDate)
  const [, locked, [existing]] = await sentTogether(tx, ...periodSends(tx, posting.propertyId, period), () =>
    tx
      .select()
      .from(fVoucher)
      .where(
        and(
          eq(fVoucher.propertyId, posting.propertyId),
          eq(fVoucher.source, posting.source),
          eq(fVoucher.sourceKey, posting.sourceKey),
        ),
      ),
  )
  requireOpenPeriod(locked, period)
  if (existing)
    return { voucher: await readVoucher(tx, posting.propertyId, existing.voucherId), created: false }
  const row = await createVoucher(
    tx,
    posting.propertyId,
    { voucherDate: posting.voucherDate, remark: posting.remark, lines: posting.lines },
    posting.maker ?? { userId: null, userName: posting.source },
    { source: posting.source, sourceKey: posting.sourceKey, audited: true },
  )
  return { voucher: await readVoucher(tx, posting.propertyId, row.voucherId), created: true }
}

const totals = {
  reversedById: sql<
    number | null
  >`(SELECT r.voucher_id FROM f_voucher r WHERE r.reverses_id = f_voucher.voucher_id LIMIT 1)`,
  debitCents: sql<string>`(SELECT coalesce(sum(debit_cents), 0) FROM f_voucher_line l WHERE l.voucher_id = f_voucher.voucher_id)`,
  creditCents: sql<string>`(SELECT coalesce(sum(credit_cents), 0) FROM f_voucher_line l WHERE l.voucher_id = f_voucher.voucher_id)`,
}

function present(
  row: VoucherRow & { debitCents: unknown; creditCents: unknown; reversedById: unknown },
): Voucher {
  return {
    voucherId: row.voucherId,
    period: row.period,
    voucherNo: row.voucherNo,
    voucherDate: row.voucherDate,
    attachments: row.attachments,
    remark: row.remark,
    state: row.state as VoucherState,
    source: row.source,
    sourceKey: row.sourceKey,
    reversesId: row.reversesId,
    reversedById: row.reversedById === null ? null : Number(row.reversedById),
    makerName: row.makerName,
    auditorName: row.auditorName,
    auditTime: row.auditTime ? new Date(row.auditTime).toISOString() : null,
    debitCents: Number(row.debitCents),
    creditCents: Number(row.creditCents),
  }
}

/** One voucher with its lines; 404 outside the property. */
export async function readVoucher(db: Db, propertyId: number, voucherId: number): Promise<Voucher> {
  // The voucher and its lines, in one write inside a transaction (the lines are read by the voucher's id: none of
  // another property's are found, as the voucher is not).
  const [[row], lines] = await sentTogether(
    db,
    () =>
      db
        .select({ v: fVoucher, ...totals })
        .from(fVoucher)
        .where(and(eq(fVoucher.propertyId, propertyId), eq(fVoucher.voucherId, voucherId))),
    () =>
      db
        .select({ line: fVoucherLine, subjectCode: fSubject.subjectCode, subjectName: fSubject.subjectName })
        .from(fVoucherLine)
        .innerJoin(fSubject, eq(fSubject.subjectId, fVoucherLine.subjectId))
        .where(eq(fVoucherLine.voucherId, voucherId))
        .orderBy(asc(fVoucherLine.lineNo)),
  )
  if (!row) throw notFound('finance.entity.voucher')
  return {
    ...present({
      ...row.v,
      debitCents: row.debitCents,
      creditCents: row.creditCents,
      reversedById: row.reversedById,
    }),
    lines: lines.map(
      (l): VoucherLine => ({
        lineNo: l.line.lineNo,
        summary: l.line.summary,
        subjectId: l.line.subjectId,
        subjectCode: l.subjectCode,
        subjectName: l.subjectName,
        debitCents: l.line.debitCents,
        creditCents: l.line.creditCents,
      }),
    ),
  }
}

/** Vouchers of the property, newest period first, in number order; filtered by state and period. */
export async function listVouchers(
  db: Db,
  propertyId: number,
  filter: { state?: string; period?: string },
  paging?: { limit: number; offset: number },
): Promise<{ rows: Voucher[]; total: number }> {
  const where = and(
    eq(fVoucher.propertyId, propertyId),
    filter.state ? eq(fVoucher.state, filter.state) : undefined,
    filter.period ? eq(fVoucher.period, filter.period) : undefined,
  )
  const query = db
    .select({ v: fVoucher, ...totals })
    .from(fVoucher)
    .where(where)
    .orderBy(desc(fVoucher.period), asc(fVoucher.voucherNo))
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(fVoucher).where(where)
  return {
    rows: rows.map((r) =>
      present({ ...r.v, debitCents: r.debitCents, creditCents: r.creditCents, reversedById: r.reversedById }),
    ),
    total: Number(count?.n ?? 0),
  }
}
