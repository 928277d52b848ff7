// The console root: i18n, feedback host and the router. The UI library's provider is not here: it loads with the
// first screen that draws with it (AppRouter, FeedbackHost), so the sign-in pages come up without it.
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { Router } from 'wouter'
import { i18n } from '../i18n/i18n.ts'
import { bootLanguages } from '../i18n/languages.ts'
import { hasScreen } from '../screens/registry.ts'
import { loadSession, setScreenCatalog } from '../session/store.ts'
import { AppRouter } from './AppRouter.tsx'
import { FeedbackHost } from './FeedbackHost.tsx'

setScreenCatalog(hasScreen)

/** For the entry, which starts a signed-in desk's session as soon as this module is in (main.tsx). */
export { loadSession }

export function App() {
  useEffect(() => {
    void bootLanguages()
  }, [])
  return (
    <I18nextProvider i18n={i18n}>
      <Router>
        <AppRouter />
      </Router>
      <FeedbackHost />
    </I18nextProvider>
  )
}

export function mountApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
