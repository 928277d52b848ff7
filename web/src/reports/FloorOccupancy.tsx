// The occupancy report by building and floor: a row per floor (each building's total after its floors, reservations
// without a room on a line of their own) with the day's occupancy per date and the period's figures; the property's
// totals row; bars of the period's occupancy by floor beside the table.
import { Flex } from '@chakra-ui/react'
import type { FloorOccupancyRow } from '@pms/protocol/api/reports'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'
import { reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { PeriodFrame } from './PeriodFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { formatBp } from './rows.ts'
import { type PeriodOptions, usePeriodReport } from './usePeriodReport.ts'

type Sums = Pick<FloorOccupancyRow, 'days' | 'total'>

const cells = (r: Sums) => [
  ...r.days.map((d) => formatBp(d.occupancyBp)),
  String(r.total.availableRoomNights),
  String(r.total.roomNightsSold),
  String(r.total.roomsComplimentary),
  formatBp(r.total.occupancyBp),
]

export function FloorOccupancy({ options, viewPicker }: { options: PeriodOptions; viewPicker: ReactNode }) {
  const t = useT()
  const state = usePeriodReport(reportApi.occupancyByFloor, options)
  const { report } = state
  const rule = report ? t(`reports.rule.${report.rule}`) : ''
  const floorName = (r: FloorOccupancyRow) =>
    r.buildingId === 0 ? t('reports.floor.unassigned') : `${r.buildingName} ${r.floorName || r.floorNo}`
  // Each building's floors, then the building's total.
  const lines = (report?.buildings ?? []).flatMap((b) => {
    const floors = report!.floors.filter((f) => f.buildingId === b.buildingId)
    return b.buildingId === 0
      ? floors.map((f) => ({ id: 'unassigned', label: floorName(f), row: f }))
      : [
          ...floors.map((f) => ({ id: String(f.floorId), label: floorName(f), row: f })),
          {
            id: `building-${b.buildingId}`,
            label: t('reports.floor.buildingTotal', [b.buildingName]),
            row: b,
          },
        ]
  })
  const header = [
    t('reports.col.floor'),
    ...(report?.dates ?? []).map((d, i) =>
      report!.kinds[i] === 'forecast' ? `${d.slice(5)} (${t('reports.kind.forecast')})` : d.slice(5),
    ),
    t('reports.kpi.availableRoomNights'),
    t('reports.kpi.roomNightsSold'),
    t('reports.row.roomsComplimentary'),
    t('reports.kpi.occupancy'),
  ]
  const rows = lines.map((l) => [l.label, ...cells(l.row)])
  const total = report ? [t('reports.total'), ...cells(report.total)] : undefined
  const hasData = Boolean(report?.total.total.availableRoomNights || report?.total.total.roomNightsSold)
  return (
    <PeriodFrame
      testId="occupancy-report-page"
      title="reports.occupancy.title"
      exportTitle={`${t('reports.occupancy.title')} · ${t('reports.occupancy.byFloor')}`}
      state={state}
      viewPicker={viewPicker}
      note="reports.floor.note"
      table={{ header, rows, total }}
      hasData={hasData}
      provisional={null}
    >
      {report && (
        <Flex direction="column" gap="4">
          <BarChart
            testId="report-chart"
            title={t('reports.chart.byFloor')}
            points={report.floors
              .filter((f) => f.buildingId !== 0)
              .map((f) => ({
                label: floorName(f),
                value: f.total.occupancyBp ?? 0,
                text: formatBp(f.total.occupancyBp),
              }))}
          />
          <ReportTable
            header={header}
            rows={rows}
            total={total}
            notes={[
              undefined,
              ...report.dates.map(() => t('reports.kpi.occupancy.note', [rule])),
              t('reports.kpi.availableRoomNights.note', [rule]),
              t('reports.kpi.roomNightsSold.note', [rule]),
              undefined,
              t('reports.kpi.occupancy.note', [rule]),
            ]}
            rowIds={lines.map((l) => `report-row-${l.id}`)}
          />
        </Flex>
      )}
    </PeriodFrame>
  )
}
