// One page of orders (reservations or stays): number, contact, rooms, guests, stay, state, deposit, and the
// buttons each row's state and the user's permissions allow.
import { Badge, Button, Flex, Text } from '@chakra-ui/react'
import { maskPhone } from '@pms/protocol'
import type { OrderSummary } from '@pms/protocol/api/orders'
import { useLocation } from 'wouter'
import { useT } from '../../i18n/t.ts'
import { type Column, CrudTable } from '../../ui/crud/CrudTable.tsx'
import { formatMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { DeskPath, ORDER_STATE_PALETTE, RESERVE_STATE_PALETTE } from '../shared.ts'
import { type OrderButton, orderButtons, summaryAsOrder } from './actions.ts'

interface Props {
  rows: readonly OrderSummary[]
  loading: boolean
  /** Which state column leads: the reservation's or the order's. */
  view: 'reserve' | 'order'
  onAction: (action: OrderButton, order: OrderSummary) => void
}

export function OrderTable({ rows, loading, view, onAction }: Props) {
  const t = useT()
  const permissions = usePermissions()
  const [, navigate] = useLocation()
  const columns: Column<OrderSummary>[] = [
    {
      key: 'orderNo',
      header: 'frontDeskConsole.field.orderNo',
      render: (r) => (
        <Button
          variant="plain"
          size="xs"
          colorPalette="blue"
          px="0"
          onClick={() => navigate(DeskPath.detail(r.orderId))}
          data-testid="order-open"
        >
          {r.orderNo}
        </Button>
      ),
    },
    {
      key: 'contact',
      header: 'frontDeskConsole.field.contactName',
      render: (r) => (
        <>
          {r.contactName}
          {r.secret && (
            <Badge ms="1" size="xs" colorPalette="purple">
              {t('frontDeskConsole.field.secret')}
            </Badge>
          )}
          <Text fontSize="xs" color="fg.muted">
            {maskPhone(r.contactPhone)}
          </Text>
        </>
      ),
    },
    {
      key: 'roomNos',
      header: 'frontDeskConsole.field.rooms',
      // Rooms to assign still count: their room types, marked as such.
      render: (r) =>
        [...r.roomNos, ...r.unassigned.map((type) => t('frontDeskConsole.room.toAssign', [type]))].join(
          ', ',
        ) || '—',
    },
    { key: 'guestNames', header: 'frontDeskConsole.field.guests', render: (r) => r.guestNames.join(', ') },
    {
      key: 'stay',
      header: 'frontDeskConsole.field.stay',
      render: (r) => (
        <Text fontSize="xs">
          {r.checkInAt}
          <br />
          {r.departedAt ?? r.checkOutAt}
        </Text>
      ),
    },
    {
      key: 'state',
      header: 'frontDeskConsole.field.state',
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          {view === 'reserve' ? (
            <Badge colorPalette={RESERVE_STATE_PALETTE[r.reserveState]} data-testid="row-state">
              {t(`orders.reserveState.${r.reserveState}`)}
            </Badge>
          ) : (
            <Badge colorPalette={ORDER_STATE_PALETTE[r.state]} data-testid="row-state">
              {t(`orders.state.${r.overdue ? 'overdue' : r.state}`)}
            </Badge>
          )}
          {r.cancelStatus === 'applying' && (
            <Badge colorPalette="orange">{t('orders.cancelStatus.applying')}</Badge>
          )}
        </Flex>
      ),
    },
    {
      key: 'deposit',
      header: 'frontDeskConsole.field.deposit',
      align: 'end',
      render: (r) => formatMoney(r.depositCents),
    },
    {
      key: 'actions',
      header: 'crud.operation',
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          {orderButtons(summaryAsOrder(r), permissions).map((a) => (
            <Button
              key={a}
              size="2xs"
              variant="outline"
              colorPalette={a === 'cancelBooking' || a === 'noShow' ? 'red' : undefined}
              onClick={() => onAction(a, r)}
              data-testid={`row-action-${a}`}
            >
              {t(`frontDeskConsole.action.${a}`)}
            </Button>
          ))}
        </Flex>
      ),
    },
  ]
  return (
    <CrudTable
      testId="order-table"
      rows={rows}
      idKey="orderId"
      columns={columns}
      permissions={permissions}
      loading={loading}
    />
  )
}
