// The folio of an order: totals with the balance (2 decimals, thousands separators), every entry with who and
// when (deposits and payments with their receipt number and a 'print receipt' action), and the buttons to charge,
// record an expense paid out for the guest, take a deposit or a payment, and refund.
import { Badge, Button, Flex, SimpleGrid, Stat, Table, Text } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import type { FolioView } from '@pms/protocol/api/billing'
import type { OrderRoomView } from '@pms/protocol/api/orders'
import { itemLabel } from '@pms/protocol/billing/index'
import { useCallback, useEffect, useState } from 'react'
import { refundReasonText } from '../../i18n/dict.ts'
import { useT } from '../../i18n/t.ts'
import { MemberPayDialog } from '../../members/MemberPayDialog.tsx'
import { formatMoney } from '../../ui/crud/money.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { folioApi } from '../api.ts'
import { DeskPermission } from '../orders/actions.ts'
import { EntryDialog, type EntryRequest } from './EntryDialog.tsx'
import { ENTRY_KINDS, type EntryKind } from './entryForm.ts'
import { receiptPath } from './receiptApi.ts'

const KIND_PERMISSION: Record<EntryKind, string> = {
  charge: DeskPermission.charge,
  expense: DeskPermission.charge,
  deposit: DeskPermission.pay,
  payment: DeskPermission.pay,
  refund: DeskPermission.refund,
}

export function useFolio(orderId: number | undefined) {
  const [folio, setFolio] = useState<FolioView | null>(null)
  const reload = useCallback(async () => {
    if (!orderId) return
    try {
      setFolio((await folioApi.get(orderId, { quiet: true })).data ?? null)
    } catch {
      setFolio(null)
    }
  }, [orderId])
  useEffect(() => {
    void reload()
  }, [reload])
  return { folio, reload }
}

interface Props {
  orderId: number
  rooms: readonly OrderRoomView[]
  folio: FolioView | null
  onChanged: () => void
  /** Open this dialog at once (the status chart's 'add charge'). */
  initial?: EntryRequest | null
}

export function FolioPanel({ orderId, rooms, folio, onChanged, initial }: Props) {
  const t = useT()
  const permissions = usePermissions()
  const [request, setRequest] = useState<EntryRequest | null>(null)
  const [memberPay, setMemberPay] = useState<'balance' | 'points' | null>(null)
  useEffect(() => {
    if (initial && folio) setRequest(initial)
  }, [initial, folio])
  if (!folio)
    return (
      <Text color="fg.muted" data-testid="folio-none">
        {t('frontDeskConsole.folio.none')}
      </Text>
    )
  const totals = folio.totals
  const stat = (label: string, cents: number, testId: string) => (
    <Stat.Root borderWidth="1px" rounded="md" p="2" data-testid={testId} data-cents={cents}>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize="lg">{formatMoney(cents)}</Stat.ValueText>
    </Stat.Root>
  )
  return (
    <Flex direction="column" gap="3" data-testid="folio-panel">
      {folio.folioOrderId !== folio.orderId && (
        <Text color="fg.muted" fontSize="sm">
          {t('frontDeskConsole.folio.joined', [folio.orderNo])}
        </Text>
      )}
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="2">
        {stat(t('billing.total.charges'), totals.chargesCents, 'folio-charges')}
        {stat(t('billing.total.received'), totals.receivedCents, 'folio-received')}
        {stat(t('billing.total.refunded'), totals.refundedCents, 'folio-refunded')}
        {stat(t('billing.total.balance'), totals.balanceCents, 'folio-balance')}
        <Flex align="center" justify="center">
          <Badge
            colorPalette={folio.settled ? 'green' : 'orange'}
            size="lg"
            data-testid="folio-settled"
            data-settled={folio.settled}
          >
            {t(folio.settled ? 'billing.settled' : 'billing.notSettled')}
          </Badge>
        </Flex>
      </SimpleGrid>
      {!folio.settled && (
        <Flex gap="2" wrap="wrap">
          {ENTRY_KINDS.filter((k) => hasPermission({ permissions }, [KIND_PERMISSION[k]])).map((k) => (
            <Button
              key={k}
              size="sm"
              variant="outline"
              onClick={() =>
                setRequest({
                  kind: k,
                  amountCents:
                    k === 'payment' && totals.balanceCents > 0
                      ? totals.balanceCents
                      : k === 'refund' && totals.balanceCents < 0
                        ? -totals.balanceCents
                        : undefined,
                })
              }
              data-testid={`folio-${k}`}
            >
              {t(k === 'expense' ? 'billing.expense.add' : `frontDeskConsole.folio.${k}`)}
            </Button>
          ))}
          {hasPermission({ permissions }, ['pms:pmsMember:pay']) && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setMemberPay('balance')}
              data-testid="folio-member-pay"
            >
              {t('members.pay.button')}
            </Button>
          )}
          {hasPermission({ permissions }, ['pms:pmsMember:pay']) && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setMemberPay('points')}
              data-testid="folio-points-pay"
            >
              {t('members.points.button')}
            </Button>
          )}
        </Flex>
      )}
      <MemberPayDialog
        open={memberPay !== null}
        mode={memberPay ?? 'balance'}
        orderId={orderId}
        balanceCents={totals.balanceCents}
        onClose={() => setMemberPay(null)}
        onPaid={onChanged}
      />
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped data-testid="folio-entries">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('frontDeskConsole.field.time')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('frontDeskConsole.field.room')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('frontDeskConsole.field.kind')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('frontDeskConsole.field.itemName')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('frontDeskConsole.field.amount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('frontDeskConsole.field.method')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('frontDeskConsole.field.by')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.receipt.no')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {folio.entries.map((e) => (
              <Table.Row key={e.entryId} data-testid="folio-entry" data-kind={e.kind}>
                <Table.Cell fontSize="xs">{e.createTime}</Table.Cell>
                <Table.Cell>{e.roomNo ?? ''}</Table.Cell>
                <Table.Cell>{t(`billing.kind.${e.kind}`)}</Table.Cell>
                <Table.Cell>
                  {[itemLabel(e), e.reason && refundReasonText(t, { value: e.reason, label: e.reasonLabel })]
                    .filter(Boolean)
                    .join(' · ')}
                  {e.remark && (
                    <Text as="span" color="fg.muted">
                      {' '}
                      · {e.remark}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="folio-entry-amount">
                  {formatMoney(e.amountCents)}
                </Table.Cell>
                <Table.Cell>{e.method ? t(`billing.method.${e.method}`) : ''}</Table.Cell>
                <Table.Cell>{e.createByName}</Table.Cell>
                <Table.Cell>
                  {e.receiptNo && (
                    <Flex gap="2" align="center">
                      <Text as="span" fontSize="xs" data-testid="folio-receipt-no">
                        {e.receiptNo}
                      </Text>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => window.open(receiptPath(e.entryId), '_blank')}
                        data-testid="folio-receipt-print"
                      >
                        {t('billing.receipt.print')}
                      </Button>
                    </Flex>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <EntryDialog
        request={request}
        orderId={orderId}
        folio={folio}
        rooms={rooms}
        onClose={() => setRequest(null)}
        onPosted={onChanged}
      />
    </Flex>
  )
}
