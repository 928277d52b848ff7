// Server calls of the language screen (server/src/system/languages.ts, language-types.ts).
import type { PageResult, Result } from '@pms/protocol'
import { http } from '../../api/request.ts'
import { crudApi } from '../../ui/crud/api.ts'

export interface LanguageEntry {
  id: number
  languageCode: string
  languageKey: string
  content: string
}
export interface LanguageType {
  code: string
  name: string
  sort: number
  status: '0' | '1'
}

export const entryApi = crudApi<LanguageEntry>('/system/sysLanguage')

export const languageAdminApi = {
  types: () =>
    http.get<PageResult<LanguageType>>('/system/sysLanguage/type/list', { pageNum: 1, pageSize: 100 }),
  write: (languageCode: string, entries: Record<string, string>) =>
    http.post<Result<{ written: number }>>('/system/sysLanguage/writeLanguage', { languageCode, entries }),
  importFile: (languageCode: string, file: File) => {
    const form = new FormData()
    form.append('file', file)
    return http.post<Result<{ written: number }>>('/system/sysLanguage/importData', form, {
      params: { languageCode },
    })
  },
}
