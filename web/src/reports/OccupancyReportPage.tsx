// The occupancy report and forecast: by day (this file: a row per day — closed days from the night audit, the open
// business day and after forecast from the stays on the books (marked) — with the totals, and a line of occupancy
// beside the table) or by building and floor (FloorOccupancy.tsx). Switching views keeps the period picked.
import { Field, Flex, NativeSelect } from '@chakra-ui/react'
import type { OccupancyDay } from '@pms/protocol/api/reports'
import { type ReactNode, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { type Period, reportApi } from './api.ts'
import { LineChart } from './charts.tsx'
import { FloorOccupancy } from './FloorOccupancy.tsx'
import { PeriodFrame } from './PeriodFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { formatBp } from './rows.ts'
import { type PeriodOptions, usePeriodReport } from './usePeriodReport.ts'

type Figures = Omit<OccupancyDay, 'date' | 'kind'>

const cells = (f: Figures) => [
  String(f.roomsInService),
  String(f.roomsOutOfOrder),
  String(f.availableRoomNights),
  String(f.roomNightsSold),
  String(f.roomsComplimentary),
  String(f.roomsHouseUse),
  formatBp(f.occupancyBp),
]

type View = 'byDay' | 'byFloor'

function ViewPicker({ value, onChange }: { value: View; onChange: (v: View) => void }) {
  const t = useT()
  return (
    <Field.Root width="170px">
      <Field.Label fontSize="sm">{t('reports.occupancy.view')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          data-testid="occupancy-view"
          value={value}
          onChange={(e) => onChange(e.target.value as View)}
        >
          {(['byDay', 'byFloor'] as const).map((v) => (
            <option key={v} value={v}>
              {t(`reports.occupancy.${v}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

export default function OccupancyReportPage() {
  const [view, setView] = useState<View>('byDay')
  const [period, setPeriod] = useState<Period | undefined>()
  const options = { initial: period, onLoaded: setPeriod }
  const picker = <ViewPicker value={view} onChange={setView} />
  return view === 'byDay' ? (
    <DayOccupancy key={view} options={options} viewPicker={picker} />
  ) : (
    <FloorOccupancy key={view} options={options} viewPicker={picker} />
  )
}

function DayOccupancy({ options, viewPicker }: { options: PeriodOptions; viewPicker: ReactNode }) {
  const t = useT()
  const state = usePeriodReport(reportApi.occupancy, options)
  const { report } = state
  const rule = report ? t(`reports.rule.${report.rule}`) : ''
  const header = [
    t('reports.col.date'),
    t('reports.col.kind'),
    t('reports.row.roomsInService'),
    t('reports.row.roomsOutOfOrder'),
    t('reports.kpi.availableRoomNights'),
    t('reports.kpi.roomNightsSold'),
    t('reports.row.roomsComplimentary'),
    t('reports.row.roomsHouseUse'),
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
    undefined,
    t('reports.kpi.occupancy.note', [rule]),
  ]
  const rows = (report?.rows ?? []).map((r) => [r.date, t(`reports.kind.${r.kind}`), ...cells(r)])
  const total = report ? [t('reports.total'), '', ...cells(report.total)] : undefined
  return (
    <PeriodFrame
      testId="occupancy-report-page"
      title="reports.occupancy.title"
      exportTitle={t('reports.occupancy.title')}
      state={state}
      viewPicker={viewPicker}
      note="reports.occupancy.note"
      table={{ header, rows, total }}
      hasData={Boolean(report?.total.availableRoomNights || report?.total.roomNightsSold)}
      provisional={null}
    >
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
    </PeriodFrame>
  )
}
