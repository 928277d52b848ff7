// Starts downloading the first page's code while the shell and its language load, instead of after them. React-free
// (loaders.ts, not registry.ts), so the entry runs it before React's own download has finished.
import { matchStatic, SIGN_IN_SCREENS } from '../router/table.ts'
import { loaders } from '../screens/loaders.ts'

export function preloadFirstScreen(path: string, signedIn: boolean): void {
  const match = matchStatic(path)
  const load = match ? loaders[match.route.screen] : undefined
  void load?.().catch(() => {})
  // Menu screens are known only once the routes load; the layout around them is the same for all, and so is the
  // UI library it draws with (the sign-in pages draw without it).
  if (signedIn && (!match || match.route.layout)) {
    void import('../layout/Layout.tsx').catch(() => {})
    void import('./ChakraRoot.tsx').catch(() => {})
  }
  // Every screen but the sign-in pages waits for all the strings: ask now, not once the UI library is up.
  if (!match || !SIGN_IN_SCREENS.has(match.route.screen))
    void import('../i18n/i18n.ts').then((m) => m.loadAllStrings()).catch(() => {})
}
