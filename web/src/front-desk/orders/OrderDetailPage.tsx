// Order detail (component pms/pmsOrder/detail, ?orderId=): the order, its rooms and guests, the folio with its
// balance, key cards per stay and the history of every action; titled 'check-in details' for apartments.
import { Badge, Button, Center, Flex, Heading, SimpleGrid, Spinner, Tabs, Text } from '@chakra-ui/react'
import { maskPhone } from '@pms/protocol'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { LockAuthPanel } from '../../devices/LockAuthPanel.tsx'
import { useT } from '../../i18n/t.ts'
import { OrderMemberPricing } from '../../members/OrderMemberPricing.tsx'
import { APARTMENT_CHECK_IN_FLAG } from '../../router/titles.ts'
import { useSession } from '../../session/store.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { CardIssueBox } from '../check-in/CardIssueBox.tsx'
import { FolioPanel, useFolio } from '../folio/FolioPanel.tsx'
import { exportOrder } from '../print/exportOrder.ts'
import {
  DeskPath,
  ORDER_STATE_PALETTE,
  useOrder,
  useQueryAction,
  useQueryId,
  useQueryText,
} from '../shared.ts'
import { orderButtons } from './actions.ts'
import { HistoryPanel } from './HistoryPanel.tsx'
import { MovedRoomCards } from './MovedRoomCards.tsx'
import { OrderCardRecords } from './OrderCardRecords.tsx'
import type { RoomAsk, RoomMove } from './RoomActionDialog.tsx'
import { RoomActionDialog } from './RoomActionDialog.tsx'
import { RoomsPanel } from './RoomsPanel.tsx'
import { useOrderActions } from './useOrderActions.tsx'

const TABS = ['rooms', 'folio', 'cards', 'history'] as const

