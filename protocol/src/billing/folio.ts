// The folio of an order (SPEC §4 billing): entry kinds, payment methods, the balance, the rules a new entry must
// keep, and the double-entry accounts each entry moves (DESIGN §4). The server applies exactly these rules.
//
// Every entry has a positive amount; its kind says which way it moves the guest's account:
// - charges (roomCharge, overtimeCharge, extraCharge) raise what the guest owes;
// - expense is money the property paid out on the guest's behalf (a taxi, a purchase): it raises what the guest
//   owes like a charge, and names the method it was paid out with;
// - deposit and payment are money received from the guest and lower it;
// - refund is money handed back and raises it again.
// balance = charges − (deposits + payments − refunds). Positive: the guest owes; negative: the property holds the
// guest's money (a deposit beyond the charges) until it is refunded. Rules for a new entry:
// - a payment may not exceed the balance (money beyond what is owed is taken as a deposit, explicitly);
// - a refund may not exceed the money received and not yet refunded;
// - a settled folio takes no entry; it settles only at balance 0.
import { formatMoney, isCents, sumCents } from './money.ts'

export const FolioEntryKind = {
  roomCharge: 'roomCharge',
  overtimeCharge: 'overtimeCharge',
  extraCharge: 'extraCharge',
  expense: 'expense',
  deposit: 'deposit',
  payment: 'payment',
  refund: 'refund',
} as const
export type FolioEntryKind = (typeof FolioEntryKind)[keyof typeof FolioEntryKind]
export const FOLIO_ENTRY_KINDS = Object.values(FolioEntryKind)

export const PaymentMethod = {
  cash: 'cash',
  bankCard: 'bankCard',
  transfer: 'transfer',
  thirdParty: 'thirdParty',
  /** The member's stored value: posted only by the member spend flow (server/src/members), which debits the member. */
  memberCard: 'memberCard',
  /** The member's points: posted only by the member points flow, which takes the points. */
  points: 'points',
} as const
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod]
/** The methods the desk takes directly; `memberCard` and `points` go through the member routes. */
export const PAYMENT_METHODS = Object.values(PaymentMethod).filter(
  (m) => m !== PaymentMethod.memberCard && m !== PaymentMethod.points,
)

/** Refund reasons seeded in the `pms_refund_type` dictionary (migration 0012); the dictionary may hold more. */
export const REFUND_REASONS = [
  'depositReturn',
  'overpayment',
  'serviceIssue',
  'earlyDeparture',
  'other',
] as const

export type FolioSide = 'charge' | 'received' | 'returned'

export function sideOf(kind: FolioEntryKind): FolioSide {
  switch (kind) {
    case 'roomCharge':
    case 'overtimeCharge':
    case 'extraCharge':
    case 'expense':
      return 'charge'
    case 'deposit':
    case 'payment':
      return 'received'
    case 'refund':
      return 'returned'
  }
}

/** Kinds that move money and therefore name a method: money in, money returned, money paid out (expense). */
export const needsMethod = (kind: FolioEntryKind) => kind === 'expense' || sideOf(kind) !== 'charge'

/** Money-in kinds: each gets a receipt (number unique per property, and a receipt type). */
export const hasReceipt = (kind: FolioEntryKind) => sideOf(kind) === 'received'

/** Receipt types seeded in the `pms_receipt_type` dictionary (migration 0009); the dictionary may hold more. */
export const RECEIPT_TYPES = ['roomFee', 'deposit', 'other'] as const
export const defaultReceiptType = (kind: 'deposit' | 'payment') =>
  kind === 'deposit' ? 'deposit' : 'roomFee'

/** `RC` + the property's business date `YYYYMMDD` + the day's sequence number in the property, four digits at least. */
export function receiptNo(businessDate: string, seq: number): string {
  return `RC${businessDate.replaceAll('-', '')}${String(seq).padStart(4, '0')}`
}

export interface FolioLine {
  kind: FolioEntryKind
  amountCents: number
}

