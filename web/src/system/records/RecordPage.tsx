// Sms and email records (issue 17), platform only: every code and notification the delivery adapter sent, with the
// recipient (phones masked, SPEC §5), purpose, content, result and time; filters and export to XLSX (masked too).
import { Badge, Button, Flex, Heading, Table, Tabs, Text } from '@chakra-ui/react'
import type { PageResult } from '@pms/protocol'
import { maskPhone } from '@pms/protocol'
import type { ReactNode } from 'react'
import { feedback } from '../../api/feedback.ts'
import type { Params } from '../../api/query.ts'
import { http, type RequestOptions } from '../../api/request.ts'
import { downloadWorkbook } from '../../ble-export/workbook.ts'
import { useT } from '../../i18n/t.ts'
import { fetchAll } from '../../ui/crud/api.ts'
import type { FieldDef, Option } from '../../ui/crud/fields.ts'
import { PageBar } from '../../ui/crud/PageBar.tsx'
import { permitted } from '../../ui/crud/permissions.ts'
import { SearchBar } from '../../ui/crud/SearchBar.tsx'
import { useCrudList } from '../../ui/crud/useCrudList.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { formatDateTime } from '../../ui/format.ts'

interface SmsRecord {
  recordId: number
  phone: string
  content: string
  purpose: string
  status: string
  createTime: string
}
interface EmailRecord extends Omit<SmsRecord, 'phone'> {
  email: string
  subject: string
}

const rf = (name: string) => `adminConsole.record.${name}`
const PURPOSES: Option[] = ['login', 'register', 'reset'].map((p) => ({
  value: p,
  label: `adminConsole.purpose.${p}`,
}))
const STATUSES: Option[] = ['recorded', 'sent'].map((s) => ({
  value: s,
  label: `adminConsole.recordStatus.${s}`,
}))
const listOf =
  <R,>(path: string) =>
  (params: Params, options?: RequestOptions) =>
    http.get<PageResult<R>>(path, params, options)
const smsList = listOf<SmsRecord>('/system/smsRecord/list')
const emailList = listOf<EmailRecord>('/system/emailRecord/list')

interface Col<R> {
  key: string
  header: string
  cell: (r: R) => ReactNode
  text: (r: R) => string
}

function RecordList<R extends { recordId: number }>({
  testId,
  load,
  search,
  columns,
  sheet,
}: {
  testId: string
  load: (params: Params, options?: RequestOptions) => Promise<PageResult<R>>
  search: FieldDef[]
  columns: Col<R>[]
  sheet: string
}) {
  const t = useT()
  const permissions = usePermissions()
  const list = useCrudList<R>({
    list: load,
    idKey: 'recordId' as keyof R & string,
    enabled: permitted([{ permission: 'system:record:list' }], permissions).length > 0,
  })
  const exportAll = async () => {
    try {
      const rows = await fetchAll({ list: load }, list.filters)
      if (!rows.length) return feedback.toast('warning', t(rf('exportEmpty')))
      await downloadWorkbook(`${sheet}.xlsx`, [
        {
          name: sheet,
          header: columns.map((c) => t(c.header)),
          rows: rows.map((r) => columns.map((c) => c.text(r))),
        },
      ])
    } catch {
      feedback.toast('error', t(rf('exportFailed')))
    }
  }
  return (
    <Flex direction="column" gap="3" data-testid={testId}>
      <SearchBar fields={search} onSearch={list.search} />
      <Flex gap="2">
        <Button size="sm" variant="outline" onClick={() => void exportAll()} data-testid="record-export">
          {t(rf('export'))}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void list.reload()} data-testid="crud-refresh">
          {t('crud.refresh')}
        </Button>
      </Flex>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" striped>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.key}>{t(c.header)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.rows.map((r) => (
              <Table.Row key={r.recordId} data-testid="record-row">
                {columns.map((c) => (
                  <Table.Cell key={c.key} data-col={c.key}>
                    {c.cell(r)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {list.rows.length === 0 && (
        <Text textAlign="center" color="fg.muted" py="4">
          {t('crud.empty')}
        </Text>
      )}
      <PageBar
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </Flex>
  )
}

export default function RecordPage() {
  const t = useT()
  const common = <R extends SmsRecord | EmailRecord>(): Col<R>[] => [
    {
      key: 'purpose',
      header: rf('purpose'),
      cell: (r) => t(`adminConsole.purpose.${r.purpose}`),
      text: (r) => t(`adminConsole.purpose.${r.purpose}`),
    },
    { key: 'content', header: rf('content'), cell: (r) => r.content, text: (r) => r.content },
    {
      key: 'status',
      header: rf('status'),
      cell: (r) => (
        <Badge colorPalette={r.status === 'sent' ? 'green' : 'gray'}>
          {t(`adminConsole.recordStatus.${r.status}`)}
        </Badge>
      ),
      text: (r) => t(`adminConsole.recordStatus.${r.status}`),
    },
    {
      key: 'createTime',
      header: rf('createTime'),
      cell: (r) => formatDateTime(r.createTime),
      text: (r) => formatDateTime(r.createTime),
    },
  ]
  const filters = (target: string): FieldDef[] => [
    { name: target, label: rf(target), kind: 'text' },
    { name: 'purpose', label: rf('purpose'), kind: 'select', options: PURPOSES, placeholder: 'crud.all' },
    { name: 'status', label: rf('status'), kind: 'select', options: STATUSES, placeholder: 'crud.all' },
  ]
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="record-page">
      <Heading size="md">{t('menu.system.record')}</Heading>
      <Tabs.Root defaultValue="sms" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="sms" data-testid="record-tab-sms">
            {t(rf('sms'))}
          </Tabs.Trigger>
          <Tabs.Trigger value="email" data-testid="record-tab-email">
            {t(rf('email'))}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sms">
          <RecordList<SmsRecord>
            testId="sms-records"
            load={smsList}
            search={filters('phone')}
            sheet="sms_records"
            columns={[
              {
                key: 'phone',
                header: rf('phone'),
                cell: (r) => maskPhone(r.phone),
                text: (r) => maskPhone(r.phone),
              },
              ...common<SmsRecord>(),
            ]}
          />
        </Tabs.Content>
        <Tabs.Content value="email">
          <RecordList<EmailRecord>
            testId="email-records"
            load={emailList}
            search={filters('email')}
            sheet="email_records"
            columns={[
              { key: 'email', header: rf('email'), cell: (r) => r.email, text: (r) => r.email },
              { key: 'subject', header: rf('subject'), cell: (r) => r.subject, text: (r) => r.subject },
              ...common<EmailRecord>(),
            ]}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  )
}
