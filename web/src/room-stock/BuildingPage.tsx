// Buildings of the current property, each optionally in a park.
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { type Building, buildingApi } from './api.ts'
import { f } from './labels.ts'
import { nameOf, names, options } from './lookups.ts'
import { RoomStockPermission } from './permissions.ts'
import { useLookups } from './useLookups.ts'

export default function BuildingPage() {
  const { parks } = useLookups(['parks'])
  const parkNames = names(
    parks,
    (p) => p.parkId,
    (p) => p.parkName,
  )
  const parkOptions = options(
    parks,
    (p) => p.parkId,
    (p) => p.parkName,
  )
  return (
    <CrudScreen<Building>
      testId="building-page"
      title="roomStockConsole.menu.building"
      entity="roomStockConsole.entity.building"
      api={buildingApi}
      idKey="buildingId"
      permission={RoomStockPermission.building}
      columns={[
        { key: 'buildingName', header: f('buildingName') },
        { key: 'parkId', header: f('park'), render: (r) => nameOf(parkNames, r.parkId) },
        { key: 'sort', header: f('sort') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'buildingName', label: f('buildingName'), kind: 'text' },
        { name: 'parkId', label: f('park'), kind: 'select', options: parkOptions, placeholder: 'crud.all' },
      ]}
      fields={[
        { name: 'buildingName', label: f('buildingName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'parkId', label: f('park'), kind: 'select', numeric: true, options: parkOptions },
        { name: 'sort', label: f('sort'), kind: 'integer', min: 0, max: 9999 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(r) => r.buildingName}
    />
  )
}
