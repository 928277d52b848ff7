// Room types (SPEC §3): name, prices, deposit and contract price (yuan on screen, cents on the wire), occupancy,
// hour-room flag, state, pictures and cost items.
import { Badge } from '@chakra-ui/react'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { type RoomType, roomTypeApi } from './api.ts'
import { ENABLED_STATES, f, stateLabel } from './labels.ts'
import { RoomStockPermission } from './permissions.ts'
import { RoomTypeEditor } from './RoomTypeEditor.tsx'

const money = (key: keyof RoomType & string) => ({
  key,
  header: f(key),
  align: 'end' as const,
  render: (r: RoomType) => formatMoney(r[key] as number),
})

export default function RoomTypePage() {
  const t = useT()
  return (
    <CrudScreen<RoomType>
      testId="room-type-page"
      title="roomStockConsole.menu.roomType"
      entity="roomStockConsole.entity.roomType"
      api={roomTypeApi}
      idKey="roomTypeId"
      permission={RoomStockPermission.roomType}
      loadForEdit
      columns={[
        { key: 'typeName', header: f('typeName') },
        money('dailyPrice'),
        money('hourlyPrice'),
        money('deposit'),
        money('contractPrice'),
        { key: 'maxOccupancy', header: f('maxOccupancy') },
        { key: 'hourRoom', header: f('hourRoom'), render: (r) => t(r.hourRoom ? 'crud.yes' : 'crud.no') },
        {
          key: 'state',
          header: f('state'),
          render: (r) => (
            <Badge colorPalette={r.state === '1' ? 'gray' : 'green'}>{t(stateLabel(r.state))}</Badge>
          ),
        },
      ]}
      search={[
        { name: 'typeName', label: f('typeName'), kind: 'text' },
        {
          name: 'state',
          label: f('state'),
          kind: 'select',
          options: ENABLED_STATES,
          placeholder: 'crud.all',
        },
      ]}
      nameOf={(r) => r.typeName}
      editor={(props) => <RoomTypeEditor {...props} />}
    />
  )
}
