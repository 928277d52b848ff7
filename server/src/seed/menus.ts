// The console's menu tree and the permission strings hung on it. A screen appears here only once it is built
// (a route's `component` names the console screen); permissions of API-only areas hang on hidden directories.

import { JOB_LOG_PERMISSION } from '@pms/protocol/api/night-audit'
import { AREA_ROLE_PERMISSIONS } from '../areas/menus.ts'
import { BILLING_MENU, BILLING_ROLE_PERMISSIONS } from '../billing/menus.ts'
import { CARD_MENU, CARD_ROLE_PERMISSIONS } from '../cards/menus.ts'
import { FINANCE_MENU, FINANCE_ROLE_PERMISSIONS } from '../finance/menus.ts'
import { MEMBER_MENU, MEMBER_ROLE_PERMISSIONS } from '../members/menus.ts'
import { JOB_LOG_MENU, NIGHT_AUDIT_MENU, NIGHT_AUDIT_ROLE_PERMISSIONS } from '../night-audit/menus.ts'
import { ORDER_MENU, ORDER_ROLE_PERMISSIONS } from '../orders/menus.ts'
import { PROPERTY_MENU, PROPERTY_ROLE_PERMISSIONS } from '../properties/menus.ts'
import { QUALIFICATION_MENU, QUALIFICATION_ROLE_PERMISSIONS } from '../qualification/menus.ts'
import { ROOM_STOCK_MENU, ROOM_STOCK_ROLE_PERMISSIONS } from '../room-stock/menus.ts'
import { SHIFT_ROLE_PERMISSIONS } from '../shifts/menus.ts'
import type { MenuSeed } from './menu-seed.ts'

const buttons = (prefix: string, actions: string[]): MenuSeed[] =>
  actions.map((a) => ({ name: `${prefix}:${a}`, type: 'F', perms: `${prefix}:${a}` }))

const crud = ['list', 'query', 'add', 'edit', 'remove']

export const MENU_SEED: MenuSeed[] = [
  {
    name: 'menu.system',
    type: 'M',
    path: 'system',
    icon: 'system',
    hidden: true,
    children: [
      {
        name: 'menu.system.user',
        type: 'M',
        path: 'user',
        hidden: true,
        children: buttons('system:user', [...crud, 'resetPwd']),
      },
      {
        name: 'menu.system.role',
        type: 'M',
        path: 'role',
        hidden: true,
        userTypes: '1',
        children: buttons('system:role', crud),
      },
      {
        name: 'menu.system.menu',
        type: 'M',
        path: 'menu',
        hidden: true,
        userTypes: '1',
        children: buttons('system:menu', crud),
      },
      {
        name: 'menu.system.dict',
        type: 'M',
        path: 'dict',
        hidden: true,
        userTypes: '1',
        children: buttons('system:dict', crud),
      },
      {
        name: 'menu.system.config',
        type: 'M',
        path: 'config',
        hidden: true,
        userTypes: '1',
        children: buttons('system:config', crud),
      },
      {
        name: 'menu.system.language',
        type: 'M',
        path: 'language',
        hidden: true,
        userTypes: '1',
        children: buttons('system:sysLanguage', crud),
      },
      {
        name: 'menu.system.propertyComp',
        type: 'M',
        path: 'propertyComp',
        hidden: true,
        userTypes: '1',
        children: buttons('system:sysPropertyComp', crud),
      },
      {
        name: 'menu.system.record',
        type: 'M',
        path: 'record',
        hidden: true,
        userTypes: '1',
        children: buttons('system:record', ['list']),
      },
    ],
  },
  {
    name: 'menu.pmsManagement',
    type: 'M',
    path: 'pmsManagement',
    icon: 'hotel',
    userTypes: '2',
    children: [
      {
        name: 'menu.pmsManagement.pmsEvent',
        type: 'C',
        path: 'pmsEvent',
        component: 'pms/pmsEvent/index',
        perms: 'pms:pmsPushRecord:list',
        icon: 'message',
        userTypes: '2',
        children: buttons('pms:pmsPushRecord', ['edit']),
      },
    ],
  },
  CARD_MENU,
  BILLING_MENU,
  ROOM_STOCK_MENU,
  ORDER_MENU,
  PROPERTY_MENU,
  QUALIFICATION_MENU,
  FINANCE_MENU,
  MEMBER_MENU,
  NIGHT_AUDIT_MENU,
  JOB_LOG_MENU,
]

/** Which permissions each seeded role gets: a list of permission prefixes ('system:user' grants all its buttons). */
export const ROLE_PERMISSIONS: Record<string, string[]> = {
  sys_admin: [
    'system:user',
    'system:role',
    'system:menu',
    'system:dict',
    'system:config',
    'system:sysLanguage',
    'system:sysPropertyComp',
    'system:record',
    ...PROPERTY_ROLE_PERMISSIONS.sys_admin,
    ...QUALIFICATION_ROLE_PERMISSIONS.sys_admin,
    JOB_LOG_PERMISSION,
  ],
  merchant_admin: [
    'system:user',
    'pms:pmsPushRecord',
    ...CARD_ROLE_PERMISSIONS.merchant_admin,
    ...BILLING_ROLE_PERMISSIONS.merchant_admin,
    ...AREA_ROLE_PERMISSIONS.merchant_admin,
    ...ROOM_STOCK_ROLE_PERMISSIONS.merchant_admin,
    ...ORDER_ROLE_PERMISSIONS.merchant_admin,
    ...PROPERTY_ROLE_PERMISSIONS.merchant_admin,
    ...FINANCE_ROLE_PERMISSIONS.merchant_admin,
    ...MEMBER_ROLE_PERMISSIONS.merchant_admin,
    ...NIGHT_AUDIT_ROLE_PERMISSIONS.merchant_admin,
    ...SHIFT_ROLE_PERMISSIONS.merchant_admin,
  ],
  front_desk: [
    'pms:pmsPushRecord',
    ...CARD_ROLE_PERMISSIONS.front_desk,
    ...BILLING_ROLE_PERMISSIONS.front_desk,
    ...AREA_ROLE_PERMISSIONS.front_desk,
    ...ROOM_STOCK_ROLE_PERMISSIONS.front_desk,
    ...ORDER_ROLE_PERMISSIONS.front_desk,
    ...PROPERTY_ROLE_PERMISSIONS.front_desk,
    ...MEMBER_ROLE_PERMISSIONS.front_desk,
    ...SHIFT_ROLE_PERMISSIONS.front_desk,
  ],
  common: [...PROPERTY_ROLE_PERMISSIONS.common],
  finance: [...FINANCE_ROLE_PERMISSIONS.finance],
}
