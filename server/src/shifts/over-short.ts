// A closed shift's over or short as an adjustment voucher in the finance books, through finance's postVoucher (source
// 'shiftOverShort', key the shift id: posted once, audited at once), dated the property's open business date. Per
// drawer method, from the property's chart (小企业会计准则: cash found over with no known owner is non-operating
// income, a shortage nobody answers for a non-operating expense):
//   over    Dr the method's account        Cr 5301 营业外收入 (non-operating income)
//   short   Dr 5711 营业外支出 (expenses)   Cr the method's account
// A count that matches posts nothing.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import type { PostingLine } from '../finance/vouchers.ts'
import { postVoucher } from '../finance/vouchers.ts'
import { chartLeaves, METHOD_SUBJECT } from '../night-audit/voucher.ts'
import { propertyClock } from '../properties/clock.ts'

export const OVER_SHORT_SOURCE = 'shiftOverShort'
export const CASH_OVER = '5301'
export const CASH_SHORT = '5711'

/** The adjustment's lines (pure): one balanced pair per method whose count differs from what was expected. */
export function overShortLines(
  lines: { method: string; overShortCents: number }[],
  leafOf: (code: string) => string | null,
  summary: string,
): PostingLine[] {
  const out: PostingLine[] = []
  const code = (c: string) => leafOf(c) ?? c
  for (const l of lines) {
    if (l.overShortCents === 0) continue
    const account = code(METHOD_SUBJECT[l.method] ?? '1001')
    const cents = Math.abs(l.overShortCents)
    if (l.overShortCents > 0)
      out.push(
        { subjectCode: account, summary, debitCents: cents },
        { subjectCode: code(CASH_OVER), summary, creditCents: cents },
      )
    else
      out.push(
        { subjectCode: code(CASH_SHORT), summary, debitCents: cents },
        { subjectCode: account, summary, creditCents: cents },
      )
  }
  return out
}

/** Posts the shift's over/short (in the closing transaction); the voucher's id, or null when the count matched. */
export async function postOverShort(
  tx: Db,
  shift: { propertyId: number; shiftId: number; userName: string; userId: number },
  lines: { method: string; overShortCents: number }[],
): Promise<number | null> {
  if (lines.every((l) => l.overShortCents === 0)) return null
  const { businessDate } = await propertyClock(tx, shift.propertyId)
  const summary = `交班长短款 #${shift.shiftId} ${shift.userName}`
  const posting = overShortLines(lines, await chartLeaves(tx, shift.propertyId), summary)
  const { voucher } = await postVoucher(tx, {
    propertyId: shift.propertyId,
    source: OVER_SHORT_SOURCE,
    sourceKey: String(shift.shiftId),
    voucherDate: businessDate,
    remark: summary,
    lines: posting,
    maker: { userId: shift.userId, userName: shift.userName },
  })
  return voucher.voucherId
}

/** The over/short voucher of a shift, when one was posted. */
export async function overShortVoucherOf(
  db: Db,
  propertyId: number,
  shiftId: number,
): Promise<{ voucherId: number; period: string; voucherNo: number } | null> {
  const result = await db.execute(sql`SELECT voucher_id, period, voucher_no FROM f_voucher
    WHERE property_id = ${propertyId} AND source = ${OVER_SHORT_SOURCE} AND source_key = ${String(shiftId)}`)
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[]
  const row = rows[0]
  return row
    ? { voucherId: Number(row.voucher_id), period: String(row.period), voucherNo: Number(row.voucher_no) }
    : null
}
