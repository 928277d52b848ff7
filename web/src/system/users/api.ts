// Server calls of the users screen (server/src/system/users.ts, user-bindings.ts).
import type { Result } from '@pms/protocol'
import type { RoleOption, SysUserView, UserProperties, UserPropertyBinding } from '@pms/protocol/api/system'
import { http } from '../../api/request.ts'
import { crudApi } from '../../ui/crud/api.ts'

export const userCrudApi = crudApi<SysUserView>('/system/user')

export const userApi = {
  roleOptions: () => http.get<Result<RoleOption[]>>('/system/user/roleOptions', undefined, { quiet: true }),
  resetPassword: (userId: number, password: string) =>
    http.put<Result>('/system/user/resetPwd', { userId, password }),
  changeStatus: (userId: number, status: '0' | '1') =>
    http.put<Result>('/system/user/changeStatus', { userId, status }),
  properties: (userId: number) => http.get<Result<UserProperties>>(`/system/user/${userId}/properties`),
  setProperties: (body: { userId: number; defaultPropertyId: number; bindings: UserPropertyBinding[] }) =>
    http.put<Result>('/system/user/properties', body),
  setAdmin: (userId: number, isAdmin: boolean) => http.put<Result>('/system/user/admin', { userId, isAdmin }),
  buildingGroups: (userId: number) => http.get<Result<number[]>>(`/system/user/${userId}/buildingGroups`),
  setBuildingGroups: (userId: number, groupIds: number[]) =>
    http.put<Result>('/system/user/buildingGroups', { userId, groupIds }),
}
