// The rooms of an order, each with its stay, state, guests and the room buttons its state allows.
import { Badge, Box, Button, Flex, Table, Text } from '@chakra-ui/react'
import { maskIdNumber, maskPhone } from '@pms/protocol'
import type { OrderDetail, OrderRoomView } from '@pms/protocol/api/orders'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { notifySuccess } from '../../api/success.ts'
import { useT } from '../../i18n/t.ts'
import { confirmAction } from '../../ui/confirm.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { orderApi } from '../api.ts'
import { DeskPath, ORDER_STATE_PALETTE } from '../shared.ts'
import { canEditGuests, type RoomButton, roomButtons } from './actions.ts'
import { GuestDialog, type GuestTarget } from './GuestDialog.tsx'
import { RoomActionDialog, type RoomAsk, type RoomMove } from './RoomActionDialog.tsx'
import { canMarkStay, StayMarkBadge, StayMarkButton } from './StayMark.tsx'

export function RoomsPanel({
  order,
  onChanged,
  onMoved,
}: {
  order: OrderDetail
  onChanged: () => void
  /** A checked-in stay moved room: its cards are offered. */
  onMoved?: (move: RoomMove) => void
}) {
  const t = useT()
  const permissions = usePermissions()
  const [, navigate] = useLocation()
  const [guest, setGuest] = useState<GuestTarget>(null)
  const [ask, setAsk] = useState<RoomAsk | null>(null)

  const press = (action: RoomButton, room: OrderRoomView) => {
    if (action === 'checkIn') return navigate(DeskPath.checkIn(order.orderId, room.orderRoomId))
    if (action === 'checkOut') return navigate(DeskPath.checkOut(order.orderId))
    if (action === 'addGuest') return setGuest({ orderRoomId: room.orderRoomId })
    setAsk({ action, room })
  }
  const removeGuest = async (guestId: number, name: string) => {
    if (!(await confirmAction(t('frontDeskConsole.guest.confirmDelete', [name])))) return
    try {
      await orderApi.removeGuest(guestId)
      notifySuccess('delete')
      onChanged()
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Flex direction="column" gap="3" data-testid="rooms-panel">
      {order.rooms.map((room) => {
        const editable = canEditGuests(order, room, permissions)
        return (
          <Box
            key={room.orderRoomId}
            borderWidth="1px"
            rounded="md"
            p="3"
            data-testid="order-room"
            data-room-no={room.roomNo ?? ''}
            data-state={room.state}
          >
            <Flex gap="3" align="center" wrap="wrap">
              <Text fontWeight="bold" fontSize="lg" data-testid="order-room-no">
                {room.roomNo ?? t('frontDeskConsole.reserve.assignLater')}
              </Text>
              <Text>{room.typeName}</Text>
              <Badge
                colorPalette={ORDER_STATE_PALETTE[room.overdue ? 'overdue' : room.state]}
                data-testid="order-room-state"
              >
                {t(`orders.state.${room.overdue ? 'overdue' : room.state}`)}
              </Badge>
              {order.mainAccount === room.orderRoomId && room.mainRoomId === null && (
                <Badge colorPalette="purple">{t('frontDeskConsole.room.mainAccount')}</Badge>
              )}
              {room.mainRoomId !== null && (
                <Badge colorPalette="cyan">
                  {t('frontDeskConsole.room.joinedTo', [room.mainRoomNo ?? ''])}
                </Badge>
              )}
              <StayMarkBadge room={room} />
              <Text fontSize="sm">{formatMoney(room.priceCents)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {room.startTime} → {room.checkedOutAt ?? room.endTime}
              </Text>
            </Flex>
            <Flex gap="1" wrap="wrap" mt="2">
              {roomButtons(order, room, permissions).map((a) => (
                <Button
                  key={a}
                  size="2xs"
                  variant="outline"
                  onClick={() => press(a, room)}
                  data-testid={`room-action-${a}`}
                >
                  {t(`frontDeskConsole.action.${a}`)}
                </Button>
              ))}
              {canMarkStay(room, permissions) && <StayMarkButton room={room} onChanged={onChanged} />}
            </Flex>
            {room.guests.length > 0 && (
              <Table.Root size="sm" mt="2" data-testid="room-guests">
                <Table.Body>
                  {room.guests.map((g) => (
                    <Table.Row key={g.guestId} data-testid="room-guest">
                      <Table.Cell>
                        {g.name}
                        {g.main && (
                          <Badge ms="1" size="xs">
                            {t('frontDeskConsole.field.mainGuest')}
                          </Badge>
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        {t(`frontDeskConsole.idType.${g.idType}`)} {maskIdNumber(g.idNo)}
                      </Table.Cell>
                      <Table.Cell data-testid="guest-phone">{maskPhone(g.phone)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {editable && (
                          <>
                            <Button
                              size="2xs"
                              variant="ghost"
                              onClick={() => setGuest({ orderRoomId: room.orderRoomId, guest: g })}
                            >
                              {t('crud.edit')}
                            </Button>
                            <Button
                              size="2xs"
                              variant="ghost"
                              colorPalette="red"
                              onClick={() => void removeGuest(g.guestId, g.name)}
                            >
                              {t('crud.delete')}
                            </Button>
                          </>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Box>
        )
      })}
      <GuestDialog target={guest} onClose={() => setGuest(null)} onSaved={onChanged} />
      <RoomActionDialog
        ask={ask}
        order={order}
        onClose={() => setAsk(null)}
        onDone={(move) => {
          if (move) onMoved?.(move)
          onChanged()
        }}
      />
    </Flex>
  )
}

export type { RoomAsk }
