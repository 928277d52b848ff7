// /reserve (SPEC §2.1): the reservation list with its filters and actions, and the booking dialog. Opened from an
// empty room of the status chart with ?roomId=&roomTypeId=, the dialog starts with that room.
import { Button, Flex, Heading, Spinner } from '@chakra-ui/react'
import { hasPermission } from '@pms/protocol'
import { ReserveState } from '@pms/protocol/api/orders'
import { useState } from 'react'
import { useT } from '../../i18n/t.ts'
import { PageBar } from '../../ui/crud/PageBar.tsx'
import { useCrudList } from '../../ui/crud/useCrudList.ts'
import { usePermissions } from '../../ui/crud/usePermissions.ts'
import { reserveApi } from '../api.ts'
import { OrderFilters } from '../orders/OrderFilters.tsx'
import { OrderTable } from '../orders/OrderTable.tsx'
import { useOrderActions } from '../orders/useOrderActions.tsx'
import { useQueryAction } from '../shared.ts'
import { ReserveDialog } from './ReserveDialog.tsx'

export default function ReservePage() {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => hasPermission({ permissions }, [p])
  const list = useCrudList({ list: reserveApi.list, idKey: 'orderId', enabled: can('pms:pmsReserve:list') })
  const actions = useOrderActions(() => void list.reload())
  const [open, setOpen] = useState(false)
  const [preset, setPreset] = useState<{ roomId?: number; roomTypeId: number }>()
  // From the status chart: book this room. Once, not again when the tab is reopened.
  useQueryAction(['roomId', 'roomTypeId'], ({ roomId, roomTypeId }) => {
    if (!roomTypeId) return
    setPreset({ roomId, roomTypeId })
    setOpen(true)
  })

  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid="reserve-page">
      <Heading size="md">{t('frontDeskConsole.reserve.title')}</Heading>
      <OrderFilters
        state={{ name: 'reserveState', values: Object.values(ReserveState), prefix: 'orders.reserveState' }}
        onSearch={list.search}
      />
      <Flex gap="2" align="center">
        {can('pms:pmsReserve:add') && (
          <Button size="sm" colorPalette="blue" onClick={() => setOpen(true)} data-testid="reserve-new">
            {t('frontDeskConsole.reserve.new')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => void list.reload()} data-testid="reserve-refresh">
          {t('crud.refresh')}
        </Button>
        {list.loading && <Spinner size="sm" />}
      </Flex>
      <OrderTable rows={list.rows} loading={list.loading} view="reserve" onAction={actions.run} />
      <PageBar
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      <ReserveDialog
        open={open}
        preset={preset}
        onClose={() => {
          setOpen(false)
          setPreset(undefined)
        }}
        onSaved={() => void list.reload()}
      />
      {actions.dialogs}
    </Flex>
  )
}
