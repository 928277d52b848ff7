// Shop orders: a property's own ("my shop orders": confirm receipt, cancel while placed) and the platform's view of
// every property's (mark paid after an offline payment, ship with carrier and tracking number, cancel). Both open the
// order's lines, export it to xlsx and print it.
import {
  Badge,
  Button,
  Dialog,
  Flex,
  Heading,
  Input,
  Portal,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { SHOP_ORDER_STATES, type ShopOrder, ShopPermission } from '@pms/protocol/api/shop'
import { maskPhone } from '@pms/protocol/format/validators'
import { useState } from 'react'
import { feedback } from '../api/feedback.ts'
import { useT } from '../i18n/t.ts'
import { confirmAction } from '../ui/confirm.ts'
import { type Column, CrudTable, type RowAction } from '../ui/crud/CrudTable.tsx'
import { formatMoney } from '../ui/crud/money.ts'
import { PageBar } from '../ui/crud/PageBar.tsx'
import { permitted } from '../ui/crud/permissions.ts'
import { SearchBar } from '../ui/crud/SearchBar.tsx'
import { useCrudList } from '../ui/crud/useCrudList.ts'
import { usePermissions } from '../ui/crud/usePermissions.ts'
import { exportShopOrder, ShopPath, shopOrderApi } from './api.ts'
import { f, STATE_COLOUR } from './labels.ts'

function OrderDetail(props: { order: ShopOrder | null; onClose: () => void }) {
  const t = useT()
  const o = props.order
  return (
    <Dialog.Root open={o !== null} onOpenChange={(e) => !e.open && props.onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="shop-order-detail">
            <Dialog.Header>
              <Dialog.Title>
                {t('shop.entity.order')} {o?.orderNo}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {o && (
                <Stack gap="2">
                  <Text>
                    {t(f('consignee'))}: {o.consignee} {maskPhone(o.phone)}
                  </Text>
                  <Text>
                    {t(f('address'))}: {o.address}
                  </Text>
                  {o.remark && (
                    <Text>
                      {t(f('remark'))}: {o.remark}
                    </Text>
                  )}
                  {o.trackingNo && (
                    <Text>
                      {t(f('carrier'))}: {o.carrier} · {t(f('trackingNo'))}: {o.trackingNo}
                    </Text>
                  )}
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t(f('name'))}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t(f('price'))}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t(f('num'))}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t(f('amount'))}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {(o.lines ?? []).map((l) => (
                        <Table.Row key={l.lineId}>
                          <Table.Cell>{l.name}</Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(l.unitPriceCents)}</Table.Cell>
                          <Table.Cell textAlign="end">{l.num}</Table.Cell>
                          <Table.Cell textAlign="end">{formatMoney(l.amountCents)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                  <Text textAlign="end" fontWeight="semibold">
                    {t(f('total'))}: ¥{formatMoney(o.totalCents)}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={props.onClose}>
                {t('console.dialog.cancel')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function ShipDialog(props: { order: ShopOrder | null; onClose: () => void; onShipped: () => void }) {
  const t = useT()
  const [carrier, setCarrier] = useState('')
  const [trackingNo, setTrackingNo] = useState('')
  const [busy, setBusy] = useState(false)
  const o = props.order
  const ship = async () => {
    if (!o || !carrier.trim() || !trackingNo.trim()) return
    setBusy(true)
    try {
      const res = await shopOrderApi.ship({
        orderId: o.orderId,
        carrier: carrier.trim(),
        trackingNo: trackingNo.trim(),
      })
      feedback.toast('success', res.msg)
      setCarrier('')
      setTrackingNo('')
      props.onShipped()
      props.onClose()
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root open={o !== null} onOpenChange={(e) => !e.open && props.onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="shop-ship-dialog">
            <Dialog.Header>
              <Dialog.Title>
                {t('shop.action.ship')} {o?.orderNo}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Input
                  placeholder={t(f('carrier'))}
                  aria-label={t(f('carrier'))}
                  maxLength={50}
                  value={carrier}
                  onChange={(e) => setCarrier(e.target.value)}
                  data-testid="shop-ship-carrier"
                />
                <Input
                  placeholder={t(f('trackingNo'))}
                  aria-label={t(f('trackingNo'))}
                  maxLength={50}
                  value={trackingNo}
                  onChange={(e) => setTrackingNo(e.target.value)}
                  data-testid="shop-ship-tracking"
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" variant="outline" onClick={props.onClose}>
                {t('console.dialog.cancel')}
              </Button>
              <Button
                size="sm"
                colorPalette="blue"
                loading={busy}
                disabled={!carrier.trim() || !trackingNo.trim()}
                onClick={ship}
                data-testid="shop-ship-confirm"
              >
                {t('console.dialog.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function ShopOrderScreen(props: { admin: boolean }) {
  const t = useT()
  const permissions = usePermissions()
  const can = (p: string) => permitted([{ permission: p }], permissions).length > 0
  const list = useCrudList<ShopOrder>({
    list: shopOrderApi.list,
    idKey: 'orderId',
    enabled: can(ShopPermission.orderList),
  })
  const [detail, setDetail] = useState<ShopOrder | null>(null)
  const [shipping, setShipping] = useState<ShopOrder | null>(null)

  const step = async (confirmKey: string, o: ShopOrder, run: () => Promise<{ msg: string }>) => {
    if (!(await confirmAction(t(confirmKey, [o.orderNo])))) return
    try {
      const res = await run()
      feedback.toast('success', res.msg)
    } catch {
      // Shown by the request layer.
    }
    await list.reload()
  }
  const openDetail = async (o: ShopOrder) => {
    const res = await shopOrderApi.get(o.orderId).catch(() => null)
    if (res?.data) setDetail(res.data)
  }

  const columns: Column<ShopOrder>[] = [
    { key: 'orderNo', header: f('orderNo') },
    ...(props.admin ? [{ key: 'propertyName', header: f('property') }] : []),
    {
      key: 'state',
      header: f('state'),
      render: (o) => (
        <Badge colorPalette={STATE_COLOUR[o.state]} data-testid="shop-order-state">
          {t(`shop.state.${o.state}`)}
        </Badge>
      ),
    },
    { key: 'itemCount', header: f('num'), align: 'end' },
    { key: 'totalCents', header: f('total'), align: 'end', render: (o) => formatMoney(o.totalCents) },
    { key: 'consignee', header: f('consignee'), render: (o) => `${o.consignee} ${maskPhone(o.phone)}` },
    { key: 'createTime', header: f('createTime') },
    { key: 'createByName', header: f('buyer') },
    {
      key: 'trackingNo',
      header: f('trackingNo'),
      render: (o) => (o.trackingNo ? `${o.carrier} ${o.trackingNo}` : ''),
    },
  ]
  const actions: RowAction<ShopOrder>[] = [
    {
      key: 'detail',
      label: 'shop.action.detail',
      permission: ShopPermission.orderQuery,
      onSelect: openDetail,
    },
    ...(props.admin
      ? [
          {
            key: 'pay',
            label: 'shop.action.pay',
            permission: ShopPermission.manage,
            when: (o: ShopOrder) => o.state === 'placed',
            onSelect: (o: ShopOrder) => void step('shop.confirmPay', o, () => shopOrderApi.pay(o.orderId)),
          },
          {
            key: 'ship',
            label: 'shop.action.ship',
            permission: ShopPermission.manage,
            when: (o: ShopOrder) => o.state === 'paid',
            onSelect: (o: ShopOrder) => setShipping(o),
          },
        ]
      : [
          {
            key: 'receive',
            label: 'shop.action.receive',
            permission: ShopPermission.place,
            when: (o: ShopOrder) => o.state === 'shipped',
            onSelect: (o: ShopOrder) =>
              void step('shop.confirmReceive', o, () => shopOrderApi.receive(o.orderId)),
          },
        ]),
    {
      key: 'cancel',
      label: 'shop.action.cancel',
      permission: ShopPermission.cancel,
      danger: true,
      when: (o) => o.state === 'placed' || (props.admin && o.state === 'paid'),
      onSelect: (o) => void step('shop.confirmCancel', o, () => shopOrderApi.cancel(o.orderId)),
    },
    {
      key: 'export',
      label: 'shop.action.export',
      permission: ShopPermission.orderQuery,
      onSelect: (o) => void exportShopOrder(o).catch(() => {}),
    },
    {
      key: 'print',
      label: 'shop.action.print',
      permission: ShopPermission.orderQuery,
      onSelect: (o) => window.open(ShopPath.print(o.orderId), '_blank', 'noopener'),
    },
  ]

  return (
    <Flex
      direction="column"
      gap="3"
      bg="bg"
      p="4"
      borderRadius="md"
      data-testid={props.admin ? 'shop-order-admin-page' : 'shop-order-page'}
    >
      <Heading size="md">{t(props.admin ? 'shop.menu.orderAdmin' : 'shop.menu.orders')}</Heading>
      <SearchBar
        fields={[
          { name: 'orderNo', label: f('orderNo'), kind: 'text' },
          {
            name: 'state',
            label: f('state'),
            kind: 'select',
            options: SHOP_ORDER_STATES.map((s) => ({ value: s, label: `shop.state.${s}` })),
          },
        ]}
        onSearch={list.search}
      />
      <Flex gap="2" align="center">
        <Button size="sm" variant="outline" onClick={() => void list.reload()} data-testid="crud-refresh">
          {t('crud.refresh')}
        </Button>
        {list.loading && <Spinner size="sm" />}
      </Flex>
      <CrudTable
        rows={list.rows}
        idKey="orderId"
        columns={columns}
        actions={actions}
        permissions={permissions}
        loading={list.loading}
      />
      <PageBar
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
      <OrderDetail order={detail} onClose={() => setDetail(null)} />
      <ShipDialog order={shipping} onClose={() => setShipping(null)} onShipped={() => void list.reload()} />
    </Flex>
  )
}

export const MyShopOrderPage = () => <ShopOrderScreen admin={false} />
export const ShopOrderAdminPage = () => <ShopOrderScreen admin />
