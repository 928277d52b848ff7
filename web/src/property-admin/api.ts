// Property administration calls (SPEC §7 Properties, Property custom params), typed by the server's contract.
import { type DictData, FETCH_ALL_PAGE_SIZE, type PageResult, type Result } from '@pms/protocol'
import type {
  ApiSecretKeyCode,
  ApiSecretRotated,
  EncryptedApiSecret,
  PropertyAddByAdminBody,
  PropertyAdminView,
  PropertyConfig,
  PropertyConfigBody,
  PropertyCustomParams,
  PropertyCustomParamsBody,
  PropertyCustomParamsQuery,
  PropertyEditBody,
  PropertyFile,
  PropertyListQuery,
  PropertyReviewBody,
  PropertyShowFlag,
  PropertyView,
  PropertyWithUsers,
} from '@pms/protocol/api/properties'
import { http, type RequestOptions } from '../api/request.ts'

const base = '/pms/pmsProperty'

export const propertyAdminApi = {
  info: () => http.get<Result<PropertyView>>(`${base}/info`),
  get: (id: number) => http.get<Result<PropertyAdminView>>(`${base}/${id}`),
  listByAdmin: (query: PropertyListQuery, options?: RequestOptions) =>
    http.get<PageResult<PropertyAdminView>>(`${base}/listByAdmin`, { ...query }, options),
  listAllByAdminOrCreator: () => http.get<Result<PropertyWithUsers[]>>(`${base}/listAllByAdminOrCreator`),
  edit: (body: PropertyEditBody) => http.put<Result>(base, body),
  addByAdmin: (body: PropertyAddByAdminBody) =>
    http.post<Result<PropertyAdminView>>(`${base}/addByAdmin`, body),
  editByAdmin: (body: PropertyEditBody) => http.put<Result>(`${base}/editByAdmin`, body),
  remove: (ids: readonly number[]) => http.delete<Result>(`${base}/${ids.join(',')}`),
  show: (id: number, flag: PropertyShowFlag) => http.put<Result>(`${base}/show/${id}/${flag}`),
  updateCode: (id: number, propertyCode: string) =>
    http.put<Result>(`${base}/propertyCode/${id}`, undefined, { params: { propertyCode } }),
  apply: (id: number) => http.post<Result>(`${base}/apply/${id}`),
  review: (id: number, body: PropertyReviewBody) => http.put<Result>(`${base}/review/${id}`, body),
  replaceAdmin: (oldUserId: number, newUserId: number, propertyId: number) =>
    http.put<Result>(`/pms/pmsPropertyUser/replacePropertyAdmin/${oldUserId}/${newUserId}/${propertyId}`),

  config: (id: number) => http.get<Result<PropertyConfig>>(`${base}/propertyConfig/${id}`),
  saveConfig: (body: PropertyConfigBody) => http.put<Result<PropertyConfig>>(`${base}/propertyConfig`, body),

  uploadPhoto: (id: number, file: File) => {
    const form = new FormData()
    form.append('file', file)
    return http.post<Result<PropertyFile>>(`${base}/upload`, form, { params: { propertyId: id } })
  },
  removePhotos: (fileIds: number[]) => http.delete<Result>(`/pms/pmsFile/${fileIds.join(',')}`),

  createSecretCode: (id: number) =>
    http.get<Result<ApiSecretKeyCode>>(`${base}/createPmsApiSecretKeyCode/${id}`),
  encryptedSecret: (id: number, code: string) =>
    http.get<Result<EncryptedApiSecret>>(`/pms/pmsApi/getPmsApiSecretKey/${id}/${encodeURIComponent(code)}`),
  refreshDeviceSecret: () =>
    http.get<Result<ApiSecretRotated>>(`${base}/refreshPmsPropertyDeviceApiSecretKey`),

  propertyTypes: () => http.get<Result<DictData[]>>('/system/dict/data/type/pms_property_type'),
}

export const customParamsApi = {
  list: (query: PropertyCustomParamsQuery) =>
    http.get<PageResult<PropertyCustomParams>>('/pms/pmsPropertyCustomParams/list', { ...query }),
  save: (body: PropertyCustomParamsBody) => http.post<Result>('/pms/pmsPropertyCustomParams', body),
  remove: (propertyId: number, type: string) =>
    http.delete<Result>(`/pms/pmsPropertyCustomParams/${propertyId}/${encodeURIComponent(type)}`),
  /** Every record, fetched page by page at 100 (SPEC §7, §9). */
  async listAll(
    query: Omit<PropertyCustomParamsQuery, 'pageNum' | 'pageSize'>,
  ): Promise<PropertyCustomParams[]> {
    const all: PropertyCustomParams[] = []
    for (let pageNum = 1; ; pageNum++) {
      const res = await customParamsApi.list({ ...query, pageNum, pageSize: FETCH_ALL_PAGE_SIZE })
      all.push(...res.rows)
      if (res.rows.length < FETCH_ALL_PAGE_SIZE || all.length >= res.total) return all
    }
  },
}
