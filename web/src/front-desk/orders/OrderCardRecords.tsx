// The card records of one order (its stays' guest cards and the checkout cards issued for it), newest first.
import { Badge, Flex, Table, Text } from '@chakra-ui/react'
import type { CardRecordView } from '@pms/protocol/api/card-issue'
import { useCallback, useEffect, useState } from 'react'
import { cardApi } from '../../cards/api.ts'
import { cardKind, cardTypeLabelKey } from '../../cards/cardKinds.ts'
import { secondsText } from '../../cards/validity.ts'
import { useT } from '../../i18n/t.ts'
import { formatDateTime } from '../../ui/format.ts'

const STATE_COLOR: Record<CardRecordView['state'], string> = {
  waiting: 'orange',
  issued: 'green',
  failed: 'red',
  expired: 'gray',
  lost: 'purple',
  superseded: 'yellow',
}

/** `version` changes when a card was issued elsewhere on the page, to reload the list. */
export function OrderCardRecords({ orderId, version = 0 }: { orderId: number; version?: number }) {
  const t = useT()
  const [records, setRecords] = useState<CardRecordView[] | null>(null)
  const load = useCallback(async () => {
    try {
      setRecords((await cardApi.records({ pageNum: 1, pageSize: 100, orderId })).rows)
    } catch {
      setRecords([])
    }
  }, [orderId])
  useEffect(() => {
    void version
    void load()
  }, [load, version])

  const typeName = (value: number) => {
    const kind = cardKind(value)
    return kind ? t(cardTypeLabelKey(kind.name)) : String(value)
  }
  return (
    <Flex direction="column" gap="2" data-testid="order-card-records" data-count={records?.length ?? -1}>
      <Text fontWeight="semibold">{t('frontDeskConsole.card.records')}</Text>
      {records && records.length === 0 && (
        <Text color="fg.muted">{t('frontDeskConsole.card.noRecords')}</Text>
      )}
      {records && records.length > 0 && (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('frontDeskConsole.card.recordTime')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('cardConsole.field.room')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('cardConsole.field.cardType')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('cardConsole.field.cardid')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('cardConsole.field.guestName')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('cardConsole.field.end')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('cardConsole.field.state')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {records.map((r) => (
                <Table.Row key={r.recordId} data-testid="order-card-record" data-card-type={r.cardType}>
                  <Table.Cell fontSize="xs">{formatDateTime(r.createTime)}</Table.Cell>
                  <Table.Cell>{r.roomNo ?? ''}</Table.Cell>
                  <Table.Cell>{typeName(r.cardType)}</Table.Cell>
                  <Table.Cell fontFamily="mono">{r.cardid}</Table.Cell>
                  <Table.Cell>{r.guestName}</Table.Cell>
                  <Table.Cell fontSize="xs">{secondsText(r.endTime)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATE_COLOR[r.state]} title={r.failReason || undefined}>
                      {t(`cardRecord.state.${r.state}`)}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Flex>
  )
}
