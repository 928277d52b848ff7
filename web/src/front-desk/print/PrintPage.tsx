// /pmsOrder/print?orderId= (SPEC §2.1): a clean printable page of an order — property, order, rooms and guests,
// folio entries and totals — laid out from GET /pms/pmsFolio/print/{orderId}, with print CSS.
import type { OrderPrint } from '@pms/protocol/api/billing'
import { itemLabel } from '@pms/protocol/billing/index'
import { useEffect, useState } from 'react'
import { refundReasonText } from '../../i18n/dict.ts'
import { useT } from '../../i18n/t.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { folioApi } from '../api.ts'
import { useQueryId } from '../shared.ts'
import './print.css'

export default function PrintPage() {
  const t = useT()
  const orderId = useQueryId('orderId')
  const [data, setData] = useState<OrderPrint | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!orderId) return
    folioApi
      .print(orderId)
      .then((res) => setData(res.data ?? null))
      .catch(() => setFailed(true))
  }, [orderId])

  if (!orderId || failed)
    return (
      <div className="order-print" data-testid="print-missing">
        {t('orders.loadFailed')}
      </div>
    )
  if (!data) return <div className="order-print">…</div>
  const { property, order, rooms, folio } = data
  const f = (k: string) => t(`frontDeskConsole.field.${k}`)
  return (
    <div className="order-print" data-testid="print-page">
      <div className="print-actions">
        <button type="button" onClick={() => window.print()} data-testid="print-button">
          {t('frontDeskConsole.order.print')}
        </button>
      </div>
      <h1>{property.propertyName}</h1>
      <div>
        {property.address} {property.contactPhone}
      </div>
      <h2>
        {t('frontDeskConsole.order.detailTitle')} {order.orderNo}
      </h2>
      <dl>
        <dt>{f('state')}</dt>
        <dd>{t(`orders.state.${order.state}`)}</dd>
        <dt>{f('contactName')}</dt>
        <dd>{order.contactName}</dd>
        <dt>{f('contactPhone')}</dt>
        <dd>{order.contactPhone}</dd>
        <dt>{f('externalNo')}</dt>
        <dd>{order.externalNo}</dd>
        <dt>{f('checkInAt')}</dt>
        <dd>{order.checkInAt}</dd>
        <dt>{f('checkOutAt')}</dt>
        <dd>{order.departedAt ?? order.checkOutAt}</dd>
        <dt>{f('createTime')}</dt>
        <dd>{order.createTime}</dd>
        <dt>{f('remark')}</dt>
        <dd>{order.remark}</dd>
      </dl>
      <section>
        <h2>{f('rooms')}</h2>
        <table>
          <thead>
            <tr>
              <th>{f('room')}</th>
              <th>{f('roomType')}</th>
              <th className="num">{f('price')}</th>
              <th>{f('stay')}</th>
              <th>{f('state')}</th>
              <th>{f('guests')}</th>
            </tr>
          </thead>
          <tbody>
            {rooms.map((r) => (
              <tr key={r.orderRoomId} data-testid="print-room">
                <td>{r.roomNo}</td>
                <td>{r.typeName}</td>
                <td className="num">{formatMoney(r.priceCents)}</td>
                <td>
                  {r.checkedInAt ?? r.startTime} → {r.checkedOutAt ?? r.endTime}
                </td>
                <td>{t(`orders.state.${r.state}`)}</td>
                <td>{r.guests.map((g) => `${g.name}${g.idNo ? ` (${g.idNo})` : ''}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2>{t('frontDeskConsole.order.tab.folio')}</h2>
        <table>
          <thead>
            <tr>
              <th>{f('time')}</th>
              <th>{f('room')}</th>
              <th>{f('kind')}</th>
              <th>{f('itemName')}</th>
              <th>{f('method')}</th>
              <th className="num">{f('amount')}</th>
            </tr>
          </thead>
          <tbody>
            {folio.entries.map((e) => (
              <tr key={e.entryId} data-testid="print-entry">
                <td>{e.createTime}</td>
                <td>{e.roomNo}</td>
                <td>{t(`billing.kind.${e.kind}`)}</td>
                <td>
                  {[itemLabel(e), e.reason && refundReasonText(t, { value: e.reason, label: e.reasonLabel })]
                    .filter(Boolean)
                    .join(' · ')}
                </td>
                <td>{e.method ? t(`billing.method.${e.method}`) : ''}</td>
                <td className="num">{formatMoney(e.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5}>{t('billing.total.charges')}</td>
              <td className="num">{formatMoney(folio.totals.chargesCents)}</td>
            </tr>
            <tr>
              <td colSpan={5}>{t('billing.total.received')}</td>
              <td className="num">{formatMoney(folio.totals.receivedCents)}</td>
            </tr>
            <tr>
              <td colSpan={5}>{t('billing.total.refunded')}</td>
              <td className="num">{formatMoney(folio.totals.refundedCents)}</td>
            </tr>
            <tr>
              <td colSpan={5}>{t('billing.total.balance')}</td>
              <td className="num" data-testid="print-balance">
                {formatMoney(folio.totals.balanceCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
      <p>
        {t(folio.settled ? 'billing.settled' : 'billing.notSettled')} · {data.printedAt}
      </p>
    </div>
  )
}
