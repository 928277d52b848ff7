// Menu seed of billing: the folio permission buttons on a hidden directory (the folio is shown inside the order
// screens), and the grants by role.
import { FolioPermission } from '@pms/protocol/api/billing'
import type { MenuSeed } from '../seed/menus.ts'

export { FolioPermission }

export const BILLING_MENU: MenuSeed = {
  name: 'billing.menu',
  type: 'M',
  path: 'pmsFolio',
  hidden: true,
  userTypes: '2',
  children: Object.values(FolioPermission).map((perms) => ({ name: perms, type: 'F', perms })),
}

/** Grants of billing, by role: the front desk takes money and settles at check-out, as the property admin does. */
export const BILLING_ROLE_PERMISSIONS = {
  merchant_admin: ['pms:pmsFolio'],
  front_desk: Object.values(FolioPermission),
} as const
