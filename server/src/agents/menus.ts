// Menu seed of agents and sales (issue 17, SPEC §1, §6): three platform screens with their buttons, and the grants.
import type { MenuSeed } from '../seed/menu-seed.ts'

export const AgentPermission = {
  agent: 'pms:pmsAgent',
  salesArea: 'pms:pmsSalesArea',
  salesManager: 'pms:pmsSalesManager',
} as const

/** Agency qualification: an agent's users apply (add) and resubmit (edit); the platform checks. */
export const AgencyPermission = {
  list: 'pms:pmsAgentQualification:list',
  query: 'pms:pmsAgentQualification:query',
  add: 'pms:pmsAgentQualification:add',
  edit: 'pms:pmsAgentQualification:edit',
  check: 'pms:pmsAgentQualification:check',
} as const

const buttons = (perms: string[]): MenuSeed[] => perms.map((p) => ({ name: p, type: 'F' as const, perms: p }))

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
    {
      name: 'agency.menu.review',
      type: 'C',
      path: 'agentQualification',
      component: 'pms/pmsAgentQualification/review',
      perms: AgencyPermission.list,
      icon: 'documentation',
      userTypes: '1',
      children: buttons([AgencyPermission.query, AgencyPermission.check]),
    },
  ],
}

/** The agent side: its users (type 2, holding the seeded `agent` role) see their agent's application. */
export const AGENCY_MENU: MenuSeed = {
  name: 'agency.menu',
  type: 'M',
  path: 'agency',
  icon: 'peoples',
  userTypes: '2',
  children: [
    {
      name: 'agency.menu.apply',
      type: 'C',
      path: 'pmsAgentQualification',
      component: 'pms/pmsAgentQualification/apply',
      perms: AgencyPermission.list,
      icon: 'documentation',
      userTypes: '2',
      children: buttons([AgencyPermission.query, AgencyPermission.add, AgencyPermission.edit]),
    },
  ],
}

export const AGENT_ROLE_PERMISSIONS = {
  sys_admin: [
    AgentPermission.agent,
    AgentPermission.salesArea,
    AgentPermission.salesManager,
    AgencyPermission.list,
    AgencyPermission.query,
    AgencyPermission.check,
  ],
  agent: [AgencyPermission.list, AgencyPermission.query, AgencyPermission.add, AgencyPermission.edit],
} as const

/** The role an agent's users hold while they are bound to it (server/src/agents/agent-users.ts). */
export const AGENT_ROLE_KEY = 'agent'