export default function OrderDetailPage() {
  const t = useT()
  const permissions = usePermissions()
  const { flags } = useSession()
  const [, navigate] = useLocation()
  const orderId = useQueryId('orderId')
  const tabParam = useQueryText('tab')
  const { order, failed, reload } = useOrder(orderId, true)
  const { folio, reload: reloadFolio } = useFolio(orderId)
  const [ask, setAsk] = useState<RoomAsk | null>(null)
  const [cardVersion, setCardVersion] = useState(0)
  const [moved, setMoved] = useState<RoomMove | null>(null)
  const [exporting, setExporting] = useState(false)
  // The spreadsheet is saved in place: the clerk stays on the order.
  const saveExport = async () => {
    if (!orderId) return
    setExporting(true)
    try {
      await exportOrder(orderId)
    } catch {
      // Shown by the request layer.
    } finally {
      setExporting(false)
    }
  }
  const refresh = () => {
    void reload()
    void reloadFolio()
    setCardVersion((v) => v + 1)
  }
  const actions = useOrderActions(refresh)
  const [initialCharge, setInitialCharge] = useState<{ kind: 'charge'; orderRoomId: number } | null>(null)
  // From the status chart: post a charge to this stay. Once, not again when the tab is reopened.
  useQueryAction(['charge'], ({ charge }) =>
    setInitialCharge(charge ? { kind: 'charge', orderRoomId: charge } : null),
  )
  const tab = TABS.includes(tabParam as (typeof TABS)[number]) ? tabParam! : initialCharge ? 'folio' : 'rooms'
  const title = flags.includes(APARTMENT_CHECK_IN_FLAG)
    ? 'console.route.checkInDetails'
    : 'frontDeskConsole.order.detailTitle'

  if (!orderId || failed)
    return (
      <Text color="fg.error" data-testid="order-missing">
        {t('orders.orderNotFound')}
      </Text>
    )
  if (!order)
    return (
      <Center py="10">
        <Spinner />
      </Center>
    )
  const buttons = orderButtons(order, permissions)
  const info = (label: string, value: string) => (
    <Flex direction="column">
      <Text fontSize="xs" color="fg.muted">
        {t(`frontDeskConsole.field.${label}`)}
      </Text>
      <Text data-testid={`order-${label}`}>{value || '—'}</Text>
    </Flex>
  )
  return (
    <Flex
      direction="column"
      gap="3"
      bg="bg"
      p="4"
      borderRadius="md"
      data-testid="order-detail"
      data-state={order.state}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Heading size="md">{t(title)}</Heading>
        <Text fontWeight="semibold" data-testid="order-no">
          {order.orderNo}
        </Text>
        <Badge
          colorPalette={ORDER_STATE_PALETTE[order.overdue ? 'overdue' : order.state]}
          data-testid="order-state"
        >
          {t(`orders.state.${order.overdue ? 'overdue' : order.state}`)}
        </Badge>
        <Badge variant="outline">{t(`orders.reserveState.${order.reserveState}`)}</Badge>
        {order.cancelStatus !== 'normal' && (
          <Badge colorPalette="orange">{t(`orders.cancelStatus.${order.cancelStatus}`)}</Badge>
        )}
        {order.secret && <Badge colorPalette="purple">{t('frontDeskConsole.field.secret')}</Badge>}
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4, lg: 6 }} gap="3">
        {info('contactName', order.contactName)}
        {info('contactPhone', maskPhone(order.contactPhone))}
        {info('checkInAt', order.checkInAt)}
        {info('checkOutAt', order.departedAt ?? order.checkOutAt)}
        {info('deposit', formatMoney(order.depositCents))}
        {info('orderSource', order.orderSource ? t(`frontDeskConsole.orderSource.${order.orderSource}`) : '')}
        {info(
          'customerSource',
          order.customerSource ? t(`frontDeskConsole.customerSource.${order.customerSource}`) : '',
        )}
        {info('salesman', order.salesman)}
        {info('externalNo', order.externalNo)}
        {info('createTime', order.createTime)}
        {info('remark', order.remark)}
        {order.cancelReason && info('cancelReason', order.cancelReason)}
      </SimpleGrid>
      <Flex gap="2" wrap="wrap">
        {buttons.map((a) => (
          <Button
            key={a}
            size="sm"
            colorPalette={a === 'checkIn' || a === 'checkOut' ? 'blue' : undefined}
            variant={a === 'checkIn' || a === 'checkOut' ? 'solid' : 'outline'}
            onClick={() => (a === 'addRoom' ? setAsk({ action: 'addRoom' }) : actions.run(a, order))}
            data-testid={`order-action-${a}`}
          >
            {t(`frontDeskConsole.action.${a}`)}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline"
          onClick={() => window.open(DeskPath.print(order.orderId), '_blank')}
          data-testid="order-print"
        >
          {t('frontDeskConsole.order.print')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          loading={exporting}
          onClick={() => void saveExport()}
          data-testid="order-export"
        >
          {t('frontDeskConsole.order.export')}
        </Button>
        <Button size="sm" variant="ghost" onClick={refresh}>
          {t('crud.refresh')}
        </Button>
      </Flex>
      {moved && (
        <MovedRoomCards
          move={moved}
          order={order}
          onAttempt={() => setCardVersion((v) => v + 1)}
          onClose={() => setMoved(null)}
        />
      )}
      <OrderMemberPricing section={order.sections?.member} rooms={order.rooms} />
      <Tabs.Root
        value={tab}
        onValueChange={(e) => navigate(DeskPath.detail(order.orderId, e.value), { replace: true })}
        variant="line"
      >
        <Tabs.List>
          {TABS.map((k) => (
            <Tabs.Trigger key={k} value={k} data-testid={`order-tab-${k}`}>
              {t(`frontDeskConsole.order.tab.${k}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="rooms">
          <RoomsPanel order={order} onChanged={refresh} onMoved={setMoved} />
        </Tabs.Content>
        <Tabs.Content value="folio">
          <FolioPanel
            orderId={order.orderId}
            rooms={order.rooms}
            folio={folio}
            onChanged={refresh}
            initial={initialCharge}
          />
        </Tabs.Content>
        <Tabs.Content value="cards">
          <Flex direction="column" gap="2">
            {order.rooms
              .filter((r) => r.state === 'checkIn' && r.roomNo)
              .map((r) => (
                <CardIssueBox
                  key={r.orderRoomId}
                  target={{ kind: 'stay', orderRoomId: r.orderRoomId }}
                  roomNo={r.roomNo!}
                  onAttempt={() => setCardVersion((v) => v + 1)}
                />
              ))}
            {!order.rooms.some((r) => r.state === 'checkIn') && (
              <Text color="fg.muted">{t('frontDeskConsole.card.noStay')}</Text>
            )}
            <OrderCardRecords orderId={order.orderId} version={cardVersion} />
            <LockAuthPanel order={order} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="history">
          <HistoryPanel order={order} />
        </Tabs.Content>
      </Tabs.Root>
      <RoomActionDialog
        ask={ask}
        order={order}
        onClose={() => setAsk(null)}
        onDone={(move) => {
          if (move) setMoved(move)
          refresh()
        }}
      />
      {actions.dialogs}
    </Flex>
  )
}
