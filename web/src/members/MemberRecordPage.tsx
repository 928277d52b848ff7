// Member records of the property: every balance and points movement, filtered by member card, kind and dates.
import { Flex, Heading } from '@chakra-ui/react'
import type { MemberRecordView } from '@pms/protocol/api/members'
import { MemberPermission } from '@pms/protocol/api/members'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { PageBar } from '../ui/crud/PageBar.tsx'
import { permitted } from '../ui/crud/permissions.ts'
import { SearchBar } from '../ui/crud/SearchBar.tsx'
import { useCrudList } from '../ui/crud/useCrudList.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { memberApi } from './api.ts'
import { f, RECORD_KIND_OPTIONS } from './labels.ts'
import { RecordTable } from './RecordTable.tsx'

export default function MemberRecordPage() {
  const t = useT()
  const permissions = usePermissions()
  const list = useCrudList<MemberRecordView>({
    list: memberApi.records,
    idKey: 'recordId',
    enabled: permitted([{ permission: MemberPermission.query }], permissions).length > 0,
  })
  const signed = (cents: number) =>
    cents > 0 ? `+${formatMoney(cents)}` : cents < 0 ? formatMoney(cents) : ''
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="member-record-page">
      <Heading size="md">{t('members.menu.records')}</Heading>
      <SearchBar
        fields={[
          {
            name: 'kind',
            label: f('kind'),
            kind: 'select',
            options: RECORD_KIND_OPTIONS,
            placeholder: 'crud.all',
          },
          { name: 'beginDate', label: f('beginDate'), kind: 'date' },
          { name: 'endDate', label: f('endDate'), kind: 'date' },
        ]}
        onSearch={list.search}
      />
      <RecordTable records={list.rows} signed={signed} />
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
