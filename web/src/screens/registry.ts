// The screens as React components: each lazily loaded from its shared download (code.ts), drawn at once when that
// download has already finished (the first page, started by the entry; the next screen, while someone signs in).
import { type LazyLoaded, lazyLoaded, PAGE_LOADING } from '../app/lazyLoaded.ts'
import { screenCode } from './code.ts'
import { loaders } from './loaders.ts'
import type { ScreenProps } from './props.ts'

/** A lazily loaded screen that can also start its download early. */
export type Screen = LazyLoaded<ScreenProps>

export const screens: Record<string, Screen> = Object.fromEntries(
  Object.entries(screenCode).map(([component, code]) => [component, lazyLoaded(code, PAGE_LOADING)]),
)

export function hasScreen(component: string): boolean {
  return component in loaders
}
