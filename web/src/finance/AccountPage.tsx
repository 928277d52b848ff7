// The property's money accounts (cash drawer, bank accounts, WeChat Pay, Alipay, card terminal), each on a leaf subject.
import type { FinanceAccount } from '@pms/protocol/api/finance'
import { FinancePermission } from '@pms/protocol/api/finance'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { accountApi } from './api.ts'
import { ACCOUNT_TYPE_OPTIONS, ENABLED_STATES, f } from './labels.ts'
import { subjectLabel, subjectOptions, useBooks } from './useBooks.ts'

export default function AccountPage() {
  const t = useT()
  const { subjects } = useBooks()
  const subjectName = (id: number) => {
    const s = subjects.find((x) => x.subjectId === id)
    return s ? subjectLabel(s) : ''
  }
  return (
    <CrudScreen<FinanceAccount>
      testId="account-page"
      title="financeConsole.menu.account"
      entity="finance.entity.account"
      api={accountApi}
      idKey="accountId"
      permission={FinancePermission.account}
      columns={[
        { key: 'accountName', header: f('accountName') },
        {
          key: 'accountType',
          header: f('accountType'),
          render: (r) => t(`financeConsole.accountType.${r.accountType}`),
        },
        { key: 'accountNo', header: f('accountNo') },
        { key: 'subjectId', header: f('subject'), render: (r) => subjectName(r.subjectId) },
        {
          key: 'openingCents',
          header: f('opening'),
          align: 'end',
          render: (r) => formatMoney(r.openingCents),
        },
        {
          key: 'state',
          header: f('state'),
          render: (r) =>
            t(r.state === '1' ? 'financeConsole.state.disabled' : 'financeConsole.state.enabled'),
        },
      ]}
      search={[
        { name: 'accountName', label: f('accountName'), kind: 'text' },
        {
          name: 'accountType',
          label: f('accountType'),
          kind: 'select',
          options: ACCOUNT_TYPE_OPTIONS,
          placeholder: 'crud.all',
        },
      ]}
      fields={[
        { name: 'accountName', label: f('accountName'), kind: 'text', required: true, maxLength: 50 },
        {
          name: 'accountType',
          label: f('accountType'),
          kind: 'select',
          required: true,
          options: ACCOUNT_TYPE_OPTIONS,
        },
        { name: 'accountNo', label: f('accountNo'), kind: 'text', maxLength: 64 },
        {
          name: 'subjectId',
          label: f('subject'),
          kind: 'select',
          numeric: true,
          required: true,
          options: subjectOptions(subjects, true),
        },
        { name: 'openingCents', label: f('opening'), kind: 'money' },
        { name: 'state', label: f('state'), kind: 'select', options: ENABLED_STATES },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ accountType: 'bank', state: '0' }}
      nameOf={(r) => r.accountName}
    />
  )
}
