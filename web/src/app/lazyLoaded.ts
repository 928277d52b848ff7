// Lazily loaded code without Suspense: a component draws its placeholder until its code is in, then itself, and at
// once when the code is already in. React.lazy suspends on its first draw even then, and React holds a Suspense
// boundary's content back until 300 ms after its fallback showed: on a first load that cost a third of a second per
// boundary (the sign-in form; the UI library's root, the layout and the screen), and as much on each new screen.
import { type ComponentType, createElement, type ReactNode, useEffect, useState } from 'react'
import type { Loadable } from '../screens/loadable.ts'

/** The result of a shared download once it is in; starts it when needed. A failed download throws while drawing. */
export function useLoaded<T>(load: Loadable<T>): T | undefined {
  const [state, setState] = useState<{ value?: T; error?: unknown }>(() => ({ value: load.loaded }))
  const value = state.value ?? load.loaded
  useEffect(() => {
    if (value !== undefined) return
    let live = true
    load().then(
      (loaded) => live && setState({ value: loaded }),
      (error: unknown) => live && setState({ error }),
    )
    return () => {
      live = false
    }
  }, [load, value])
  if (state.error !== undefined) throw state.error
  return value
}

export type LazyLoaded<P> = ComponentType<P> & { preload: Loadable<{ default: ComponentType<P> }> }

export function lazyLoaded<P extends object>(
  load: Loadable<{ default: ComponentType<P> }>,
  placeholder: ReactNode = null,
): LazyLoaded<P> {
  function Loaded(props: P) {
    const module = useLoaded(load)
    return module ? createElement(module.default, props) : placeholder
  }
  return Object.assign(Loaded, { preload: load })
}

/** What the shell shows while a screen's code (or the session) loads; styled by loading.css. */
export const PAGE_LOADING: ReactNode = createElement('div', {
  className: 'page-loading',
  'data-testid': 'page-loading',
})
