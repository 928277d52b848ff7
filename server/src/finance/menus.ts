// Menu seed of the books: one screen per resource under the 'finance' group, each resource's other actions as buttons
// of its screen, and the grants by role (the finance role and the property admin keep the books; the desk does not).
import { FinancePermission, VoucherAction } from '@pms/protocol/api/finance'
import type { MenuSeed } from '../seed/menu-seed.ts'

export { FinancePermission, VoucherAction }

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })
const crudButtons = (prefix: string) =>
  ['query', 'add', 'edit', 'remove'].map((a) => button(`${prefix}:${a}`))

const screen = (name: string, path: string, perms: string, children: MenuSeed[] = []): MenuSeed => ({
  name: `financeConsole.menu.${name}`,
  type: 'C',
  path,
  component: `finance/${path}/index`,
  perms,
  userTypes: '2',
  children,
})

const resource = (name: string, key: keyof typeof FinancePermission, more: MenuSeed[] = []) => {
  const prefix = FinancePermission[key]
  return screen(name, prefix.split(':')[1]!, `${prefix}:list`, [...crudButtons(prefix), ...more])
}

export const FINANCE_MENU: MenuSeed = {
  name: 'financeConsole.menu.root',
  type: 'M',
  path: 'finance',
  icon: 'money',
  userTypes: '2',
  children: [
    resource('voucher', 'voucher', [button(VoucherAction.audit), button(VoucherAction.antiAudit)]),
    screen('generalLedger', 'generalLedger', VoucherAction.ledgerList),
    screen('subLedger', 'subLedger', VoucherAction.ledgerList),
    screen('subjectBalance', 'subjectBalance', VoucherAction.ledgerList),
    resource('journal', 'journalDetailed'),
    resource('subject', 'subject'),
    resource('subjectCategory', 'subjectCategory'),
    resource('subjectCategoryDetail', 'subjectCategoryDetail'),
    resource('account', 'account'),
    resource('journalCategory', 'journalCategory'),
    screen('period', 'fPeriod', VoucherAction.periodList, [
      button(VoucherAction.periodClose),
      button(VoucherAction.settingQuery),
      button(VoucherAction.settingEdit),
    ]),
  ],
}

/** Grants of the books, by role: whole prefixes. */
export const FINANCE_ROLE_PERMISSIONS = {
  merchant_admin: Object.values(FinancePermission),
  finance: Object.values(FinancePermission),
} as const
