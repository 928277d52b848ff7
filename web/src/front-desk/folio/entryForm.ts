// The folio dialog's rules: a charge (a cost item of the room's type, or a free item), an expense paid out for the
// guest, a deposit or a payment (with its receipt type), or a refund, typed in yuan and sent in cents. The folio rules of protocol/src/billing are applied before sending, so
// the clerk hears 'more than the balance' at once; the server applies them again.
import type { ChargeRequest, ExpenseRequest, MoneyRequest, RefundRequest } from '@pms/protocol/api/billing'
import type { MemberPayRequest } from '@pms/protocol/api/members'
import {
  defaultReceiptType,
  type FolioTotals,
  type PaymentMethod,
  refuseEntry,
} from '@pms/protocol/billing/index'
import { parseMoney } from '../../ui/crud/money.ts'
import type { FieldError } from '../reservations/reserveForm.ts'

export const ENTRY_KINDS = ['charge', 'expense', 'deposit', 'payment', 'refund'] as const
export type EntryKind = (typeof ENTRY_KINDS)[number]

export interface EntryForm {
  kind: EntryKind
  orderRoomId?: number
  /** A cost item of the room's type; its amount is the item's. */
  costId?: number
  /** A charge item of the property; its amount is price × quantity unless an amount is typed (e.g. damages). */
  chargeItemId?: number
  quantity: string
  itemName: string
  amountText: string
  method: PaymentMethod
  reason: string
  /** Deposits and payments: a value of the pms_receipt_type dictionary. */
  receiptType: string
  remark: string
}

export interface CostOption {
  costId: number
  costName: string
  amount: number
}

export interface PropertyItemOption {
  chargeItemId: number
  itemName: string
  priceCents: number
}

/** The order's member as a payment takes it: its stored value (base + gift) and points. */
export interface PayingMember {
  memberId: number
  balanceCents: number
  points: number
}

/** The payment methods that go through the member routes (the order's member pays), not the folio's own. */
export const MEMBER_METHODS = ['memberCard', 'points'] as const
export type MemberMethod = (typeof MEMBER_METHODS)[number]
export const isMemberMethod = (m: string): m is MemberMethod =>
  (MEMBER_METHODS as readonly string[]).includes(m)

export type EntryBody =
  | { kind: 'charge'; body: ChargeRequest }
  | { kind: 'expense'; body: ExpenseRequest }
  | { kind: 'deposit' | 'payment'; body: MoneyRequest }
  | { kind: 'refund'; body: RefundRequest }
  | { kind: 'memberPay'; method: MemberMethod; body: MemberPayRequest }

export type EntryBuild = { ok: true; entry: EntryBody } | { ok: false; errors: Record<string, FieldError> }

export const emptyEntry = (kind: EntryKind, orderRoomId?: number): EntryForm => ({
  kind,
  orderRoomId,
  quantity: '1',
  itemName: '',
  amountText: '',
  method: 'cash',
  reason: kind === 'refund' ? 'depositReturn' : '',
  receiptType: kind === 'deposit' || kind === 'payment' ? defaultReceiptType(kind) : '',
  remark: '',
})

