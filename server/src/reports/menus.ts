// Menu seed of the reports: one screen per report under the 'reports' group, and the grants by role (the property
// admin and the finance role read them; the desk does not).
import { ReportPermission } from '@pms/protocol/api/reports'
import type { MenuSeed } from '../seed/menu-seed.ts'

const screen = (name: keyof typeof ReportPermission): MenuSeed => ({
  name: `reports.menu.${name}`,
  type: 'C',
  path: name,
  component: `report/${name}/index`,
  perms: ReportPermission[name],
  userTypes: '2',
})

export const REPORT_MENU: MenuSeed = {
  name: 'reports.menu.root',
  type: 'M',
  path: 'report',
  icon: 'chart',
  userTypes: '2',
  children: [
    screen('dashboard'),
    screen('daily'),
    screen('monthly'),
    screen('annual'),
    screen('income'),
    screen('cashier'),
    screen('occupancy'),
    screen('revenue'),
    screen('member'),
  ],
}

export const REPORT_ROLE_PERMISSIONS = {
  merchant_admin: Object.values(ReportPermission),
  finance: Object.values(ReportPermission),
} as const
