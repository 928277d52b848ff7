// The income report's columns: money received by method (payments + deposits − refunds), its total, total revenue
// and revenue by item; one column per method or item found in the period.
import type { ReportFigures } from '@pms/protocol/api/reports'
import { type FigureRow, itemLabel, methodLabel, money } from './rows.ts'

export const receivedBy = (f: ReportFigures, method: string) =>
  (f.paymentsByMethod[method] ?? 0) + (f.depositsByMethod[method] ?? 0) - (f.refundsByMethod[method] ?? 0)

export function incomeColumns(total: ReportFigures): FigureRow[] {
  const methods = [
    ...new Set([
      ...Object.keys(total.paymentsByMethod),
      ...Object.keys(total.depositsByMethod),
      ...Object.keys(total.refundsByMethod),
    ]),
  ].sort()
  const items = Object.keys(total.revenueByItem).sort()
  const param = ([key, raw]: [string, boolean]) => [raw ? key : `@${key}`]
  return [
    ...methods.map((m) => ({
      key: `received:${m}`,
      label: 'reports.col.received',
      params: param(methodLabel(m)),
      value: (f: ReportFigures) => money(receivedBy(f, m)),
    })),
    {
      key: 'receivedTotal',
      label: 'reports.col.receivedTotal',
      value: (f) => money(methods.reduce((s, m) => s + receivedBy(f, m), 0)),
    },
    {
      key: 'totalRevenue',
      label: 'reports.row.totalRevenue',
      value: (f) => money(f.totalRevenueCents),
    },
    ...items.map((i) => ({
      key: `item:${i}`,
      label: 'reports.row.revenueItem',
      params: param(itemLabel(i)),
      value: (f: ReportFigures) => money(f.revenueByItem[i] ?? 0),
    })),
  ]
}
