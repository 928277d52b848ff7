// Units of the current property's buildings.
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { type Unit, unitApi } from './api.ts'
import { f } from './labels.ts'
import { nameOf, names, options } from './lookups.ts'
import { RoomStockPermission } from './permissions.ts'
import { useLookups } from './useLookups.ts'

export default function UnitPage() {
  const { buildings } = useLookups(['buildings'])
  const buildingNames = names(
    buildings,
    (b) => b.buildingId,
    (b) => b.buildingName,
  )
  const buildingOptions = options(
    buildings,
    (b) => b.buildingId,
    (b) => b.buildingName,
  )
  return (
    <CrudScreen<Unit>
      testId="unit-page"
      title="roomStockConsole.menu.unit"
      entity="roomStockConsole.entity.unit"
      api={unitApi}
      idKey="unitId"
      permission={RoomStockPermission.unit}
      columns={[
        { key: 'unitName', header: f('unitName') },
        { key: 'buildingId', header: f('building'), render: (r) => nameOf(buildingNames, r.buildingId) },
        { key: 'sort', header: f('sort') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'unitName', label: f('unitName'), kind: 'text' },
        {
          name: 'buildingId',
          label: f('building'),
          kind: 'select',
          options: buildingOptions,
          placeholder: 'crud.all',
        },
      ]}
      fields={[
        {
          name: 'buildingId',
          label: f('building'),
          kind: 'select',
          numeric: true,
          required: true,
          options: buildingOptions,
        },
        { name: 'unitName', label: f('unitName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(r) => r.unitName}
    />
  )
}
