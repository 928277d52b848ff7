// The shell's lazily loaded parts as shared downloads (screens/loadable.ts): the UI library's root, the layout and
// the rest of the strings, started by the entry or the sign-in page and drawn by the router. React-free, like the
// entry that starts them.
import { loadable } from '../screens/loadable.ts'

export const chakraCode = loadable(() => import('./ChakraRoot.tsx'))
export const layoutCode = loadable(() => import('../layout/Layout.tsx').then((m) => ({ default: m.Layout })))
/** Every built-in string of the shown language; a failed download leaves the keys showing rather than a blank page. */
export const allStringsCode = loadable(() =>
  import('../i18n/i18n.ts')
    .then((m) => m.loadAllStrings())
    .catch(() => {})
    .then(() => true),
)
