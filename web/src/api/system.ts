// Profile, language, config, property and push-record calls used by the shell (SPEC §7).
import type { PageResult, PushRecord, PushUnreadCount, Result } from '@pms/protocol'
import { http } from './request.ts'

export interface Profile {
  userId: number
  userName: string
  nickName: string
  email: string
  phonenumber: string
  sex?: string
  avatar: string
  createTime?: string
  dept?: { deptName: string } | null
}

export interface ProfileResult extends Result<Profile> {
  roleGroup?: string
  postGroup?: string
}

/** Type 1 uses /system/user/profile, type 2 /system/regUser/profile (SPEC §6). */
const profileBase = (userType: number) =>
  userType === 1 ? '/system/user/profile' : '/system/regUser/profile'

export const profileApi = {
  get: (userType: number) => http.get<ProfileResult>(profileBase(userType)),
  update: (userType: number, body: Partial<Profile>) => http.put<Result>(profileBase(userType), body),
  updatePassword: (userType: number, oldPassword: string, newPassword: string) =>
    http.put<Result>(`${profileBase(userType)}/updatePwd`, undefined, {
      params: { oldPassword, newPassword },
    }),
  avatar: (userType: number, file: File) => {
    const form = new FormData()
    form.append('avatarfile', file)
    return http.post<Result<string> & { imgUrl?: string }>(`${profileBase(userType)}/avatar`, form)
  },
}

export const languageApi = {
  options: () =>
    http.get<Result<unknown[]>>('/system/sysLanguage/listAll', undefined, { auth: false, quiet: true }),
  packs: () =>
    http.get<Result<unknown[]>>('/system/sysLanguage/web', undefined, { auth: false, quiet: true }),
}

export const configApi = {
  byKey: (key: string) =>
    http.get<Result<string>>(`/system/config/configKey/${encodeURIComponent(key)}`, undefined, {
      auth: false,
    }),
}

export interface PropertyItem {
  propertyId: number
  propertyName: string
  propertyCode?: string
  address?: string
  fileList?: { filePath: string }[]
  flags?: string[]
}

export const propertyApi = {
  listAll: (quiet = false) =>
    http.get<Result<PropertyItem[]>>('/pms/pmsProperty/listAll', undefined, { quiet }),
  info: () => http.get<Result<PropertyItem>>('/pms/pmsProperty/info', undefined, { quiet: true }),
}

export const pushApi = {
  list: (query: { pageNum: number; pageSize: number; recordType?: string }, quiet = false) =>
    http.get<PageResult<PushRecord>>('/pms/pmsPushRecord/list', query, { quiet }),
  markRead: (target: { recordId: number } | { recordType: string }) =>
    http.put<Result>('/pms/pmsPushRecord', target),
  unreadCount: () =>
    http.get<Result<PushUnreadCount>>('/pms/pmsPushRecord/unreadCount', undefined, { quiet: true }),
}

export type { PushRecord, PushUnreadCount as UnreadCount }
