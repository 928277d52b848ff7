// Floors of the current property's buildings.
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { type Floor, floorApi } from './api.ts'
import { f } from './labels.ts'
import { nameOf, names, options } from './lookups.ts'
import { RoomStockPermission } from './permissions.ts'
import { useLookups } from './useLookups.ts'

export default function FloorPage() {
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
    <CrudScreen<Floor>
      testId="floor-page"
      title="roomStockConsole.menu.floor"
      entity="roomStockConsole.entity.floor"
      api={floorApi}
      idKey="floorId"
      permission={RoomStockPermission.floor}
      columns={[
        { key: 'buildingId', header: f('building'), render: (r) => nameOf(buildingNames, r.buildingId) },
        { key: 'floorNo', header: f('floorNo') },
        { key: 'floorName', header: f('floorName') },
      ]}
      search={[
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
        { name: 'floorNo', label: f('floorNo'), kind: 'integer', required: true, min: -20, max: 300 },
        { name: 'floorName', label: f('floorName'), kind: 'text', required: true, maxLength: 50 },
      ]}
      nameOf={(r) => r.floorName}
    />
  )
}
