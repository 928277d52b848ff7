// Users (SPEC §6, §7 Users; issue 17). A platform user manages every account of both types: filters by type, status,
// property, names and phone; global roles; a staff account's properties and default. A property administrator sees
// its property's staff only: adds clerks, sets or cancels admin, assigns building groups and a role of the property's
// set. Phones are masked in the list; the shared-account rule is the server's (server/src/system/users.ts).
import { Badge } from '@chakra-ui/react'
import { maskPhone } from '@pms/protocol'
import type { RoleOption, SysUserView } from '@pms/protocol/api/system'
import { UserPermission } from '@pms/protocol/api/system'
import { useEffect, useRef, useState } from 'react'
import { http } from '../../api/request.ts'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { useSession } from '../../session/store.ts'
import { confirmAction } from '../../ui/confirm.ts'
import { CrudScreen } from '../../ui/crud/CrudScreen.tsx'
import type { FieldDef, Option } from '../../ui/crud/fields.ts'
import type { CrudList } from '../../ui/crud/useCrudList.ts'
import { formatDateTime } from '../../ui/format.ts'
import { userApi, userCrudApi } from './api.ts'
import { ResetPasswordDialog } from './ResetPasswordDialog.tsx'
import { UserGroupsDialog } from './UserGroupsDialog.tsx'
import { UserPropertiesDialog } from './UserPropertiesDialog.tsx'

const f = (name: string) => `adminConsole.user.${name}`
const STATUS: Option[] = [
  { value: '0', label: 'crud.enabled' },
  { value: '1', label: 'crud.disabled' },
]
const USER_TYPES: Option[] = [
  { value: '1', label: 'adminConsole.userType.1' },
  { value: '2', label: 'adminConsole.userType.2' },
]
const SEX: Option[] = ['0', '1', '2'].map((v) => ({ value: v, label: `adminConsole.sex.${v}` }))

