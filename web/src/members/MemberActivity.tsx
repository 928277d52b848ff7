// The member detail's activity, page by page from the server: the member's stays (orders with their dates, rooms and
// amounts) and their flows — every record, the stored-value flow (base and gift) or the points flow.
import { Table, Tabs, Text } from '@chakra-ui/react'
import type { MemberFlow, MemberRecordView, MemberStayView } from '@pms/protocol/api/members'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { Pager } from '../ui/Pager.tsx'
import { memberApi } from './api.ts'
import { RecordTable } from './RecordTable.tsx'

const PAGE_SIZE = 10
type Tab = 'stays' | 'records' | MemberFlow
const TABS: Tab[] = ['records', 'balance', 'points', 'stays']

interface Props {
  memberId: number
  /** Changes when the member's records change (a refund from here): read again. */
  version: number
  signed: (cents: number) => string
  onRefund?: (recharge: MemberRecordView) => void
}

export function MemberActivity({ memberId, version, signed, onRefund }: Props) {
  const t = useT()
  const [tab, setTab] = useState<Tab>('records')
  const [page, setPage] = useState(1)
  const [records, setRecords] = useState<MemberRecordView[]>([])
  const [stays, setStays] = useState<MemberStayView[]>([])
  const [total, setTotal] = useState(0)

  useEffect(() => {
    void version
    const params = { memberId, pageNum: page, pageSize: PAGE_SIZE }
    if (tab === 'stays') {
      memberApi
        .stays(params)
        .then((res) => {
          setStays(res.rows)
          setTotal(res.total)
        })
        .catch(() => setStays([]))
      return
    }
    memberApi
      .records(tab === 'records' ? params : { ...params, flow: tab }, { quiet: true })
      .then((res) => {
        setRecords(res.rows)
        setTotal(res.total)
      })
      .catch(() => setRecords([]))
  }, [memberId, tab, page, version])

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => {
        setTab(e.value as Tab)
        setPage(1)
        setTotal(0)
        // No rows of the tab left behind while the new one loads.
        setRecords([])
        setStays([])
      }}
      variant="line"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Tabs.List>
        {TABS.map((k) => (
          <Tabs.Trigger key={k} value={k} data-testid={`member-tab-${k}`}>
            {t(`members.activity.${k}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.filter((k) => k !== 'stays').map((k) => (
        <Tabs.Content key={k} value={k}>
          <RecordTable records={records} signed={signed} onRefund={onRefund} />
        </Tabs.Content>
      ))}
      <Tabs.Content value="stays">
        <StayTable stays={stays} />
      </Tabs.Content>
      <Pager page={page} total={total} pageSize={PAGE_SIZE} onChange={setPage} />
    </Tabs.Root>
  )
}

function StayTable({ stays }: { stays: readonly MemberStayView[] }) {
  const t = useT()
  if (!stays.length) return <Text color="fg.muted">{t('members.activity.noStays')}</Text>
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid="member-stays">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('members.stay.orderNo')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.stay.checkIn')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.stay.checkOut')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.stay.rooms')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('members.stay.state')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('members.stay.charges')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('members.stay.paid')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {stays.map((s) => (
            <Table.Row key={s.orderId} data-order={s.orderNo}>
              <Table.Cell>{s.orderNo}</Table.Cell>
              <Table.Cell>{s.checkInAt.slice(0, 16)}</Table.Cell>
              <Table.Cell>{s.checkOutAt.slice(0, 16)}</Table.Cell>
              <Table.Cell>{s.roomNos.join(', ')}</Table.Cell>
              <Table.Cell>{t(`orders.state.${s.state}`)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(s.chargesCents)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(s.paidCents)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
