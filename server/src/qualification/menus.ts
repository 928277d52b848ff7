// Menu seed of customer qualification: the platform's review screen with its buttons, and the grants by role.
// Applicants (registered users) need no permission: the apply calls are open to every type-2 user for its own record.
import type { MenuSeed } from '../seed/menu-seed.ts'

export const QualificationPermission = {
  list: 'system:sysCustomQualification:list',
  check: 'system:sysCustomQualification:check',
  plug: 'system:sysCustomQualification:plug',
} as const

export const QUALIFICATION_MENU: MenuSeed = {
  name: 'qualification.menu',
  type: 'M',
  path: 'qualification',
  icon: 'user',
  userTypes: '1',
  children: [
    {
      name: 'qualification.menu.review',
      type: 'C',
      path: 'sysCustomQualification',
      component: 'system/sysCustomQualification/index',
      perms: QualificationPermission.list,
      userTypes: '1',
      children: [QualificationPermission.check, QualificationPermission.plug].map((perms) => ({
        name: perms,
        type: 'F' as const,
        perms,
      })),
    },
  ],
}

/** Grants by role; each entry is a whole permission or a prefix. */
export const QUALIFICATION_ROLE_PERMISSIONS = {
  sys_admin: ['system:sysCustomQualification'],
} as const
