// The five calls of a server CRUD resource (server/src/http/crud.ts): list, get, add, edit, delete by ids.
import type { PageResult, Result } from '@pms/protocol'
import type { Params } from '../../api/query.ts'
import { http, type RequestOptions } from '../../api/request.ts'

export interface CrudApi<R> {
  list: (params: Params, options?: RequestOptions) => Promise<PageResult<R>>
  get: (id: number) => Promise<Result<R>>
  add: (body: Record<string, unknown>) => Promise<Result<R>>
  /** `body` carries the record's id under the resource's id name. */
  edit: (body: Record<string, unknown>) => Promise<Result<R>>
  remove: (ids: readonly number[]) => Promise<Result>
}

/** Calls of `base`, e.g. crudApi('/pms/pmsArea'). */
export function crudApi<R>(base: string): CrudApi<R> {
  return {
    list: (params, options) => http.get<PageResult<R>>(`${base}/list`, params, options),
    get: (id) => http.get<Result<R>>(`${base}/${id}`),
    add: (body) => http.post<Result<R>>(base, body),
    edit: (body) => http.put<Result<R>>(base, body),
    remove: (ids) => http.delete<Result>(`${base}/${ids.join(',')}`),
  }
}

/** Every row of a list, page by page (SPEC §9 fetch-all size 100), for pickers; quiet: a picker just stays empty. */
export async function fetchAll<R>(api: Pick<CrudApi<R>, 'list'>, params: Params = {}): Promise<R[]> {
  const rows: R[] = []
  for (let pageNum = 1; ; pageNum++) {
    const res = await api.list({ ...params, pageNum, pageSize: 100 }, { quiet: true })
    rows.push(...res.rows)
    if (res.rows.length < 100 || rows.length >= res.total) return rows
  }
}
