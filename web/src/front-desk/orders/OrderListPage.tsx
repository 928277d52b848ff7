// The order list (component pms/pmsOrder/index): every stay and booking with its state; titled 'check-in
// management' for apartments (router/titles.ts).
import { Button, Flex, Heading, Spinner } from '@chakra-ui/react'
import { OrderState } from '@pms/protocol/api/orders'
import { useT } from '../../i18n/t.ts'
import { APARTMENT_CHECK_IN_FLAG } from '../../router/titles.ts'
import { useSession } from '../../session/store.ts'
import { PageBar } from '../../ui/crud/PageBar.tsx'
import { useCrudList } from '../../ui/crud/useCrudList.ts'
import { orderApi } from '../api.ts'
import { OrderFilters } from './OrderFilters.tsx'
import { OrderTable } from './OrderTable.tsx'
import { useOrderActions } from './useOrderActions.tsx'

export default function OrderListPage() {
  const t = useT()
  const { flags } = useSession()
  const list = useCrudList({ list: orderApi.list, idKey: 'orderId' })
  const actions = useOrderActions(() => void list.reload())
  const title = flags.includes(APARTMENT_CHECK_IN_FLAG)
    ? 'console.route.checkInManagement'
    : 'frontDeskConsole.order.listTitle'
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="order-list-page">
      <Heading size="md">{t(title)}</Heading>
      <OrderFilters
        state={{ name: 'state', values: Object.values(OrderState), prefix: 'orders.state' }}
        onSearch={list.search}
      />
      <Flex gap="2" align="center">
        <Button size="sm" variant="outline" onClick={() => void list.reload()} data-testid="order-refresh">
          {t('crud.refresh')}
        </Button>
        {list.loading && <Spinner size="sm" />}
      </Flex>
      <OrderTable rows={list.rows} loading={list.loading} view="order" onAction={actions.run} />
      <PageBar
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      {actions.dialogs}
    </Flex>
  )
}
