// Built-in strings as modules per language and part (virtual:pms-pack/<code>/<part>): the sign-in pages download
// only the shell's strings in the language they show ('core'), every other screen the rest as well ('rest').
// The packs live in protocol/ with the three languages side by side; this splits them at build time.
import type { Plugin } from 'vite'
import { builtInPacks, LANGUAGES, type Language } from '../../protocol/src/i18n/index.ts'
import auth from '../../protocol/src/i18n/packs/auth.ts'
import common from '../../protocol/src/i18n/packs/common.ts'
import consolePack from '../../protocol/src/i18n/packs/console.ts'

const PREFIX = 'virtual:pms-pack/'
/** The areas the console shell and its sign-in pages speak. */
const CORE = [common, auth, consolePack]
const PARTS = ['core', 'rest'] as const
type Part = (typeof PARTS)[number]

export function packPart(lang: Language, part: Part): Record<string, string> {
  const core: Record<string, string> = Object.assign({}, ...CORE.map((area) => area[lang]))
  if (part === 'core') return core
  return Object.fromEntries(Object.entries(builtInPacks[lang]).filter(([key]) => !(key in core)))
}

function parse(id: string): { lang: Language; part: Part } | undefined {
  const [lang, part] = id.slice(PREFIX.length).split('/')
  if (!LANGUAGES.includes(lang as Language) || !PARTS.includes(part as Part)) return undefined
  return { lang: lang as Language, part: part as Part }
}

export function languagePacks(): Plugin {
  return {
    name: 'pms-language-packs',
    resolveId(id) {
      return id.startsWith(PREFIX) && parse(id) ? `\0${id}` : undefined
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined
      const { lang, part } = parse(id.slice(1))!
      // JSON.parse of a string literal parses faster than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(packPart(lang, part)))})`
    },
  }
}
