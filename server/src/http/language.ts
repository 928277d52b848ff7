// The request's language (Accept-Language) and translation of message keys, with `@key` params translated too.
import { type Language, pickLanguage, translate } from '@pms/protocol'
import type { FastifyRequest } from 'fastify'

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language'])
}

/**
 * A request field named in a message, as the reader reads it: in Chinese the label of the `field.<name>` pack
 * (protocol i18n/packs/fields.ts) when there is one; English messages keep the API's field names (the catalogue's).
 */
function fieldLabel(lang: Language, value: string): string {
  if (lang === 'en-US' || !/^[a-z][A-Za-z]*$/.test(value)) return value
  const label = translate(lang, `field.${value}`)
  return label === `field.${value}` ? value : label
}

/**
 * Translates a key; a string param written `@some.key` is itself translated (e.g. a field or entity name), and, in
 * Chinese, a param that is a request field's name shows as its label.
 */
export function localize(
  lang: Language,
  key: string,
  params?: readonly unknown[] | Record<string, unknown>,
): string {
  const fill = (v: unknown) =>
    typeof v === 'string' ? (v.startsWith('@') ? translate(lang, v.slice(1)) : fieldLabel(lang, v)) : v
  const resolved = Array.isArray(params)
    ? params.map(fill)
    : params
      ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, fill(v)]))
      : undefined
  return translate(lang, key, resolved)
}
