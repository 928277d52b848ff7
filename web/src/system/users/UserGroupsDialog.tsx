// A property administrator assigns a staff member's building groups of the current property; 'clear all' deletes
// every group link of the person at once (SPEC §6).
import { Button, Checkbox, Dialog, Flex, Portal, Text } from '@chakra-ui/react'
import type { SysUserView } from '@pms/protocol/api/system'
import { useEffect, useState } from 'react'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { buildingGroupApi } from '../../room-stock/api.ts'
import { fetchAll } from '../../ui/crud/api.ts'
import { userApi } from './api.ts'

export function UserGroupsDialog({ user, onClose }: { user: SysUserView | null; onClose: () => void }) {
  const t = useT()
  const [groups, setGroups] = useState<Array<{ groupId: number; groupName: string }>>([])
  const [chosen, setChosen] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!user) return
    setChosen([])
    fetchAll(buildingGroupApi)
      .then(setGroups)
      .catch(() => setGroups([]))
    userApi
      .buildingGroups(user.userId)
      .then((r) => setChosen(r.data ?? []))
      .catch(() => setChosen([]))
  }, [user])

  const save = async (groupIds: number[]) => {
    if (!user) return
    setBusy(true)
    try {
      await userApi.setBuildingGroups(user.userId, groupIds)
      notifySuccess('edit')
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={user !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="user-groups-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('adminConsole.user.groupsOf', [user?.nickName ?? ''])}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {groups.length === 0 && <Text color="fg.muted">{t('adminConsole.user.noGroups')}</Text>}
              <Flex direction="column" gap="2">
                {groups.map((g) => (
                  <Checkbox.Root
                    key={g.groupId}
                    size="sm"
                    checked={chosen.includes(g.groupId)}
                    onCheckedChange={(e) =>
                      setChosen((c) => (e.checked ? [...c, g.groupId] : c.filter((x) => x !== g.groupId)))
                    }
                    data-testid="user-group"
                    data-id={g.groupId}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{g.groupName}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Flex>
            </Dialog.Body>
            <Dialog.Footer>
              <Button
                variant="outline"
                colorPalette="red"
                disabled={busy}
                onClick={() => void save([])}
                data-testid="user-groups-clear"
              >
                {t('adminConsole.user.clearGroups')}
              </Button>
              <Button variant="outline" onClick={onClose}>
                {t('crud.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                onClick={() => void save(chosen)}
                data-testid="user-groups-save"
              >
                {t('crud.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
