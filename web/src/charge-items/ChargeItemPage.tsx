// The property's charge items (minibar, laundry, breakfast, damages…): default price in yuan (kept in cents) and the
// finance subject code their revenue is booked to; offered in the folio's charge dialog.
import { Badge } from '@chakra-ui/react'
import { CHARGE_ITEM_PERMISSION, type ChargeItem } from '@pms/protocol/api/billing'
import { useT } from '../i18n/t.ts'
import { crudApi } from '../ui/crud/api.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import type { Option } from '../ui/crud/fields.ts'
import { formatMoney } from '../ui/crud/money.ts'

export const chargeItemApi = crudApi<ChargeItem>('/pms/pmsChargeItem')

const f = (name: string) => `chargeItem.field.${name}`
const STATES: Option[] = [
  { value: '0', label: 'chargeItem.status.0' },
  { value: '1', label: 'chargeItem.status.1' },
]

export default function ChargeItemPage() {
  const t = useT()
  return (
    <CrudScreen<ChargeItem>
      testId="charge-item-page"
      title="chargeItem.menu"
      entity="chargeItem.entity"
      api={chargeItemApi}
      idKey="chargeItemId"
      permission={CHARGE_ITEM_PERMISSION}
      columns={[
        { key: 'itemName', header: f('itemName') },
        {
          key: 'priceCents',
          header: f('priceCents'),
          align: 'end',
          render: (r) => formatMoney(r.priceCents),
        },
        { key: 'subjectCode', header: f('subjectCode') },
        {
          key: 'status',
          header: f('status'),
          render: (r) => (
            <Badge colorPalette={r.status === '1' ? 'gray' : 'green'}>
              {t(`chargeItem.status.${r.status}`)}
            </Badge>
          ),
        },
        { key: 'sort', header: f('sort'), align: 'end' },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'itemName', label: f('itemName'), kind: 'text' },
        { name: 'status', label: f('status'), kind: 'select', options: STATES, placeholder: 'crud.all' },
      ]}
      fields={[
        { name: 'itemName', label: f('itemName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'priceCents', label: f('priceCents'), kind: 'money', required: true },
        { name: 'subjectCode', label: f('subjectCode'), kind: 'text', required: true, maxLength: 20 },
        { name: 'status', label: f('status'), kind: 'select', required: true, options: STATES },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ status: '0', subjectCode: '5051' }}
      nameOf={(r) => r.itemName}
    />
  )
}
