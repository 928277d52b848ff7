// The console root: Chakra, i18n, feedback host and the router.
import { ChakraProvider } from '@chakra-ui/react'
import { useEffect } from 'react'
import { I18nextProvider } from 'react-i18next'
import { Router } from 'wouter'
import { i18n } from '../i18n/i18n.ts'
import { bootLanguages } from '../i18n/languages.ts'
import { hasScreen } from '../screens/registry.ts'
import { setScreenCatalog } from '../session/store.ts'
import { AppRouter } from './AppRouter.tsx'
import { FeedbackHost } from './FeedbackHost.tsx'
import { system } from './system.ts'

setScreenCatalog(hasScreen)

export function App() {
  useEffect(() => {
    void bootLanguages()
  }, [])
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <Router>
          <AppRouter />
        </Router>
        <FeedbackHost />
      </I18nextProvider>
    </ChakraProvider>
  )
}
