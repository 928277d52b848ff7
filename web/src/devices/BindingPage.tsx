// Device binding: the building/floor/room tree with each room's lock, the gateways with the locks behind them, the
// encoders and readers per desk, and the devices bound nowhere. The technician binds, unbinds, replaces and syncs
// locks; the clerk sees the same tree without the buttons.
import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { Result } from '@pms/protocol'
import {
  type BindingRoom,
  DevicePermission,
  type DeviceView,
  QR_KINDS,
  type QrBatch,
  type QrKind,
} from '@pms/protocol/api/devices'
import { useState } from 'react'
import { http } from '../api/request.ts'
import { notifySuccess } from '../api/success.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { deviceApi } from './api.ts'
import { ChooseLockDialog } from './ChooseLockDialog.tsx'
import { LockSyncDialog } from './LockSyncDialog.tsx'
import { QR_PATH } from './qrcode/QrLabelsPage.tsx'
import { useDeviceLookups } from './useDeviceLookups.ts'

function DeviceChip({ device }: { device: DeviceView }) {
  const t = useT()
  return (
    <Flex
      gap="1"
      align="center"
      wrap="wrap"
      fontSize="sm"
      data-testid="binding-device"
      data-code={device.code}
    >
      <Text fontWeight="medium">{device.name}</Text>
      <Text color="fg.muted">{device.mac ?? device.code}</Text>
      <Badge size="sm" colorPalette={device.state === 'online' ? 'green' : 'gray'}>
        {t(`devices.state.${device.state}`)}
      </Badge>
    </Flex>
  )
}

