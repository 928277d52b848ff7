// Starts downloading the first page's code while the shell and its language load, instead of after them. React-free
// (code.ts, not registry.ts), so the entry runs it before React's own download has finished.
import { matchStatic, SIGN_IN_SCREENS } from '../router/table.ts'
import { screenCode } from '../screens/code.ts'
import { allStringsCode, chakraCode, layoutCode } from './shellCode.ts'

/** The first page's code when the path names a console route (menu screens are known once the routes load). */
export function preloadFirstScreen(path: string, signedIn: boolean): Promise<unknown> {
  const match = matchStatic(path)
  const code = match ? screenCode[match.route.screen] : undefined
  const screen = code ? code().catch(() => {}) : Promise.resolve()
  // Menu screens are known only once the routes load; the layout around them is the same for all, and so is the
  // UI library it draws with (the sign-in pages draw without it).
  if (signedIn && (!match || match.route.layout)) {
    void layoutCode().catch(() => {})
    void chakraCode().catch(() => {})
  }
  // Every screen but the sign-in pages waits for all the strings: ask now, not once the UI library is up.
  if (!match || !SIGN_IN_SCREENS.has(match.route.screen)) void allStringsCode()
  return screen
}
