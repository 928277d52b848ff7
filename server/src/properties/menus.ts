// Menu seed of property administration: its permission buttons on a hidden directory, and the grants by role.
// (The console's property screens add their 'C' entries here once they are built.)
import { PropertyPermission } from '@pms/protocol/api/properties'
import type { MenuSeed } from '../seed/menus.ts'

const button = (perms: string): MenuSeed => ({ name: perms, type: 'F', perms })

export const PROPERTY_MENU: MenuSeed = {
  name: 'property.menu',
  type: 'M',
  path: 'propertyAdmin',
  hidden: true,
  children: Object.values(PropertyPermission).map(button),
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
