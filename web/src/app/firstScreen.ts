// Starts downloading the first page's code while the shell and its language load, instead of after them.
import { matchStatic } from '../router/table.ts'
import { screens } from '../screens/registry.ts'

export function preloadFirstScreen(path: string, signedIn: boolean): void {
  const match = matchStatic(path)
  const screen = match ? screens[match.route.screen] : undefined
  void screen?.preload().catch(() => {})
  // Menu screens are known only once the routes load; the layout around them is the same for all.
  if (signedIn && (!match || match.route.layout)) void import('../layout/Layout.tsx').catch(() => {})
}
