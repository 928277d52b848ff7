// Parks of the current property.
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { type Park, parkApi } from './api.ts'
import { f } from './labels.ts'
import { RoomStockPermission } from './permissions.ts'

export default function ParkPage() {
  return (
    <CrudScreen<Park>
      testId="park-page"
      title="roomStockConsole.menu.park"
      entity="roomStockConsole.entity.park"
      api={parkApi}
      idKey="parkId"
      permission={RoomStockPermission.park}
      columns={[
        { key: 'parkName', header: f('parkName') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[{ name: 'parkName', label: f('parkName'), kind: 'text' }]}
      fields={[
        { name: 'parkName', label: f('parkName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(r) => r.parkName}
    />
  )
}
