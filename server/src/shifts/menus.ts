// Menu seed of cashier shifts: the shift screen beside the night audit overview, and the grants by role — the desk
// opens, closes and hands over its own shifts; the property admin does too and sees every shift.
import { ShiftPermission } from '@pms/protocol/api/shifts'
import type { MenuSeed } from '../seed/menu-seed.ts'

export const SHIFT_MENU: MenuSeed = {
  name: 'shift.menu',
  type: 'C',
  path: 'pmsShift',
  component: 'pms/pmsShift/index',
  perms: ShiftPermission.list,
  userTypes: '2',
  children: [ShiftPermission.open, ShiftPermission.close, ShiftPermission.listAll].map((perms) => ({
    name: perms,
    type: 'F' as const,
    perms,
  })),
}

export const SHIFT_ROLE_PERMISSIONS = {
  merchant_admin: Object.values(ShiftPermission),
  front_desk: [ShiftPermission.open, ShiftPermission.close, ShiftPermission.list],
} as const
