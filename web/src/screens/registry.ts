// The screens as React components: each lazily loaded from its entry in loaders.ts, and able to start its download
// early (the first page, before the shell is up; the next screen, while someone signs in).
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { type Loader, loaders } from './loaders.ts'
import type { ScreenProps } from './props.ts'

/** A lazily loaded screen that can also start its download early. */
export type Screen = LazyExoticComponent<ComponentType<ScreenProps>> & { preload: Loader }

function screen(load: Loader): Screen {
  return Object.assign(lazy(load), { preload: load })
}

export const screens: Record<string, Screen> = Object.fromEntries(
  Object.entries(loaders).map(([component, load]) => [component, screen(load)]),
)

export function hasScreen(component: string): boolean {
  return component in loaders
}
