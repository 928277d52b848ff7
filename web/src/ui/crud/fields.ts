// Form fields of the crud dialogs described as data, their validation (messages from the language packs) and the
// conversion between a stored record and the texts a form edits.
import type { Translate } from '../../i18n/translate.ts'
import { moneyInput, parseMoney } from './money.ts'

/** `date`: a calendar day 'YYYY-MM-DD', entered with the browser's date picker. */
export type FieldKind =
  | 'text'
  | 'password'
  | 'textarea'
  | 'integer'
  | 'money'
  | 'select'
  | 'lookup'
  | 'multiselect'
  | 'multilookup'
  | 'switch'
  | 'date'

export interface Option {
  value: string
  /** A language-pack key, or the text itself when `raw`. */
  label: string
  raw?: boolean
}

/** Where a `lookup` field finds its choices (LookupInput.tsx). */
export interface Lookup {
  /** The first matches of a keyword ('' for the first records), as options whose labels are shown as they are. */
  search: (keyword: string) => Promise<Option[]>
}

export interface FieldDef {
  name: string
  /** Language-pack key of the label. */
  label: string
  kind: FieldKind
  required?: boolean
  maxLength?: number
  /** Bounds of integer fields. */
  min?: number
  max?: number
  /** A select's choices; for a `multilookup`, the names of the values the record holds already. */
  options?: readonly Option[]
  /** Where a `lookup` or `multilookup` field searches (records too many for a select: LookupInput.tsx). */
  lookup?: Lookup
  /** Select values sent as numbers (ids) rather than strings (codes such as state '0'). */
  numeric?: boolean
  /** Bounds of text length (passwords: 6–20). */
  minLength?: number
  /** Shown only in the add dialog / only in the edit dialog. */
  only?: 'add' | 'edit'
  placeholder?: string
}

/** What a form holds: text for inputs, lists for multi-selects, booleans for switches. */
export type FormValue = string | string[] | boolean
export type FormValues = Record<string, FormValue>
export type FieldErrors = Record<string, string>

function isEmpty(value: FormValue | undefined): boolean {
  if (value === undefined) return true
  if (typeof value === 'boolean') return false
  if (Array.isArray(value)) return value.length === 0
  return value.trim() === ''
}

/** The first message for one field, translated; undefined when the value passes. */
export function validateField(def: FieldDef, value: FormValue | undefined, t: Translate): string | undefined {
  const label = t(def.label)
  if (isEmpty(value)) return def.required ? t('validation.required', [label]) : undefined
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (def.maxLength !== undefined && text.length > def.maxLength)
    return t('validation.maxLength', [label, def.maxLength])
  if (def.minLength !== undefined && text.length < def.minLength)
    return t('validation.minLength', [label, def.minLength])
  if (def.kind === 'integer') {
    if (!/^-?\d+$/.test(text)) return t('crud.validation.integer', [label])
    const n = Number(text)
    if (def.min !== undefined && n < def.min) return t('validation.minimum', [label, def.min])
    if (def.max !== undefined && n > def.max) return t('validation.maximum', [label, def.max])
  }
  if (def.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return t('validation.format', [label])
  if (def.kind === 'money') {
    const parsed = parseMoney(text)
    if (!parsed.ok)
      return t(parsed.reason === 'tooLarge' ? 'crud.validation.moneyTooLarge' : 'crud.validation.money', [
        label,
      ])
  }
  return undefined
}

export function validateForm(defs: readonly FieldDef[], values: FormValues, t: Translate): FieldErrors {
  const errors: FieldErrors = {}
  for (const def of defs) {
    const message = validateField(def, values[def.name], t)
    if (message) errors[def.name] = message
  }
  return errors
}

/** A stored record's fields as form texts (money as yuan, ids as strings). */
export function toFormValues(
  defs: readonly FieldDef[],
  record: Record<string, unknown> | undefined,
): FormValues {
  const values: FormValues = {}
  for (const def of defs) {
    const v = record?.[def.name]
    switch (def.kind) {
      case 'switch':
        values[def.name] = v === true
        break
      case 'multiselect':
      case 'multilookup':
        values[def.name] = Array.isArray(v) ? v.map(String) : []
        break
      case 'money':
        values[def.name] = typeof v === 'number' ? moneyInput(v) : ''
        break
      default:
        values[def.name] = v === null || v === undefined ? '' : String(v)
    }
  }
  return values
}

/** A select or lookup whose values are record ids (sent as numbers). */
const choosesId = (def: FieldDef) => (def.kind === 'select' || def.kind === 'lookup') && def.numeric === true

/**
 * Validated form texts as a request body: trimmed text, integers, cents, id lists. An empty optional field is left
 * out of an add; on an edit an emptied text is sent as '' and an emptied id select as null (cleared), while an
 * emptied number or code keeps its stored value (left out).
 */
export function toBody(
  defs: readonly FieldDef[],
  values: FormValues,
  mode: 'add' | 'edit',
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const def of defs) {
    if (def.only && def.only !== mode) continue
    const v = values[def.name]
    if (def.kind === 'switch') {
      body[def.name] = v === true
      continue
    }
    if (def.kind === 'multiselect' || def.kind === 'multilookup') {
      body[def.name] = Array.isArray(v) ? v.map(Number) : []
      continue
    }
    const text = typeof v === 'string' ? v.trim() : ''
    if (text === '') {
      if (mode === 'edit' && (def.kind === 'text' || def.kind === 'textarea' || def.kind === 'date'))
        body[def.name] = ''
      else if (mode === 'edit' && choosesId(def)) body[def.name] = null
      continue
    }
    if (def.kind === 'integer') body[def.name] = Number(text)
    else if (def.kind === 'money') {
      const parsed = parseMoney(text)
      if (parsed.ok) body[def.name] = parsed.cents
    } else if (choosesId(def)) body[def.name] = Number(text)
    else body[def.name] = text
  }
  return body
}
