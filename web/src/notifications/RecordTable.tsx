// One kind of push records as a table with read state, mark-as-read, mark-all-read, refresh and paging.
import { Badge, Button, Flex, Spinner, Table, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useState } from 'react'
import { notifySuccess } from '../api/success.ts'
import { type PushRecord, pushApi } from '../api/system.ts'
import { useT } from '../i18n/t.ts'
import { formatDateTime } from '../ui/format.ts'
import { Pager } from '../ui/Pager.tsx'
import { refreshUnread, reloadOnLive } from './pushStore.ts'
import { EVENT_PAGE_SIZE, RecordType, recordText } from './recordTypes.ts'

export function RecordTable({ recordType }: { recordType?: RecordType }) {
  const t = useT()
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<PushRecord[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      const res = await pushApi.list({ pageNum: page, pageSize: EVENT_PAGE_SIZE, recordType })
      setRows(res.rows)
      setTotal(res.total)
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setLoading(false)
    }
  }, [page, recordType])

  useEffect(() => {
    void load()
  }, [load])
  useEffect(() => reloadOnLive(() => void load()), [load])

  const mark = async (target: { recordId: number } | { recordType: string }) => {
    await pushApi.markRead(target)
    notifySuccess('operation')
    await Promise.all([load(), refreshUnread()])
  }
  const markAll = async () => {
    for (const type of recordType ? [recordType] : Object.values(RecordType))
      await pushApi.markRead({ recordType: type })
    notifySuccess('operation')
    await Promise.all([load(), refreshUnread()])
  }

  return (
    <Flex direction="column" gap="3" data-testid="record-table">
      <Flex gap="2">
        <Button size="sm" onClick={() => void markAll().catch(() => {})} data-testid="mark-all-read">
          {t('console.event.markAllRead')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void load()} data-testid="records-refresh">
          {t('console.event.refresh')}
        </Button>
        {loading && <Spinner size="sm" alignSelf="center" />}
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('console.event.colTitle')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('console.event.colBody')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('console.event.colTime')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('console.event.colState')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('console.event.colAction')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => {
              const text = recordText({ ...r }, t)
              return (
                <Table.Row key={r.recordId} data-testid="record-row" data-read={r.state === '1'}>
                  <Table.Cell fontWeight={r.state === '1' ? 'normal' : 'semibold'} data-testid="record-title">
                    {text.title}
                  </Table.Cell>
                  <Table.Cell data-testid="record-body">{text.body}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(r.createTime)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={r.state === '1' ? 'gray' : 'red'}>
                      {t(r.state === '1' ? 'console.event.read' : 'console.event.unread')}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {r.state !== '1' && (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => void mark({ recordId: r.recordId }).catch(() => {})}
                      >
                        {t('console.event.markRead')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 && !loading && (
        <Text textAlign="center" color="fg.muted" py="6">
          {t('console.event.empty')}
        </Text>
      )}
      <Pager page={page} total={total} pageSize={EVENT_PAGE_SIZE} onChange={setPage} />
    </Flex>
  )
}
