// Visited-page tabs (SPEC §2.3): a pure list with the close rules; affixed tabs never close. One tab per screen and
// record: the address's query string is the screen's state (a sub-tab, a filter), not another page, except for the
// parameters that name the record shown (an order's details, an order's check-in).

export interface Tag {
  /** Full path with query, what the tab navigates to: the latest address seen on its screen and record. */
  path: string
  /** An i18n key (or a server's title), translated when shown, so a language switch retitles every tab. */
  title: string
  /** What follows the title as it is, e.g. the room numbers of a check-in. */
  detail?: string
  affix: boolean
}

/** Query parameters that name the record a screen shows; any other parameter is state of the same tab. */
export const RECORD_PARAMS = ['orderId'] as const

/** What makes two addresses the same tab: the path and the record parameters, in a fixed order. */
export function tagKey(fullPath: string): string {
  const at = fullPath.indexOf('?')
  if (at < 0) return fullPath
  const query = new URLSearchParams(fullPath.slice(at + 1))
  const record = RECORD_PARAMS.flatMap((name) => {
    const value = query.get(name)
    return value === null ? [] : [`${name}=${value}`]
  })
  const path = fullPath.slice(0, at)
  return record.length ? `${path}?${record.join('&')}` : path
}

const same = (a: string, b: string) => tagKey(a) === tagKey(b)

/** Adds a tab, or brings the one of the same screen and record up to date (its address and title). */
export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const at = tags.findIndex((t) => same(t.path, tag.path))
  if (at < 0) return [...tags, tag]
  const old = tags[at]!
  if (old.path === tag.path && old.title === tag.title) return [...tags]
  const detail = old.title === tag.title ? old.detail : tag.detail
  return tags.map((t, i) => (i === at ? { ...t, path: tag.path, title: tag.title, detail } : t))
}

/** Whether a tab is the one the address shows. */
export function isActiveTag(tag: Tag, active: string): boolean {
  return same(tag.path, active)
}

export interface CloseResult {
  tags: Tag[]
  /** Where to go when the active tab was closed; undefined to stay. */
  navigateTo?: string
}

/** Closing the active tab moves to its right-hand neighbour, else the last tab, else home. */
export function closeTag(tags: readonly Tag[], path: string, active: string, home: string): CloseResult {
  const at = tags.findIndex((t) => same(t.path, path))
  if (at < 0 || tags[at]!.affix) return { tags: [...tags] }
  const next = tags.filter((_, i) => i !== at)
  if (!same(path, active)) return { tags: next }
  const neighbour = next[at] ?? next[next.length - 1]
  return { tags: next, navigateTo: neighbour?.path ?? home }
}

export function closeOthers(tags: readonly Tag[], path: string, active: string): CloseResult {
  const next = tags.filter((t) => t.affix || same(t.path, path))
  return {
    tags: next,
    navigateTo: same(active, path) ? undefined : next.find((t) => same(t.path, path))?.path,
  }
}

export function closeAll(tags: readonly Tag[], active: string, home: string): CloseResult {
  const next = tags.filter((t) => t.affix)
  const stays = next.some((t) => same(t.path, active))
  return { tags: next, navigateTo: stays ? undefined : (next[next.length - 1]?.path ?? home) }
}

export function retitle(tags: readonly Tag[], path: string, title: string, detail?: string): Tag[] {
  return tags.map((t) => (same(t.path, path) ? { ...t, title, detail } : t))
}
