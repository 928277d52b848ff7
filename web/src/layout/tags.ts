// Visited-page tabs (SPEC §2.3): a pure list with the close rules; affixed tabs never close.

export interface Tag {
  /** Full path with query, what the tab navigates to. */
  path: string
  title: string
  affix: boolean
}

export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const at = tags.findIndex((t) => t.path === tag.path)
  if (at < 0) return [...tags, tag]
  if (tags[at]!.title === tag.title) return [...tags]
  return tags.map((t, i) => (i === at ? { ...t, title: tag.title } : t))
}

export interface CloseResult {
  tags: Tag[]
  /** Where to go when the active tab was closed; undefined to stay. */
  navigateTo?: string
}

/** Closing the active tab moves to its right-hand neighbour, else the last tab, else home. */
export function closeTag(tags: readonly Tag[], path: string, active: string, home: string): CloseResult {
  const at = tags.findIndex((t) => t.path === path)
  if (at < 0 || tags[at]!.affix) return { tags: [...tags] }
  const next = tags.filter((_, i) => i !== at)
  if (path !== active) return { tags: next }
  const neighbour = next[at] ?? next[next.length - 1]
  return { tags: next, navigateTo: neighbour?.path ?? home }
}

export function closeOthers(tags: readonly Tag[], path: string, active: string): CloseResult {
  const next = tags.filter((t) => t.affix || t.path === path)
  return { tags: next, navigateTo: active === path ? undefined : path }
}

export function closeAll(tags: readonly Tag[], active: string, home: string): CloseResult {
  const next = tags.filter((t) => t.affix)
  const stays = next.some((t) => t.path === active)
  return { tags: next, navigateTo: stays ? undefined : (next[next.length - 1]?.path ?? home) }
}

export function retitle(tags: readonly Tag[], path: string, title: string): Tag[] {
  return tags.map((t) => (t.path === path ? { ...t, title } : t))
}
