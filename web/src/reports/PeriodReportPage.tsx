// The monthly report (a row per day) and the annual report (a row per month): the daily figures per row, a totals
// row, and line charts of occupancy and total revenue over the period beside the table.

import { Flex, Table, Text } from '@chakra-ui/react'
import type { PeriodReport } from '@pms/protocol/api/reports'
import { cellText } from '@pms/protocol/format/sheet-cell'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { reportApi } from './api.ts'
import { LineChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { ReportFrame } from './ReportFrame.tsx'
import { formatBp, labelOf, PERIOD_COLUMNS } from './rows.ts'

export function PeriodReportPage({ kind }: { kind: 'monthly' | 'annual' }) {
  const t = useT()
  // Opens on the month or year of the property's business date: the server's default, named in its answer.
  const [period, setPeriod] = useState('')
  const [report, setReport] = useState<PeriodReport | null>(null)
  const [loading, setLoading] = useState(false)
  const show = async (p?: string) => {
    setLoading(true)
    try {
      const res = kind === 'monthly' ? await reportApi.monthly(p) : await reportApi.annual(p)
      setReport(res.data ?? null)
      if (res.data) setPeriod(res.data.period)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open
  useEffect(() => {
    void show()
  }, [])
  const title = `reports.${kind}.title`
  const header = [
    t(kind === 'monthly' ? 'reports.col.date' : 'reports.col.month'),
    ...PERIOD_COLUMNS.map((c) => labelOf(t, c)),
  ]
  const rows = report?.rows ?? []
  const table = rows.map((r) => [r.key, ...PERIOD_COLUMNS.map((c) => c.value(r.figures))])
  const total = report ? [t('reports.total'), ...PERIOD_COLUMNS.map((c) => c.value(report.total))] : undefined
  const open = report?.rows.find((r) => r.figures.provisionalDays > 0)
  const label = (key: string) => (kind === 'monthly' ? key.slice(8) : key.slice(5))
  return (
    <ReportFrame
      testId={`${kind}-report-page`}
      title={title}
      picker={{
        label: kind === 'monthly' ? 'reports.pick.month' : 'reports.pick.year',
        type: kind === 'monthly' ? 'month' : 'text',
        value: period,
        onChange: setPeriod,
      }}
      loading={loading}
      onShow={() => void show(period || undefined)}
      onExport={() =>
        void exportReport({
          title: `${t(title)} ${report?.period ?? ''}`,
          header,
          rows: report?.total.days ? table : [],
          total,
        })
      }
      provisional={open && report ? report.openBusinessDate : null}
      rule={report?.rule ?? null}
    >
      {report && !report.total.days && <Text data-testid="report-empty">{t('reports.noData')}</Text>}
      {report && (
        <Flex direction="column" gap="4">
          <Flex gap="4" wrap="wrap">
            <LineChart
              testId="report-chart"
              title={t('reports.chart.occupancy')}
              points={rows.map((r) => ({
                label: label(r.key),
                value: r.figures.kpis.occupancyBp ?? 0,
                text: formatBp(r.figures.kpis.occupancyBp),
              }))}
            />
            <LineChart
              testId="report-chart-revenue"
              title={t('reports.chart.revenue')}
              points={rows.map((r) => ({
                label: label(r.key),
                value: r.figures.totalRevenueCents,
                text: formatMoney(r.figures.totalRevenueCents),
              }))}
            />
          </Flex>
          <Table.Root size="sm" variant="outline" data-testid="report-table">
            <Table.Header>
              <Table.Row>
                {header.map((h, i) => (
                  <Table.ColumnHeader
                    key={h}
                    title={
                      i > 0 && PERIOD_COLUMNS[i - 1]!.kpi
                        ? t(`reports.kpi.${PERIOD_COLUMNS[i - 1]!.kpi}.note`, [
                            t(`reports.rule.${report.rule}`),
                          ])
                        : undefined
                    }
                  >
                    {h}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {table.map((r) => (
                <Table.Row key={cellText(r[0])}>
                  {r.map((v, j) => (
                    <Table.Cell key={header[j]} textAlign={j ? 'end' : 'start'}>
                      {cellText(v)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
              {total && (
                <Table.Row fontWeight="bold" data-testid="report-total">
                  {total.map((v, j) => (
                    <Table.Cell key={header[j]} textAlign={j ? 'end' : 'start'}>
                      {cellText(v)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Flex>
      )}
    </ReportFrame>
  )
}

export default PeriodReportPage
