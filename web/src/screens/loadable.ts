// Code downloads started once and remembered with their result: whoever starts one first (the entry, the session
// loader, the router) shares it with whoever draws it, and what is already in can be drawn at once (app/lazyLoaded).
// No React here, so the entry can use it before React itself has arrived.

export interface Loadable<T> {
  (): Promise<T>
  /** The result, once the download has finished. */
  readonly loaded: T | undefined
}

export function loadable<T>(load: () => Promise<T>): Loadable<T> {
  let pending: Promise<T> | undefined
  const state: { loaded: T | undefined } = { loaded: undefined }
  const start = () => {
    pending ??= load().then(
      (value) => {
        state.loaded = value
        return value
      },
      (error: unknown) => {
        pending = undefined // asked again (with its error shown) when the screen is opened again
        throw error
      },
    )
    return pending
  }
  return Object.defineProperty(start, 'loaded', { get: () => state.loaded }) as Loadable<T>
}
