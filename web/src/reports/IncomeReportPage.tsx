// The income report: for a period of business dates, a row per day with the money received by method, its total,
// total revenue and revenue by item; the totals row; a bar chart of money received by method.

import { Flex, Table, Text } from '@chakra-ui/react'
import { cellText } from '@pms/protocol/format/sheet-cell'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { incomeColumns, receivedBy } from './income.ts'
import { EndPicker, ReportFrame } from './ReportFrame.tsx'
import { labelOf, methodLabel } from './rows.ts'
import { usePeriodReport } from './usePeriodReport.ts'

export default function IncomeReportPage() {
  const t = useT()
  // Opens on the month of the property's business date up to it (the server's default).
  const { report, loading, begin, end, setBegin, setEnd, show } = usePeriodReport(reportApi.income)
  const columns = report ? incomeColumns(report.total) : []
  const header = [t('reports.col.date'), ...columns.map((c) => labelOf(t, c))]
  const rows = (report?.rows ?? []).filter((r) => r.figures.days > 0)
  const table = rows.map((r) => [r.key, ...columns.map((c) => c.value(r.figures))])
  const total = report ? [t('reports.total'), ...columns.map((c) => c.value(report.total))] : undefined
  const methods = report
    ? [
        ...new Set([
          ...Object.keys(report.total.paymentsByMethod),
          ...Object.keys(report.total.depositsByMethod),
          ...Object.keys(report.total.refundsByMethod),
        ]),
      ].sort()
    : []
  return (
    <ReportFrame
      testId="income-report-page"
      title="reports.income.title"
      picker={{ label: 'reports.pick.begin', type: 'date', value: begin, onChange: setBegin }}
      extraPicker={<EndPicker value={end} onChange={setEnd} />}
      loading={loading}
      onShow={show}
      onExport={() =>
        void exportReport({
          title: `${t('reports.income.title')} ${report?.period ?? ''}`,
          header,
          rows: table,
          total,
        })
      }
      provisional={report && rows.some((r) => r.figures.provisionalDays) ? report.openBusinessDate : null}
      rule={null}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('reports.income.note')}
      </Text>
      {report && !report.total.days && <Text data-testid="report-empty">{t('reports.noData')}</Text>}
      {report && report.total.days > 0 && (
        <Flex direction="column" gap="4">
          <BarChart
            testId="report-chart"
            title={t('reports.chart.byMethod')}
            points={methods.map((m) => {
              const [key, raw] = methodLabel(m)
              const cents = receivedBy(report.total, m)
              return { label: raw ? key : t(key), value: cents, text: formatMoney(cents) }
            })}
          />
          <Table.Root size="sm" variant="outline" data-testid="report-table">
            <Table.Header>
              <Table.Row>
                {header.map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...table, ...(total ? [total] : [])].map((r, i) => (
                <Table.Row key={cellText(r[0])} fontWeight={i === table.length ? 'bold' : undefined}>
                  {r.map((v, j) => (
                    <Table.Cell key={header[j]} textAlign={j ? 'end' : 'start'}>
                      {cellText(v)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Flex>
      )}
    </ReportFrame>
  )
}
