// Language options and server packs, loaded at start; switching persists the choice (SPEC §1).
import { useSyncExternalStore } from 'react'
import { languageApi } from '../api/system.ts'
import { applyServerPacks, ensureLanguage, i18n } from './i18n.ts'
import { storeLanguage } from './language.ts'
import { BUILT_IN_OPTIONS, type LanguageOption, languageOptions, packsFromServer } from './packs.ts'

let options: readonly LanguageOption[] = BUILT_IN_OPTIONS
const listeners = new Set<() => void>()

/** Loads the server's options and packs; either failing leaves the built-ins in place. */
export async function bootLanguages(): Promise<void> {
  document.documentElement.lang = i18n.language
  const [list, packs] = await Promise.allSettled([languageApi.options(), languageApi.packs()])
  options = languageOptions(list.status === 'fulfilled' ? list.value.data : undefined)
  if (packs.status === 'fulfilled') applyServerPacks(packsFromServer(packs.value.data))
  for (const l of listeners) l()
}

export function useLanguageOptions(): readonly LanguageOption[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => options,
  )
}

export async function changeLanguage(code: string): Promise<void> {
  await ensureLanguage(code)
  storeLanguage(code)
  document.documentElement.lang = code
  await i18n.changeLanguage(code)
}

/** After an administrator publishes wording: fetch the server packs again and redraw in the current language. */
export async function reloadServerPacks(): Promise<void> {
  const packs = await languageApi.packs()
  applyServerPacks(packsFromServer(packs.data))
  await i18n.changeLanguage(i18n.language)
}
