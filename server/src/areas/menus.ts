// Menu seed of the area list: its permission buttons on a hidden directory (the screen is registered by the console).
import type { MenuSeed } from '../seed/menus.ts'

const actions = ['list', 'query', 'add', 'edit', 'remove']

export const AREA_MENU: MenuSeed = {
  name: 'roomStock.menu.area',
  type: 'M',
  path: 'pmsArea',
  hidden: true,
  userTypes: '2',
  children: actions.map((a) => ({ name: `pms:pmsArea:${a}`, type: 'F', perms: `pms:pmsArea:${a}` })),
}

/** Grants of the area list, by role; each entry is a whole permission or a prefix. */
export const AREA_ROLE_PERMISSIONS = {
  merchant_admin: ['pms:pmsArea'],
  front_desk: ['pms:pmsArea:list'],
} as const
