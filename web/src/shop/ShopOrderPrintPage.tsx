// /ordShopOrder/print?orderId= : a shop order in the house print style — the order, where it goes, its lines and total.

import type { ShopOrder } from '@pms/protocol/api/shop'
import { maskPhone } from '@pms/protocol/format/validators'
import { useEffect, useState } from 'react'
import { useQueryId } from '../front-desk/shared.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { shopOrderApi } from './api.ts'
import { f } from './labels.ts'
import '../front-desk/print/print.css'

export default function ShopOrderPrintPage() {
  const t = useT()
  const orderId = useQueryId('orderId')
  const [order, setOrder] = useState<ShopOrder | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!orderId) return
    shopOrderApi
      .get(orderId)
      .then((res) => setOrder(res.data ?? null))
      .catch(() => setFailed(true))
  }, [orderId])
  if (!orderId || failed) return <div className="order-print">{t('shop.loadFailed')}</div>
  if (!order) return <div className="order-print">…</div>
  return (
    <div className="order-print" data-testid="shop-order-print">
      <div className="print-actions">
        <button type="button" onClick={() => window.print()} data-testid="print-button">
          {t('shop.action.print')}
        </button>
      </div>
      <h1>{order.propertyName}</h1>
      <h2>{t('shop.print.title')}</h2>
      <dl>
        <dt>{t(f('orderNo'))}</dt>
        <dd>{order.orderNo}</dd>
        <dt>{t(f('state'))}</dt>
        <dd>{t(`shop.state.${order.state}`)}</dd>
        <dt>{t(f('createTime'))}</dt>
        <dd>{order.createTime}</dd>
        <dt>{t(f('consignee'))}</dt>
        <dd>
          {order.consignee} {maskPhone(order.phone)}
        </dd>
        <dt>{t(f('address'))}</dt>
        <dd>{order.address}</dd>
        {order.trackingNo && (
          <>
            <dt>{t(f('carrier'))}</dt>
            <dd>
              {order.carrier} {order.trackingNo}
            </dd>
          </>
        )}
        {order.remark && (
          <>
            <dt>{t(f('remark'))}</dt>
            <dd>{order.remark}</dd>
          </>
        )}
      </dl>
      <table>
        <thead>
          <tr>
            <th>{t(f('kind'))}</th>
            <th>{t(f('name'))}</th>
            <th>{t(f('price'))}</th>
            <th>{t(f('num'))}</th>
            <th>{t(f('amount'))}</th>
          </tr>
        </thead>
        <tbody>
          {(order.lines ?? []).map((l) => (
            <tr key={l.lineId}>
              <td>{t(l.isPackage ? 'shop.kind.package' : 'shop.kind.product')}</td>
              <td>{l.name}</td>
              <td className="num">{formatMoney(l.unitPriceCents)}</td>
              <td className="num">{l.num}</td>
              <td className="num">{formatMoney(l.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>{t(f('total'))}</td>
            <td className="num">{order.itemCount}</td>
            <td className="num">{formatMoney(order.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}
