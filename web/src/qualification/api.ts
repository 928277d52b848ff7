// Customer qualification calls (SPEC §7).
import type { PageResult, Result } from '@pms/protocol'
import type {
  QualificationApplication,
  QualificationBody,
  QualificationCheckBody,
} from '@pms/protocol/api/qualification'
import { http } from '../api/request.ts'

const BASE = '/system/sysCustomQualification'

export interface QualificationQuery {
  pageNum: number
  pageSize: number
  state?: number
  project?: string
}

export const qualificationApi = {
  own: () => http.get<Result<QualificationApplication | null>>(`${BASE}/own`),
  /** POST creates (or resubmits); PUT resubmits the existing application. */
  submit: (body: QualificationBody, existing: boolean) =>
    existing
      ? http.put<Result<QualificationApplication>>(BASE, body)
      : http.post<Result<QualificationApplication>>(BASE, body),
  upload: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return http.post<Result<string>>(`${BASE}/upload`, form)
  },
  list: (query: QualificationQuery) =>
    http.get<PageResult<QualificationApplication>>(`${BASE}/list`, { ...query }),
  check: (body: QualificationCheckBody) => http.put<Result<QualificationApplication>>(`${BASE}/check`, body),
  plug: (id: number) =>
    http.post<Result<QualificationApplication & { propertyId: number }>>(`${BASE}/plug/${id}`),
}