export default function BindingPage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const { tree, loaded, reload } = useDeviceLookups()
  const [syncing, setSyncing] = useState(false)
  const [choosing, setChoosing] = useState<BindingRoom | null>(null)
  const canBind = can(DevicePermission.bind)
  const freeLocks = tree.unbound.filter((d) => d.kind === 'lock')

  /** Signs a floor's labels and opens the public label page in a new tab, ready to print. */
  const openLabels = async (kind: QrKind, floorId: number) => {
    try {
      const batch = (await http.post<Result<QrBatch>>('/device/dvcQrcode/batch', { kind, floorId })).data!
      window.open(`${QR_PATH[kind]}?batch=${batch.batchId}`, '_blank')
    } catch {
      // Shown by the request layer.
    }
  }

  const unbind = async (device: DeviceView) => {
    if (!(await confirmAction(t('devices.bind.unbindConfirm', [device.name])))) return
    try {
      await deviceApi.unbind(device.deviceId)
      notifySuccess('operation')
      void reload()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Stack gap="4" bg="bg" p="4" borderRadius="md" data-testid="binding-page">
      <Flex justify="space-between" align="center">
        <Heading size="md">{t('devices.menu.binding')}</Heading>
        <Flex gap="2">
          {can(DevicePermission.sync) && (
            <Button
              size="sm"
              colorPalette="blue"
              onClick={() => setSyncing(true)}
              data-testid="lock-sync-open"
            >
              {t('devices.sync.open')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => void reload()} data-testid="binding-refresh">
            {t('crud.refresh')}
          </Button>
        </Flex>
      </Flex>

      <Heading size="sm">{t('devices.tree.rooms')}</Heading>
      {loaded && tree.buildings.length === 0 && <Text fontSize="sm">{t('devices.tree.noBuildings')}</Text>}
      {tree.buildings.map((b) => (
        <Box key={b.buildingId} borderWidth="1px" borderRadius="md" p="3" data-testid="binding-building">
          <Text fontWeight="semibold" mb="2">
            {b.buildingName}
          </Text>
          {b.floors.map((fl) => (
            <Box key={fl.floorId} mb="2" data-testid="binding-floor">
              <Flex gap="2" align="center" mb="1">
                <Text fontSize="sm" color="fg.muted">
                  {fl.floorName}
                </Text>
                {canBind &&
                  QR_KINDS.map((kind) => (
                    <Button
                      key={kind}
                      size="xs"
                      variant="ghost"
                      onClick={() => void openLabels(kind, fl.floorId)}
                      data-testid={`binding-qr-${kind}`}
                    >
                      {t(`devices.qr.open.${kind}`)}
                    </Button>
                  ))}
              </Flex>
              <SimpleGrid minChildWidth="220px" gap="2">
                {fl.rooms.map((r) => (
                  <Box
                    key={r.roomId}
                    borderWidth="1px"
                    borderRadius="sm"
                    p="2"
                    data-testid="binding-room"
                    data-room={r.roomNo}
                  >
                    <Text fontWeight="medium">{r.roomNo}</Text>
                    {r.lock ? (
                      <DeviceChip device={r.lock} />
                    ) : (
                      <Text fontSize="sm" color="fg.muted">
                        {t('devices.tree.noLock')}
                      </Text>
                    )}
                    {canBind && (
                      <Flex gap="1" mt="1">
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => setChoosing(r)}
                          data-testid="binding-choose"
                        >
                          {t(r.lock ? 'devices.action.replace' : 'devices.action.bind')}
                        </Button>
                        {r.lock && (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            onClick={() => void unbind(r.lock!)}
                            data-testid="binding-unbind"
                          >
                            {t('devices.action.unbind')}
                          </Button>
                        )}
                      </Flex>
                    )}
                  </Box>
                ))}
              </SimpleGrid>
            </Box>
          ))}
        </Box>
      ))}

      <Heading size="sm">{t('devices.tree.gateways')}</Heading>
      {tree.gateways.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('devices.tree.empty')}
        </Text>
      )}
      {tree.gateways.map((g) => (
        <Box key={g.deviceId} borderWidth="1px" borderRadius="md" p="3" data-testid="binding-gateway">
          <DeviceChip device={g} />
          <Stack gap="1" mt="2" pl="4">
            {g.locks.map((l) => (
              <Flex key={l.deviceId} gap="2" align="center">
                <DeviceChip device={l} />
                {l.roomNo && <Text fontSize="sm">{l.roomNo}</Text>}
              </Flex>
            ))}
          </Stack>
        </Box>
      ))}

      <Heading size="sm">{t('devices.tree.desks')}</Heading>
      {tree.desks.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('devices.tree.empty')}
        </Text>
      )}
      {tree.desks.map((d) => (
        <Box key={d.desk} borderWidth="1px" borderRadius="md" p="3" data-testid="binding-desk">
          <Text fontWeight="semibold">{d.desk || t('devices.tree.noDesk')}</Text>
          {d.devices.map((x) => (
            <Flex key={x.deviceId} gap="2" align="center">
              <Text fontSize="sm">{t(`devices.kind.${x.kind}`)}</Text>
              <DeviceChip device={x} />
            </Flex>
          ))}
        </Box>
      ))}

      <Heading size="sm">{t('devices.tree.unbound')}</Heading>
      {tree.unbound.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('devices.tree.empty')}
        </Text>
      )}
      <Stack gap="1" data-testid="binding-unbound">
        {tree.unbound.map((d) => (
          <Flex key={d.deviceId} gap="2" align="center">
            <Text fontSize="sm">{t(`devices.kind.${d.kind}`)}</Text>
            <DeviceChip device={d} />
          </Flex>
        ))}
      </Stack>

      <LockSyncDialog
        open={syncing}
        gateways={tree.gateways}
        onClose={() => setSyncing(false)}
        onBound={() => void reload()}
      />
      <ChooseLockDialog
        // A fresh choice for each room.
        key={choosing?.roomId ?? 0}
        room={choosing}
        freeLocks={freeLocks}
        onClose={() => setChoosing(null)}
        onSaved={() => void reload()}
      />
    </Stack>
  )
}
