// Server language packs (GET /system/sysLanguage/web) turned into entries, and which built-in pack a language starts from.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pms/protocol'

export interface LanguageOption {
  name: string
  code: string
}

export interface PackEntry {
  code: string
  messages: Record<string, string>
}

interface ServerItem {
  languageKey?: unknown
  content?: unknown
}

/** `data` is a list of single-key objects keyed by language code, each holding {languageKey, content} items. */
export function packsFromServer(data: unknown): PackEntry[] {
  if (!Array.isArray(data)) return []
  const byCode = new Map<string, Record<string, string>>()
  for (const group of data) {
    if (!group || typeof group !== 'object') continue
    for (const [code, items] of Object.entries(group as Record<string, unknown>)) {
      if (!Array.isArray(items)) continue
      const messages = byCode.get(code) ?? {}
      for (const item of items as ServerItem[])
        if (typeof item?.languageKey === 'string' && typeof item.content === 'string' && item.content)
          messages[item.languageKey] = item.content
      byCode.set(code, messages)
    }
  }
  return [...byCode].map(([code, messages]) => ({ code, messages }))
}

/** The built-in pack a language starts from: its own, or English under a language only the server knows. */
export function baseLanguage(code: string): Language {
  return isBuiltIn(code) ? code : code ? 'en-US' : DEFAULT_LANGUAGE
}

/** The built-in options, used when the server list fails or is empty. */
export const BUILT_IN_OPTIONS: readonly LanguageOption[] = [
  { code: 'zh-HK', name: '繁體中文' },
  { code: 'en-US', name: 'English' },
  { code: 'zh-CN', name: '简体中文' },
]

export function languageOptions(serverList: unknown): LanguageOption[] {
  if (!Array.isArray(serverList)) return [...BUILT_IN_OPTIONS]
  const options = serverList
    .map((o) => {
      const r = o as { code?: unknown; name?: unknown; languageCode?: unknown; languageName?: unknown }
      const code = r.code ?? r.languageCode
      const name = r.name ?? r.languageName ?? code
      return typeof code === 'string' && code ? { code, name: String(name) } : null
    })
    .filter((o): o is LanguageOption => o !== null)
  return options.length > 0 ? options : [...BUILT_IN_OPTIONS]
}

export function isBuiltIn(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code)
}
