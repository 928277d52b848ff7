// Building groups (SPEC §1, §6): named sets of buildings with the staff assigned to them, and taking one member of
// staff out of every group of the property at once.
import { Button, Flex, NativeSelect } from '@chakra-ui/react'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { type BuildingGroup, buildingGroupApi, roomStockApi } from './api.ts'
import { f } from './labels.ts'
import { nameOf, names, options } from './lookups.ts'
import { RoomStockPermission } from './permissions.ts'
import { useLookups } from './useLookups.ts'

export default function BuildingGroupPage() {
  const t = useT()
  const permissions = usePermissions()
  const { buildings, users } = useLookups(['buildings', 'users'])
  const [unlinkUser, setUnlinkUser] = useState('')
  const buildingNames = names(
    buildings,
    (b) => b.buildingId,
    (b) => b.buildingName,
  )
  const userLabel = (u: { userName: string; nickName: string }) =>
    u.nickName && u.nickName !== u.userName ? `${u.nickName} (${u.userName})` : u.userName
  const userNames = names(users, (u) => u.userId, userLabel)
  const canRemove =
    permitted([{ permission: `${RoomStockPermission.buildingGroup}:remove` }], permissions).length > 0

  const unlink = async (reload: () => Promise<void>) => {
    const userId = Number(unlinkUser)
    if (!userId) return
    if (!(await confirmAction(t('roomStockConsole.group.unlinkConfirm', [nameOf(userNames, userId)])))) return
    try {
      await roomStockApi.unlinkUser(userId)
      notifySuccess('delete')
      setUnlinkUser('')
      await reload()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <CrudScreen<BuildingGroup>
      testId="building-group-page"
      title="roomStockConsole.menu.buildingGroup"
      entity="roomStockConsole.entity.buildingGroup"
      api={buildingGroupApi}
      idKey="groupId"
      permission={RoomStockPermission.buildingGroup}
      loadForEdit
      columns={[
        { key: 'groupName', header: f('groupName') },
        { key: 'remark', header: f('remark') },
      ]}
      search={[{ name: 'groupName', label: f('groupName'), kind: 'text' }]}
      fields={[
        { name: 'groupName', label: f('groupName'), kind: 'text', required: true, maxLength: 50 },
        { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
        {
          name: 'buildingIds',
          label: f('buildings'),
          kind: 'multiselect',
          options: options(
            buildings,
            (b) => b.buildingId,
            (b) => nameOf(buildingNames, b.buildingId),
          ),
        },
        {
          name: 'userIds',
          label: f('users'),
          kind: 'multiselect',
          options: options(users, (u) => u.userId, userLabel),
        },
      ]}
      nameOf={(r) => r.groupName}
      toolbar={(list) =>
        canRemove && (
          <Flex gap="2" align="center">
            <NativeSelect.Root size="sm" width="200px">
              <NativeSelect.Field
                value={unlinkUser}
                onChange={(e) => setUnlinkUser(e.target.value)}
                data-testid="group-unlink-user"
              >
                <option value="">{t(f('users'))}</option>
                {users.map((u) => (
                  <option key={u.userId} value={u.userId}>
                    {userLabel(u)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={!unlinkUser}
              onClick={() => void unlink(list.reload)}
              data-testid="group-unlink"
            >
              {t('roomStockConsole.group.unlinkUser')}
            </Button>
          </Flex>
        )
      }
    />
  )
}
