// Money in integer cents (DESIGN §4): parsing typed amounts and formatting them (SPEC §9: 2 decimals, thousands
// separators) with string and integer arithmetic only, never a float.

/** Whole cents a JS number holds exactly; amounts beyond this are refused rather than rounded. */
export const MAX_CENTS = Number.MAX_SAFE_INTEGER

/** True for an integer number of cents that is exactly representable. */
export const isCents = (value: unknown): value is number => Number.isSafeInteger(value)

// Optional sign, an integer part either plain or grouped by commas in threes, then up to two decimals.
const MONEY = /^([+-])?(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/

/**
 * Parses a typed amount ('1,234.56', '-12.5', '80') into cents, or null when it is not an amount: more than two
 * decimals, badly placed separators, letters, an empty text, or more cents than a number holds exactly.
 */
export function parseMoney(text: string): number | null {
  const match = MONEY.exec(text.trim())
  if (!match) return null
  const [, sign, whole, fraction = ''] = match
  const digits = `${whole!.replaceAll(',', '')}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '')
  // Compare as text first: past 16 digits Number() would round silently.
  if (digits.length > String(MAX_CENTS).length) return null
  const cents = Number(digits)
  if (!isCents(cents)) return null
  return sign === '-' && cents !== 0 ? -cents : cents
}

/** Formats cents as '1,234.56' (negatives '-1,234.56'); `grouping: false` leaves out the thousands separators. */
export function formatMoney(cents: number, options: { grouping?: boolean } = {}): string {
  if (!isCents(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
  const negative = cents < 0
  const digits = String(Math.abs(cents)).padStart(3, '0')
  const whole = digits.slice(0, -2)
  const grouped = options.grouping === false ? whole : whole.replace(/\B(?=(\d{3})+$)/g, ',')
  return `${negative ? '-' : ''}${grouped}.${digits.slice(-2)}`
}

/** Sums cents, refusing a total that no longer fits exactly. */
export function sumCents(values: Iterable<number>): number {
  let total = 0
  for (const v of values) total += v
  if (!isCents(total)) throw new RangeError('money total out of range')
  return total
}

/** Multiplies a price in cents by a count (nights, hours), refusing an inexact product. */
export function timesCents(cents: number, count: number): number {
  const product = cents * count
  if (!isCents(product)) throw new RangeError('money product out of range')
  return product
}
