// The request's language (Accept-Language) and translation of message keys, with `@key` params translated too.
import { type Language, pickLanguage, translate } from '@pms/protocol'
import type { FastifyRequest } from 'fastify'

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language'])
}

/** Translates a key; a string param written `@some.key` is itself translated (e.g. a field or entity name). */
export function localize(
  lang: Language,
  key: string,
  params?: readonly unknown[] | Record<string, unknown>,
): string {
  const fill = (v: unknown) => (typeof v === 'string' && v.startsWith('@') ? translate(lang, v.slice(1)) : v)
  const resolved = Array.isArray(params)
    ? params.map(fill)
    : params
      ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, fill(v)]))
      : undefined
  return translate(lang, key, resolved)
}
