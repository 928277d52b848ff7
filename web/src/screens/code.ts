// Each screen's code as one shared download (loadable.ts): the entry, the session loader and the router start it,
// the registry draws it, and all of them see the same module once it is in. React-free, like loaders.ts.
import { type Loadable, loadable } from './loadable.ts'
import { type Loader, loaders } from './loaders.ts'

export type ScreenCode = Loadable<Awaited<ReturnType<Loader>>>

export const screenCode: Record<string, ScreenCode> = Object.fromEntries(
  Object.entries(loaders).map(([component, load]) => [component, loadable(load)]),
)
