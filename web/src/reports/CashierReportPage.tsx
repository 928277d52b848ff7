// Income by cashier and shift: for a period of business dates, what each cashier took in each shift (and outside any
// shift) by method, the totals by cashier, the totals row (equal to the income report's received), and bars by
// cashier.

import { Flex, Heading, Text } from '@chakra-ui/react'
import type { CentsBy } from '@pms/protocol/api/night-audit'
import type { CashierShiftRow } from '@pms/protocol/api/reports'
import { moneyCell } from '@pms/protocol/format/sheet-cell'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { formatDateTime } from '../ui/format.ts'
import { reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { EndPicker, ReportFrame } from './ReportFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { labelOf, methodLabel } from './rows.ts'
import { usePeriodReport } from './usePeriodReport.ts'

export default function CashierReportPage() {
  const t = useT()
  const { report, loading, begin, end, setBegin, setEnd, show } = usePeriodReport(reportApi.cashier)
  const methods = Object.keys(report?.totalByMethod ?? {}).sort()
  const money = (by: CentsBy, total: number) => [
    ...methods.map((m) => moneyCell(by[m] ?? 0)),
    moneyCell(total),
  ]
  const methodHeaders = [
    ...methods.map((m) => {
      const [key, raw] = methodLabel(m)
      return labelOf(t, { label: 'reports.col.received', params: [raw ? key : `@${key}`] })
    }),
    t('reports.col.receivedTotal'),
  ]
  const cashier = (name: string) => name || t('reports.cashier.system')
  const shift = (r: CashierShiftRow) =>
    r.shiftId === null
      ? t('reports.cashier.noShift')
      : t('reports.cashier.shift', [
          String(r.shiftId),
          formatDateTime(r.openTime),
          r.closeTime ? formatDateTime(r.closeTime) : t('reports.cashier.stillOpen'),
        ])
  const header = [t('reports.col.cashier'), t('reports.col.shift'), ...methodHeaders]
  const rows = (report?.rows ?? []).map((r) => [
    cashier(r.userName),
    shift(r),
    ...money(r.receivedByMethod, r.receivedCents),
  ])
  const total = report
    ? [t('reports.total'), '', ...money(report.totalByMethod, report.totalCents)]
    : undefined
  const byCashier = (report?.cashiers ?? []).map((c) => [
    cashier(c.userName),
    ...money(c.receivedByMethod, c.receivedCents),
  ])
  return (
    <ReportFrame
      testId="cashier-report-page"
      title="reports.cashier.title"
      picker={{ label: 'reports.pick.begin', type: 'date', value: begin, onChange: setBegin }}
      extraPicker={<EndPicker value={end} onChange={setEnd} />}
      loading={loading}
      onShow={show}
      onExport={() =>
        void exportReport({
          title: `${t('reports.cashier.title')} ${report ? `${report.beginDate}~${report.endDate}` : ''}`,
          header,
          rows,
          total,
          notes: [t('reports.cashier.note')],
        })
      }
      provisional={report && report.endDate >= report.openBusinessDate ? report.openBusinessDate : null}
      rule={null}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('reports.cashier.note')}
      </Text>
      {report && !report.rows.length && <Text data-testid="report-empty">{t('reports.noData')}</Text>}
      {report && report.rows.length > 0 && (
        <Flex direction="column" gap="4">
          <BarChart
            testId="report-chart"
            title={t('reports.chart.byCashier')}
            points={report.cashiers.map((c) => ({
              label: cashier(c.userName),
              value: c.receivedCents,
              text: formatMoney(c.receivedCents),
            }))}
          />
          <ReportTable header={header} rows={rows} total={total} />
          <Heading size="sm">{t('reports.cashier.byCashier')}</Heading>
          <ReportTable header={[t('reports.col.cashier'), ...methodHeaders]} rows={byCashier} />
        </Flex>
      )}
    </ReportFrame>
  )
}
