// The role dialog: name, key, type, order, status, remark and the menu/permission tree. A built-in role keeps its key;
// the super administrator's permissions are all of them and are not edited.
import { Text } from '@chakra-ui/react'
import type { MenuTreeNode, RoleView } from '@pms/protocol/api/system'
import { SEEDED_ROLE_KEYS } from '@pms/protocol/api/system'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import type { EditorProps } from '../../ui/crud/CrudScreen.tsx'
import { FormDialog } from '../../ui/crud/FormDialog.tsx'
import type { FieldDef, Option } from '../../ui/crud/fields.ts'
import { roleApi, roleCrudApi } from './api.ts'
import { MenuTree } from './MenuTree.tsx'
import { withAncestors } from './tree.ts'

export const rf = (name: string) => `adminConsole.role.${name}`
export const ROLE_TYPES: Option[] = [
  { value: '1', label: 'adminConsole.roleType.1' },
  { value: '2', label: 'adminConsole.roleType.2' },
]
export const ROLE_STATUS: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]
const SUPER = 'admin'

export function RoleEditor({ open, mode, record, onClose, onSaved }: EditorProps<RoleView>) {
  const t = useT()
  const [tree, setTree] = useState<MenuTreeNode[]>([])
  const [checked, setChecked] = useState<Set<number>>(new Set())
  const builtIn = mode === 'edit' && (SEEDED_ROLE_KEYS as readonly string[]).includes(record?.roleKey ?? '')
  const isSuper = mode === 'edit' && record?.roleKey === SUPER

  useEffect(() => {
    if (!open) return
    setChecked(new Set())
    const load =
      mode === 'edit' && record
        ? roleApi.roleMenuTree(record.roleId).then((r) => {
            setTree(r.data?.menus ?? [])
            setChecked(new Set(r.data?.checkedKeys ?? []))
          })
        : roleApi.menuTree().then((r) => setTree(r.data ?? []))
    load.catch(() => setTree([]))
  }, [open, mode, record])

  const fields: FieldDef[] = [
    { name: 'roleName', label: rf('roleName'), kind: 'text', required: true, maxLength: 30 },
    ...(builtIn
      ? []
      : [
          { name: 'roleKey', label: rf('roleKey'), kind: 'text', required: true, maxLength: 100 } as FieldDef,
        ]),
    {
      name: 'roleType',
      label: rf('roleType'),
      kind: 'select',
      numeric: true,
      required: true,
      options: ROLE_TYPES,
    },
    { name: 'roleSort', label: rf('roleSort'), kind: 'integer', required: true, min: 0, max: 9999 },
    { name: 'status', label: rf('status'), kind: 'select', required: true, options: ROLE_STATUS },
    { name: 'remark', label: rf('remark'), kind: 'textarea', maxLength: 500 },
  ]

  return (
    <FormDialog
      open={open}
      mode={mode}
      entity="adminConsole.entity.role"
      testId="role-dialog"
      fields={fields}
      record={(record as unknown as Record<string, unknown>) ?? { status: '0', roleType: 2, roleSort: 0 }}
      onClose={onClose}
      onSubmit={async (body) => {
        const menuIds = isSuper ? undefined : withAncestors(tree, checked)
        if (mode === 'add') await roleCrudApi.add({ ...body, menuIds })
        else await roleCrudApi.edit({ ...body, roleId: record!.roleId, menuIds })
        notifySuccess(mode === 'add' ? 'add' : 'edit')
        onSaved()
      }}
    >
      <Text fontSize="sm" fontWeight="medium">
        {t(rf('permissions'))}
      </Text>
      {isSuper && (
        <Text fontSize="sm" color="fg.muted">
          {t(rf('superAll'))}
        </Text>
      )}
      <MenuTree nodes={tree} checked={checked} onChange={setChecked} disabled={isSuper} />
    </FormDialog>
  )
}
