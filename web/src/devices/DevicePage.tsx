// The property's devices: locks, gateways, encoders and readers of catalogue models, where each is bound.
import { Badge } from '@chakra-ui/react'
import { DEVICE_PERMISSION_PREFIX, type DeviceView } from '@pms/protocol/api/devices'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { formatDateTime } from '../ui/format.ts'
import { deviceCrudApi } from './api.ts'
import { bindingText, f, KIND_OPTIONS, STATE_OPTIONS } from './labels.ts'
import { useDeviceLookups } from './useDeviceLookups.ts'

const STATE_COLOUR = { online: 'green', offline: 'gray', fault: 'red', disabled: 'gray' } as const

export default function DevicePage() {
  const t = useT()
  const lookups = useDeviceLookups()
  const raw = (value: string | number, label: string) => ({ value: String(value), label, raw: true })
  return (
    <CrudScreen<DeviceView>
      testId="device-page"
      title="devices.menu.devices"
      entity="devices.entity.device"
      api={deviceCrudApi}
      idKey="deviceId"
      permission={DEVICE_PERMISSION_PREFIX}
      columns={[
        { key: 'code', header: f('code') },
        { key: 'name', header: f('name') },
        { key: 'modelId', header: f('modelId'), render: (d) => d.modelName ?? '' },
        { key: 'kind', header: f('kind'), render: (d) => t(`devices.kind.${d.kind}`) },
        { key: 'mac', header: f('mac'), render: (d) => d.mac ?? '' },
        { key: 'binding', header: f('binding'), render: (d) => bindingText(d, t) },
        {
          key: 'state',
          header: f('state'),
          render: (d) => <Badge colorPalette={STATE_COLOUR[d.state]}>{t(`devices.state.${d.state}`)}</Badge>,
        },
        { key: 'lastSeen', header: f('lastSeen'), render: (d) => formatDateTime(d.lastSeen) },
      ]}
      search={[
        { name: 'code', label: f('code'), kind: 'text' },
        { name: 'mac', label: f('mac'), kind: 'text' },
        { name: 'kind', label: f('kind'), kind: 'select', options: KIND_OPTIONS },
        { name: 'state', label: f('state'), kind: 'select', options: STATE_OPTIONS },
      ]}
      fields={[
        { name: 'code', label: f('code'), kind: 'text', required: true, maxLength: 50 },
        { name: 'name', label: f('name'), kind: 'text', required: true, maxLength: 100 },
        {
          name: 'modelId',
          label: f('modelId'),
          kind: 'select',
          required: true,
          numeric: true,
          options: lookups.models.map((m) => raw(m.modelId, `${m.name} (${m.code})`)),
        },
        { name: 'state', label: f('state'), kind: 'select', required: true, options: STATE_OPTIONS },
        { name: 'mac', label: f('mac'), kind: 'text', maxLength: 17 },
        {
          name: 'roomId',
          label: f('roomId'),
          kind: 'select',
          numeric: true,
          options: lookups.rooms.map((r) => raw(r.roomId, `${r.buildingName} ${r.roomNo}`)),
        },
        {
          name: 'gatewayId',
          label: f('gatewayId'),
          kind: 'select',
          numeric: true,
          options: lookups.tree.gateways.map((g) => raw(g.deviceId, g.name)),
        },
        { name: 'desk', label: f('desk'), kind: 'text', maxLength: 50 },
        { name: 'location', label: f('location'), kind: 'text', maxLength: 100 },
        { name: 'hardwareVersion', label: f('hardwareVersion'), kind: 'text', maxLength: 50 },
        { name: 'softwareVersion', label: f('softwareVersion'), kind: 'text', maxLength: 50 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
      ]}
      defaults={{ state: 'offline' }}
      nameOf={(d) => d.name}
    />
  )
}