export default function UserPage() {
  const t = useT()
  const session = useSession()
  const platform = session.info?.user.userType === 1
  const me = session.info?.user.userId
  const [roles, setRoles] = useState<RoleOption[]>([])
  const [properties, setProperties] = useState<Option[]>([])
  const [resetting, setResetting] = useState<SysUserView | null>(null)
  const [binding, setBinding] = useState<SysUserView | null>(null)
  const [grouping, setGrouping] = useState<SysUserView | null>(null)
  const list = useRef<CrudList<SysUserView> | null>(null)
  const reload = () => void list.current?.reload()

  useEffect(() => {
    userApi
      .roleOptions()
      .then((r) => setRoles(r.data ?? []))
      .catch(() => setRoles([]))
    if (platform)
      http
        .get<{ data?: Array<{ propertyId: number; propertyName: string }> }>(
          '/pms/pmsProperty/listAllByAdmin',
          undefined,
          { quiet: true },
        )
        .then((r) =>
          setProperties(
            (r.data ?? []).map((p) => ({ value: String(p.propertyId), label: p.propertyName, raw: true })),
          ),
        )
        .catch(() => setProperties([]))
  }, [platform])
  const roleOptions: Option[] = roles.map((r) => ({ value: String(r.roleId), label: r.roleName, raw: true }))
  const roleName = (id: number | null | undefined) => roles.find((r) => r.roleId === id)?.roleName ?? ''

  const act = async (run: () => Promise<unknown>, question?: string) => {
    if (question && !(await confirmAction(question))) return
    try {
      await run()
      notifySuccess('operation')
      reload()
    } catch {
      // Shown by the request layer.
    }
  }

  const fields: FieldDef[] = [
    { name: 'userName', label: f('userName'), kind: 'text', required: true, maxLength: 30, only: 'add' },
    {
      name: 'password',
      label: f('password'),
      kind: 'password',
      required: true,
      minLength: 6,
      maxLength: 20,
      only: 'add',
    },
    ...(platform
      ? [
          {
            name: 'userType',
            label: f('userType'),
            kind: 'select',
            numeric: true,
            required: true,
            options: USER_TYPES,
            only: 'add',
          } as FieldDef,
        ]
      : []),
    { name: 'nickName', label: f('nickName'), kind: 'text', required: true, maxLength: 30 },
    {
      name: 'phonenumber',
      label: f('phonenumber'),
      kind: 'text',
      maxLength: 30,
      placeholder: 'adminConsole.user.phoneHint',
    },
    { name: 'email', label: f('email'), kind: 'text', maxLength: 100 },
    { name: 'sex', label: f('sex'), kind: 'select', options: SEX },
    { name: 'status', label: f('status'), kind: 'select', required: true, options: STATUS },
    platform
      ? { name: 'roleIds', label: f('roles'), kind: 'multiselect', options: roleOptions }
      : { name: 'roleId', label: f('role'), kind: 'select', numeric: true, options: roleOptions },
    { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
  ]

  return (
    <>
      <CrudScreen<SysUserView>
        testId="user-page"
        title="menu.system.user"
        entity="adminConsole.entity.user"
        api={userCrudApi}
        idKey="userId"
        permission={UserPermission.prefix}
        loadForEdit
        toolbar={(l) => {
          list.current = l
          return null
        }}
        columns={[
          { key: 'userName', header: f('userName') },
          { key: 'nickName', header: f('nickName') },
          ...(platform
            ? [
                {
                  key: 'userType',
                  header: f('userType'),
                  render: (u: SysUserView) => t(`adminConsole.userType.${u.userType}`),
                },
                {
                  key: 'propertyNames',
                  header: f('properties'),
                  render: (u: SysUserView) => (u.propertyNames ?? []).join(', '),
                },
              ]
            : [
                {
                  key: 'roleId',
                  header: f('role'),
                  render: (u: SysUserView) => (
                    <>
                      {roleName(u.roleId)}{' '}
                      {u.isAdmin && (
                        <Badge colorPalette="purple" data-testid="user-admin-badge">
                          {t('adminConsole.user.admin')}
                        </Badge>
                      )}
                    </>
                  ),
                },
              ]),
          { key: 'phonenumber', header: f('phonenumber'), render: (u) => maskPhone(u.phonenumber ?? '') },
          {
            key: 'status',
            header: f('status'),
            render: (u) => (
              <Badge colorPalette={u.status === '0' ? 'green' : 'gray'} data-testid="user-status">
                {t(u.status === '0' ? 'crud.enabled' : 'crud.disabled')}
              </Badge>
            ),
          },
          {
            key: 'createTime',
            header: f('createTime'),
            render: (u) => formatDateTime(u.createTime),
          },
        ]}
        search={[
          { name: 'userName', label: f('userName'), kind: 'text' },
          { name: 'nickName', label: f('nickName'), kind: 'text' },
          { name: 'phonenumber', label: f('phonenumber'), kind: 'text' },
          { name: 'status', label: f('status'), kind: 'select', options: STATUS, placeholder: 'crud.all' },
          ...(platform
            ? ([
                {
                  name: 'userType',
                  label: f('userType'),
                  kind: 'select',
                  options: USER_TYPES,
                  placeholder: 'crud.all',
                },
                {
                  name: 'propertyId',
                  label: f('property'),
                  kind: 'select',
                  options: properties,
                  placeholder: 'crud.all',
                },
              ] as FieldDef[])
            : []),
        ]}
        fields={fields}
        defaults={{ status: '0', sex: '2', userType: 2 }}
        nameOf={(u) => `${u.nickName} (${u.userName})`}
        actions={[
          {
            key: 'resetPwd',
            label: 'adminConsole.user.resetPwd',
            permission: UserPermission.resetPwd,
            onSelect: setResetting,
          },
          {
            key: 'disable',
            label: 'adminConsole.user.disable',
            permission: UserPermission.edit,
            when: (u) => u.status === '0' && u.userId !== me,
            onSelect: (u) =>
              void act(
                () => userApi.changeStatus(u.userId, '1'),
                t('adminConsole.user.confirmDisable', [u.userName]),
              ),
          },
          {
            key: 'enable',
            label: 'adminConsole.user.enable',
            permission: UserPermission.edit,
            when: (u) => u.status === '1',
            onSelect: (u) =>
              void act(
                () => userApi.changeStatus(u.userId, '0'),
                t('adminConsole.user.confirmEnable', [u.userName]),
              ),
          },
          ...(platform
            ? [
                {
                  key: 'properties',
                  label: 'adminConsole.user.bindProperties',
                  permission: UserPermission.edit,
                  when: (u: SysUserView) => u.userType === 2,
                  onSelect: setBinding,
                },
              ]
            : [
                {
                  key: 'setAdmin',
                  label: 'adminConsole.user.setAdmin',
                  permission: UserPermission.edit,
                  when: (u: SysUserView) => !u.isAdmin && u.userId !== me,
                  onSelect: (u: SysUserView) =>
                    void act(
                      () => userApi.setAdmin(u.userId, true),
                      t('adminConsole.user.confirmSetAdmin', [u.userName]),
                    ),
                },
                {
                  key: 'cancelAdmin',
                  label: 'adminConsole.user.cancelAdmin',
                  permission: UserPermission.edit,
                  when: (u: SysUserView) => u.isAdmin === true && u.userId !== me,
                  onSelect: (u: SysUserView) =>
                    void act(
                      () => userApi.setAdmin(u.userId, false),
                      t('adminConsole.user.confirmCancelAdmin', [u.userName]),
                    ),
                },
                {
                  key: 'groups',
                  label: 'adminConsole.user.buildingGroups',
                  permission: UserPermission.edit,
                  onSelect: setGrouping,
                },
              ]),
        ]}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      {platform && (
        <UserPropertiesDialog
          user={binding}
          properties={properties}
          roles={roles.filter((r) => r.roleType === 2)}
          onClose={() => setBinding(null)}
          onSaved={reload}
        />
      )}
      {!platform && <UserGroupsDialog user={grouping} onClose={() => setGrouping(null)} />}
    </>
  )
}
