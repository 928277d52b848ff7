// Once someone starts signing in (focus or a press on the sign-in page), fetch what the screen after it needs:
// the UI library, the layout, the home page and the rest of the language's strings. Not at load: the sign-in page
// itself downloads only what it draws, and a clerk typing a password leaves the network idle for seconds.
import { allStringsCode, chakraCode, layoutCode } from '../app/shellCode.ts'

let started = false

export function preloadNextScreen(): void {
  if (started) return
  started = true
  for (const load of [
    chakraCode,
    layoutCode,
    // The home page's module, as screens/loaders.ts names it for 'index' (importing the table here would be a cycle).
    () => import('../home/HomePage.tsx'),
    allStringsCode,
  ])
    void load().catch(() => {
      // Fetched again, with its error shown, when the screen is opened.
    })
}
