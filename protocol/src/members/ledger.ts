// Member stored value and points (SPEC §1 recharge, points; §3 Member): the pure rules of the member ledger.
// A member holds two money accounts, base (money paid in) and gift (money the property gave), plus points. Every
// movement is a record with signed deltas and the balances after it; the member's balances always equal the sum of
// its records and never go below zero. The server applies exactly these rules, inside a row lock.

/** What moves a member's balances. */
export const MemberRecordKind = {
  /** Money paid in by a recharge (base account). */
  recharge: 'recharge',
  /** The gift of a recharge type (gift account). */
  gift: 'gift',
  /** A folio paid from the balance. */
  spend: 'spend',
  /** A member-balance folio payment returned to the same accounts. */
  refund: 'refund',
  /** A manual correction by a permitted user. */
  adjustment: 'adjustment',
  /** Points credited for a settled stay. */
  earn: 'earn',
  /** A recharge refunded: its unspent base paid back, its gift withdrawn. */
  withdrawal: 'withdrawal',
  /** Points past the property's points validity. */
  expiry: 'expiry',
} as const
export type MemberRecordKind = (typeof MemberRecordKind)[keyof typeof MemberRecordKind]
export const MEMBER_RECORD_KINDS = Object.values(MemberRecordKind)

export interface MemberBalances {
  baseCents: number
  giftCents: number
  points: number
}

export interface MemberDelta {
  baseCents: number
  giftCents: number
  points: number
}

/** Which account a spend draws on first (a property setting; base first by default). */
export type SpendOrder = 'baseFirst' | 'giftFirst'

/** How much of a spend comes from each account, or null when the total balance is short. */
export function splitSpend(
  balances: Pick<MemberBalances, 'baseCents' | 'giftCents'>,
  amountCents: number,
  order: SpendOrder = 'baseFirst',
): { baseCents: number; giftCents: number } | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return null
  if (balances.baseCents + balances.giftCents < amountCents) return null
  if (order === 'baseFirst') {
    const base = Math.min(balances.baseCents, amountCents)
    return { baseCents: base, giftCents: amountCents - base }
  }
  const gift = Math.min(balances.giftCents, amountCents)
  return { baseCents: amountCents - gift, giftCents: gift }
}

/** The balances after a movement, or null when any account would go below zero. */
export function applyDelta(balances: MemberBalances, delta: MemberDelta): MemberBalances | null {
  const next = {
    baseCents: balances.baseCents + delta.baseCents,
    giftCents: balances.giftCents + delta.giftCents,
    points: balances.points + delta.points,
  }
  if (next.baseCents < 0 || next.giftCents < 0 || next.points < 0) return null
  return next
}

/** Points earned on `cents` spent under the property's rule: N points per M whole currency units. */
export function pointsFor(cents: number, rule: { points: number; per: number }): number {
  if (cents <= 0 || rule.points <= 0 || rule.per <= 0) return 0
  return Math.floor(cents / (rule.per * 100)) * rule.points
}

/** Membership validity of SPEC §9, in months; `forever` has no expiry date. */
export const MEMBER_VALIDITY_MONTHS = {
  '3m': 3,
  '6m': 6,
  '1y': 12,
  '2y': 24,
  '3y': 36,
  '5y': 60,
  forever: null,
} as const
export type MemberValidity = keyof typeof MEMBER_VALIDITY_MONTHS
export const MEMBER_VALIDITIES = Object.keys(MEMBER_VALIDITY_MONTHS) as MemberValidity[]

/** The expiry date `YYYY-MM-DD` of a membership starting on `start` (a date), or null for `forever`. */
export function expiryDate(start: string, validity: MemberValidity): string | null {
  const months = MEMBER_VALIDITY_MONTHS[validity]
  if (months === null) return null
  const [y, m, d] = start.split('-').map(Number) as [number, number, number]
  const total = m - 1 + months
  const year = y + Math.floor(total / 12)
  const month = (total % 12) + 1
  // The same day of the month, or the month's last day (31 Aug + 6 months → 28/29 Feb).
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const p2 = (n: number) => String(n).padStart(2, '0')
  return `${year}-${p2(month)}-${p2(Math.min(d, last))}`
}

/** Member states of SPEC §4; each can be set back to normal. */
export const MemberState = { normal: '0', lost: '1', disabled: '2' } as const
export type MemberState = (typeof MemberState)[keyof typeof MemberState]
export const MEMBER_STATES = Object.values(MemberState)

/** Why a member may not pay or earn now (a language-pack key), or null when it may. */
export function refuseMemberUse(
  member: { state: string; expireDate: string | null; blacklist: boolean },
  today: string,
): 'members.stateLost' | 'members.stateDisabled' | 'members.expired' | 'members.blacklisted' | null {
  if (member.state === MemberState.lost) return 'members.stateLost'
  if (member.state === MemberState.disabled) return 'members.stateDisabled'
  if (member.blacklist) return 'members.blacklisted'
  if (member.expireDate && member.expireDate < today) return 'members.expired'
  return null
}

