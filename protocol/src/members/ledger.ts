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
