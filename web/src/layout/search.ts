// Header search (SPEC §2.3): Fuse.js over permitted routes, title weight 0.7, path weight 0.3, threshold 0.4.
import Fuse, { type IFuseOptions } from 'fuse.js'
import type { MenuNode } from '../router/menu.ts'

export interface SearchEntry {
  /** Titles from the top group down, joined for display. */
  title: string
  path: string
}

export const SEARCH_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: 0.4,
  // A screen's title sits after its group's ('前台 > 预订管理'): where in the text it matches must not count, or a
  // one-character typo in a three-character title ('房太图') is already over the threshold.
  ignoreLocation: true,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
}

/** Visible screens with their group titles, translated. */
export function searchPool(
  nodes: readonly MenuNode[],
  tr: (title: string) => string,
  prefix: string[] = [],
): SearchEntry[] {
  const out: SearchEntry[] = []
  for (const n of nodes) {
    if (n.hidden) continue
    const titles = [...prefix, tr(n.title)]
    if (n.component || n.link) out.push({ title: titles.join(' > '), path: n.link ?? n.path })
    out.push(...searchPool(n.children, tr, titles))
  }
  return out
}

/** Turns Chinese text into how it reads (reading.ts), for the search by sound. */
export type Reading = (text: string) => string

/**
 * The search: Fuse over titles and paths (SPEC §2.3). When the query is Chinese and a reading is given, what the
 * titles sound like is searched too, with the same threshold, and each screen ranks by its better match:
 * '预定' finds '预订管理'.
 */
export function createSearch(
  pool: readonly SearchEntry[],
  read?: Reading,
  chinese: (text: string) => boolean = () => true,
): (query: string) => SearchEntry[] {
  const options = { ...SEARCH_OPTIONS, includeScore: true }
  const fuse = new Fuse(pool, options)
  const sounds =
    read &&
    new Fuse(
      pool.map((entry) => ({ entry, reading: read(entry.title) })),
      { threshold: SEARCH_OPTIONS.threshold, ignoreLocation: true, includeScore: true, keys: ['reading'] },
    )
  return (raw) => {
    const query = raw.trim()
    if (!query) return []
    const found = fuse.search(query).map((r) => ({ entry: r.item, score: r.score ?? 1 }))
    if (!sounds || !chinese(query)) return found.map((r) => r.entry)
    const best = new Map<SearchEntry, number>()
    for (const r of found) best.set(r.entry, r.score)
    for (const r of sounds.search(read!(query)))
      best.set(r.item.entry, Math.min(best.get(r.item.entry) ?? 1, r.score ?? 1))
    return [...best].sort((a, b) => a[1] - b[1]).map(([entry]) => entry)
  }
}
