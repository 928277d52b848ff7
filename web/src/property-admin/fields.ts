// The basic fields of a property (SPEC §3) as crud-kit field descriptions, shared by the settings screen and the
// platform admins' add/edit dialog; the types come from dictionary pms_property_type.
import type { DictData } from '@pms/protocol'
import { PROPERTY_CODE_MAX, type PropertyFields } from '@pms/protocol/api/properties'
import type { AddressValue } from '@pms/protocol/geo/regions'
import { API_BASE } from '../api/request.ts'
import { normaliseCode } from '../properties/listView.ts'
import type { FieldDef, FormValues } from '../ui/crud/fields.ts'

export function propertyFieldDefs(types: readonly DictData[], opts: { code?: boolean } = {}): FieldDef[] {
  return [
    {
      name: 'propertyName',
      label: 'propertyConsole.field.name',
      kind: 'text',
      required: true,
      maxLength: 100,
    },
    ...(opts.code
      ? [
          {
            name: 'propertyCode',
            label: 'console.property.code',
            kind: 'text',
            maxLength: PROPERTY_CODE_MAX,
          } satisfies FieldDef,
        ]
      : []),
    { name: 'address', label: 'console.property.address', kind: 'text', maxLength: 200 },
    {
      name: 'propertyTypes',
      label: 'propertyConsole.field.types',
      kind: 'multiselect',
      options: types.map((d) => ({ value: d.dictValue, label: d.dictLabel, raw: true })),
    },
    { name: 'contact', label: 'propertyConsole.field.contact', kind: 'text', maxLength: 50 },
    { name: 'contactPhone', label: 'propertyConsole.field.contactPhone', kind: 'text', maxLength: 50 },
    { name: 'hotelManager', label: 'propertyConsole.field.hotelManager', kind: 'text', maxLength: 50 },
    {
      name: 'hotelManagerPhone',
      label: 'propertyConsole.field.hotelManagerPhone',
      kind: 'text',
      maxLength: 50,
    },
  ]
}

/** Checked form values as the property body: texts trimmed, types as their dictionary values, code without spaces. */
export function propertyBody(values: FormValues): PropertyFields {
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string).trim() : '')
  const body: PropertyFields = {
    propertyName: text('propertyName'),
    address: text('address'),
    propertyTypes: Array.isArray(values.propertyTypes) ? [...values.propertyTypes] : [],
    contact: text('contact'),
    contactPhone: text('contactPhone'),
    hotelManager: text('hotelManager'),
    hotelManagerPhone: text('hotelManagerPhone'),
  }
  if ('propertyCode' in values) body.propertyCode = normaliseCode(text('propertyCode'))
  return body
}

/** A stored photo path as an image address: server paths (/files/…) live under the API base. */
export const photoUrl = (filePath: string) =>
  filePath.startsWith('/files/') ? `${API_BASE}${filePath}` : filePath

/** The address the picker composes, written the way addresses are stored: province, city, county, then the line. */
export function composeAddress(value: AddressValue): string {
  return [value.province, value.city, value.county, value.address?.trim()].filter(Boolean).join('')
}
