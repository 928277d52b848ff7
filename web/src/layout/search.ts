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

export function createSearch(pool: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool, SEARCH_OPTIONS)
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : [])
}
