// Language-pack keys of the room-stock screens' fields and enabled/disabled states.
import type { Option } from '../ui/crud/fields.ts'

export const f = (name: string) => `roomStockConsole.field.${name}`

/** '0' enabled, '1' disabled (SPEC §4). */
export const ENABLED_STATES: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]
export const stateLabel = (state: string) => (state === '1' ? 'crud.disabled' : 'crud.enabled')
