// /export/bleLock (anonymous, SPEC §2.1): scan BLE locks, show them, export the list or a lock's open records to .xlsx.
import { Button, Flex, Heading, Table, Text } from '@chakra-ui/react'
import type { LockRecord } from '@pms/protocol/ble/lock-commands'
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { bridgeApi, bridgeErrorText } from '../bridge/api.ts'
import { useT } from '../i18n/t.ts'
import { exportFileName } from '../ui/format.ts'
import { RecordsTable } from './RecordsTable.tsx'
import { LOCK_COLUMNS, lockSheet, recordSheet, type Sheet } from './sheets.ts'
import { useLocks } from './useLocks.ts'

/** Records are read 8 at a time (the lock's limit per read). */
const RECORDS_PER_READ = 8
const RECORDS_MAX = 800

async function readAllRecords(mac: string): Promise<LockRecord[]> {
  const out: LockRecord[] = []
  for (let start = 0; start < RECORDS_MAX; start += RECORDS_PER_READ) {
    const page = await bridgeApi.bleRecords(mac, start, RECORDS_PER_READ)
    out.push(...page.records)
    if (page.records.length === 0 || out.length >= page.total) break
  }
  return out
}

export default function BleExportPage() {
  const t = useT()
  const { locks, scanning, scan } = useLocks(t)
  const [records, setRecords] = useState<{ mac: string; rows: LockRecord[] } | null>(null)
  const [loadingMac, setLoadingMac] = useState('')

  const exportSheets = async (prefix: string, sheets: Sheet[], count: number) => {
    if (count === 0) {
      feedback.toast('warning', t('cardConsole.ble.noData'))
      return
    }
    try {
      const { downloadWorkbook } = await import('./workbook.ts')
      await downloadWorkbook(exportFileName(prefix), sheets)
      feedback.toast('success', t('cardConsole.ble.exported'))
    } catch {
      feedback.toast('error', t('cardConsole.ble.exportFailed'))
    }
  }
  const openRecords = async (mac: string) => {
    setLoadingMac(mac)
    try {
      setRecords({ mac, rows: await readAllRecords(mac) })
    } catch (error) {
      feedback.toast('error', bridgeErrorText(error, t))
    } finally {
      setLoadingMac('')
    }
  }

  return (
    <Flex direction="column" gap="4" p="6" maxW="1200px" mx="auto" data-testid="ble-export-page">
      <Heading size="lg">{t('cardConsole.ble.title')}</Heading>
      <Flex gap="2">
        <Button size="sm" loading={scanning} onClick={() => void scan()} data-testid="ble-scan">
          {t('cardConsole.ble.scan')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={scanning}
          onClick={() => void exportSheets('ble_locks', [lockSheet(locks, t)], locks.length)}
          data-testid="ble-export-list"
        >
          {t('cardConsole.ble.exportList')}
        </Button>
      </Flex>
      <Table.Root size="sm" striped>
        <Table.Header>
          <Table.Row>
            {LOCK_COLUMNS.map((c) => (
              <Table.ColumnHeader key={c}>{t(`cardConsole.ble.col.${c}`)}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {locks.map((l) => (
            <Table.Row key={l.mac} data-testid="ble-lock-row" data-mac={l.mac}>
              <Table.Cell fontFamily="mono">{l.mac}</Table.Cell>
              <Table.Cell>{l.name}</Table.Cell>
              <Table.Cell>{l.battery === undefined ? '' : `${l.battery}%`}</Table.Cell>
              <Table.Cell>{l.rssi ?? ''}</Table.Cell>
              <Table.Cell>{l.roomNo}</Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="ghost"
                  loading={loadingMac === l.mac}
                  onClick={() => void openRecords(l.mac)}
                  data-testid="ble-open-records"
                >
                  {t('cardConsole.ble.records')}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {locks.length === 0 && !scanning && (
        <Text color="fg.muted" textAlign="center">
          {t('cardConsole.ble.empty')}
        </Text>
      )}
      {records && (
        <RecordsTable
          mac={records.mac}
          rows={records.rows}
          onExport={() =>
            void exportSheets(
              `ble_records_${records.mac}`,
              [recordSheet(records.mac, records.rows, t)],
              records.rows.length,
            )
          }
        />
      )}
    </Flex>
  )
}
