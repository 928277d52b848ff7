// A custom params record's disposition (SPEC §3): a JSON string holding a params object or labelled groups of
// paramsName/paramsValue pairs. The editor accepts any JSON object or array and stores it compactly.
import type { Translate } from '../i18n/translate.ts'

export const CUSTOM_TYPE_MAX = 50

export type DispositionCheck = { ok: true; disposition: string } | { ok: false; error: string }

export function checkDisposition(text: string, t: Translate): DispositionCheck {
  const label = t('propertyConsole.params.disposition')
  if (!text.trim()) return { ok: false, error: t('validation.required', [label]) }
  try {
    const value: unknown = JSON.parse(text)
    if (value === null || typeof value !== 'object')
      return { ok: false, error: t('propertyConsole.params.notJson') }
    return { ok: true, disposition: JSON.stringify(value) }
  } catch {
    return { ok: false, error: t('propertyConsole.params.notJson') }
  }
}

/** The stored disposition indented for editing; a text that is not JSON is shown as it is. */
export function prettyDisposition(disposition: string): string {
  try {
    return JSON.stringify(JSON.parse(disposition), null, 2)
  } catch {
    return disposition
  }
}
