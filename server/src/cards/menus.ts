// Menu seed of the card area: the card issuing screen, shown to holders of any of its permission buttons.
import type { MenuSeed } from '../seed/menu-seed.ts'
import { CardPermission } from './permissions.ts'

export const CARD_MENU: MenuSeed = {
  name: 'cardRecord.menu',
  type: 'M',
  path: 'cards',
  icon: 'card',
  userTypes: '2',
  children: [
    {
      name: 'cardConsole.menu.issue',
      type: 'C',
      path: 'pmsCard',
      component: 'pms/pmsCard/index',
      userTypes: '2',
      children: Object.values(CardPermission).map((perms) => ({ name: perms, type: 'F', perms })),
    },
  ],
}

/** Grants of the card area, by role; each entry is a whole permission or a prefix. */
export const CARD_ROLE_PERMISSIONS = {
  merchant_admin: [
    'pms:pmsTmManageCard',
    'pms:pmsHtManageCard',
    'pms:pmsBleV3ManageCard',
    'pms:pmsCardRecord',
    'pms:pmsCardKey',
    'pms:pmsStaffCard',
  ],
  front_desk: [
    CardPermission.tmIssue,
    CardPermission.htIssue,
    CardPermission.bleV3Issue,
    CardPermission.recordList,
    CardPermission.recordAdd,
    CardPermission.recordEdit,
  ],
} as const
