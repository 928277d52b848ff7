// Step 5 of the night audit: the day's voucher in the books, through finance's postVoucher (source 'nightAudit', key
// the business date: posted once, audited at once). Each folio entry of the day is one balanced pair, so the voucher
// balances by construction:
//   room and overtime charges   Dr 1122 receivables        Cr 5001 main business revenue
//   other charges               Dr 1122                    Cr the charge item's subject (else 5051 other revenue)
//   expenses paid out for guests Dr 1122                   Cr the method's account
//   deposits                    Dr the method's account    Cr 2203 advances from customers
//   payments                    Dr the method's account    Cr 1122 (memberCard: Dr 2241 member stored value)
//   refunds                     Dr 1122                    Cr the method's account
// Deposits stay advances: the books keep what the guest paid ahead apart from what they owe (1122 less 2203 is the
// folio balance). Member recharges and their refunds are booked as they happen, each its own voucher
// (members/books.ts), so the day's voucher leaves them out.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import type { PostingLine } from '../finance/vouchers.ts'
import { postVoucher } from '../finance/vouchers.ts'
import type { AuditDay } from './day.ts'

export const VOUCHER_SOURCE = 'nightAudit'

/** Finance account (subject code) of each folio payment method; a parent code books to its first leaf. */
export const METHOD_SUBJECT: Record<string, string> = {
  cash: '1001',
  bankCard: '1002',
  transfer: '1002',
  thirdParty: '1012',
  memberCard: '2241',
}
const RECEIVABLES = '1122'
const ROOM_REVENUE = '5001'
const OTHER_REVENUE = '5051'
const ADVANCES = '2203'

const SUMMARY: Record<string, string> = {
  roomCharge: '房费',
  overtimeCharge: '超时房费',
  extraCharge: '其他消费',
  expense: '代付',
  deposit: '押金',
  payment: '收款',
  refund: '退款',
}

interface DayMoney {
  kind: string
  method: string | null
  subjectCode: string
  cents: number
}

/** The day's folio money by kind, method and subject. */
async function dayMoney(tx: Db, d: AuditDay): Promise<DayMoney[]> {
  const rows = rowsOf<{ kind: string; method: string | null; sc: string; cents: number | string }>(
    await tx.execute(sql`
      SELECT kind, method, COALESCE(subject_code, '') AS sc, sum(amount_cents) AS cents FROM pms_folio_entry
      WHERE property_id = ${d.propertyId} AND business_date = ${d.businessDate}::date GROUP BY 1, 2, 3
      ORDER BY 1, 2, 3`),
  )
  return rows.map((r) => ({ kind: r.kind, method: r.method, subjectCode: r.sc, cents: Number(r.cents) }))
}

/** The voucher's lines for the day's money (pure: each amount becomes one debit and one credit). */
export function dayVoucherLines(
  money: DayMoney[],
  leafOf: (code: string) => string | null,
  businessDate: string,
): PostingLine[] {
  const sides = new Map<string, { code: string; side: 'debit' | 'credit'; summary: string; cents: number }>()
  const add = (code: string, side: 'debit' | 'credit', summary: string, cents: number) => {
    const leaf = leafOf(code) ?? code
    const key = `${side}|${leaf}|${summary}`
    const line = sides.get(key) ?? { code: leaf, side, summary, cents: 0 }
    line.cents += cents
    sides.set(key, line)
  }
  for (const m of money) {
    if (m.cents <= 0) continue
    const summary = `${SUMMARY[m.kind] ?? m.kind} ${businessDate}`
    const methodCode = METHOD_SUBJECT[m.method ?? ''] ?? '1001'
    switch (m.kind) {
      case 'roomCharge':
      case 'overtimeCharge':
        add(RECEIVABLES, 'debit', summary, m.cents)
        add(ROOM_REVENUE, 'credit', summary, m.cents)
        break
      case 'extraCharge':
        add(RECEIVABLES, 'debit', summary, m.cents)
        add(
          m.subjectCode && leafOf(m.subjectCode) ? m.subjectCode : OTHER_REVENUE,
          'credit',
          summary,
          m.cents,
        )
        break
      case 'expense':
      case 'refund':
        add(RECEIVABLES, 'debit', summary, m.cents)
        add(methodCode, 'credit', summary, m.cents)
        break
      case 'deposit':
        add(methodCode, 'debit', summary, m.cents)
        add(ADVANCES, 'credit', summary, m.cents)
        break
      case 'payment':
        add(methodCode, 'debit', summary, m.cents)
        add(RECEIVABLES, 'credit', summary, m.cents)
        break
    }
  }
  return [...sides.values()]
    .sort((a, b) => (a.side === b.side ? a.code.localeCompare(b.code) : a.side === 'debit' ? -1 : 1))
    .map((l) => ({
      subjectCode: l.code,
      summary: l.summary,
      ...(l.side === 'debit' ? { debitCents: l.cents } : { creditCents: l.cents }),
    }))
}

/** The property's chart as a look-up: a code's own leaf, else its first leaf below (null when the chart has neither). */
export async function chartLeaves(tx: Db, propertyId: number): Promise<(code: string) => string | null> {
  const subjects = rowsOf<{ code: string; leaf: boolean }>(
    await tx.execute(sql`SELECT subject_code AS code, leaf FROM f_subject WHERE property_id = ${propertyId}
      ORDER BY subject_code`),
  )
  return (code: string) =>
    subjects.find((s) => s.code === code && s.leaf)?.code ??
    subjects.find((s) => s.leaf && s.code.startsWith(code) && s.code !== code)?.code ??
    null
}

export async function postDayVoucher(
  tx: Db,
  d: AuditDay,
): Promise<{ voucherId: number | null; lines: number; cents: number }> {
  const money = await dayMoney(tx, d)
  const leafOf = await chartLeaves(tx, d.propertyId)
  const lines = dayVoucherLines(money, leafOf, d.businessDate)
  // A day without money moved has nothing to book.
  if (lines.length < 2) return { voucherId: null, lines: 0, cents: 0 }
  const { voucher } = await postVoucher(tx, {
    propertyId: d.propertyId,
    source: VOUCHER_SOURCE,
    sourceKey: d.businessDate,
    voucherDate: d.businessDate,
    remark: `夜审 ${d.businessDate}`,
    lines,
  })
  return {
    voucherId: voucher.voucherId,
    lines: lines.length,
    cents: lines.reduce((s, l) => s + (l.debitCents ?? 0), 0),
  }
}
