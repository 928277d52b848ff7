// /pmsFolio/receipt?entryId= : a clean printable receipt of a deposit or payment — property, receipt number and
// type, order, guest, room, amount, method, who took it and when — from GET /pms/pmsFolio/receipt/{entryId}.
import type { ReceiptView } from '@pms/protocol/api/billing'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/t.ts'
import { formatMoney } from '../../ui/crud/money.ts'
import { useQueryId } from '../shared.ts'
import '../print/print.css'
import { receiptApi } from './receiptApi.ts'

/** The dictionary value's translation when the console knows it, else the dictionary's own label. */
export function receiptTypeLabel(t: (key: string) => string, type: string, label: string): string {
  const key = `billing.receiptType.${type}`
  const text = t(key)
  return text === key ? label : text
}

export default function ReceiptPage() {
  const t = useT()
  const entryId = useQueryId('entryId')
  const [data, setData] = useState<ReceiptView | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!entryId) return
    receiptApi
      .get(entryId)
      .then((res) => setData(res.data ?? null))
      .catch(() => setFailed(true))
  }, [entryId])

  if (!entryId || failed)
    return (
      <div className="order-print" data-testid="receipt-missing">
        {t('orders.loadFailed')}
      </div>
    )
  if (!data) return <div className="order-print">…</div>
  const r = (k: string) => t(`billing.receipt.${k}`)
  return (
    <div className="order-print" data-testid="receipt-page">
      <div className="print-actions">
        <button type="button" onClick={() => window.print()} data-testid="receipt-print-button">
          {r('print')}
        </button>
      </div>
      <h1>{data.property.propertyName}</h1>
      <div>
        {data.property.address} {data.property.contactPhone}
      </div>
      <h2>
        {r('title')} <span data-testid="receipt-no">{data.receiptNo}</span>
      </h2>
      <dl>
        <dt>{r('type')}</dt>
        <dd data-testid="receipt-type">{receiptTypeLabel(t, data.receiptType, data.receiptTypeLabel)}</dd>
        <dt>{r('kind')}</dt>
        <dd>{t(`billing.kind.${data.kind}`)}</dd>
        <dt>{r('order')}</dt>
        <dd>{data.order.orderNo}</dd>
        <dt>{r('room')}</dt>
        <dd>{data.roomNo ?? ''}</dd>
        <dt>{r('guest')}</dt>
        <dd data-testid="receipt-guest">
          {data.guest.name} {data.guest.phone}
        </dd>
        <dt>{r('amount')}</dt>
        <dd data-testid="receipt-amount">{formatMoney(data.amountCents)}</dd>
        <dt>{r('method')}</dt>
        <dd>{t(`billing.method.${data.method}`)}</dd>
        <dt>{r('operator')}</dt>
        <dd>{data.createByName}</dd>
        <dt>{r('time')}</dt>
        <dd>{data.createTime}</dd>
        <dt>{r('printedAt')}</dt>
        <dd>{data.printedAt}</dd>
        {data.remark && (
          <>
            <dt>{r('remark')}</dt>
            <dd>{data.remark}</dd>
          </>
        )}
      </dl>
      <p style={{ marginTop: 48 }}>{r('signature')}: ____________________</p>
    </div>
  )
}
