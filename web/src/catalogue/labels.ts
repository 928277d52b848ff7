// Language-pack keys of the catalogue screens and what a dictionary entry is called on screen.
import { type CatalogueEntry, DEVICE_CAPABILITIES, DeviceCapability } from '@pms/protocol/api/devices'
import type { Translate } from '../i18n/translate.ts'
import type { Option } from '../ui/crud/fields.ts'

export const f = (name: string) => `catalogue.field.${name}`

export const ENABLED_STATES: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]

export const CAPABILITY_OPTIONS: Option[] = DEVICE_CAPABILITIES.map((name) => ({
  value: String(DeviceCapability[name]),
  label: `catalogue.capability.${name}`,
}))

/** An entry's label in the current language when it names a pack key that exists, else its name. */
export function entryLabel(entry: Pick<CatalogueEntry, 'labelKey' | 'name'>, t: Translate): string {
  if (!entry.labelKey) return entry.name
  const text = t(entry.labelKey)
  return text === entry.labelKey ? entry.name : text
}

export function capabilityNames(flags: readonly number[], t: Translate): string {
  return DEVICE_CAPABILITIES.filter((n) => flags.includes(DeviceCapability[n]))
    .map((n) => t(`catalogue.capability.${n}`))
    .join(', ')
}
