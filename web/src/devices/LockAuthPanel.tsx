// Guest lock authorisation of an order (SPEC §4), on the order's cards tab: authorise the card on the encoder on the
// room's BLE lock, renew after an extension, revoke at check-out, and retry what failed — each state with its reason.
import { Badge, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { LockAuthPermission, type LockAuthState, type LockAuthView } from '@pms/protocol/api/devices'
import type { OrderDetail } from '@pms/protocol/api/orders'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { useT } from '../i18n/t.ts'
import { permitted } from '../ui/crud/permissions.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { formatDateTime } from '../ui/format.ts'
import { lockAuthApi, runLockAuthTask } from './lockAuthTasks.ts'

const COLOUR: Record<LockAuthState, string> = {
  pending: 'blue',
  success: 'green',
  failure: 'red',
  renewalFailed: 'orange',
  revoked: 'gray',
  revokeFailed: 'red',
}

export function LockAuthPanel({ order }: { order: OrderDetail }) {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const [rows, setRows] = useState<LockAuthView[]>([])
  const [busy, setBusy] = useState(false)
  const listable = permitted([{ permission: LockAuthPermission.list }], permissions).length > 0
  const reload = useCallback(async () => {
    if (!listable) return
    const res = await lockAuthApi.list(order.orderId).catch(() => ({ rows: [] as LockAuthView[] }))
    setRows(res.rows)
  }, [order.orderId, listable])
  useEffect(() => {
    void reload()
  }, [reload])
  if (!can(LockAuthPermission.list)) return null
  const canGrant = can(LockAuthPermission.grant)

  /** Runs the tasks one by one on the bridge; the server records each outcome. */
  const run = async (make: () => Promise<{ data?: unknown }>) => {
    setBusy(true)
    try {
      const made = (await make()).data
      const tasks = Array.isArray(made) ? made : made ? [made] : []
      for (const task of tasks) {
        const settled = await runLockAuthTask(task, t)
        if (settled && settled.state !== 'success' && settled.state !== 'revoked')
          feedback.toast('error', `${t(`lockAuth.state.${settled.state}`)}: ${settled.reason}`)
      }
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
      void reload()
    }
  }
  const grantCardOnEncoder = (orderRoomId: number) =>
    run(async () => {
      let uid: string
      try {
        uid = (await bridgeApi.read()).uid
      } catch (error) {
        feedback.toast('error', bridgeErrorText(error, t))
        return {}
      }
      return lockAuthApi.grant(orderRoomId, uid)
    })

  const stays = order.rooms.filter(
    (r) => r.roomNo && (r.state === 'checkIn' || rows.some((a) => a.orderRoomId === r.orderRoomId)),
  )
  return (
    <Stack gap="2" data-testid="lock-auth-panel">
      <Heading size="sm">{t('lockAuth.title')}</Heading>
      {canGrant && (
        <Flex gap="2" wrap="wrap">
          {stays.map((r) => (
            <Flex key={r.orderRoomId} gap="1" align="center">
              <Text fontSize="sm">{r.roomNo}</Text>
              {r.state === 'checkIn' && (
                <>
                  <Button
                    size="xs"
                    loading={busy}
                    onClick={() => void grantCardOnEncoder(r.orderRoomId)}
                    data-testid="lock-auth-grant"
                  >
                    {t('lockAuth.grant')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    loading={busy}
                    onClick={() => void run(() => lockAuthApi.renew(r.orderRoomId))}
                  >
                    {t('lockAuth.renew')}
                  </Button>
                </>
              )}
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                loading={busy}
                onClick={() => void run(() => lockAuthApi.revoke(r.orderRoomId))}
              >
                {t('lockAuth.revoke')}
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('lockAuth.empty')}
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Body>
            {rows.map((a) => (
              <Table.Row key={a.authId} data-testid="lock-auth-row" data-state={a.state}>
                <Table.Cell>{a.roomNo}</Table.Cell>
                <Table.Cell>{a.keyUid}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={COLOUR[a.state]}>{t(`lockAuth.state.${a.state}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{formatDateTime(a.validUntil * 1000)}</Table.Cell>
                <Table.Cell>{a.reason}</Table.Cell>
                <Table.Cell>
                  {canGrant &&
                    (a.state === 'failure' || a.state === 'renewalFailed' || a.state === 'revokeFailed') && (
                      <Button
                        size="xs"
                        loading={busy}
                        onClick={() => void run(() => lockAuthApi.retry(a.authId))}
                      >
                        {t('lockAuth.retry')}
                      </Button>
                    )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  )
}
