// Menu seed of the area list (SPEC §2.7): its console screen, shown with pms:pmsArea:list, with the other actions as
// buttons below it. The room-stock group holds it (server/src/room-stock/menus.ts).
import type { MenuSeed } from '../seed/menu-seed.ts'

export const AREA_MENU: MenuSeed = {
  name: 'roomStockConsole.menu.area',
  type: 'C',
  path: 'pmsArea',
  component: 'pms/pmsArea/index',
  perms: 'pms:pmsArea:list',
  userTypes: '2',
  children: ['query', 'add', 'edit', 'remove'].map((a) => ({
    name: `pms:pmsArea:${a}`,
    type: 'F',
    perms: `pms:pmsArea:${a}`,
  })),
}

/** Grants of the area list, by role; each entry is a whole permission or a prefix. */
export const AREA_ROLE_PERMISSIONS = {
  merchant_admin: ['pms:pmsArea'],
  front_desk: ['pms:pmsArea:list'],
} as const
