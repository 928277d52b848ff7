// The layout settings as a persisted store that every part of the layout reads.
import { useSyncExternalStore } from 'react'
import { type LayoutSettings, parseSettings, SETTINGS_KEY, SIZE_ROOT_FONT } from './settings.ts'

let settings = parseSettings(localStorage.getItem(SETTINGS_KEY))
const listeners = new Set<() => void>()

function applySize() {
  document.documentElement.style.fontSize = SIZE_ROOT_FONT[settings.size]
}
applySize()

export function updateSettings(patch: Partial<LayoutSettings>): void {
  settings = { ...settings, ...patch }
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings))
  applySize()
  for (const l of listeners) l()
}

export function resetSettings(): void {
  localStorage.removeItem(SETTINGS_KEY)
  settings = parseSettings(null)
  applySize()
  for (const l of listeners) l()
}

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => settings,
  )
}
