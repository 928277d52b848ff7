// The business daily report (营业日报): for a business date, every figure today, month to date, year to date, the same
// day last year and MTD last year; a bar chart of the day's revenue by item beside the table.

import { Flex, Table, Text } from '@chakra-ui/react'
import type { DailyReport } from '@pms/protocol/api/reports'
import { cellText } from '@pms/protocol/format/sheet-cell'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { ReportFrame } from './ReportFrame.tsx'
import { dailyRows, itemLabel, labelOf } from './rows.ts'

const COLUMNS = ['today', 'monthToDate', 'yearToDate', 'lastYear', 'monthToDateLastYear'] as const

export default function DailyReportPage() {
  const t = useT()
  const [date, setDate] = useState('')
  const [report, setReport] = useState<DailyReport | null>(null)
  const [loading, setLoading] = useState(false)
  const show = async (businessDate?: string) => {
    setLoading(true)
    try {
      const data = (await reportApi.daily(businessDate || undefined)).data ?? null
      setReport(data)
      if (data) setDate(data.businessDate)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  // The last closed day when the screen opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on open
  useEffect(() => {
    void show()
  }, [])
  const columns = report ? COLUMNS.map((c) => report[c]) : []
  const rows = dailyRows(columns)
  const header = [t('reports.col.figure'), ...COLUMNS.map((c) => t(`reports.col.${c}`))]
  const table = rows.map((r) => [labelOf(t, r), ...columns.map((f) => r.value(f))])
  const byItem = report ? Object.entries(report.today.revenueByItem) : []
  return (
    <ReportFrame
      testId="daily-report-page"
      title="reports.daily.title"
      picker={{ label: 'reports.pick.date', type: 'date', value: date, onChange: setDate }}
      loading={loading}
      onShow={() => void show(date)}
      onExport={() =>
        void exportReport({
          title: `${t('reports.daily.title')} ${report?.businessDate ?? ''}`,
          header,
          rows: report && report.today.days + report.yearToDate.days ? table : [],
        })
      }
      provisional={report && report.businessDate === report.openBusinessDate ? report.openBusinessDate : null}
      rule={report?.rule ?? null}
    >
      {report && !report.today.days && <Text data-testid="report-empty">{t('reports.noData')}</Text>}
      {report && (
        <Flex gap="4" wrap="wrap" align="start">
          <Table.Root size="sm" variant="outline" width="auto" data-testid="report-table">
            <Table.Header>
              <Table.Row>
                {header.map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, i) => (
                <Table.Row key={r.key} data-testid={`report-row-${r.key}`}>
                  <Table.Cell
                    title={
                      r.kpi ? t(`reports.kpi.${r.kpi}.note`, [t(`reports.rule.${report.rule}`)]) : undefined
                    }
                  >
                    {cellText(table[i]![0])}
                    {r.kpi ? ' *' : ''}
                  </Table.Cell>
                  {table[i]!.slice(1).map((v, j) => (
                    <Table.Cell key={COLUMNS[j]} textAlign="end">
                      {cellText(v)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <BarChart
            testId="report-chart"
            title={t('reports.chart.byItem')}
            points={byItem.map(([name, cents]) => {
              const [key, raw] = itemLabel(name)
              return { label: raw ? key : t(key), value: cents, text: formatMoney(cents) }
            })}
          />
        </Flex>
      )}
    </ReportFrame>
  )
}
