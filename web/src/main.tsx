// Entry: starts the shell, the shown language's strings and the first page's code side by side, then mounts once all
// three are in, so the first page draws in the first render. It imports nothing heavy itself, so all of those are
// asked for as soon as this small file has run (index.html lists the sign-in page's chunks to fetch even sooner).
import { preloadFirstScreen } from './app/firstScreen.ts'
import { loadBuiltIn } from './i18n/builtIn.ts'
import { getLanguage } from './i18n/language.ts'
import { baseLanguage } from './i18n/packs.ts'
import { watchAttention } from './session/attention.ts'
import { getToken } from './session/token.ts'

watchAttention()

// The strings' download starts here; ensureLanguage (with i18next) finds it under way.
void loadBuiltIn(baseLanguage(getLanguage()), 'core').catch(() => {})
const shell = import('./app/App.tsx')
// Signed in, every page first loads the session (router/guard.ts): ask for it as soon as the shell is in (App.tsx
// has then given the session its screen table), not once the first render has run.
if (getToken()) void shell.then((m) => m.loadSession())
const firstScreen = preloadFirstScreen(window.location.pathname, Boolean(getToken()))
const language = import('./i18n/i18n.ts').then(({ ensureLanguage }) => ensureLanguage(getLanguage()))
const [{ mountApp }] = await Promise.all([shell, language, firstScreen])
mountApp(document.getElementById('root')!)
