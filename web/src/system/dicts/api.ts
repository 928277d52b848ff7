// Server calls of the dictionary screens (server/src/system/dict.ts).
import type { Result } from '@pms/protocol'
import type { DictData, DictType } from '@pms/protocol/api/system'
import { http } from '../../api/request.ts'
import { type CrudApi, crudApi } from '../../ui/crud/api.ts'

export const dictTypeApi = crudApi<DictType>('/system/dict/type')

/** The data of one type: every call is filtered by it and every new entry belongs to it. */
export function dictDataApi(dictType: string): CrudApi<DictData> {
  const base = crudApi<DictData>('/system/dict/data')
  return { ...base, add: (body) => base.add({ ...body, dictType }) }
}

export const getDictType = (dictId: number) => http.get<Result<DictType>>(`/system/dict/type/${dictId}`)
