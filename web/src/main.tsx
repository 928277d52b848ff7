// Entry: fetches the shell, the shown language's strings and the first page's code side by side, then mounts.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { preloadFirstScreen } from './app/firstScreen.ts'
import { ensureLanguage } from './i18n/i18n.ts'
import { getLanguage } from './i18n/language.ts'
import { getToken } from './session/token.ts'

const language = ensureLanguage(getLanguage())
const app = import('./app/App.tsx')
preloadFirstScreen(window.location.pathname, Boolean(getToken()))
const [{ App }] = await Promise.all([app, language])
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
