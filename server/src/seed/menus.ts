// The console's menu tree and the permission strings hung on it. A screen appears here only once it is built
// (a route's `component` names the console screen); permissions of API-only areas hang on hidden directories.

import { JOB_LOG_PERMISSION } from '@pms/protocol/api/night-audit'
import { AGENCY_MENU, AGENT_MENU, AGENT_ROLE_PERMISSIONS } from '../agents/menus.ts'
import { AREA_ROLE_PERMISSIONS } from '../areas/menus.ts'
import { BILLING_MENU, BILLING_ROLE_PERMISSIONS } from '../billing/menus.ts'
import { CARD_MENU, CARD_ROLE_PERMISSIONS } from '../cards/menus.ts'
import { CATALOGUE_MENU, DEVICE_MENU, DEVICE_ROLE_PERMISSIONS } from '../devices/menus.ts'
import { FINANCE_MENU, FINANCE_ROLE_PERMISSIONS } from '../finance/menus.ts'
import { TOOL_MENU, TOOL_ROLE_PERMISSIONS } from '../gen/menus.ts'
import { MEMBER_MENU, MEMBER_ROLE_PERMISSIONS } from '../members/menus.ts'
import { JOB_LOG_MENU, NIGHT_AUDIT_MENU, NIGHT_AUDIT_ROLE_PERMISSIONS } from '../night-audit/menus.ts'
import { ORDER_MENU, ORDER_ROLE_PERMISSIONS } from '../orders/menus.ts'
import { PROPERTY_MENU, PROPERTY_ROLE_PERMISSIONS } from '../properties/menus.ts'
import { QUALIFICATION_MENU, QUALIFICATION_ROLE_PERMISSIONS } from '../qualification/menus.ts'
import { REPORT_MENU, REPORT_ROLE_PERMISSIONS } from '../reports/menus.ts'
import { ROOM_STOCK_MENU, ROOM_STOCK_ROLE_PERMISSIONS } from '../room-stock/menus.ts'
import { SHIFT_ROLE_PERMISSIONS } from '../shifts/menus.ts'
import { SHOP_ADMIN_MENU, SHOP_MENU, SHOP_ROLE_PERMISSIONS } from '../shop/menus.ts'
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
    children: [
      {
        name: 'menu.system.user',
        type: 'C',
        path: 'user',
        component: 'system/user/index',
        perms: 'system:user:list',
        icon: 'user',
        children: buttons('system:user', ['query', 'add', 'edit', 'remove', 'resetPwd']),
      },
      {
        name: 'menu.system.role',
        type: 'C',
        path: 'role',
        component: 'system/role/index',
        perms: 'system:role:list',
        icon: 'peoples',
        userTypes: '1',
        children: buttons('system:role', ['query', 'add', 'edit', 'remove']),
      },
      {
        name: 'menu.system.menu',
        type: 'C',
        path: 'menu',
        component: 'system/menu/index',
        perms: 'system:menu:list',
        icon: 'tree-table',
        userTypes: '1',
        children: buttons('system:menu', ['query', 'add', 'edit', 'remove']),
      },
      {
        name: 'menu.system.dict',
        type: 'C',
        path: 'dict',
        component: 'system/dict/index',
        perms: 'system:dict:list',
        icon: 'dict',
        userTypes: '1',
        children: buttons('system:dict', ['query', 'add', 'edit', 'remove']),
      },
      {
        name: 'menu.system.config',
        type: 'C',
        path: 'config',
        component: 'system/config/index',
        perms: 'system:config:list',
        icon: 'edit',
        userTypes: '1',
        children: buttons('system:config', ['query', 'add', 'edit', 'remove']),
      },
      {
        name: 'menu.system.language',
        type: 'C',
        path: 'language',
        component: 'system/sysLanguage/index',
        perms: 'system:sysLanguage:list',
        icon: 'language',
        userTypes: '1',
        children: buttons('system:sysLanguage', ['query', 'add', 'edit', 'remove']),
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
        name: 'menu.system.appVersion',
        type: 'C',
        path: 'appVersion',
        component: 'system/appVersion/index',
        perms: 'system:appVersion:list',
        icon: 'download',
        userTypes: '1',
        children: buttons('system:appVersion', ['query', 'add', 'edit', 'remove']),
      },
      {
        name: 'menu.system.file',
        type: 'C',
        path: 'sysFile',
        component: 'system/sysFile/index',
        perms: 'system:sysFile:list',
        icon: 'upload',
        children: buttons('system:sysFile', ['query', 'add', 'remove']),
      },
      {
        name: 'menu.system.record',
        type: 'C',
        path: 'record',
        component: 'system/record/index',
        perms: 'system:record:list',
        icon: 'message',
        userTypes: '1',
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
  REPORT_MENU,
  CATALOGUE_MENU,
  DEVICE_MENU,
  SHOP_ADMIN_MENU,
  SHOP_MENU,
  AGENT_MENU,
  TOOL_MENU,
  AGENCY_MENU,
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
    'system:appVersion',
    'system:sysFile',
    ...AGENT_ROLE_PERMISSIONS.sys_admin,
    ...PROPERTY_ROLE_PERMISSIONS.sys_admin,
    ...QUALIFICATION_ROLE_PERMISSIONS.sys_admin,
    JOB_LOG_PERMISSION,
    ...DEVICE_ROLE_PERMISSIONS.sys_admin,
    ...SHOP_ROLE_PERMISSIONS.sys_admin,
    ...TOOL_ROLE_PERMISSIONS.sys_admin,
  ],
  merchant_admin: [
    'system:user',
    'system:sysFile',
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
    ...REPORT_ROLE_PERMISSIONS.merchant_admin,
    ...SHIFT_ROLE_PERMISSIONS.merchant_admin,
    ...DEVICE_ROLE_PERMISSIONS.merchant_admin,
    ...SHOP_ROLE_PERMISSIONS.merchant_admin,
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
    ...DEVICE_ROLE_PERMISSIONS.front_desk,
    ...CARD_ROLE_PERMISSIONS.staff,
  ],
  common: [...PROPERTY_ROLE_PERMISSIONS.common],
  finance: [
    ...FINANCE_ROLE_PERMISSIONS.finance,
    ...REPORT_ROLE_PERMISSIONS.finance,
    ...CARD_ROLE_PERMISSIONS.staff,
  ],
  technician: [...DEVICE_ROLE_PERMISSIONS.technician, ...CARD_ROLE_PERMISSIONS.staff],
  agent: [...AGENT_ROLE_PERMISSIONS.agent],
}
