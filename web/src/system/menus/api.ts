// Server calls of the menus screen (server/src/system/menu-manage.ts). The list comes whole; the screen pages it here
// in tree order so that a menu stays next to its parent.
import type { PageResult, Result } from '@pms/protocol'
import { http } from '../../api/request.ts'
import { type CrudApi, crudApi } from '../../ui/crud/api.ts'
import { type MenuRow, treeOrder } from './tree.ts'

export interface MenuView extends MenuRow {
  path: string
  component: string | null
  perms: string | null
  icon: string
  visible: '0' | '1'
  status: '0' | '1'
  userTypes: string
  remark: string
}

const base = crudApi<MenuView>('/system/menu')

export const menuCrudApi: CrudApi<MenuView & { depth: number }> = {
  ...(base as unknown as CrudApi<MenuView & { depth: number }>),
  list: async ({ pageNum, pageSize, ...filters }, options) => {
    const res = await http.get<Result<MenuView[]>>('/system/menu/list', filters, options)
    const rows = treeOrder(res.data ?? [])
    const size = Number(pageSize) || 10
    const start = (Math.max(1, Number(pageNum) || 1) - 1) * size
    return {
      code: res.code,
      msg: res.msg,
      rows: rows.slice(start, start + size),
      total: rows.length,
    } as PageResult<MenuView & { depth: number }>
  },
}

/** Every menu, for the parent picker. */
export const allMenus = () => http.get<Result<MenuView[]>>('/system/menu/list', undefined, { quiet: true })
