// Menu seed of the platform's system tools (issue 17): the code generation config screen and its buttons. Its editor,
// /gen/edit/:tableId, is an in-layout route of the console's route table, opened from this screen.
import { GenPermission } from '@pms/protocol/api/gen'
import type { MenuSeed } from '../seed/menu-seed.ts'

export const TOOL_MENU: MenuSeed = {
  name: 'menu.tool',
  type: 'M',
  path: 'tool',
  icon: 'tool',
  userTypes: '1',
  children: [
    {
      name: 'menu.tool.gen',
      type: 'C',
      path: 'gen',
      component: 'tool/gen/index',
      perms: `${GenPermission}:list`,
      icon: 'code',
      userTypes: '1',
      children: ['query', 'import', 'edit', 'preview', 'code', 'remove'].map((a) => ({
        name: `${GenPermission}:${a}`,
        type: 'F' as const,
        perms: `${GenPermission}:${a}`,
      })),
    },
  ],
}

export const TOOL_ROLE_PERMISSIONS = { sys_admin: [GenPermission] } as const
