// Room attributes of the current property (e.g. sea view, no smoking), ticked on each room.
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { type RoomAttribute, roomAttributeApi } from './api.ts'
import { f } from './labels.ts'
import { RoomStockPermission } from './permissions.ts'

export default function RoomAttributePage() {
  return (
    <CrudScreen<RoomAttribute>
      testId="room-attribute-page"
      title="roomStockConsole.menu.roomAttribute"
      entity="roomStockConsole.entity.roomAttribute"
      api={roomAttributeApi}
      idKey="attributeId"
      permission={RoomStockPermission.roomAttribute}
      columns={[
        { key: 'attributeName', header: 'roomStockConsole.field.attributes' },
        { key: 'remark', header: f('remark') },
      ]}
      search={[{ name: 'attributeName', label: 'roomStockConsole.field.attributes', kind: 'text' }]}
      fields={[
        {
          name: 'attributeName',
          label: 'roomStockConsole.field.attributes',
          kind: 'text',
          required: true,
          maxLength: 50,
        },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      nameOf={(r) => r.attributeName}
    />
  )
}
