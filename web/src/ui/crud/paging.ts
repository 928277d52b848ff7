// Paging and row selection of the crud lists: page sizes 10/20/30/50 (SPEC §2.7, §9), pages after a delete.

export const PAGE_SIZES = [10, 20, 30, 50] as const
export const DEFAULT_PAGE_SIZE = 10

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The page to show after `removed` rows left the current one: the last page that still has rows. */
export function pageAfterRemoval(page: number, pageSize: number, total: number, removed: number): number {
  return Math.min(page, pageCount(Math.max(0, total - removed), pageSize))
}

/** Row selection as a set of ids, kept per page (a new page or a reload starts empty). */
export type Selection = ReadonlySet<number>

export function toggleRow(selection: Selection, id: number, on: boolean): Set<number> {
  const next = new Set(selection)
  if (on) next.add(id)
  else next.delete(id)
  return next
}

/** Ticks every row on the page, or clears them all when all are ticked already. */
export function toggleAll(selection: Selection, ids: readonly number[]): Set<number> {
  return allSelected(selection, ids) ? new Set() : new Set(ids)
}

export function allSelected(selection: Selection, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => selection.has(id))
}

/** 'indeterminate' when some but not all rows are ticked (the header checkbox's third state). */
export function headerState(selection: Selection, ids: readonly number[]): boolean | 'indeterminate' {
  if (allSelected(selection, ids)) return true
  return ids.some((id) => selection.has(id)) ? 'indeterminate' : false
}
