// Roles (SPEC §6; issue 17), platform only: key, name, type, order, status and the menu/permission tree. Built-in
// roles cannot be deleted nor have their key changed; SPEC §5: the key of a built-in platform-type role is not shown.
import { Badge } from '@chakra-ui/react'
import { isDisplayedRole } from '@pms/protocol'
import type { RoleView } from '@pms/protocol/api/system'
import { SEEDED_ROLE_KEYS } from '@pms/protocol/api/system'
import { useRef } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { confirmAction } from '../../ui/confirm.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import type { CrudList } from '../../ui/crud/useCrudList.ts'
import { roleApi, roleCrudApi } from './api.ts'
import { ROLE_STATUS, ROLE_TYPES, RoleEditor, rf } from './RoleEditor.tsx'

const builtIn = (r: RoleView) => (SEEDED_ROLE_KEYS as readonly string[]).includes(r.roleKey)

export default function RolePage() {
  const t = useT()
  const list = useRef<CrudList<RoleView> | null>(null)
  const setStatus = async (r: RoleView, status: '0' | '1') => {
    const key = status === '1' ? 'adminConsole.role.confirmDisable' : 'adminConsole.role.confirmEnable'
    if (!(await confirmAction(t(key, [r.roleName])))) return
    try {
      await roleApi.changeStatus(r.roleId, status)
      notifySuccess('operation')
      void list.current?.reload()
    } catch {
      // Shown by the request layer.
    }
  }
  return (
    <CrudScreen<RoleView>
      testId="role-page"
      title="menu.system.role"
      entity="adminConsole.entity.role"
      api={roleCrudApi}
      idKey="roleId"
      permission="system:role"
      toolbar={(l) => {
        list.current = l
        return null
      }}
      columns={[
        { key: 'roleName', header: rf('roleName') },
        {
          key: 'roleKey',
          header: rf('roleKey'),
          render: (r) => (isDisplayedRole({ roleKey: r.roleKey, roletype: r.roleType }) ? r.roleKey : ''),
        },
        { key: 'roleType', header: rf('roleType'), render: (r) => t(`adminConsole.roleType.${r.roleType}`) },
        { key: 'roleSort', header: rf('roleSort'), align: 'end' },
        {
          key: 'status',
          header: rf('status'),
          render: (r) => (
            <Badge colorPalette={r.status === '0' ? 'green' : 'gray'}>
              {t(r.status === '0' ? 'crud.enabled' : 'crud.disabled')}
            </Badge>
          ),
        },
        {
          key: 'builtIn',
          header: rf('builtIn'),
          render: (r) => (builtIn(r) ? t('crud.yes') : t('crud.no')),
        },
      ]}
      search={[
        { name: 'roleName', label: rf('roleName'), kind: 'text' },
        { name: 'roleKey', label: rf('roleKey'), kind: 'text' },
        {
          name: 'roleType',
          label: rf('roleType'),
          kind: 'select',
          options: ROLE_TYPES,
          placeholder: 'crud.all',
        },
        {
          name: 'status',
          label: rf('status'),
          kind: 'select',
          options: ROLE_STATUS,
          placeholder: 'crud.all',
        },
      ]}
      editor={(p) => <RoleEditor {...p} />}
      nameOf={(r) => r.roleName}
      canRemove={(r) => !builtIn(r)}
      actions={[
        {
          key: 'disable',
          label: 'adminConsole.user.disable',
          permission: 'system:role:edit',
          when: (r) => r.status === '0' && r.roleKey !== 'admin',
          onSelect: (r) => void setStatus(r, '1'),
        },
        {
          key: 'enable',
          label: 'adminConsole.user.enable',
          permission: 'system:role:edit',
          when: (r) => r.status === '1',
          onSelect: (r) => void setStatus(r, '0'),
        },
      ]}
    />
  )
}
