// The visited-page tabs of this browser tab, kept for the session.
import { useSyncExternalStore } from 'react'
import { addTag, type CloseResult, closeAll, closeOthers, closeTag, retitle, type Tag } from './tags.ts'

const KEY = 'visited-tags'

function load(): Tag[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? '[]')
    return Array.isArray(v) ? v : []
  } catch {
    return []
  }
}

let tags: Tag[] = load()
const listeners = new Set<() => void>()

function set(next: Tag[]) {
  tags = next
  sessionStorage.setItem(KEY, JSON.stringify(tags))
  for (const l of listeners) l()
}

function apply(result: CloseResult): string | undefined {
  set(result.tags)
  return result.navigateTo
}

export const tagsStore = {
  visit: (tag: Tag) => set(addTag(tags, tag)),
  close: (path: string, active: string, home: string) => apply(closeTag(tags, path, active, home)),
  closeOthers: (path: string, active: string) => apply(closeOthers(tags, path, active)),
  closeAll: (active: string, home: string) => apply(closeAll(tags, active, home)),
  /** Screens may name their tab, e.g. the check-in page with the room name. */
  retitle: (path: string, title: string, detail?: string) => set(retitle(tags, path, title, detail)),
  clear: () => set([]),
}

export function useTags(): Tag[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => tags,
  )
}
