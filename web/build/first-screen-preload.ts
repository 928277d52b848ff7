// Lists in index.html, as <link rel="modulepreload"> (and stylesheet links), every chunk the sign-in page runs, so
// the browser asks for all of them while it reads the page. Without it they came in rounds: the entry, then what
// the entry imports once it has run (the root, the sign-in page and its styles), each round a trip to the bridge.
// The shown language's strings depend on the desk's stored language: a few lines run in the page pick that one pack
// (as i18n/packs.ts baseLanguage does), so it too is asked for at once, and only it.
import type { Plugin } from 'vite'
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../protocol/src/i18n/types.ts'

/** Where the console keeps the chosen language (web/src/i18n/language.ts LANGUAGE_KEY). */
const LANGUAGE_KEY = 'language'

/** Sources whose chunks the first page needs, besides the entry's own static imports. */
export const FIRST_SCREEN_SOURCES = ['src/app/App.tsx', 'src/i18n/i18n.ts', 'src/login/LoginPage.tsx']

interface ChunkInfo {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  imports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

export function firstScreenPreload(sources = FIRST_SCREEN_SOURCES): Plugin {
  return {
    name: 'pms-first-screen-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((c): c is never => c.type === 'chunk') as ChunkInfo[]
        const byFile = new Map(chunks.map((c) => [c.fileName, c]))
        const scripts = new Set<string>()
        const styles = new Set<string>()
        const visit = (chunk: ChunkInfo) => {
          if (scripts.has(chunk.fileName)) return
          scripts.add(chunk.fileName)
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
          for (const file of chunk.imports) {
            const imported = byFile.get(file)
            if (imported) visit(imported)
          }
        }
        for (const source of sources) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(source))
          if (!chunk) throw new Error(`first-screen preload: no chunk is built from ${source}`)
          visit(chunk)
        }
        // What Vite already links (the entry and its static imports) is not listed twice.
        const links = [
          ...[...scripts]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...[...styles]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ]
        // The script goes before every stylesheet link: a classic script waits for the stylesheets above it.
        return html
          .replace('<title>', `<script>${languagePackPreload(chunks)}</script>\n    <title>`)
          .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
      },
    },
  }
}

/** A script that adds the modulepreload link of the stored language's 'core' pack (language-packs.ts). */
function languagePackPreload(chunks: ChunkInfo[]): string {
  const packs = Object.fromEntries(
    LANGUAGES.map((lang) => {
      const chunk = chunks.find((c) => c.facadeModuleId === `\0virtual:pms-pack/${lang}/core`)
      if (!chunk) throw new Error(`first-screen preload: no chunk holds the ${lang} core pack`)
      return [lang, `/${chunk.fileName}`]
    }),
  )
  return [
    `(function(){var p=${JSON.stringify(packs)},c;`,
    `try{c=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})}catch(e){}`,
    `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';`,
    `l.href=p[c]||p[c?'en-US':${JSON.stringify(DEFAULT_LANGUAGE)}];document.head.appendChild(l)})()`,
  ].join('')
}
