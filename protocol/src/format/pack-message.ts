// Renders a PackMessage (a stored notification's title or body) with any translate function, in the reader's language.
import type { PackMessage, PackParam } from '../api/system.ts'

export type TranslateFn = (key: string, params?: readonly unknown[]) => string

/** A parameter: a nested message is rendered, '@key' is translated, any other value stays as it is. */
function renderParam(translate: TranslateFn, param: PackParam): string | number {
  if (typeof param === 'object' && param !== null) return renderPackMessage(translate, param)
  if (typeof param === 'string' && param.startsWith('@')) return translate(param.slice(1))
  return param
}

export function renderPackMessage(translate: TranslateFn, message: PackMessage): string {
  return translate(
    message.key,
    (message.params ?? []).map((p) => renderParam(translate, p)),
  )
}

/** A stored value that looks like a PackMessage (records come back from JSON columns and the live channel). */
export function isPackMessage(value: unknown): value is PackMessage {
  if (typeof value !== 'object' || value === null) return false
  const { key, params } = value as { key?: unknown; params?: unknown }
  return typeof key === 'string' && (params === undefined || Array.isArray(params))
}