export function buildEntry(
  form: EntryForm,
  orderId: number,
  folio: { totals: FolioTotals; settled: boolean },
  costs: readonly CostOption[],
  items: readonly PropertyItemOption[] = [],
  /** The order's member: a payment may then be taken from its stored value or points. */
  member: PayingMember | null = null,
): EntryBuild {
  const e = 'frontDeskConsole.error'
  const errors: Record<string, FieldError> = {}
  const remark = form.remark.trim()
  if (remark.length > 200) errors.remark = { key: `${e}.tooLong`, params: [200] }
  const base = {
    orderId,
    ...(form.orderRoomId ? { orderRoomId: form.orderRoomId } : {}),
    ...(remark ? { remark } : {}),
  }

  if (form.kind === 'charge' && form.costId !== undefined) {
    const cost = costs.find((c) => c.costId === form.costId)
    const quantity = /^\d+$/.test(form.quantity.trim()) ? Number(form.quantity.trim()) : 0
    if (!cost) errors.costId = { key: `${e}.required`, params: ['costItem'] }
    if (quantity < 1 || quantity > 999) errors.quantity = { key: `${e}.range`, params: [1, 999] }
    if (folio.settled) errors.amountText = { key: 'billing.folioSettled' }
    if (Object.keys(errors).length) return { ok: false, errors }
    return { ok: true, entry: { kind: 'charge', body: { ...base, costId: cost!.costId, quantity } } }
  }

  if (form.kind === 'charge' && form.chargeItemId !== undefined) {
    const item = items.find((i) => i.chargeItemId === form.chargeItemId)
    const quantity = /^\d+$/.test(form.quantity.trim()) ? Number(form.quantity.trim()) : 0
    if (!item) errors.chargeItemId = { key: `${e}.required`, params: ['costItem'] }
    if (quantity < 1 || quantity > 999) errors.quantity = { key: `${e}.range`, params: [1, 999] }
    // An amount typed replaces price × quantity (damages are priced case by case); empty keeps the item's price.
    const typed = form.amountText.trim() ? parseMoney(form.amountText) : undefined
    if (typed && (!typed.ok || typed.cents <= 0))
      errors.amountText = {
        key: !typed.ok && typed.reason === 'tooLarge' ? 'crud.validation.moneyTooLarge' : `${e}.money`,
        params: ['amount'],
      }
    if (folio.settled) errors.amountText = { key: 'billing.folioSettled' }
    if (Object.keys(errors).length) return { ok: false, errors }
    const body = { ...base, chargeItemId: item!.chargeItemId, quantity }
    return {
      ok: true,
      entry: { kind: 'charge', body: typed?.ok ? { ...body, amountCents: typed.cents } : body },
    }
  }

  const parsed = parseMoney(form.amountText)
  let amountCents = 0
  if (!parsed.ok)
    errors.amountText = {
      key:
        parsed.reason === 'empty'
          ? `${e}.required`
          : parsed.reason === 'tooLarge'
            ? 'crud.validation.moneyTooLarge'
            : `${e}.money`,
      params: ['amount'],
    }
  else amountCents = parsed.cents
  if (parsed.ok) {
    const kind = form.kind === 'charge' ? 'extraCharge' : form.kind
    const refusal = refuseEntry(folio.totals, { kind, amountCents }, folio.settled)
    if (refusal) errors.amountText = { key: refusal.key, params: refusal.params }
  }
  if (form.kind === 'charge' || form.kind === 'expense') {
    const name = form.itemName.trim()
    if (!name) errors.itemName = { key: `${e}.required`, params: ['itemName'] }
    else if (name.length > 100) errors.itemName = { key: `${e}.tooLong`, params: [100] }
    if (Object.keys(errors).length) return { ok: false, errors }
    if (form.kind === 'expense')
      return {
        ok: true,
        entry: { kind: 'expense', body: { ...base, itemName: name, amountCents, method: form.method } },
      }
    return { ok: true, entry: { kind: 'charge', body: { ...base, itemName: name, amountCents } } }
  }
  if (form.kind === 'refund' && !form.reason.trim())
    errors.reason = { key: `${e}.required`, params: ['reason'] }
  if (form.kind === 'payment' && isMemberMethod(form.method)) {
    // The member routes' rules, told at once: the order's member pays, from a balance that covers the amount (the
    // points' rate and cap are the server's to apply).
    if (!member) errors.method = { key: 'members.pay.chooseMember' }
    else if (form.method === 'memberCard' && parsed.ok && amountCents > member.balanceCents)
      errors.amountText = { key: 'members.insufficientBalance' }
    if (Object.keys(errors).length) return { ok: false, errors }
    return {
      ok: true,
      entry: {
        kind: 'memberPay',
        method: form.method,
        body: { ...base, memberId: member!.memberId, amountCents },
      },
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors }
  const money: MoneyRequest = { ...base, amountCents, method: form.method }
  if (form.kind === 'refund')
    return { ok: true, entry: { kind: 'refund', body: { ...money, reason: form.reason.trim() } } }
  const receiptType = form.receiptType.trim()
  return {
    ok: true,
    entry: { kind: form.kind, body: receiptType ? { ...money, receiptType } : money },
  }
}
