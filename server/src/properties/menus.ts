// Menu seed of property administration: the console's property screens with the permission buttons, and the grants
// by role.
import { PropertyPermission } from '@pms/protocol/api/properties'
import { CHARGE_ITEM_MENU } from '../billing/menus.ts'
import type { MenuSeed } from '../seed/menu-seed.ts'

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })

/** The console's property screens (their registry names are the `component`s), then the permission buttons. */
export const PROPERTY_MENU: MenuSeed = {
  name: 'property.menu',
  type: 'M',
  path: 'propertyAdmin',
  icon: 'store',
  children: [
    {
      name: 'propertyConsole.menu.mine',
      type: 'C',
      path: '/propertyMain',
      component: 'pms/propertyMain/index',
      perms: PropertyPermission.list,
      userTypes: '2',
    },
    {
      name: 'propertyConsole.menu.settings',
      type: 'C',
      path: 'settings',
      component: 'pms/pmsProperty/settings',
      perms: PropertyPermission.config,
      userTypes: '2',
    },
    CHARGE_ITEM_MENU,
    {
      name: 'propertyConsole.menu.admin',
      type: 'C',
      path: 'pmsProperty',
      component: 'pms/pmsProperty/index',
      perms: PropertyPermission.review,
      userTypes: '1',
    },
    ...Object.values(PropertyPermission).map(button),
  ],
}

const P = PropertyPermission

/** Grants of property administration, by role; each entry is a whole permission or a prefix. */
export const PROPERTY_ROLE_PERMISSIONS = {
  /** Platform admins: every property call, the admin lists and the authorisation review. */
  sys_admin: ['pms:pmsProperty', 'pms:pmsPropertyCustomParams'],
  /** What a property's admin needs for the properties it administers (no review). */
  merchant_admin: [P.list, P.query, P.add, P.edit, P.remove, P.config, 'pms:pmsPropertyCustomParams'],
  front_desk: [P.list, P.query, P.customParamsList, P.customParamsQuery],
  /** Every registered user may open a property of its own (it becomes that property's admin). */
  common: [P.add],
} as const
