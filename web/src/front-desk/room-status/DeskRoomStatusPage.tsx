// The room status chart with the front-desk actions on each tile (the chart's onOpen extension point): a room with
// today's arrival opens that reservation's check-in, an empty room is checked in or reserved, an occupied one opens
// its order, takes a charge or is checked out, a dirty one is set clean (after the clerk confirms).
import { Button, Dialog, Flex, Heading, Portal, Stack, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { RoomStatusTile } from '@pms/protocol/api/room-status'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { feedback } from '../../api/feedback.ts'
import { useT } from '../../i18n/t.ts'
import { roomStatusApi } from '../../room-status/api.ts'
import { RoomStatusChart } from '../../room-status/RoomStatusChart.tsx'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { orderApi } from '../api.ts'
import { DeskPermission } from '../orders/actions.ts'
import { DeskPath } from '../shared.ts'
import { type TileDeskAction, tileDeskActions } from './tileActions.ts'

export default function DeskRoomStatusPage() {
  const t = useT()
  const permissions = usePermissions()
  const [, navigate] = useLocation()
  const [tile, setTile] = useState<RoomStatusTile | null>(null)
  const [serial, setSerial] = useState(0)

  /** The order holding the room now (checked in), for details, charge and check-out. */
  const stayOrder = async (roomNo: string, stay: RoomStatusTile['stay']) => {
    if (stay) return { orderId: stay.orderId }
    const res = await orderApi.list({ roomNo, state: 'checkIn', pageNum: 1, pageSize: 10 })
    const found =
      res.rows.find((o) => o.roomNos.includes(roomNo)) ??
      (await orderApi.list({ roomNo, state: 'overdue', pageNum: 1, pageSize: 10 })).rows[0]
    if (!found) feedback.toast('warning', t('frontDeskConsole.roomStatus.noStay', [roomNo]))
    return found
  }

  const act = async (action: TileDeskAction, room: RoomStatusTile) => {
    setTile(null)
    try {
      switch (action) {
        case 'checkIn':
          return navigate(`${DeskPath.walkIn(room.roomId)}&roomTypeId=${room.roomTypeId}`)
        case 'reserve':
          return navigate(`${DeskPath.reserve}?roomId=${room.roomId}&roomTypeId=${room.roomTypeId}`)
        case 'setClean': {
          const label = t('roomStatus.cancel', [t('roomStock.state.dirty')])
          const sure = await feedback.confirm({
            title: t('deskChart.confirmTitle', [room.roomNo, label]),
            body: t('deskChart.confirmText', [room.roomNo, label]),
            confirmText: t('deskChart.confirm'),
            cancelText: t('deskChart.cancel'),
          })
          if (!sure) return
          await roomStatusApi.changeState({ roomIds: [room.roomId], state: 'dirty', value: false })
          feedback.toast('success', t('frontDeskConsole.roomStatus.cleaned', [room.roomNo]))
          setSerial((n) => n + 1)
          return
        }
        default: {
          const order = await stayOrder(room.roomNo, room.stay)
          if (!order) return
          if (action === 'details') return navigate(DeskPath.detail(order.orderId))
          if (action === 'checkOut') return navigate(DeskPath.checkOut(order.orderId))
          const detail = (await orderApi.get(order.orderId)).data
          const stay = detail?.rooms.find((r) => r.roomId === room.roomId && r.state === 'checkIn')
          return navigate(`${DeskPath.detail(order.orderId, 'folio')}&charge=${stay?.orderRoomId ?? ''}`)
        }
      }
    } catch {
      // Shown by the request layer.
    }
  }

  const actions = tile ? tileDeskActions(tile, permissions) : []
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="room-status-page">
      <Heading size="md">{t('roomStatus.title')}</Heading>
      <RoomStatusChart
        key={serial}
        onOpen={(room) =>
          room.arrival && !room.stay && hasPermission({ permissions }, [DeskPermission.checkIn])
            ? navigate(DeskPath.checkIn(room.arrival.orderId, room.arrival.orderRoomId))
            : setTile(room)
        }
      />
      <Dialog.Root
        open={tile !== null}
        onOpenChange={(e) => !e.open && setTile(null)}
        size="xs"
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="desk-tile-menu" data-room-no={tile?.roomNo}>
              <Dialog.Header>
                <Dialog.Title>
                  {tile?.roomNo} · {tile?.typeName}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="2" pb="2">
                  {actions.length === 0 && (
                    <Text color="fg.muted">{t('frontDeskConsole.roomStatus.noAction')}</Text>
                  )}
                  {actions.map((a) => (
                    <Button
                      key={a}
                      size="sm"
                      variant="outline"
                      onClick={() => tile && void act(a, tile)}
                      data-testid={`desk-action-${a}`}
                    >
                      {t(`frontDeskConsole.roomStatus.${a}`)}
                    </Button>
                  ))}
                </Stack>
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Flex>
  )
}
