// A server-paged list bound to a `{rows,total}` call: page, page size, filters, selection, reload.
import type { PageResult } from '@pms/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Params } from '../../api/query.ts'
import type { RequestOptions } from '../../api/request.ts'
import { DEFAULT_PAGE_SIZE, pageAfterRemoval, type Selection } from './paging.ts'

export interface CrudListOptions<R> {
  list: (params: Params, options?: RequestOptions) => Promise<PageResult<R>>
  /** The record's id field, e.g. 'areaId'. */
  idKey: keyof R & string
  /** false: the call is not made at all (the user lacks the list permission). */
  enabled?: boolean
  /** true: a failed load shows nothing (SPEC §2.7 area list); otherwise the request layer shows the message. */
  silentFailure?: boolean
  defaultPageSize?: number
  /** Filters applied to every call (e.g. the building a screen is scoped to). */
  fixed?: Params
}

export function useCrudList<R>(options: CrudListOptions<R>) {
  const { list, idKey, enabled = true, silentFailure = false, fixed } = options
  const [pageNum, setPageNum] = useState(1)
  const [pageSize, setPageSizeState] = useState(options.defaultPageSize ?? DEFAULT_PAGE_SIZE)
  const [filters, setFiltersState] = useState<Params>({})
  const [rows, setRows] = useState<R[]>([])
  const [total, setTotal] = useState(0)
  // Busy from the first render until the first page is in (not an empty list for a moment, then the rows).
  const [loading, setLoading] = useState(enabled)
  const [selection, setSelection] = useState<Selection>(new Set())
  const fixedKey = JSON.stringify(fixed ?? {})
  const serial = useRef(0)

  const load = useCallback(async () => {
    if (!enabled) return
    const mine = ++serial.current
    setLoading(true)
    try {
      const res = await list(
        { ...JSON.parse(fixedKey), ...filters, pageNum, pageSize },
        { quiet: silentFailure },
      )
      if (mine !== serial.current) return
      setRows(res.rows ?? [])
      setTotal(res.total ?? 0)
      setSelection(new Set())
    } catch {
      // Shown by the request layer, or swallowed on purpose (silentFailure).
    } finally {
      if (mine === serial.current) setLoading(false)
    }
  }, [list, enabled, silentFailure, fixedKey, filters, pageNum, pageSize])

  useEffect(() => {
    void load()
  }, [load])

  return {
    rows,
    total,
    loading,
    pageNum,
    pageSize,
    filters,
    selection,
    setSelection,
    ids: rows.map((r) => Number(r[idKey])),
    setPage: setPageNum,
    setPageSize: (size: number) => {
      setPageSizeState(size)
      setPageNum(1)
    },
    /** New filters start again at page 1. */
    search: (next: Params) => {
      setFiltersState(next)
      setPageNum(1)
    },
    reload: load,
    /** After deleting `removed` rows: step back a page when this one empties, then reload. */
    afterRemoval: (removed: number) => {
      const next = pageAfterRemoval(pageNum, pageSize, total, removed)
      if (next !== pageNum) setPageNum(next)
      else void load()
    },
  }
}

export type CrudList<R> = ReturnType<typeof useCrudList<R>>
