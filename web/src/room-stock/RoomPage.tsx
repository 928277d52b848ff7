// Rooms of the current property: building, floor, unit and type pickers (floors and units narrowed to the chosen
// building), attributes, and bulk creation of a building's floors and rooms.
import { Button } from '@chakra-ui/react'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../ui/crud/FormDialog.tsx'
import type { FieldDef } from '../ui/crud/fields.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { type Room, roomApi } from './api.ts'
import { BulkDialog } from './BulkDialog.tsx'
import { f } from './labels.ts'
import { inBuilding, nameOf, names, options } from './lookups.ts'
import { RoomStockPermission } from './permissions.ts'
import { useLookups } from './useLookups.ts'

export default function RoomPage() {
  const t = useT()
  const permissions = usePermissions()
  const lookups = useLookups(['buildings', 'floors', 'units', 'roomTypes', 'attributes'])
  const [buildingId, setBuildingId] = useState('')
  const [bulkOpen, setBulkOpen] = useState(false)
  const byId = {
    building: names(
      lookups.buildings,
      (b) => b.buildingId,
      (b) => b.buildingName,
    ),
    floor: names(
      lookups.floors,
      (x) => x.floorId,
      (x) => x.floorName,
    ),
    unit: names(
      lookups.units,
      (u) => u.unitId,
      (u) => u.unitName,
    ),
    roomType: names(
      lookups.roomTypes,
      (r) => r.roomTypeId,
      (r) => r.typeName,
    ),
  }
  const buildingOptions = options(
    lookups.buildings,
    (b) => b.buildingId,
    (b) => b.buildingName,
  )
  const typeOptions = options(
    lookups.roomTypes,
    (r) => r.roomTypeId,
    (r) => r.typeName,
  )
  const fields: FieldDef[] = [
    { name: 'roomNo', label: f('roomNo'), kind: 'text', required: true, maxLength: 20 },
    {
      name: 'buildingId',
      label: f('building'),
      kind: 'select',
      numeric: true,
      required: true,
      options: buildingOptions,
    },
    {
      name: 'floorId',
      label: f('floor'),
      kind: 'select',
      numeric: true,
      required: true,
      options: options(
        inBuilding(lookups.floors, buildingId),
        (x) => x.floorId,
        (x) => x.floorName,
      ),
    },
    {
      name: 'unitId',
      label: f('unit'),
      kind: 'select',
      numeric: true,
      options: options(
        inBuilding(lookups.units, buildingId),
        (u) => u.unitId,
        (u) => u.unitName,
      ),
    },
    {
      name: 'roomTypeId',
      label: f('roomType'),
      kind: 'select',
      numeric: true,
      required: true,
      options: typeOptions,
    },
    {
      name: 'attributeIds',
      label: f('attributes'),
      kind: 'multiselect',
      options: options(
        lookups.attributes,
        (a) => a.attributeId,
        (a) => a.attributeName,
      ),
    },
    { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
  ]

  return (
    <CrudScreen<Room>
      testId="room-page"
      title="roomStockConsole.menu.room"
      entity="roomStockConsole.entity.room"
      api={roomApi}
      idKey="roomId"
      permission={RoomStockPermission.room}
      loadForEdit
      columns={[
        { key: 'roomNo', header: f('roomNo') },
        {
          key: 'buildingId',
          header: f('building'),
          render: (r) => r.buildingName ?? nameOf(byId.building, r.buildingId),
        },
        { key: 'floorId', header: f('floor'), render: (r) => r.floorName ?? nameOf(byId.floor, r.floorId) },
        { key: 'unitId', header: f('unit'), render: (r) => r.unitName ?? nameOf(byId.unit, r.unitId) },
        {
          key: 'roomTypeId',
          header: f('roomType'),
          render: (r) => r.typeName ?? nameOf(byId.roomType, r.roomTypeId),
        },
        { key: 'occupancy', header: f('occupancy'), render: (r) => t(`roomStock.state.${r.occupancy}`) },
        { key: 'remark', header: f('remark') },
      ]}
      search={[
        { name: 'roomNo', label: f('roomNo'), kind: 'text' },
        {
          name: 'buildingId',
          label: f('building'),
          kind: 'select',
          options: buildingOptions,
          placeholder: 'crud.all',
        },
        {
          name: 'roomTypeId',
          label: f('roomType'),
          kind: 'select',
          options: typeOptions,
          placeholder: 'crud.all',
        },
      ]}
      nameOf={(r) => r.roomNo}
      toolbar={(list) =>
        permitted([{ permission: `${RoomStockPermission.room}:add` }], permissions).length > 0 && (
          <>
            <Button size="sm" variant="outline" onClick={() => setBulkOpen(true)} data-testid="bulk-open">
              {t('roomStockConsole.bulk.open')}
            </Button>
            <BulkDialog
              open={bulkOpen}
              buildings={buildingOptions}
              roomTypes={typeOptions}
              onClose={() => setBulkOpen(false)}
              onSaved={() => {
                void lookups.reload()
                void list.reload()
              }}
            />
          </>
        )
      }
      editor={({ open, mode, record, onClose, onSaved }) => (
        <FormDialog
          open={open}
          mode={mode}
          entity="roomStockConsole.entity.room"
          fields={fields}
          record={record as Record<string, unknown> | undefined}
          onClose={onClose}
          onValues={(v) => setBuildingId(typeof v.buildingId === 'string' ? v.buildingId : '')}
          onSubmit={async (body) => {
            if (mode === 'add') await roomApi.add(body)
            else await roomApi.edit({ ...body, roomId: record!.roomId })
            notifySuccess(mode === 'add' ? 'add' : 'edit')
            onSaved()
          }}
        />
      )}
    />
  )
}
