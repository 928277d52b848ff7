// One lock's open records, as the export writes them.
import { Button, Flex, Heading, Table, Text } from '@chakra-ui/react'
import type { LockRecord } from '@pms/protocol/ble/lock-commands'
import { cellText } from '@pms/protocol/format/sheet-cell'
import { useT } from '../i18n/t.ts'
import { RECORD_COLUMNS, recordSheet } from './sheets.ts'

export function RecordsTable({
  mac,
  rows,
  onExport,
}: {
  mac: string
  rows: LockRecord[]
  onExport: () => void
}) {
  const t = useT()
  const sheet = recordSheet(mac, rows, t)
  return (
    <Flex direction="column" gap="2" data-testid="ble-records">
      <Flex gap="2" align="center">
        <Heading size="sm">{t('cardConsole.ble.recordsOf', { mac })}</Heading>
        <Button size="xs" variant="outline" onClick={onExport} data-testid="ble-export-records">
          {t('cardConsole.ble.exportRecords')}
        </Button>
      </Flex>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {RECORD_COLUMNS.map((c) => (
              <Table.ColumnHeader key={c}>{t(`cardConsole.ble.col.${c}`)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {sheet.rows.map((cells, i) => (
            <Table.Row key={`${mac}-${i.toString()}`} data-testid="ble-record-row">
              {cells.map((c, j) => (
                <Table.Cell key={RECORD_COLUMNS[j]}>{cellText(c)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          {t('cardConsole.ble.noRecords')}
        </Text>
      )}
    </Flex>
  )
}
