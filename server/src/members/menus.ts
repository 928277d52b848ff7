// Menu seed of members: the member list (its actions as buttons), member records, grades, recharge types and tags under
// a 'members' group, and the grants by role: the clerk looks members up, signs them up, takes recharges and member
// payments, but neither adjusts balances nor edits grades, recharge types or the blacklist.
import {
  MemberGradePermission,
  MemberPermission,
  MemberTagPermission,
  RechargeTypePermission,
} from '@pms/protocol/api/members'
import type { MenuSeed } from '../seed/menu-seed.ts'

export { MemberGradePermission, MemberPermission, MemberTagPermission, RechargeTypePermission }

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })
const crudButtons = (prefix: string) =>
  ['query', 'add', 'edit', 'remove'].map((a) => button(`${prefix}:${a}`))
const screen = (name: string, path: string, perms: string, children: MenuSeed[] = []): MenuSeed => ({
  name,
  type: 'C',
  path,
  component: `pms/${path}/index`,
  perms,
  userTypes: '2',
  children,
})

export const MEMBER_MENU: MenuSeed = {
  name: 'members.menu',
  type: 'M',
  path: 'members',
  icon: 'user',
  userTypes: '2',
  children: [
    screen(
      'members.menu.members',
      'pmsMember',
      MemberPermission.list,
      Object.values(MemberPermission)
        .filter((p) => p !== MemberPermission.list)
        .map(button),
    ),
    screen('members.menu.records', 'pmsMemberRecord', MemberPermission.query),
    screen(
      'members.menu.grades',
      'pmsMemberGrade',
      `${MemberGradePermission}:list`,
      crudButtons(MemberGradePermission),
    ),
    screen(
      'members.menu.rechargeTypes',
      'pmsRechargeType',
      `${RechargeTypePermission}:list`,
      crudButtons(RechargeTypePermission),
    ),
    screen(
      'members.menu.tags',
      'pmsMemberTag',
      `${MemberTagPermission}:list`,
      crudButtons(MemberTagPermission),
    ),
  ],
}

export const MEMBER_ROLE_PERMISSIONS = {
  merchant_admin: ['pms:pmsMember', MemberGradePermission, RechargeTypePermission, MemberTagPermission],
  front_desk: [
    MemberPermission.list,
    MemberPermission.query,
    MemberPermission.add,
    MemberPermission.edit,
    MemberPermission.state,
    MemberPermission.recharge,
    MemberPermission.pay,
    MemberPermission.refund,
    `${MemberGradePermission}:list`,
    `${RechargeTypePermission}:list`,
    `${MemberTagPermission}:list`,
  ],
} as const
