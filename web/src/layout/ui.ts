// Which layout overlays are open: the settings panel and the property picker.
import { useSyncExternalStore } from 'react'

interface Overlays {
  settings: boolean
  propertyPicker: boolean
}

let overlays: Overlays = { settings: false, propertyPicker: false }
const listeners = new Set<() => void>()

export function setOverlay(name: keyof Overlays, open: boolean): void {
  overlays = { ...overlays, [name]: open }
  for (const l of listeners) l()
}

export function useOverlays(): Overlays {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => overlays,
  )
}
