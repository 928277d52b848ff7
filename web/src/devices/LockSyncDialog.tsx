// "Sync locks": scan through this desk's bridge, let the server propose each found lock with its model and room,
// choose the rooms, bind them in one save. No MAC is typed anywhere.
import { Button, Dialog, Flex, Portal, Stack, Table, Text } from '@chakra-ui/react'
import type { BindingTree, FoundLock, LockSyncProposal } from '@pms/protocol/api/devices'
import { useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi } from '../bridge/api.ts'
import { SelectField } from '../front-desk/Fields.tsx'
import { useT } from '../i18n/t.ts'
import { deviceApi } from './api.ts'
import { scanFailureText } from './syncSource.ts'

export const SCAN_MS = 3000

interface Props {
  open: boolean
  gateways: BindingTree['gateways']
  onClose: () => void
  onBound: () => void
}

/** What the bridge found, with the room each lock says it was installed for (asked one lock at a time). */
async function scan(): Promise<FoundLock[]> {
  const found = await bridgeApi.bleScan(SCAN_MS)
  const locks: FoundLock[] = []
  for (const l of found.locks) {
    let roomId: number | undefined
    try {
      const status = await bridgeApi.bleStatus(l.mac)
      if (status.initialised && status.roomId > 0) roomId = status.roomId
    } catch {
      // A lock that does not answer is still proposed, without a room.
    }
    locks.push({ mac: l.mac, modelCode: l.modelCode, name: l.name, rssi: l.rssi, roomId })
  }
  return locks
}

export function LockSyncDialog({ open, gateways, onClose, onBound }: Props) {
  const t = useT()
  const [source, setSource] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [proposal, setProposal] = useState<LockSyncProposal | null>(null)
  const [chosen, setChosen] = useState<Record<string, string>>({})

  useEffect(() => {
    if (!open) return
    setProposal(null)
    setError(undefined)
    setChosen({})
  }, [open])

  const gatewayId = source ? Number(source) : undefined
  const runScan = async () => {
    setBusy(true)
    setError(undefined)
    setProposal(null)
    try {
      let locks: FoundLock[]
      try {
        locks = await scan()
      } catch (e) {
        setError(scanFailureText(e, t))
        return
      }
      const res = await deviceApi.propose({ gatewayId, locks })
      const data = res.data!
      setProposal(data)
      setChosen(Object.fromEntries(data.locks.map((l) => [l.mac, l.roomId ? String(l.roomId) : ''])))
    } catch {
      // The server's refusal (no model, no building, source not supported) is shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  const save = async () => {
    if (!proposal) return
    const locks = proposal.locks
      .filter((l) => chosen[l.mac])
      .map((l) => ({ mac: l.mac, modelId: l.modelId, roomId: Number(chosen[l.mac]) }))
    if (locks.length === 0) return setError(t('devices.sync.nothingChosen'))
    setBusy(true)
    try {
      const res = await deviceApi.bindSynced({ gatewayId, locks })
      feedback.toast('success', t('devices.sync.bound', [res.data?.length ?? locks.length]))
      onBound()
      onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }

  const roomOptions =
    proposal?.rooms.map((r) => ({
      value: String(r.roomId),
      label: `${r.buildingName} · ${r.floorName} · ${r.roomNo}`,
    })) ?? []
  const roomNo = (id: number | undefined) => proposal?.rooms.find((r) => r.roomId === id)?.roomNo

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="lock-sync-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('devices.sync.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Flex gap="2" align="end">
                  <SelectField
                    label={t('devices.sync.source')}
                    value={source}
                    empty={t('devices.sync.sourceDesk')}
                    options={gateways.map((g) => ({ value: String(g.deviceId), label: g.name }))}
                    onChange={setSource}
                    testId="lock-sync-source"
                  />
                  <Button
                    size="sm"
                    loading={busy}
                    onClick={() => void runScan()}
                    data-testid="lock-sync-scan"
                  >
                    {t('devices.sync.scan')}
                  </Button>
                </Flex>
                {error && (
                  <Text color="fg.error" fontSize="sm" data-testid="lock-sync-error">
                    {error}
                  </Text>
                )}
                {proposal && (
                  <Text fontSize="sm" data-testid="lock-sync-found">
                    {proposal.locks.length
                      ? t('devices.sync.found', [proposal.locks.length])
                      : t('devices.sync.none')}
                  </Text>
                )}
                {proposal && proposal.locks.length > 0 && (
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('devices.field.mac')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('devices.field.modelId')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('devices.sync.room')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {proposal.locks.map((l) => (
                        <Table.Row key={l.mac} data-testid="lock-sync-row" data-mac={l.mac}>
                          <Table.Cell>
                            {l.mac}
                            {l.deviceId && roomNo(l.roomId) && (
                              <Text fontSize="xs" color="fg.muted">
                                {t('devices.sync.current', [roomNo(l.roomId)])}
                              </Text>
                            )}
                          </Table.Cell>
                          <Table.Cell>{l.modelName}</Table.Cell>
                          <Table.Cell>
                            <SelectField
                              label=""
                              value={chosen[l.mac] ?? ''}
                              empty={t('devices.sync.skip')}
                              options={roomOptions}
                              onChange={(v) => setChosen((c) => ({ ...c, [l.mac]: v }))}
                              testId="lock-sync-room"
                            />
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
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
                disabled={!proposal || proposal.locks.length === 0}
                onClick={() => void save()}
                data-testid="lock-sync-save"
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
