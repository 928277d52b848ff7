// Once someone starts signing in (focus or a press on the sign-in page), fetch what the screen after it needs:
// the UI library, the layout, the home page and the rest of the language's strings. Not at load: the sign-in page
// itself downloads only what it draws, and a clerk typing a password leaves the network idle for seconds.
import { preloadChakra } from '../app/chakra.ts'
import { loadAllStrings } from '../i18n/i18n.ts'
import { screens } from '../screens/registry.ts'

let started = false

export function preloadNextScreen(): void {
  if (started) return
  started = true
  for (const load of [
    preloadChakra,
    () => import('../layout/Layout.tsx'),
    () => screens.index!.preload(),
    loadAllStrings,
  ])
    void load().catch(() => {
      // Fetched again, with its error shown, when the screen is opened.
    })
}
