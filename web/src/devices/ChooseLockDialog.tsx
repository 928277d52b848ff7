// Binds an unbound lock to a room, or replaces the room's lock with one: the technician picks from the locks that are
// bound nowhere.
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import type { BindingRoom, DeviceView } from '@pms/protocol/api/devices'
import { useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { SelectField } from '../front-desk/Fields.tsx'
import { useT } from '../i18n/t.ts'
import { deviceApi } from './api.ts'

interface Props {
  room: BindingRoom | null
  freeLocks: DeviceView[]
  onClose: () => void
  onSaved: () => void
}

export function ChooseLockDialog({ room, freeLocks, onClose, onSaved }: Props) {
  const t = useT()
  const [deviceId, setDeviceId] = useState('')
  const [busy, setBusy] = useState(false)
  const replacing = Boolean(room?.lock)

  const save = async () => {
    if (!room || !deviceId) return
    setBusy(true)
    try {
      if (replacing) await deviceApi.replace(room.roomId, Number(deviceId))
      else await deviceApi.bind({ deviceId: Number(deviceId), roomId: room.roomId })
      notifySuccess('operation')
      onSaved()
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={room !== null} onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="choose-lock-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t(replacing ? 'devices.bind.replaceTitle' : 'devices.bind.title', [room?.roomNo ?? ''])}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {freeLocks.length === 0 ? (
                  <Text fontSize="sm">{t('devices.bind.noFreeLock')}</Text>
                ) : (
                  <SelectField
                    label={t('devices.action.chooseLock')}
                    value={deviceId}
                    empty=""
                    options={freeLocks.map((d) => ({
                      value: String(d.deviceId),
                      label: `${d.name} ${d.mac ?? d.code}`,
                    }))}
                    onChange={setDeviceId}
                    testId="choose-lock"
                  />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('devices.action.cancel')}
              </Button>
              <Button
                colorPalette="blue"
                loading={busy}
                disabled={!deviceId}
                onClick={() => void save()}
                data-testid="choose-lock-save"
              >
                {t('devices.action.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
