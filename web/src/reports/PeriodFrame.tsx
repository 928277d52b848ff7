// The frame of the period analyses — revenue by room type or by an order attribute, occupancy by day or by building
// and floor: one place for their wiring of ReportFrame (the begin and end pickers with the view picker beside them, the
// export of the table shown with the rule and the report's note, the note on screen, the empty state).

import { Text } from '@chakra-ui/react'
import type { SheetCell } from '@pms/protocol/format/sheet-cell'
import type { AvailabilityRule } from '@pms/protocol/reports/kpi'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'
import type { Period } from './api.ts'
import { exportReport } from './exportReport.ts'
import { EndPicker, ReportFrame } from './ReportFrame.tsx'

/** What usePeriodReport answers, for a report that names its availability rule. */
export interface PeriodState {
  report: (Period & { rule: AvailabilityRule }) | null
  loading: boolean
  begin: string
  end: string
  setBegin: (v: string) => void
  setEnd: (v: string) => void
  show: () => void
}

interface Props {
  testId: string
  /** The screen's title (a language key). */
  title: string
  /** The spreadsheet's title, translated; the period is appended. */
  exportTitle: string
  state: PeriodState
  /** What the screen shows by (room type or attribute; by day or by floor), beside the period. */
  viewPicker: ReactNode
  /** The report's note (a language key): on screen above the figures and in the spreadsheet. */
  note: string
  /** The table as shown, exported as is (no rows when there is no data: 'no data to export'). */
  table: { header: string[]; rows: SheetCell[][]; total?: SheetCell[] }
  hasData: boolean
  /** The open business date when the report holds it. */
  provisional: string | null
  /** The chart and table, shown when the period has data. */
  children: ReactNode
}

export function PeriodFrame(props: Props) {
  const t = useT()
  const { report, loading, begin, end, setBegin, setEnd, show } = props.state
  const rule = report ? t(`reports.rule.${report.rule}`) : ''
  const period = report ? `${report.beginDate}~${report.endDate}` : ''
  return (
    <ReportFrame
      testId={props.testId}
      title={props.title}
      picker={{ label: 'reports.pick.begin', type: 'date', value: begin, onChange: setBegin }}
      extraPicker={
        <>
          <EndPicker value={end} onChange={setEnd} />
          {props.viewPicker}
        </>
      }
      loading={loading}
      onShow={show}
      onExport={() =>
        void exportReport({
          title: `${props.exportTitle} ${period}`,
          header: props.table.header,
          rows: props.hasData ? props.table.rows : [],
          total: props.table.total,
          notes: [t('reports.usedRule', [rule]), t(props.note)],
        })
      }
      provisional={props.provisional}
      rule={report?.rule ?? null}
    >
      <Text fontSize="sm" color="fg.muted">
        {t(props.note)}
      </Text>
      {report && !props.hasData && <Text data-testid="report-empty">{t('reports.noData')}</Text>}
      {report && props.hasData && props.children}
    </ReportFrame>
  )
}
