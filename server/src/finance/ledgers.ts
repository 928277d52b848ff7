// The ledgers (SPEC §7 fBookkeepeVoucher): general ledger by month, sub-ledger with a running balance, and the subject
// balance (trial balance). Only audited vouchers count. A parent subject sums its descendants (by code prefix).
import type {
  GeneralLedgerRow,
  SidedBalance,
  SubjectBalance,
  SubjectBalanceRow,
  SubLedger,
} from '@pms/protocol/api/finance'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { fSubject } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'

/** A debit-positive net as the side it stands on and its amount. */
export function sided(net: number): SidedBalance {
  return net > 0
    ? { side: 'debit', cents: net }
    : net < 0
      ? { side: 'credit', cents: -net }
      : { side: 'flat', cents: 0 }
}

async function subjectOf(db: Db, propertyId: number, subjectId: number) {
  const [row] = await db
    .select()
    .from(fSubject)
    .where(and(eq(fSubject.propertyId, propertyId), eq(fSubject.subjectId, subjectId)))
  return row
}

const posted = (propertyId: number, code: string) => sql`
  FROM f_voucher_line l JOIN f_voucher v ON v.voucher_id = l.voucher_id
  JOIN f_subject s ON s.subject_id = l.subject_id
  WHERE l.property_id = ${propertyId} AND v.state = 'audited' AND s.subject_code LIKE ${`${code}%`}`

export async function generalLedger(
  db: Db,
  propertyId: number,
  subjectId: number,
  year: number,
): Promise<GeneralLedgerRow[]> {
  const subject = await subjectOf(db, propertyId, subjectId)
  if (!subject) throw notFound('finance.entity.subject')
  const first = `${year}01`
  const [before] = rowsOf<{ net: string | number }>(
    await db.execute(sql`SELECT coalesce(sum(l.debit_cents - l.credit_cents), 0) AS net
      ${posted(propertyId, subject.subjectCode)} AND v.period < ${first}`),
  )
  const months = rowsOf<{ period: string; d: string | number; c: string | number }>(
    await db.execute(sql`SELECT v.period, coalesce(sum(l.debit_cents), 0) AS d, coalesce(sum(l.credit_cents), 0) AS c
      ${posted(propertyId, subject.subjectCode)} AND v.period BETWEEN ${first} AND ${`${year}12`}
      GROUP BY v.period`),
  )
  let net = Number(before?.net ?? 0)
  const rows: GeneralLedgerRow[] = []
  for (let m = 1; m <= 12; m++) {
    const period = `${year}${String(m).padStart(2, '0')}`
    const found = months.find((r) => r.period === period)
    const debitCents = Number(found?.d ?? 0)
    const creditCents = Number(found?.c ?? 0)
    const opening = sided(net)
    net += debitCents - creditCents
    rows.push({ period, opening, debitCents, creditCents, closing: sided(net) })
  }
  return rows
}

export async function subLedger(
  db: Db,
  propertyId: number,
  query: { subjectId: number; beginDate: string; endDate: string },
): Promise<SubLedger> {
  if (query.endDate < query.beginDate) throw badRequest('finance.dateRange', ['endDate'])
  const subject = await subjectOf(db, propertyId, query.subjectId)
  if (!subject) throw notFound('finance.entity.subject')
  const [before] = rowsOf<{ net: string | number }>(
    await db.execute(sql`SELECT coalesce(sum(l.debit_cents - l.credit_cents), 0) AS net
      ${posted(propertyId, subject.subjectCode)} AND v.voucher_date < ${query.beginDate}`),
  )
  const lines = rowsOf<Record<string, string | number>>(
    await db.execute(sql`SELECT v.voucher_id, to_char(v.voucher_date, 'YYYY-MM-DD') AS voucher_date, v.period,
        v.voucher_no, l.summary, l.debit_cents, l.credit_cents
      ${posted(propertyId, subject.subjectCode)} AND v.voucher_date BETWEEN ${query.beginDate} AND ${query.endDate}
      ORDER BY v.voucher_date, v.period, v.voucher_no, l.line_no`),
  )
  const openingNet = Number(before?.net ?? 0)
  let net = openingNet
  let debitCents = 0
  let creditCents = 0
  return {
    subjectId: subject.subjectId,
    opening: sided(openingNet),
    lines: lines.map((l) => {
      const d = Number(l.debit_cents)
      const c = Number(l.credit_cents)
      net += d - c
      debitCents += d
      creditCents += c
      return {
        voucherId: Number(l.voucher_id),
        voucherDate: String(l.voucher_date),
        period: String(l.period),
        voucherNo: Number(l.voucher_no),
        summary: String(l.summary),
        debitCents: d,
        creditCents: c,
        balance: sided(net),
      }
    }),
    debitCents,
    creditCents,
    closing: sided(net),
  }
}

