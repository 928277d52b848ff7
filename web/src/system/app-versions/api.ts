// Server calls of app versions (server/src/system/app-versions.ts).
import type { Result } from '@pms/protocol'
import type { AppVersionView, LatestAppVersion } from '@pms/protocol/api/system'
import { http } from '../../api/request.ts'
import { crudApi } from '../../ui/crud/api.ts'

export const appVersionApi = crudApi<AppVersionView>('/system/appVersion')

export const uploadPackage = (file: File) => {
  const form = new FormData()
  form.append('file', file)
  return http.post<Result<{ filePath: string; fileName: string; fileSize: number }>>(
    '/system/appVersion/upload',
    form,
  )
}

export const latestVersion = (platform: string, appId: string) =>
  http.get<Result<LatestAppVersion>>(
    `/system/appVersion/latest/${encodeURIComponent(platform)}/${encodeURIComponent(appId)}`,
    undefined,
    { auth: false, quiet: true },
  )
