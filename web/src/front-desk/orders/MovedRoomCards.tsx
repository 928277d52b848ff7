// After a checked-in stay moved room: the new room's guest card (the stay now points at the new room) and a
// checkout card for the old room; after it was extended: a guest card valid to the new departure (it supersedes the
// old one at the lock). Offered right away on the order detail until dismissed.
import { Button, Flex, Text } from '@chakra-ui/react'
import type { OrderDetail } from '@pms/protocol/api/orders'
import { useT } from '../../i18n/t.ts'
import { CardIssueBox } from '../check-in/CardIssueBox.tsx'
import type { RoomMove } from './RoomActionDialog.tsx'

export function MovedRoomCards({
  move,
  order,
  onAttempt,
  onClose,
}: {
  move: RoomMove
  order: OrderDetail
  onAttempt: () => void
  onClose: () => void
}) {
  const t = useT()
  const stay = order.rooms.find((r) => r.orderRoomId === move.orderRoomId)
  const extended = move.kind === 'extend'
  // Until the reloaded order shows the stay in its new room.
  if (!stay?.roomNo || (!extended && stay.roomId === move.fromRoomId)) return null
  return (
    <Flex
      direction="column"
      gap="2"
      borderWidth="1px"
      borderColor="blue.muted"
      rounded="md"
      p="3"
      data-testid="moved-room-cards"
      data-kind={move.kind}
    >
      <Flex gap="2" align="center">
        <Text fontWeight="semibold">
          {extended
            ? t('frontDeskConsole.extendCards.title', [stay.roomNo, stay.endTime])
            : t('frontDeskConsole.moveCards.title', [move.fromRoomNo, stay.roomNo])}
        </Text>
        <Button size="xs" variant="outline" ms="auto" onClick={onClose} data-testid="moved-room-cards-close">
          {t('frontDeskConsole.moveCards.close')}
        </Button>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {extended
          ? t('frontDeskConsole.extendCards.hint', [stay.roomNo])
          : t('frontDeskConsole.moveCards.hint', [stay.roomNo, move.fromRoomNo])}
      </Text>
      <CardIssueBox
        target={{ kind: 'stay', orderRoomId: stay.orderRoomId }}
        roomNo={stay.roomNo}
        testId="moved-guest-card"
        onAttempt={onAttempt}
      />
      {!extended && (
        <CardIssueBox
          target={{ kind: 'checkout', roomId: move.fromRoomId, orderId: order.orderId }}
          roomNo={move.fromRoomNo}
          testId="moved-checkout-card"
          onAttempt={onAttempt}
        />
      )}
    </Flex>
  )
}
