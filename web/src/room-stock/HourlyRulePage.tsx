// Hourly rules (SPEC §3): name, status, starting fee and overtime charge, entered in yuan and kept in cents.
import { Badge } from '@chakra-ui/react'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { type HourlyRule, hourlyRuleApi } from './api.ts'
import { ENABLED_STATES, f, stateLabel } from './labels.ts'
import { RoomStockPermission } from './permissions.ts'

export default function HourlyRulePage() {
  const t = useT()
  return (
    <CrudScreen<HourlyRule>
      testId="hourly-rule-page"
      title="roomStockConsole.menu.hourlyRule"
      entity="roomStockConsole.entity.hourlyRule"
      api={hourlyRuleApi}
      idKey="ruleId"
      permission={RoomStockPermission.hourlyRule}
      columns={[
        { key: 'ruleName', header: f('ruleName') },
        {
          key: 'status',
          header: f('status'),
          render: (r) => (
            <Badge colorPalette={r.status === '1' ? 'gray' : 'green'}>{t(stateLabel(r.status))}</Badge>
          ),
        },
        {
          key: 'startingFee',
          header: f('startingFee'),
          align: 'end',
          render: (r) => formatMoney(r.startingFee),
        },
        {
          key: 'overtimeFee',
          header: f('overtimeFee'),
          align: 'end',
          render: (r) => formatMoney(r.overtimeFee),
        },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'ruleName', label: f('ruleName'), kind: 'text' },
        {
          name: 'status',
          label: f('status'),
          kind: 'select',
          options: ENABLED_STATES,
          placeholder: 'crud.all',
        },
      ]}
      fields={[
        { name: 'ruleName', label: f('ruleName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'status', label: f('status'), kind: 'select', required: true, options: ENABLED_STATES },
        { name: 'startingFee', label: f('startingFee'), kind: 'money', required: true },
        { name: 'overtimeFee', label: f('overtimeFee'), kind: 'money', required: true },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ status: '0' }}
      nameOf={(r) => r.ruleName}
    />
  )
}
