// /pmsShift/print?shiftId= : the printable handover report of a closed shift in the house print style — per method
// expected, counted and over/short, the totals, and every entry of the shift.
import type { ShiftReport } from '@pms/protocol/api/shifts'
import { useEffect, useState } from 'react'
import { useQueryId } from '../front-desk/shared.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { shiftApi } from './api.ts'
import { entryKindKey } from './entryKind.ts'
import '../front-desk/print/print.css'

export default function ShiftPrintPage() {
  const t = useT()
  const shiftId = useQueryId('shiftId')
  const [data, setData] = useState<ShiftReport | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!shiftId) return
    shiftApi
      .report(shiftId)
      .then((res) => setData(res.data ?? null))
      .catch(() => setFailed(true))
  }, [shiftId])
  if (!shiftId || failed) return <div className="order-print">{t('orders.loadFailed')}</div>
  if (!data) return <div className="order-print">…</div>
  const { shift, lines, totals, entries } = data
  return (
    <div className="order-print" data-testid="shift-print-page">
      <div className="print-actions">
        <button type="button" onClick={() => window.print()} data-testid="print-button">
          {t('shift.print')}
        </button>
      </div>
      <h1>{data.property.propertyName}</h1>
      <h2>{t('shift.report')}</h2>
      <dl>
        <dt>{t('shift.col.user')}</dt>
        <dd>{shift.userName}</dd>
        <dt>{t('shift.col.handedTo')}</dt>
        <dd>{shift.handedToName}</dd>
        <dt>{t('shift.col.open')}</dt>
        <dd>{shift.openTime}</dd>
        <dt>{t('shift.col.close')}</dt>
        <dd>{shift.closeTime}</dd>
        <dt>{t('shift.openingFloat')}</dt>
        <dd>{formatMoney(shift.openingFloatCents)}</dd>
        <dt>{t('shift.printedAt')}</dt>
        <dd>{data.printedAt}</dd>
      </dl>
      <table data-testid="shift-print-lines">
        <thead>
          <tr>
            <th>{t('shift.col.method')}</th>
            <th className="num">{t('shift.col.expected')}</th>
            <th className="num">{t('shift.col.counted')}</th>
            <th className="num">{t('shift.col.overShort')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.method}>
              <td>{t(`billing.method.${l.method}`)}</td>
              <td className="num">{formatMoney(l.expectedCents)}</td>
              <td className="num">{formatMoney(l.countedCents)}</td>
              <td className="num">{formatMoney(l.overShortCents)}</td>
            </tr>
          ))}
          <tr>
            <th>{t('shift.total')}</th>
            <th className="num">{formatMoney(totals.expectedCents)}</th>
            <th className="num">{formatMoney(totals.countedCents)}</th>
            <th className="num" data-testid="shift-print-over-short">
              {formatMoney(totals.overShortCents)}
            </th>
          </tr>
        </tbody>
      </table>
      <h2>{t('shift.history')}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('shift.col.time')}</th>
            <th>{t('shift.col.kind')}</th>
            <th>{t('shift.col.method')}</th>
            <th>{t('shift.col.order')}</th>
            <th>{t('shift.col.receipt')}</th>
            <th className="num">{t('shift.col.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={`${e.source}-${e.entryId}`}>
              <td>{e.createTime}</td>
              <td>{t(entryKindKey(e.kind))}</td>
              <td>{t(`billing.method.${e.method}`)}</td>
              <td>{e.orderNo ?? ''}</td>
              <td>{e.receiptNo ?? ''}</td>
              <td className="num">{formatMoney(e.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
