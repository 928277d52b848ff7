// Every action on the order with who did it and when (the order's events).
import { Table, Text } from '@chakra-ui/react'
import type { OrderDetail } from '@pms/protocol/api/orders'
import { useT } from '../../i18n/t.ts'

export function HistoryPanel({ order }: { order: OrderDetail }) {
  const t = useT()
  const roomNo = (id: number | null) => order.rooms.find((r) => r.orderRoomId === id)?.roomNo ?? ''
  const stateText = (s: string | null) => (s ? t(`orders.state.${s}`) : '')
  if (order.events.length === 0) return <Text color="fg.muted">{t('crud.empty')}</Text>
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" striped data-testid="order-history">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('frontDeskConsole.field.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('frontDeskConsole.field.by')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('frontDeskConsole.field.action')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('frontDeskConsole.field.room')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('frontDeskConsole.field.state')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.events.map((e) => (
            <Table.Row key={e.eventId} data-testid="order-event" data-action={e.action}>
              <Table.Cell fontSize="xs">{e.createTime}</Table.Cell>
              <Table.Cell>{e.createByName}</Table.Cell>
              <Table.Cell>{t(`frontDeskConsole.event.${e.action}`)}</Table.Cell>
              <Table.Cell>{roomNo(e.orderRoomId)}</Table.Cell>
              <Table.Cell fontSize="xs">
                {e.stateBefore !== e.stateAfter
                  ? `${stateText(e.stateBefore)} → ${stateText(e.stateAfter)}`
                  : stateText(e.stateAfter)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