type Figures = Omit<SubjectBalanceRow, 'subjectId' | 'subjectCode' | 'subjectName' | 'level'>
const zero = (): Figures => ({
  openingDebitCents: 0,
  openingCreditCents: 0,
  debitCents: 0,
  creditCents: 0,
  yearDebitCents: 0,
  yearCreditCents: 0,
  closingDebitCents: 0,
  closingCreditCents: 0,
})

/** The trial balance of periods `beginPeriod`..`endPeriod`; year to date runs from January of `endPeriod`'s year. */
export async function subjectBalance(
  db: Db,
  propertyId: number,
  query: { beginPeriod: string; endPeriod: string },
): Promise<SubjectBalance> {
  const { beginPeriod, endPeriod } = query
  if (endPeriod < beginPeriod) throw badRequest('finance.dateRange', ['endPeriod'])
  const yearStart = `${endPeriod.slice(0, 4)}01`
  const sums = rowsOf<Record<string, string | number>>(
    await db.execute(sql`SELECT l.subject_id,
        coalesce(sum(l.debit_cents - l.credit_cents) FILTER (WHERE v.period < ${beginPeriod}), 0) AS opening,
        coalesce(sum(l.debit_cents) FILTER (WHERE v.period BETWEEN ${beginPeriod} AND ${endPeriod}), 0) AS d,
        coalesce(sum(l.credit_cents) FILTER (WHERE v.period BETWEEN ${beginPeriod} AND ${endPeriod}), 0) AS c,
        coalesce(sum(l.debit_cents) FILTER (WHERE v.period BETWEEN ${yearStart} AND ${endPeriod}), 0) AS yd,
        coalesce(sum(l.credit_cents) FILTER (WHERE v.period BETWEEN ${yearStart} AND ${endPeriod}), 0) AS yc
      FROM f_voucher_line l JOIN f_voucher v ON v.voucher_id = l.voucher_id
      WHERE l.property_id = ${propertyId} AND v.state = 'audited' AND v.period <= ${endPeriod}
      GROUP BY l.subject_id`),
  )
  const subjects = await db
    .select()
    .from(fSubject)
    .where(eq(fSubject.propertyId, propertyId))
    .orderBy(fSubject.subjectCode)
  const bySubject = new Map(sums.map((r) => [Number(r.subject_id), r]))
  // Leaf figures first, then each subject sums the leaves under its code.
  const leafNets = subjects.map((s) => {
    const r = bySubject.get(s.subjectId)
    return {
      code: s.subjectCode,
      opening: Number(r?.opening ?? 0),
      d: Number(r?.d ?? 0),
      c: Number(r?.c ?? 0),
      yd: Number(r?.yd ?? 0),
      yc: Number(r?.yc ?? 0),
    }
  })
  const rows: SubjectBalanceRow[] = []
  const totals = zero()
  for (const s of subjects) {
    const under = leafNets.filter((l) => l.code.startsWith(s.subjectCode))
    const opening = under.reduce((a, l) => a + l.opening, 0)
    const d = under.reduce((a, l) => a + l.d, 0)
    const c = under.reduce((a, l) => a + l.c, 0)
    const yd = under.reduce((a, l) => a + l.yd, 0)
    const yc = under.reduce((a, l) => a + l.yc, 0)
    if (!opening && !d && !c && !yd && !yc) continue
    const closing = opening + d - c
    const figures: Figures = {
      openingDebitCents: Math.max(opening, 0),
      openingCreditCents: Math.max(-opening, 0),
      debitCents: d,
      creditCents: c,
      yearDebitCents: yd,
      yearCreditCents: yc,
      closingDebitCents: Math.max(closing, 0),
      closingCreditCents: Math.max(-closing, 0),
    }
    rows.push({
      subjectId: s.subjectId,
      subjectCode: s.subjectCode,
      subjectName: s.subjectName,
      level: (s.subjectCode.length - 2) / 2,
      ...figures,
    })
    if (s.parentId === null) for (const k of Object.keys(totals) as (keyof Figures)[]) totals[k] += figures[k]
  }
  return { beginPeriod, endPeriod, rows, totals }
}
