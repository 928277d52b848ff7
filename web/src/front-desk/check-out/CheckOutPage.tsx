// The check-out screen (component pms/pmsOrder/checkOut, ?orderId=): the computed bill (nothing posted until asked),
// posting the due room and overtime charges, taking the balance or refunding the deposit left, then checking out
// (the rooms turn dirty on the chart) and settling the folio; card recovery on the encoder. A payment may come from the
// order's member (the folio dialog offers its stored value and points). Rooms of other orders joined to this account
// and still in house block the check-out: they are named, and can be unjoined from here. An order whose rooms are
// joined to another order's account (bill.account) leaves on its own: its charges post to that account and stay there;
// the screen shows, takes or refunds and settles only the order's own folio (server/src/billing/joint-rooms.ts rule 3).
import {
  Badge,
  Box,
  Button,
  Center,
  Flex,
  Heading,
  SimpleGrid,
  Spinner,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { CheckoutBill } from '@pms/protocol/api/billing'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { notifySuccess } from '../../api/success.ts'
import { runPendingLockAuths } from '../../devices/lockAuthTasks.ts'
import { useT } from '../../i18n/t.ts'
import { confirmAction } from '../../ui/confirm.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { folioApi, orderApi } from '../api.ts'
import { CardIssueBox } from '../check-in/CardIssueBox.tsx'
import { EntryDialog, type EntryRequest } from '../folio/EntryDialog.tsx'
import { useFolio } from '../folio/FolioPanel.tsx'
import { createKeyKeeper } from '../idempotency.ts'
import { DeskPermission } from '../orders/actions.ts'
import { DeskPath, useOrder, useQueryId } from '../shared.ts'
import { CardRecovery } from './CardRecovery.tsx'

export default function CheckOutPage() {
  const t = useT()
  const permissions = usePermissions()
  const [, navigate] = useLocation()
  const can = (p: string) => hasPermission({ permissions }, [p])
  const orderId = useQueryId('orderId')
  const { order, failed, reload } = useOrder(orderId)
  const { folio, reload: reloadFolio } = useFolio(orderId)
  // undefined until first read; null when it could not be read.
  const [bill, setBill] = useState<CheckoutBill | null | undefined>(undefined)
  const [entry, setEntry] = useState<EntryRequest | null>(null)
  const [busy, setBusy] = useState(false)
  const chargesKey = useRef(createKeyKeeper())

  const loadBill = useCallback(async () => {
    if (!orderId) return
    try {
      setBill((await folioApi.checkoutBill(orderId)).data ?? null)
    } catch {
      setBill(null)
    }
  }, [orderId])
  useEffect(() => {
    void loadBill()
  }, [loadBill])
  const refresh = async () => {
    await Promise.all([reload(), reloadFolio(), loadBill()])
  }

  const step = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
      await refresh()
    }
  }
  const postCharges = () =>
    step(async () => {
      const key = chargesKey.current.keyFor({ orderId, charges: bill?.dueCents })
      await folioApi.checkoutCharges(orderId!, key)
      chargesKey.current.settle()
      notifySuccess('operation')
    })
  const finish = async () => {
    // Settling closes the folio to entries: the clerk confirms first. The rooms named are the ones leaving (a group's
    // rooms still to arrive stay booked).
    const rooms = order!.rooms
      .filter((r) => r.state === 'checkIn')
      .map((r) => r.roomNo)
      .filter(Boolean)
      .join(', ')
    const staying = order!.rooms.some((r) => r.state === 'checkIn')
    // The rooms still to arrive are cancelled with the last guests' check-out: the clerk is told which.
    const booked = order!.rooms
      .filter((r) => r.state === 'booking')
      .map((r) => r.roomNo ?? t('frontDeskConsole.room.toAssign', [r.typeName]))
    const question = staying
      ? [
          t('billing.checkOutSettleConfirm', [rooms || order!.orderNo]),
          ...(booked.length ? [t('frontDeskConsole.checkOut.cancelsBooked', [booked.join(', ')])] : []),
        ].join(' ')
      : t('billing.settleConfirm', [order!.orderNo])
    if (!(await confirmAction(question))) return
    await step(async () => {
      if (order!.rooms.some((r) => r.state === 'checkIn')) {
        await orderApi.checkOut({ orderId: order!.orderId, ...(booked.length ? { cancelBooked: true } : {}) })
        await runPendingLockAuths(order!.orderId, t)
      }
      // The order's own folio: a joined order never settles the account it is joined to.
      if (!own.settled) await folioApi.settle(order!.orderId)
      notifySuccess('operation')
    })
  }

  if (!orderId || failed) return <Text color="fg.error">{t('orders.orderNotFound')}</Text>
  if (!order || !folio || bill === undefined)
    return (
      <Center py="10">
        <Spinner />
      </Center>
    )
  // Joined to another order's account: the bill's folio is the order's own, the one this check-out pays and settles.
  const account = bill?.account ?? null
  const own = account && bill ? { totals: bill.totals, settled: bill.settled } : folio
  const balance = own.totals.balanceCents
  const due = bill?.dueCents ?? 0
  const staying = order.rooms.some((r) => r.state === 'checkIn')
  const done = !staying && own.settled
  const joined = bill?.joinedInHouse ?? []
  const ownFolio = account ? { ownFolio: true } : {}
  const unjoin = (orderRoomId: number) =>
    step(async () => {
      await orderApi.cancelJointRoom([orderRoomId])
      notifySuccess('operation')
    })
  const stat = (label: string, cents: number, testId: string) => (
    <Stat.Root borderWidth="1px" rounded="md" p="2" data-testid={testId} data-cents={cents}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="lg">{formatMoney(cents)}</Stat.ValueText>
    </Stat.Root>
  )

  return (
    <Flex direction="column" gap="4" bg="bg" p="4" borderRadius="md" data-testid="check-out-page">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading size="md">
          {t('frontDeskConsole.checkOut.title')} ·{' '}
          {order.rooms
            .filter((r) => r.state === 'checkIn' || r.state === 'checkOut')
            .map((r) => r.roomNo)
            .filter(Boolean)
            .join(', ')}
        </Heading>
        <Text color="fg.muted">{order.orderNo}</Text>
        <Badge
          colorPalette={own.settled ? 'green' : 'orange'}
          data-testid="check-out-settled"
          data-settled={own.settled}
        >
          {t(own.settled ? 'billing.settled' : 'billing.notSettled')}
        </Badge>
        <Button
          size="xs"
          variant="outline"
          ms="auto"
          onClick={() => navigate(DeskPath.detail(order.orderId))}
        >
          {t('frontDeskConsole.checkIn.toDetail')}
        </Button>
      </Flex>
      {bill && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="bill-rooms">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('frontDeskConsole.field.room')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('frontDeskConsole.field.stay')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('frontDeskConsole.field.nights')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('frontDeskConsole.field.price')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('frontDeskConsole.checkOut.roomCharge')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('frontDeskConsole.checkOut.overtime')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('frontDeskConsole.checkOut.posted')}
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('frontDeskConsole.checkOut.due')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {bill.rooms.map((r) => (
                <Table.Row key={r.orderRoomId} data-testid="bill-room">
                  <Table.Cell>
                    {r.roomNo}{' '}
                    <Text as="span" color="fg.muted" fontSize="xs">
                      {r.typeName}
                    </Text>
                  </Table.Cell>
                  <Table.Cell fontSize="xs">
                    {r.checkIn} → {r.departure}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{r.hourly ? r.units : r.nights}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(r.priceCents)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(r.roomCents)}</Table.Cell>
                  <Table.Cell>{t(`billing.overtime.${r.overtime.rule}`)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(r.postedRoomCents + r.postedOvertimeCents)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(r.dueRoomCents + r.dueOvertimeCents)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="2">
        {stat(t('billing.total.charges'), own.totals.chargesCents, 'bill-charges')}
        {stat(t('billing.total.received'), own.totals.receivedCents, 'bill-received')}
        {stat(t('billing.total.refunded'), own.totals.refundedCents, 'bill-refunded')}
        {stat(t('frontDeskConsole.checkOut.due'), due, 'bill-due')}
        {stat(t('billing.total.balance'), balance, 'bill-balance')}
      </SimpleGrid>
      {account && (
        <Text
          borderWidth="1px"
          borderColor="border.info"
          bg="bg.info"
          rounded="md"
          p="3"
          data-testid="bill-account"
          data-order-id={account.orderId}
        >
          {t('frontDeskConsole.checkOut.joinedAccount', [
            `${account.roomNo ?? ''} (${account.orderNo})`.trim(),
          ])}
        </Text>
      )}
      <Text data-testid="bill-next">
        {done
          ? t('frontDeskConsole.checkOut.done')
          : due > 0
            ? t('frontDeskConsole.checkOut.stepCharges', [formatMoney(due)])
            : balance > 0
              ? t('frontDeskConsole.checkOut.stepPay', [formatMoney(balance)])
              : balance < 0
                ? t('frontDeskConsole.checkOut.stepRefund', [formatMoney(-balance)])
                : t('frontDeskConsole.checkOut.stepFinish')}
      </Text>
      {!done && joined.length > 0 && (
        <Flex
          direction="column"
          gap="2"
          borderWidth="1px"
          borderColor="border.warning"
          bg="bg.warning"
          rounded="md"
          p="3"
          data-testid="bill-joined"
        >
          <Text>
            {t('frontDeskConsole.checkOut.joinedInHouse', [
              joined.map((j) => `${j.roomNo ?? ''} (${j.orderNo})`).join(', '),
            ])}
          </Text>
          {can(DeskPermission.edit) && (
            <Flex gap="2" wrap="wrap">
              {joined.map((j) => (
                <Button
                  key={j.orderRoomId}
                  size="xs"
                  variant="outline"
                  loading={busy}
                  onClick={() => void unjoin(j.orderRoomId)}
                  data-testid="bill-unjoin"
                >
                  {t('frontDeskConsole.checkOut.unjoin')} · {j.roomNo ?? j.orderNo}
                </Button>
              ))}
            </Flex>
          )}
        </Flex>
      )}
      {!done && (
        <Flex gap="2" wrap="wrap">
          {due > 0 && can(DeskPermission.charge) && (
            <Button
              colorPalette="blue"
              loading={busy}
              onClick={() => void postCharges()}
              data-testid="bill-post-charges"
            >
              {t('frontDeskConsole.checkOut.postCharges')}
            </Button>
          )}
          {due === 0 && balance > 0 && can(DeskPermission.pay) && (
            <Button
              colorPalette="blue"
              onClick={() => setEntry({ kind: 'payment', amountCents: balance, ...ownFolio })}
              data-testid="bill-pay"
            >
              {t('frontDeskConsole.checkOut.takePayment')}
            </Button>
          )}
          {due === 0 && balance < 0 && can(DeskPermission.refund) && (
            <Button
              colorPalette="blue"
              onClick={() => setEntry({ kind: 'refund', amountCents: -balance, ...ownFolio })}
              data-testid="bill-refund"
            >
              {t('frontDeskConsole.checkOut.refundDeposit')}
            </Button>
          )}
          {due === 0 &&
            balance === 0 &&
            joined.length === 0 &&
            can(DeskPermission.checkOut) &&
            can(DeskPermission.settle) && (
              <Button
                colorPalette="green"
                loading={busy}
                onClick={() => void finish()}
                data-testid="bill-finish"
              >
                {t(staying ? 'frontDeskConsole.checkOut.finish' : 'frontDeskConsole.checkOut.settle')}
              </Button>
            )}
        </Flex>
      )}
      <Box>
        <CardRecovery rooms={order.rooms} />
      </Box>
      {can(DeskPermission.checkOut) && (
        <Flex direction="column" gap="2" data-testid="checkout-cards">
          <Text fontWeight="semibold">{t('frontDeskConsole.checkOut.checkoutCards')}</Text>
          {order.rooms
            .filter((r) => (r.state === 'checkIn' || r.state === 'checkOut') && r.roomId && r.roomNo)
            .map((r) => (
              <CardIssueBox
                key={r.orderRoomId}
                target={{ kind: 'checkout', roomId: r.roomId!, orderId: order.orderId }}
                roomNo={r.roomNo!}
                testId="checkout-card-box"
              />
            ))}
        </Flex>
      )}
      <EntryDialog
        request={entry}
        orderId={order.orderId}
        folio={own}
        rooms={order.rooms}
        onClose={() => setEntry(null)}
        onPosted={() => void refresh()}
      />
    </Flex>
  )
}
