// The lazily loaded UI library root (ChakraRoot.tsx) and a way to fetch it before it is needed.
import { lazy } from 'react'

const load = () => import('./ChakraRoot.tsx')

export const WithChakra = lazy(load)

export function preloadChakra(): Promise<unknown> {
  return load()
}
