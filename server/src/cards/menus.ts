// Menu seed of the card area: the card issuing screen, shown to holders of any of its permission buttons.
import { CardApplyPermission } from '@pms/protocol/api/card-apply'
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
    {
      // A property page of its own (SPEC §2.1): the route table has it outside any directory.
      name: 'console.route.cardApply',
      type: 'C',
      path: '/pmsAllPropertyUserCardApply',
      component: 'pms/pmsAllPropertyUserCardApply/index',
      perms: CardApplyPermission.list,
      userTypes: '2',
      children: [CardApplyPermission.apply, CardApplyPermission.review].map((perms) => ({
        name: perms,
        type: 'F',
        perms,
      })),
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
    'pms:pmsCardApply',
  ],
  /** Staff apply for cards; the property admin (above) reviews them. */
  staff: [CardApplyPermission.list, CardApplyPermission.apply],
  front_desk: [
    CardPermission.tmIssue,
    CardPermission.htIssue,
    CardPermission.bleV3Issue,
    CardPermission.recordList,
    CardPermission.recordAdd,
    CardPermission.recordEdit,
  ],
} as const
