// The member records table (recharges, gifts, spends, refunds, adjustments, points), shared by the member detail and
// the member records screen.
import { Button, Table } from '@chakra-ui/react'
import type { MemberRecordView } from '@pms/protocol/api/members'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'

export function RecordTable({
  records,
  signed,
  onRefund,
}: {
  records: readonly MemberRecordView[]
  signed: (cents: number) => string
  /** Offers 'refund' on recharge records (those who may refund). */
  onRefund?: (recharge: MemberRecordView) => void
}) {
  const t = useT()
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="member-records">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('members.field.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.field.kind')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('members.field.base')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('members.field.giftBalance')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('members.field.points')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('members.field.balanceAfter')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.field.receiptNo')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.field.operator')}</Table.ColumnHeader>
            {onRefund && <Table.ColumnHeader />}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {records.map((r) => (
            <Table.Row key={r.recordId} data-kind={r.kind}>
              <Table.Cell>{r.createTime}</Table.Cell>
              <Table.Cell>{t(`members.kind.${r.kind}`)}</Table.Cell>
              <Table.Cell textAlign="end">{signed(r.baseDelta)}</Table.Cell>
              <Table.Cell textAlign="end">{signed(r.giftDelta)}</Table.Cell>
              <Table.Cell textAlign="end">{r.pointsDelta || ''}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(r.baseAfter + r.giftAfter)}</Table.Cell>
              <Table.Cell>{r.receiptNo ?? ''}</Table.Cell>
              <Table.Cell>{r.createByName}</Table.Cell>
              {onRefund && (
                <Table.Cell>
                  {r.kind === 'recharge' && (
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => onRefund(r)}
                      data-testid="member-record-withdraw"
                    >
                      {t('members.withdraw.button')}
                    </Button>
                  )}
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
