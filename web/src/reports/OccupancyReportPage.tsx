// The occupancy report and forecast: a row per day — closed days from the night audit, the open business day and
// after forecast from the stays on the books (marked) — with the totals, and a line of occupancy beside the table.
import { Flex, Text } from '@chakra-ui/react'
import type { OccupancyDay } from '@pms/protocol/api/reports'
import { useT } from '../i18n/t.ts'
import { reportApi } from './api.ts'
import { LineChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { EndPicker, ReportFrame } from './ReportFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { formatBp } from './rows.ts'
import { usePeriodReport } from './usePeriodReport.ts'

type Figures = Omit<OccupancyDay, 'date' | 'kind'>

const cells = (f: Figures) => [
  String(f.roomsInService),
  String(f.roomsOutOfOrder),
  String(f.availableRoomNights),
  String(f.roomNightsSold),
  String(f.roomsComplimentary),
  formatBp(f.occupancyBp),
]

export default function OccupancyReportPage() {
  const t = useT()
  const { report, loading, begin, end, setBegin, setEnd, show } = usePeriodReport(reportApi.occupancy)
  const rule = report ? t(`reports.rule.${report.rule}`) : ''
  const header = [
    t('reports.col.date'),
    t('reports.col.kind'),
    t('reports.row.roomsInService'),
    t('reports.row.roomsOutOfOrder'),
    t('reports.kpi.availableRoomNights'),
    t('reports.kpi.roomNightsSold'),
    t('reports.row.roomsComplimentary'),
    t('reports.kpi.occupancy'),
  ]
  const notes = [
    undefined,
    undefined,
    undefined,
    undefined,
    t('reports.kpi.availableRoomNights.note', [rule]),
    t('reports.kpi.roomNightsSold.note', [rule]),
    undefined,
    t('reports.kpi.occupancy.note', [rule]),
  ]
  const rows = (report?.rows ?? []).map((r) => [r.date, t(`reports.kind.${r.kind}`), ...cells(r)])
  const total = report ? [t('reports.total'), '', ...cells(report.total)] : undefined
  const title = `${t('reports.occupancy.title')} ${report ? `${report.beginDate}~${report.endDate}` : ''}`
  return (
    <ReportFrame
      testId="occupancy-report-page"
      title="reports.occupancy.title"
      picker={{ label: 'reports.pick.begin', type: 'date', value: begin, onChange: setBegin }}
      extraPicker={<EndPicker value={end} onChange={setEnd} />}
      loading={loading}
      onShow={show}
      onExport={() =>
        void exportReport({
          title,
          header,
          rows: report?.total.availableRoomNights || report?.total.roomNightsSold ? rows : [],
          total,
          notes: [t('reports.usedRule', [rule]), t('reports.occupancy.note')],
        })
      }
      provisional={null}
      rule={report?.rule ?? null}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('reports.occupancy.note')}
      </Text>
      {report && (
        <Flex direction="column" gap="4">
          <LineChart
            testId="report-chart"
            title={t('reports.chart.occupancy')}
            points={report.rows.map((r) => ({
              label: r.date.slice(5),
              value: r.occupancyBp ?? 0,
              text: formatBp(r.occupancyBp),
            }))}
          />
          <ReportTable
            header={header}
            rows={rows}
            total={total}
            notes={notes}
            rowIds={report.rows.map((r) => `report-row-${r.date}`)}
          />
        </Flex>
      )}
    </ReportFrame>
  )
}
