// Language-pack keys and option lists of the device screens.
import { DEVICE_KINDS, DEVICE_STATES, type DeviceView } from '@pms/protocol/api/devices'
import type { Translate } from '../i18n/translate.ts'
import type { Option } from '../ui/crud/fields.ts'

export const f = (name: string) => `devices.field.${name}`

export const STATE_OPTIONS: Option[] = DEVICE_STATES.map((s) => ({ value: s, label: `devices.state.${s}` }))
export const KIND_OPTIONS: Option[] = DEVICE_KINDS.map((k) => ({ value: k, label: `devices.kind.${k}` }))

/** Where a device is, in words: its room, its gateway, its desk. */
export function bindingText(d: DeviceView, t: Translate): string {
  const parts: string[] = []
  if (d.roomNo) parts.push(`${t(f('roomId'))} ${d.roomNo}`)
  if (d.gatewayName) parts.push(`${t(f('gatewayId'))} ${d.gatewayName}`)
  if (d.desk) parts.push(d.desk)
  return parts.join(' · ')
}
