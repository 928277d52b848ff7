// The voucher editor's lines as typed (subject, summary, debit and credit texts in yuan) and what they add up to:
// totals in cents, the live difference, and the body to send once every line holds one side on a chosen subject.
import type { VoucherLineInput } from '@pms/protocol/api/finance'
import { parseMoney } from '../ui/crud/money.ts'

export interface LineDraft {
  subjectId: string
  summary: string
  debit: string
  credit: string
}

export const emptyLine = (summary = ''): LineDraft => ({ subjectId: '', summary, debit: '', credit: '' })

const centsOf = (text: string): number | undefined => {
  if (text.trim() === '') return 0
  const parsed = parseMoney(text)
  return parsed.ok ? parsed.cents : undefined
}

export interface LineTotals {
  debitCents: number
  creditCents: number
  /** Debits minus credits. */
  differenceCents: number
}

export function totalsOf(lines: readonly LineDraft[]): LineTotals {
  let debitCents = 0
  let creditCents = 0
  for (const l of lines) {
    debitCents += centsOf(l.debit) ?? 0
    creditCents += centsOf(l.credit) ?? 0
  }
  return { debitCents, creditCents, differenceCents: debitCents - creditCents }
}

/** A line left entirely blank is dropped. */
const blank = (l: LineDraft) => !l.subjectId && !l.debit.trim() && !l.credit.trim() && !l.summary.trim()

export type LinesCheck =
  | { ok: true; lines: VoucherLineInput[] }
  | { ok: false; reason: 'line'; line: number }
  | { ok: false; reason: 'tooFew' | 'unbalanced' }

/** The lines to send, or why not: a line (1-based) without a subject or with other than one positive side. */
export function checkDraft(drafts: readonly LineDraft[]): LinesCheck {
  const lines: VoucherLineInput[] = []
  let index = 0
  for (const d of drafts) {
    index++
    if (blank(d)) continue
    const debit = centsOf(d.debit)
    const credit = centsOf(d.credit)
    if (!d.subjectId || debit === undefined || credit === undefined || debit > 0 === credit > 0)
      return { ok: false, reason: 'line', line: index }
    lines.push({
      subjectId: Number(d.subjectId),
      summary: d.summary.trim(),
      ...(debit > 0 ? { debitCents: debit } : { creditCents: credit }),
    })
  }
  if (lines.length < 2) return { ok: false, reason: 'tooFew' }
  const debits = lines.reduce((a, l) => a + (l.debitCents ?? 0), 0)
  const credits = lines.reduce((a, l) => a + (l.creditCents ?? 0), 0)
  if (debits !== credits) return { ok: false, reason: 'unbalanced' }
  return { ok: true, lines }
}
