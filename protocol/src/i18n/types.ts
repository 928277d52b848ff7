/** The three built-in languages. zh-CN is the default (SPEC §1, §9). */
export const LANGUAGES = ['zh-CN', 'zh-HK', 'en-US'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'zh-CN'

/** One area's strings in every built-in language. Keys are namespaced by area: `auth.badPassword`. */
export type PackSet = Record<Language, Record<string, string>>
