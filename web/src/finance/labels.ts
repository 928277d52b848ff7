// Language-pack keys and options of the finance screens, and how a balance is shown (side and formatted amount).

import { ACCOUNT_TYPES, type SidedBalance } from '@pms/protocol/api/finance'
import { moneyCell, type SheetCell } from '@pms/protocol/format/sheet-cell'
import { businessToday } from '../session/businessDate.ts'
import type { Option } from '../ui/crud/fields.ts'
import { formatMoney } from '../ui/crud/money.ts'

export const f = (name: string) => `financeConsole.field.${name}`

export const ENABLED_STATES: Option[] = [
  { value: '0', label: 'financeConsole.state.enabled' },
  { value: '1', label: 'financeConsole.state.disabled' },
]
export const DIRECTIONS: Option[] = [
  { value: 'debit', label: 'financeConsole.direction.debit' },
  { value: 'credit', label: 'financeConsole.direction.credit' },
]
export const FLOWS: Option[] = [
  { value: 'in', label: 'financeConsole.flow.in' },
  { value: 'out', label: 'financeConsole.flow.out' },
]
export const ACCOUNT_TYPE_OPTIONS: Option[] = ACCOUNT_TYPES.map((t) => ({
  value: t,
  label: `financeConsole.accountType.${t}`,
}))
export const VOUCHER_STATES: Option[] = [
  { value: 'draft', label: 'financeConsole.voucherState.draft' },
  { value: 'audited', label: 'financeConsole.voucherState.audited' },
]

export const sideLabel = (b: SidedBalance) => `financeConsole.direction.${b.side}`
/** An amount as shown: formatted, blank for zero. */
export const cents = (n: number) => (n ? formatMoney(n) : '')
/** An amount in a ledger's table (and its spreadsheet, as a number): a money cell, blank for zero. */
export const centsCell = (n: number): SheetCell => (n ? moneyCell(n) : '')

/** Today as 'YYYY-MM-DD': the property's business date (session/businessDate.ts). */
export const today = businessToday
