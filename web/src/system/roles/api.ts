// Server calls of the roles screen (server/src/system/roles.ts, menu-manage.ts).
import type { Result } from '@pms/protocol'
import type { MenuTreeNode, RoleView } from '@pms/protocol/api/system'
import { http } from '../../api/request.ts'
import { crudApi } from '../../ui/crud/api.ts'

export const roleCrudApi = crudApi<RoleView>('/system/role')

export const roleApi = {
  menuTree: () => http.get<Result<MenuTreeNode[]>>('/system/menu/treeselect'),
  roleMenuTree: (roleId: number) =>
    http.get<Result<{ menus: MenuTreeNode[]; checkedKeys: number[] }>>(
      `/system/menu/roleMenuTreeselect/${roleId}`,
    ),
  changeStatus: (roleId: number, status: '0' | '1') =>
    http.put<Result>('/system/role/changeStatus', { roleId, status }),
}
