// Menu seed of the night audit: the overview screen (with its run button) and the cashier shifts in one group,
// the scheduler log screen (SPEC §2.1 /job/log, a hidden route of the layout), and the grants by role: the property
// admin closes the day and reads the log; the desk sees neither.
import { JOB_LOG_PERMISSION, NightAuditPermission } from '@pms/protocol/api/night-audit'
import type { MenuSeed } from '../seed/menu-seed.ts'
import { SHIFT_MENU } from '../shifts/menus.ts'

export const NIGHT_AUDIT_MENU: MenuSeed = {
  name: 'nightAudit.menu.root',
  type: 'M',
  path: 'nightAudit',
  icon: 'moon',
  userTypes: '2',
  children: [
    {
      name: 'nightAudit.menu',
      type: 'C',
      path: 'pmsNightAudit',
      component: 'pms/pmsNightAudit/index',
      perms: NightAuditPermission.list,
      userTypes: '2',
      children: [NightAuditPermission.run, NightAuditPermission.stayMark].map((perms) => ({
        name: perms,
        type: 'F' as const,
        perms,
      })),
    },
    SHIFT_MENU,
  ],
}

/** The scheduler log: a screen of the monitor directory (the route /job/log is the layout's own). */
export const JOB_LOG_MENU: MenuSeed = {
  name: 'jobLog.menu.root',
  type: 'M',
  path: 'monitor',
  icon: 'monitor',
  children: [
    {
      name: 'jobLog.menu',
      type: 'C',
      path: 'jobLog',
      component: 'monitor/job/log',
      perms: JOB_LOG_PERMISSION,
      icon: 'log',
    },
  ],
}

export const NIGHT_AUDIT_ROLE_PERMISSIONS = {
  merchant_admin: [
    NightAuditPermission.list,
    NightAuditPermission.run,
    NightAuditPermission.stayMark,
    JOB_LOG_PERMISSION,
  ],
} as const
