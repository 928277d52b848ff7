// Revenue analysis over a period, by room type (this file: room-nights, room revenue, ADR, occupancy, RevPAR and the
// share of room revenue per type, beside the same period last year; the totals row; bars of room revenue by type) or
// by an order attribute (SegmentRevenue.tsx). The picker of what to analyse by keeps the period picked.
import { Flex } from '@chakra-ui/react'
import type { RevenueDimension, RoomTypeFigures } from '@pms/protocol/api/reports'
import { type ReactNode, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { type Period, reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { PeriodFrame } from './PeriodFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { formatBp, money } from './rows.ts'
import { DimensionPicker, SegmentRevenue } from './SegmentRevenue.tsx'
import { type PeriodOptions, usePeriodReport } from './usePeriodReport.ts'

const cells = (f: RoomTypeFigures, ly: RoomTypeFigures) => [
  String(f.availableRoomNights),
  String(f.roomNightsSold),
  formatBp(f.occupancyBp),
  money(f.roomRevenueCents),
  money(f.adrCents),
  money(f.revparCents),
  formatBp(f.revenueShareBp),
  money(ly.roomRevenueCents),
  money(ly.adrCents),
  money(ly.revparCents),
]

export default function RevenueReportPage() {
  const [by, setBy] = useState<'roomType' | RevenueDimension>('roomType')
  const [period, setPeriod] = useState<Period | undefined>()
  const options = { initial: period, onLoaded: setPeriod }
  const picker = <DimensionPicker value={by} onChange={setBy} />
  return by === 'roomType' ? (
    <RoomTypeRevenue key={by} options={options} byPicker={picker} />
  ) : (
    <SegmentRevenue key={by} dimension={by} options={options} byPicker={picker} />
  )
}

function RoomTypeRevenue({ options, byPicker }: { options: PeriodOptions; byPicker: ReactNode }) {
  const t = useT()
  const state = usePeriodReport(reportApi.revenue, options)
  const { report } = state
  const rule = report ? t(`reports.rule.${report.rule}`) : ''
  const kpi = (k: string) => t(`reports.kpi.${k}.note`, [rule])
  const header = [
    t('reports.col.roomType'),
    t('reports.kpi.availableRoomNights'),
    t('reports.kpi.roomNightsSold'),
    t('reports.kpi.occupancy'),
    t('reports.row.roomRevenue'),
    t('reports.kpi.adr'),
    t('reports.kpi.revpar'),
    t('reports.col.share'),
    t('reports.col.lastYearRevenue'),
    t('reports.col.lastYearAdr'),
    t('reports.col.lastYearRevpar'),
  ]
  const notes = [
    undefined,
    kpi('availableRoomNights'),
    kpi('roomNightsSold'),
    kpi('occupancy'),
    undefined,
    kpi('adr'),
    kpi('revpar'),
    undefined,
    undefined,
    kpi('adr'),
    kpi('revpar'),
  ]
  const name = (typeName: string, id: number) => (id === 0 ? t('reports.revenue.noType') : typeName)
  const rows = (report?.rows ?? []).map((r) => [
    name(r.typeName, r.roomTypeId),
    ...cells(r.figures, r.lastYear),
  ])
  const total = report ? [t('reports.total'), ...cells(report.total, report.totalLastYear)] : undefined
  const hasData = Boolean(report?.total.availableRoomNights || report?.totalLastYear.availableRoomNights)
  return (
    <PeriodFrame
      testId="revenue-report-page"
      title="reports.revenue.title"
      exportTitle={t('reports.revenue.title')}
      state={state}
      viewPicker={byPicker}
      note="reports.revenue.note"
      table={{ header, rows, total }}
      hasData={hasData}
      provisional={report?.provisional ? report.openBusinessDate : null}
    >
      {report && (
        <Flex direction="column" gap="4">
          <BarChart
            testId="report-chart"
            title={t('reports.chart.byRoomType')}
            points={report.rows.map((r) => ({
              label: name(r.typeName, r.roomTypeId),
              value: r.figures.roomRevenueCents,
              text: formatMoney(r.figures.roomRevenueCents),
            }))}
          />
          <ReportTable
            header={header}
            rows={rows}
            total={total}
            notes={notes}
            rowIds={report.rows.map((r) => `report-row-${r.roomTypeId}`)}
          />
        </Flex>
      )}
    </PeriodFrame>
  )
}
