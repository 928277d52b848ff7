// The scheduler log (SPEC §2.1 /job/log): every run of a scheduled or manual job — the night audit — with its
// outcome, newest first, filtered by status.
import { Badge, Flex, Heading, NativeSelect, Table, Text } from '@chakra-ui/react'
import type { JobLog } from '@pms/protocol/api/night-audit'
import { useCallback, useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { Pager } from '../ui/Pager.tsx'
import { jobLogApi } from './api.ts'

const PAGE_SIZE = 20

export default function JobLogPage() {
  const t = useT()
  const [rows, setRows] = useState<JobLog[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<'' | '0' | '1'>('')
  const load = useCallback(async () => {
    try {
      const res = await jobLogApi.list({ pageNum: page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) })
      setRows(res.rows ?? [])
      setTotal(res.total ?? 0)
    } catch {
      // Shown by the request layer.
    }
  }, [page, status])
  useEffect(() => {
    void load()
  }, [load])
  const job = (name: string) => {
    const key = `jobLog.job.${name}`
    const text = t(key)
    return text === key ? name : text
  }
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="job-log-page">
      <Heading size="md">{t('jobLog.title')}</Heading>
      <NativeSelect.Root size="sm" width="48">
        <NativeSelect.Field
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as '' | '0' | '1')
            setPage(1)
          }}
          data-testid="job-log-status"
        >
          <option value="">{t('jobLog.allStatus')}</option>
          <option value="0">{t('jobLog.status.0')}</option>
          <option value="1">{t('jobLog.status.1')}</option>
        </NativeSelect.Field>
      </NativeSelect.Root>
      <Table.Root size="sm" variant="outline" data-testid="job-log-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('jobLog.col.job')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobLog.col.group')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobLog.col.target')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobLog.col.message')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobLog.col.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobLog.col.start')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('jobLog.col.stop')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.jobLogId} data-testid="job-log-row">
              <Table.Cell>{job(r.jobName)}</Table.Cell>
              <Table.Cell>{t(`jobLog.group.${r.jobGroup}`)}</Table.Cell>
              <Table.Cell>{r.invokeTarget}</Table.Cell>
              <Table.Cell title={r.exceptionInfo}>{r.jobMessage}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={r.status === '0' ? 'green' : 'red'}>
                  {t(`jobLog.status.${r.status}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell>{r.startTime}</Table.Cell>
              <Table.Cell>{r.stopTime}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rows.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('jobLog.empty')}
        </Text>
      )}
      <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
    </Flex>
  )
}
