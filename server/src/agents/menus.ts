// Menu seed of agents and sales (issue 17, SPEC §1, §6): three platform screens with their buttons, and the grants.
import type { MenuSeed } from '../seed/menu-seed.ts'

export const AgentPermission = {
  agent: 'pms:pmsAgent',
  salesArea: 'pms:pmsSalesArea',
  salesManager: 'pms:pmsSalesManager',
} as const

const screen = (name: string, path: string, prefix: string, icon: string): MenuSeed => ({
  name,
  type: 'C',
  path,
  component: `pms/${path}/index`,
  perms: `${prefix}:list`,
  icon,
  userTypes: '1',
  children: ['query', 'add', 'edit', 'remove'].map((a) => ({
    name: `${prefix}:${a}`,
    type: 'F' as const,
    perms: `${prefix}:${a}`,
  })),
})

export const AGENT_MENU: MenuSeed = {
  name: 'agents.menu',
  type: 'M',
  path: 'agents',
  icon: 'peoples',
  userTypes: '1',
  children: [
    screen('agents.menu.agent', 'pmsAgent', AgentPermission.agent, 'peoples'),
    screen('agents.menu.salesArea', 'pmsSalesArea', AgentPermission.salesArea, 'international'),
    screen('agents.menu.salesManager', 'pmsSalesManager', AgentPermission.salesManager, 'user'),
  ],
}

export const AGENT_ROLE_PERMISSIONS = {
  sys_admin: [AgentPermission.agent, AgentPermission.salesArea, AgentPermission.salesManager],
} as const
