// Bulk room creation form (SPEC §1): building, floors from–to, rooms from–to, optional number prefix, room type →
// the server's bulk request. The server numbers rooms '{floor}{room}' with the room part padded to 2 digits.
import type { Translate } from '../i18n/translate.ts'
import type { BulkRequest } from './api.ts'

export interface BulkForm {
  buildingId: string
  floorFrom: string
  floorTo: string
  roomFrom: string
  roomTo: string
  prefix: string
  roomTypeId: string
}

export const EMPTY_BULK: BulkForm = {
  buildingId: '',
  floorFrom: '',
  floorTo: '',
  roomFrom: '',
  roomTo: '',
  prefix: '',
  roomTypeId: '',
}

/** At most 7 characters so the pattern stays within the server's 20; no spaces (room numbers have none) or braces. */
const PREFIX = /^[^\s{}]{0,7}$/
const INTEGER = /^-?\d+$/

type Bounds = Record<'floorFrom' | 'floorTo' | 'roomFrom' | 'roomTo', [number, number]>
const BOUNDS: Bounds = { floorFrom: [-20, 300], floorTo: [-20, 300], roomFrom: [0, 9999], roomTo: [0, 9999] }

const label = (name: string) =>
  name === 'buildingId'
    ? 'roomStockConsole.field.building'
    : name === 'roomTypeId'
      ? 'roomStockConsole.field.roomType'
      : `roomStockConsole.bulk.${name}`

/** The request, or a message per field that is wrong (from the packs). */
export function bulkRequest(
  form: BulkForm,
  t: Translate,
): { ok: true; body: BulkRequest } | { ok: false; errors: Partial<Record<keyof BulkForm, string>> } {
  const errors: Partial<Record<keyof BulkForm, string>> = {}
  for (const name of ['buildingId', 'roomTypeId'] as const)
    if (!form[name]) errors[name] = t('validation.required', [t(label(name))])
  for (const name of Object.keys(BOUNDS) as (keyof Bounds)[]) {
    const text = form[name].trim()
    const [min, max] = BOUNDS[name]
    if (!text) errors[name] = t('validation.required', [t(label(name))])
    else if (!INTEGER.test(text)) errors[name] = t('crud.validation.integer', [t(label(name))])
    else if (Number(text) < min) errors[name] = t('validation.minimum', [t(label(name)), min])
    else if (Number(text) > max) errors[name] = t('validation.maximum', [t(label(name)), max])
  }
  if (!errors.floorTo && !errors.floorFrom && Number(form.floorTo) < Number(form.floorFrom))
    errors.floorTo = t('validation.minimum', [t(label('floorTo')), form.floorFrom.trim()])
  if (!errors.roomTo && !errors.roomFrom && Number(form.roomTo) < Number(form.roomFrom))
    errors.roomTo = t('validation.minimum', [t(label('roomTo')), form.roomFrom.trim()])
  const prefix = form.prefix.trim()
  if (!PREFIX.test(prefix)) errors.prefix = t('roomStockConsole.bulk.prefixInvalid')
  if (Object.keys(errors).length) return { ok: false, errors }
  const body: BulkRequest = {
    buildingId: Number(form.buildingId),
    floorFrom: Number(form.floorFrom),
    floorTo: Number(form.floorTo),
    roomFrom: Number(form.roomFrom),
    roomTo: Number(form.roomTo),
    roomTypeId: Number(form.roomTypeId),
  }
  if (prefix) body.pattern = `${prefix}{floor}{room}`
  return { ok: true, body }
}

/** True when the previewed request is still what the form says (otherwise saving must wait for a new preview). */
export function samePreview(a: BulkRequest | undefined, b: BulkRequest): boolean {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b)
}