export interface FolioTotals {
  chargesCents: number
  receivedCents: number
  refundedCents: number
  /** received − refunded: money the property holds from the guest. */
  paidCents: number
  /** charges − paid. */
  balanceCents: number
}

export function folioTotals(lines: readonly FolioLine[]): FolioTotals {
  const of = (side: FolioSide) =>
    sumCents(lines.filter((l) => sideOf(l.kind) === side).map((l) => l.amountCents))
  const chargesCents = of('charge')
  const receivedCents = of('received')
  const refundedCents = of('returned')
  const paidCents = receivedCents - refundedCents
  return { chargesCents, receivedCents, refundedCents, paidCents, balanceCents: chargesCents - paidCents }
}

/**
 * Why a new entry is refused, as a language-pack key and its parameters; null when it may be posted. Amounts in the
 * parameters are already money text ('300.00', not 30000 cents), so every caller shows them alike in every language.
 */
export interface FolioRefusal {
  key:
    | 'billing.amountInvalid'
    | 'billing.overpayment'
    | 'billing.refundOverPaid'
    | 'billing.folioSettled'
    | 'billing.balanceNotZero'
  params: string[]
}

export function refuseEntry(totals: FolioTotals, entry: FolioLine, settled: boolean): FolioRefusal | null {
  if (!isCents(entry.amountCents) || entry.amountCents <= 0)
    return { key: 'billing.amountInvalid', params: [] }
  if (settled) return { key: 'billing.folioSettled', params: [] }
  if (entry.kind === 'payment' && entry.amountCents > totals.balanceCents)
    return {
      key: 'billing.overpayment',
      params: [formatMoney(entry.amountCents), formatMoney(Math.max(0, totals.balanceCents))],
    }
  if (entry.kind === 'refund' && entry.amountCents > totals.paidCents)
    return {
      key: 'billing.refundOverPaid',
      params: [formatMoney(entry.amountCents), formatMoney(totals.paidCents)],
    }
  return null
}

/** Settling needs a folio that is not settled yet and whose balance is zero. */
export function refuseSettle(totals: FolioTotals, settled: boolean): FolioRefusal | null {
  if (settled) return { key: 'billing.folioSettled', params: [] }
  if (totals.balanceCents !== 0)
    return { key: 'billing.balanceNotZero', params: [formatMoney(totals.balanceCents)] }
  return null
}

// Double entry: every folio entry is one balanced journal line, a debit and a credit of the same amount.
export const LedgerAccount = {
  /** What the guest owes the property (receivable; negative when the property holds the guest's money). */
  guest: 'guest',
  roomRevenue: 'roomRevenue',
  extraRevenue: 'extraRevenue',
  cash: 'cash',
  bankCard: 'bankCard',
  transfer: 'transfer',
  thirdParty: 'thirdParty',
  /** Members' stored value: a liability of the property (other payables). */
  memberCard: 'memberCard',
  /** Members' points redeemed: a liability of the property (points payable). */
  points: 'points',
} as const
export type LedgerAccount = (typeof LedgerAccount)[keyof typeof LedgerAccount]

export function ledgerAccounts(
  kind: FolioEntryKind,
  method: PaymentMethod | null,
): { debit: LedgerAccount; credit: LedgerAccount } {
  switch (kind) {
    case 'roomCharge':
    case 'overtimeCharge':
      return { debit: 'guest', credit: 'roomRevenue' }
    case 'extraCharge':
      return { debit: 'guest', credit: 'extraRevenue' }
    case 'deposit':
    case 'payment':
      return { debit: requireMethod(kind, method), credit: 'guest' }
    case 'refund':
    case 'expense':
      return { debit: 'guest', credit: requireMethod(kind, method) }
  }
}

function requireMethod(kind: FolioEntryKind, method: PaymentMethod | null): PaymentMethod {
  if (!method) throw new RangeError(`${kind} needs a payment method`)
  return method
}

/** A folio line's item as shown: its name, and how many when more than one ('早餐 × 2'). */
export const itemLabel = (entry: { itemName: string; quantity: number }): string =>
  entry.quantity > 1 ? `${entry.itemName} × ${entry.quantity}` : entry.itemName
