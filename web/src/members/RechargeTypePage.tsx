// Recharge types (SPEC §3, §4): amount paid in, gift credited beside it, enabled or disabled.
import { Badge } from '@chakra-ui/react'
import type { RechargeType } from '@pms/protocol/api/members'
import { RechargeTypePermission } from '@pms/protocol/api/members'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { rechargeTypeApi } from './api.ts'
import { ENABLED_STATES, f } from './labels.ts'

export default function RechargeTypePage() {
  const t = useT()
  return (
    <CrudScreen<RechargeType>
      testId="recharge-type-page"
      title="members.menu.rechargeTypes"
      entity="members.entity.rechargeType"
      api={rechargeTypeApi}
      idKey="rechargeTypeId"
      permission={RechargeTypePermission}
      columns={[
        { key: 'typeName', header: f('typeName') },
        { key: 'amountCents', header: f('amount'), align: 'end', render: (r) => formatMoney(r.amountCents) },
        { key: 'giftCents', header: f('gift'), align: 'end', render: (r) => formatMoney(r.giftCents) },
        {
          key: 'state',
          header: f('state'),
          render: (r) => (
            <Badge colorPalette={r.state === '1' ? 'gray' : 'green'}>
              {t(r.state === '1' ? 'crud.disabled' : 'crud.enabled')}
            </Badge>
          ),
        },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        {
          name: 'state',
          label: f('state'),
          kind: 'select',
          options: ENABLED_STATES,
          placeholder: 'crud.all',
        },
      ]}
      fields={[
        { name: 'typeName', label: f('typeName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'amountCents', label: f('amount'), kind: 'money', required: true },
        { name: 'giftCents', label: f('gift'), kind: 'money', required: true },
        { name: 'state', label: f('state'), kind: 'select', required: true, options: ENABLED_STATES },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ state: '0', giftCents: 0 }}
      nameOf={(r) => r.typeName}
    />
  )
}
