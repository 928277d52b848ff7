// The i18next instance: built-in packs at start, server packs merged over them once loaded.
import { DEFAULT_LANGUAGE } from '@pms/protocol'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { getLanguage } from './language.ts'
import { mergePacks, type PackEntry } from './packs.ts'

export const i18n = i18next.createInstance()

function resources(entries: readonly PackEntry[]) {
  return Object.fromEntries(
    Object.entries(mergePacks(entries)).map(([code, messages]) => [code, { translation: messages }]),
  )
}

void i18n.use(initReactI18next).init({
  lng: getLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  resources: resources([]),
  // Keys contain dots; our packs are flat.
  keySeparator: false,
  nsSeparator: false,
  // Pack placeholders are {0} / {name}, not {{name}}.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
})

/** Lays the server's strings over the built-ins. */
export function applyServerPacks(entries: readonly PackEntry[]): void {
  for (const [code, bundle] of Object.entries(resources(entries)))
    i18n.addResourceBundle(code, 'translation', bundle.translation, true, true)
}
