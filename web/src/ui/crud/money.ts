// Money in the console: entered as yuan with at most 2 decimals, sent as integer cents, shown with 2 decimals and
// thousands separators (SPEC §9). Pure string arithmetic: no float ever touches an amount.

/** The largest amount the server takes (schemas.ts `Cents`): 100,000,000.00. */
export const MAX_CENTS = 100_000_000_00

const PLAIN = /^(\d+)(?:\.(\d{1,2}))?$/
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/

export type MoneyParse = { ok: true; cents: number } | { ok: false; reason: 'empty' | 'format' | 'tooLarge' }

/** '12.3' → 1230, '1,234.50' → 123450; refuses more than 2 decimals, negatives, misplaced separators. */
export function parseMoney(text: string): MoneyParse {
  const s = text.trim()
  if (s === '') return { ok: false, reason: 'empty' }
  const m = PLAIN.exec(s) ?? GROUPED.exec(s)
  if (!m) return { ok: false, reason: 'format' }
  const whole = m[1]!.replaceAll(',', '').replace(/^0+(?=\d)/, '')
  const fraction = (m[2] ?? '').padEnd(2, '0')
  if (whole.length > 9) return { ok: false, reason: 'tooLarge' }
  const cents = Number(whole) * 100 + Number(fraction)
  if (cents > MAX_CENTS) return { ok: false, reason: 'tooLarge' }
  return { ok: true, cents }
}

function groups(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** 123450 → '1,234.50'; null/undefined → ''. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isInteger(cents)) return ''
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${groups(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`
}

/** The text an edit form starts with: 123450 → '1234.50' (no separators, so it reads as typed). */
export function moneyInput(cents: number | null | undefined): string {
  return formatMoney(cents).replaceAll(',', '')
}
