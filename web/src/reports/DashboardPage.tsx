// The manager's morning view: yesterday's closed figures beside the same day last year and today's provisional ones,
// the desk's counts now, occupancy of the next 7 days on the books, and the last 30 days' occupancy and revenue.
import { Flex, Heading, SimpleGrid, Stat } from '@chakra-ui/react'
import type { Dashboard } from '@pms/protocol/api/reports'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { reportApi } from './api.ts'
import { BarChart, LineChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { ReportFrame } from './ReportFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { formatBp, labelOf, SUMMARY_ROWS } from './rows.ts'

export default function DashboardPage() {
  const t = useT()
  const [report, setReport] = useState<Dashboard | null>(null)
  const [loading, setLoading] = useState(false)
  const show = async () => {
    setLoading(true)
    try {
      setReport((await reportApi.dashboard()).data ?? null)
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
  const header = report
    ? [
        t('reports.col.figure'),
        t('reports.dashboard.yesterday', [report.yesterday.businessDate]),
        t('reports.dashboard.lastYear'),
        t('reports.dashboard.today', [report.openBusinessDate]),
      ]
    : []
  const columns = report ? [report.yesterday.figures, report.yesterday.lastYear, report.today.figures] : []
  const rows = SUMMARY_ROWS.map((r) => [labelOf(t, r), ...columns.map((f) => r.value(f))])
  const desk: [string, number][] = report
    ? [
        ['reports.dashboard.arrivalsDue', report.today.arrivalsDue],
        ['reports.dashboard.departuresDue', report.today.departuresDue],
        ['reports.dashboard.inHouse', report.today.inHouseRooms],
        ['reports.dashboard.roomsDirty', report.today.roomsDirty],
      ]
    : []
  const next7 = (report?.next7 ?? []).map((d) => [
    d.date,
    String(d.availableRoomNights),
    String(d.roomNightsSold),
    formatBp(d.occupancyBp),
  ])
  return (
    <ReportFrame
      testId="dashboard-page"
      title="reports.dashboard.title"
      loading={loading}
      onShow={() => void show()}
      onExport={() =>
        void exportReport({
          title: `${t('reports.dashboard.title')} ${report?.openBusinessDate ?? ''}`,
          header,
          rows: report ? [...rows, ...desk.map(([k, n]) => [t(k), '', '', String(n)])] : [],
          notes: report ? [t('reports.usedRule', [t(`reports.rule.${report.rule}`)])] : [],
        })
      }
      provisional={report?.openBusinessDate ?? null}
      rule={report?.rule ?? null}
    >
      {report && (
        <Flex direction="column" gap="4">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            {desk.map(([k, n]) => (
              <Stat.Root
                key={k}
                borderWidth="1px"
                p="3"
                rounded="md"
                data-testid={`dashboard-${k.split('.')[2]}`}
              >
                <Stat.Label>{t(k)}</Stat.Label>
                <Stat.ValueText>{n}</Stat.ValueText>
              </Stat.Root>
            ))}
          </SimpleGrid>
          <ReportTable header={header} rows={rows} rowIds={SUMMARY_ROWS.map((r) => `report-row-${r.key}`)} />
          <Flex gap="4" wrap="wrap" align="start">
            <BarChart
              testId="dashboard-next7"
              title={t('reports.dashboard.next7')}
              points={report.next7.map((d) => ({
                label: d.date.slice(5),
                value: d.occupancyBp ?? 0,
                text: formatBp(d.occupancyBp),
              }))}
            />
            <ReportTable
              header={[
                t('reports.col.date'),
                t('reports.kpi.availableRoomNights'),
                t('reports.kpi.roomNightsSold'),
                t('reports.kpi.occupancy'),
              ]}
              rows={next7}
            />
          </Flex>
          <Heading size="sm">{t('reports.dashboard.last30')}</Heading>
          <Flex gap="4" wrap="wrap">
            <LineChart
              testId="report-chart"
              title={t('reports.chart.occupancy')}
              points={report.last30.map((d) => ({
                label: d.date.slice(5),
                value: d.occupancyBp ?? 0,
                text: formatBp(d.occupancyBp),
              }))}
            />
            <LineChart
              testId="report-chart-revenue"
              title={t('reports.chart.revenue')}
              points={report.last30.map((d) => ({
                label: d.date.slice(5),
                value: d.totalRevenueCents,
                text: formatMoney(d.totalRevenueCents),
              }))}
            />
          </Flex>
          <ReportTable
            header={[t('reports.col.date'), t('reports.kpi.occupancy'), t('reports.row.totalRevenue')]}
            rows={report.last30
              .filter((d) => d.closed)
              .map((d) => [d.date, formatBp(d.occupancyBp), formatMoney(d.totalRevenueCents)])}
          />
        </Flex>
      )}
    </ReportFrame>
  )
}
