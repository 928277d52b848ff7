// Menu seed of billing: the folio permission buttons on a hidden directory (the folio is shown inside the order
// screens), and the grants by role.
import { CHARGE_ITEM_PERMISSION, FolioPermission } from '@pms/protocol/api/billing'
import type { MenuSeed } from '../seed/menu-seed.ts'

export { FolioPermission }

export const BILLING_MENU: MenuSeed = {
  name: 'billing.menu',
  type: 'M',
  path: 'pmsFolio',
  hidden: true,
  userTypes: '2',
  children: Object.values(FolioPermission).map((perms) => ({ name: perms, type: 'F', perms })),
}

/** The property's charge items: the admin's list screen (placed under property administration) and its buttons. */
export const CHARGE_ITEM_MENU: MenuSeed = {
  name: 'chargeItem.menu',
  type: 'C',
  path: 'pmsChargeItem',
  component: 'pms/pmsChargeItem/index',
  perms: `${CHARGE_ITEM_PERMISSION}:list`,
  userTypes: '2',
  children: ['query', 'add', 'edit', 'remove'].map((a) => ({
    name: `${CHARGE_ITEM_PERMISSION}:${a}`,
    type: 'F',
    perms: `${CHARGE_ITEM_PERMISSION}:${a}`,
  })),
}

/**
 * Grants of billing, by role: the front desk takes money and settles at check-out, as the property admin does; the
 * admin manages the charge items (the desk reads those in force through the folio's charge dialog).
 */
export const BILLING_ROLE_PERMISSIONS = {
  merchant_admin: ['pms:pmsFolio', CHARGE_ITEM_PERMISSION],
  front_desk: Object.values(FolioPermission),
} as const
