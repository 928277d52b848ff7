// Request schemas of the language routes: codes, keys and the bulk entries map (also checked in uploaded files).
import { Type } from '@sinclair/typebox'

export const LanguageCode = Type.String({
  minLength: 2,
  maxLength: 20,
  pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
})
export const LANGUAGE_KEY_PATTERN = '^[A-Za-z0-9_.-]+$'
export const LanguageKey = Type.String({ minLength: 1, maxLength: 200, pattern: LANGUAGE_KEY_PATTERN })
export const CONTENT_MAX = 2000
export const ENTRIES_MAX = 5000

export const LanguageFields = Type.Object({
  languageCode: LanguageCode,
  languageKey: LanguageKey,
  content: Type.String({ minLength: 1, maxLength: CONTENT_MAX }),
})

export const WriteLanguageBody = Type.Object({
  languageCode: LanguageCode,
  entries: Type.Record(Type.String(), Type.String({ maxLength: CONTENT_MAX }), {
    propertyNames: { minLength: 1, maxLength: 200, pattern: LANGUAGE_KEY_PATTERN },
    minProperties: 1,
    maxProperties: ENTRIES_MAX,
  }),
})

export const LanguageTypeFields = Type.Object({
  code: LanguageCode,
  name: Type.String({ minLength: 1, maxLength: 50 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
})
