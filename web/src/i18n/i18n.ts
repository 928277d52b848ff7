// The i18next instance: the shown language's built-in strings, loaded on demand (the shell's part first, the rest
// once a screen past the sign-in pages needs them), with the server's packs laid over them.
import { DEFAULT_LANGUAGE } from '@pms/protocol'
import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { loadBuiltIn, type PackPart } from './builtIn.ts'
import { getLanguage } from './language.ts'
import { baseLanguage, type PackEntry } from './packs.ts'

export const i18n: I18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  lng: getLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  resources: {},
  // Keys contain dots; our packs are flat.
  keySeparator: false,
  nsSeparator: false,
  // Pack placeholders are {0} / {name}, not {{name}}.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
})

/** The server's entries seen so far, by language, laid over every built-in part loaded later. */
const serverEntries = new Map<string, Record<string, string>>()
const loading = new Map<string, Promise<void>>()
let parts: PackPart[] = ['core']

function loadPart(code: string, part: PackPart): Promise<void> {
  const key = `${code}/${part}`
  let done = loading.get(key)
  if (!done) {
    done = loadBuiltIn(baseLanguage(code), part).then((messages) => {
      i18n.addResourceBundle(code, 'translation', messages, true, true)
      const server = serverEntries.get(code)
      if (server) i18n.addResourceBundle(code, 'translation', server, true, true)
    })
    done.catch(() => loading.delete(key))
    loading.set(key, done)
  }
  return done
}

/** Makes a language's strings available: the parts asked for so far, then the server's entries over them. */
export async function ensureLanguage(code: string): Promise<void> {
  await Promise.all(parts.map((part) => loadPart(code, part)))
}

/** Every built-in string of the shown language, not only the shell's; screens past sign-in wait for it. */
export function loadAllStrings(): Promise<void> {
  parts = ['core', 'rest']
  return ensureLanguage(i18n.language)
}

/** Lays the server's strings over the built-ins. */
export function applyServerPacks(entries: readonly PackEntry[]): void {
  for (const { code, messages } of entries) {
    serverEntries.set(code, { ...serverEntries.get(code), ...messages })
    i18n.addResourceBundle(code, 'translation', messages, true, true)
  }
}