/**
 * How a refund of a member payment goes back: to the gift account as far as the payment took from it and has not had
 * back, the rest to base; null when the amount is more than what is left of the payment.
 */
export function splitRefund(
  spent: { baseCents: number; giftCents: number },
  returned: { baseCents: number; giftCents: number },
  amountCents: number,
): { baseCents: number; giftCents: number } | null {
  const baseLeft = spent.baseCents - returned.baseCents
  const giftLeft = spent.giftCents - returned.giftCents
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > baseLeft + giftLeft) return null
  const giftCents = Math.min(giftLeft, amountCents)
  return { baseCents: amountCents - giftCents, giftCents }
}

/**
 * What refunding one recharge takes out (SPEC: "returns at most the unspent base; its gift is withdrawn"): base paid
 * back is at most what the recharge paid in less what earlier refunds of it paid back, and at most the base balance
 * (what is spent is not returned); the recharge's gift is withdrawn once, as far as the gift balance still holds it.
 * `amountCents` omitted means all that may be paid back. Null when nothing may be paid back or the amount is more.
 */
export function splitWithdrawal(
  balances: Pick<MemberBalances, 'baseCents' | 'giftCents'>,
  recharge: { baseCents: number; giftCents: number },
  earlier: { baseCents: number; giftCents: number },
  amountCents?: number,
): { baseCents: number; giftCents: number } | null {
  const refundable = Math.min(recharge.baseCents - earlier.baseCents, balances.baseCents)
  const base = amountCents ?? refundable
  if (!Number.isSafeInteger(base) || base < 0 || base > refundable) return null
  const gift = Math.min(Math.max(recharge.giftCents - earlier.giftCents, 0), balances.giftCents)
  if (base === 0 && gift === 0) return null
  return { baseCents: base, giftCents: gift }
}

/** The property's member settings (stored in its configuration, `members`). */
export interface MemberSettings {
  /** Which account a member-balance payment draws on first. */
  spendOrder: SpendOrder
  /** Points worth one currency unit when paying a folio (0: points cannot pay). */
  pointsPerUnit: number
  /** At most this percent of a folio's charges may be paid with points (0 to 100). */
  pointsPayCapPercent: number
  /** Points expire this many months after they were earned (0: never). */
  pointsValidityMonths: number
}

export const MEMBER_SETTINGS_DEFAULTS: MemberSettings = {
  spendOrder: 'baseFirst',
  pointsPerUnit: 100,
  pointsPayCapPercent: 100,
  pointsValidityMonths: 0,
}

/** The points a points payment of `amountCents` takes (whole points; a partial unit's cents round up). */
export function pointsForPayment(amountCents: number, pointsPerUnit: number): number | null {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || pointsPerUnit <= 0) return null
  return Math.ceil((amountCents * pointsPerUnit) / 100)
}

/** How much of a folio's charges points may still pay: the cap percent of the charges less what points paid. */
export function pointsPayRoom(chargesCents: number, paidByPointsCents: number, capPercent: number): number {
  return Math.max(0, Math.floor((chargesCents * capPercent) / 100) - paidByPointsCents)
}

/**
 * Points expiring first in, first out: of the points earned before `cutoff` (dated point credits), those not yet
 * taken by any point debit (payments, adjustments down, earlier expiries) expire. Returns the points to expire now.
 */
export function pointsToExpire(
  movements: Array<{ points: number; time: Date }>,
  cutoff: Date,
  balance: number,
): number {
  let oldCredits = 0
  let debits = 0
  for (const m of movements) {
    if (m.points > 0 && m.time < cutoff) oldCredits += m.points
    if (m.points < 0) debits -= m.points
  }
  return Math.min(Math.max(oldCredits - debits, 0), balance)
}

/** A grade a member may reach, with what counts towards it. */
export interface GradeRule {
  gradeId: number
  gradeRank: number
  upgradeWay: 'amount' | 'frequency'
  threshold: number
  effectiveMonths: number
  state: string
}

/**
 * The grade a member is upgraded to: the enabled grade of the highest rank above the current one whose threshold the
 * member's progress within that grade's window reaches (amount: room revenue paid, cents; frequency: stays settled).
 * Null when no grade is reached. `progress(months)` answers the member's figures over the last `months` (0: ever).
 */
export function upgradeTarget<T extends GradeRule>(
  currentRank: number | null,
  grades: T[],
  progress: (months: number) => { amountCents: number; stays: number },
): T | null {
  const candidates = grades
    .filter((g) => g.state === '0' && (currentRank === null || g.gradeRank > currentRank))
    .sort((a, b) => b.gradeRank - a.gradeRank)
  for (const g of candidates) {
    const p = progress(g.effectiveMonths)
    const reached = g.upgradeWay === 'amount' ? p.amountCents >= g.threshold : p.stays >= g.threshold
    if (reached) return g
  }
  return null
}
