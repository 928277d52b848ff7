// Entry: starts the shell, the shown language's strings and the first page's code side by side, then mounts. It
// imports nothing heavy itself, so all of those are asked for as soon as this small file has run.
import { preloadFirstScreen } from './app/firstScreen.ts'
import { loadBuiltIn } from './i18n/builtIn.ts'
import { getLanguage } from './i18n/language.ts'
import { baseLanguage } from './i18n/packs.ts'
import { getToken } from './session/token.ts'

// The strings' download starts here; ensureLanguage (with i18next) finds it under way.
void loadBuiltIn(baseLanguage(getLanguage()), 'core').catch(() => {})
const shell = import('./app/App.tsx')
preloadFirstScreen(window.location.pathname, Boolean(getToken()))
const language = import('./i18n/i18n.ts').then(({ ensureLanguage }) => ensureLanguage(getLanguage()))
const [{ mountApp }] = await Promise.all([shell, language])
mountApp(document.getElementById('root')!)
