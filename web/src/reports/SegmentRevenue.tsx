// Revenue analysis by an order attribute (order source, customer source, channel, salesman) over a period: per
// segment the room-nights, room revenue, ADR, RevPAR part and shares beside the same period last year, the totals row;
// bars of room revenue by segment and the trend by day or month, with the same numbers as the table.
import { Field, Flex, NativeSelect } from '@chakra-ui/react'
import { ORDER_CHANNELS } from '@pms/protocol/api/orders'
import { REVENUE_DIMENSIONS, type RevenueDimension, type SegmentFigures } from '@pms/protocol/api/reports'
import type { ReactNode } from 'react'
import { CUSTOMER_SOURCES, ORDER_SOURCES } from '../front-desk/reservations/reserveForm.ts'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { reportApi } from './api.ts'
import { BarChart, MultiLineChart } from './charts.tsx'
import { PeriodFrame } from './PeriodFrame.tsx'
import { ReportTable } from './ReportTable.tsx'
import { formatBp, money } from './rows.ts'
import { type PeriodOptions, usePeriodReport } from './usePeriodReport.ts'

/** The translated values of each attribute (others show as recorded). */
const KNOWN: Partial<Record<RevenueDimension, readonly string[]>> = {
  orderSource: ORDER_SOURCES,
  customerSource: CUSTOMER_SOURCES,
  channel: ORDER_CHANNELS,
}

/** The language key of a segment's name, or the name itself when it has none. */
export function segmentLabel(dimension: RevenueDimension, segment: string): [string, boolean] {
  if (segment === '') return ['reports.segment.none', false]
  return KNOWN[dimension]?.includes(segment)
    ? [`frontDeskConsole.${dimension}.${segment}`, false]
    : [segment, true]
}

/** What the revenue analysis groups by: the room type or an order attribute. */
export function DimensionPicker({
  value,
  onChange,
}: {
  value: 'roomType' | RevenueDimension
  onChange: (v: 'roomType' | RevenueDimension) => void
}) {
  const t = useT()
  return (
    <Field.Root width="170px">
      <Field.Label fontSize="sm">{t('reports.revenue.by')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          data-testid="revenue-by"
          value={value}
          onChange={(e) => onChange(e.target.value as 'roomType' | RevenueDimension)}
        >
          {(['roomType', ...REVENUE_DIMENSIONS] as const).map((d) => (
            <option key={d} value={d}>
              {t(`reports.dimension.${d}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

const cells = (f: SegmentFigures, ly: SegmentFigures) => [
  String(f.roomNightsSold),
  formatBp(f.roomNightsShareBp),
  money(f.roomRevenueCents),
  formatBp(f.revenueShareBp),
  money(f.adrCents),
  money(f.revparCents),
  String(ly.roomNightsSold),
  money(ly.roomRevenueCents),
  formatBp(ly.revenueShareBp),
  money(ly.adrCents),
  money(ly.revparCents),
]

export function SegmentRevenue({
  dimension,
  options,
  byPicker,
}: {
  dimension: RevenueDimension
  options: PeriodOptions
  byPicker: ReactNode
}) {
  const t = useT()
  const state = usePeriodReport((period) => reportApi.revenueBySegment(dimension, period), options)
  const { report } = state
  const rule = report ? t(`reports.rule.${report.rule}`) : ''
  const kpi = (k: string) => t(`reports.kpi.${k}.note`, [rule])
  const what = t(`reports.dimension.${dimension}`)
  const name = (segment: string) => {
    const [key, raw] = segmentLabel(dimension, segment)
    return raw ? key : t(key)
  }
  const header = [
    what,
    t('reports.kpi.roomNightsSold'),
    t('reports.col.nightsShare'),
    t('reports.row.roomRevenue'),
    t('reports.col.share'),
    t('reports.kpi.adr'),
    t('reports.col.revparPart'),
    t('reports.col.lastYearNights'),
    t('reports.col.lastYearRevenue'),
    t('reports.col.lastYearShare'),
    t('reports.col.lastYearAdr'),
    t('reports.col.lastYearRevpar'),
  ]
  const notes = [
    undefined,
    kpi('roomNightsSold'),
    undefined,
    undefined,
    undefined,
    kpi('adr'),
    t('reports.segment.note'),
    kpi('roomNightsSold'),
    undefined,
    undefined,
    kpi('adr'),
    t('reports.segment.note'),
  ]
  const rows = (report?.rows ?? []).map((r) => [name(r.segment), ...cells(r.figures, r.lastYear)])
  const total = report ? [t('reports.total'), ...cells(report.total, report.totalLastYear)] : undefined
  const hasData = Boolean(report?.rows.length)
  const trend = report?.trend.points ?? []
  return (
    <PeriodFrame
      testId="revenue-report-page"
      title="reports.revenue.title"
      exportTitle={t('reports.segment.title', [what])}
      state={state}
      viewPicker={byPicker}
      note="reports.segment.note"
      table={{ header, rows, total }}
      hasData={hasData}
      provisional={report?.provisional ? report.openBusinessDate : null}
    >
      {report && (
        <Flex direction="column" gap="4">
          <Flex gap="4" wrap="wrap">
            <BarChart
              testId="report-chart"
              title={t('reports.chart.bySegment', [what])}
              points={report.rows.map((r) => ({
                label: name(r.segment),
                value: r.figures.roomRevenueCents,
                text: formatMoney(r.figures.roomRevenueCents),
              }))}
            />
            <MultiLineChart
              testId="report-chart-trend"
              title={t('reports.chart.trend', [what])}
              labels={trend.map((p) => (report.trend.step === 'day' ? p.key.slice(5) : p.key))}
              series={report.rows.map((r) => {
                const values = trend.map((p) => p.bySegment[r.segment] ?? 0)
                return { name: name(r.segment), values, texts: values.map(formatMoney) }
              })}
            />
          </Flex>
          <ReportTable
            header={header}
            rows={rows}
            total={total}
            notes={notes}
            rowIds={report.rows.map((r) => `report-row-${r.segment || 'none'}`)}
          />
        </Flex>
      )}
    </PeriodFrame>
  )
}
