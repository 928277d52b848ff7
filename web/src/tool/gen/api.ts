// Server calls of the code generation config (server/src/gen/routes.ts).
import type { PageResult, Result } from '@pms/protocol'
import type { DbTable, GenFileKind, GenPreview, GenTable, GenTableDetail } from '@pms/protocol/api/gen'
import { download } from '../../api/download.ts'
import type { Params } from '../../api/query.ts'
import { http } from '../../api/request.ts'
import { crudApi } from '../../ui/crud/api.ts'

/** List, read and delete of the imported tables (PUT /tool/gen saves the editor's whole form). */
export const genTableApi = crudApi<GenTable>('/tool/gen')

export const genEditPath = (tableId: number) => `/gen/edit/${tableId}`

export const listDbTables = (params: Params) => http.get<PageResult<DbTable>>('/tool/gen/db/list', params)
export const importTables = (tables: string[]) => http.post<Result>('/tool/gen/importTable', { tables })
export const getGenTable = (tableId: number) => http.get<Result<GenTableDetail>>(`/tool/gen/${tableId}`)
export const saveGenTable = (body: Record<string, unknown>) =>
  http.put<Result<GenTableDetail>>('/tool/gen', body)
export const previewGen = (tableId: number) => http.get<Result<GenPreview>>(`/tool/gen/preview/${tableId}`)

/** Saves one generated file under its own name. */
export function downloadGen(tableId: number, file: GenFileKind, path: string) {
  return download('/tool/gen/download', { tableId, file }, path.slice(path.lastIndexOf('/') + 1))
}
