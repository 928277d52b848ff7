// The member report: for a period of business dates, who joined (by grade and source, with a bar chart), the stored
// value moved and outstanding, points, and the top members (phone masked by the server).

import { Flex, Table } from '@chakra-ui/react'
import { cellText, moneyCell, type SheetCell } from '@pms/protocol/format/sheet-cell'
import { useT } from '../i18n/t.ts'
import { reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { EndPicker, ReportFrame } from './ReportFrame.tsx'
import { usePeriodReport } from './usePeriodReport.ts'

const SOURCES = new Set(['desk', 'online', 'import', 'other'])

export default function MemberReportPage() {
  const t = useT()
  // Opens on the month of the property's business date up to it (the server's default).
  const { report, loading, begin, end, setBegin, setEnd, show } = usePeriodReport(reportApi.member)
  const grade = (g: string) => g || t('reports.member.noGrade')
  const source = (s: string) => (SOURCES.has(s) ? t(`members.source.${s}`) : s)
  const summary: [string, SheetCell][] = report
    ? [
        ['reports.member.newMembers', String(report.newMembers)],
        ...Object.entries(report.newByGrade).map(
          ([g, n]) => [`${t('reports.member.byGrade')}: ${grade(g)}`, String(n)] as [string, SheetCell],
        ),
        ...Object.entries(report.newBySource).map(
          ([s, n]) => [`${t('reports.member.bySource')}: ${source(s)}`, String(n)] as [string, SheetCell],
        ),
        ['reports.member.rechargeBase', moneyCell(report.rechargeBaseCents)],
        ['reports.member.rechargeGift', moneyCell(report.rechargeGiftCents)],
        ['reports.member.spentBase', moneyCell(report.spentBaseCents)],
        ['reports.member.spentGift', moneyCell(report.spentGiftCents)],
        ['reports.member.refunded', moneyCell(report.refundedCents)],
        ['reports.member.pointsEarned', String(report.pointsEarned)],
        ['reports.member.pointsUsed', String(report.pointsUsed)],
        ['reports.member.pointsExpired', String(report.pointsExpired)],
        ['reports.member.outstanding', moneyCell(report.outstandingBaseCents + report.outstandingGiftCents)],
      ]
    : []
  const topHeader = ['cardNo', 'name', 'phone', 'grade', 'recharge', 'spent'].map((k) =>
    t(`reports.member.col.${k}`),
  )
  const top = (report?.topMembers ?? []).map((m) => [
    m.cardNo,
    m.name,
    m.phone,
    grade(m.gradeName),
    moneyCell(m.rechargeCents),
    moneyCell(m.spentCents),
  ])
  const rows = summary.map(([k, v]): [string, SheetCell] => [k.startsWith('reports.') ? t(k) : k, v])
  return (
    <ReportFrame
      testId="member-report-page"
      title="reports.member.title"
      picker={{ label: 'reports.pick.begin', type: 'date', value: begin, onChange: setBegin }}
      extraPicker={<EndPicker value={end} onChange={setEnd} />}
      loading={loading}
      onShow={show}
      onExport={() =>
        void exportReport({
          title: `${t('reports.member.title')} ${begin}~${end}`,
          header: [t('reports.col.figure'), ''],
          rows: report ? [...rows, [], topHeader, ...top] : [],
        })
      }
      provisional={null}
      rule={null}
    >
      {report && (
        <Flex gap="4" wrap="wrap" align="start">
          <Table.Root size="sm" variant="outline" width="auto" data-testid="report-table">
            <Table.Body>
              {rows.map(([k, v]) => (
                <Table.Row key={k}>
                  <Table.Cell>{k}</Table.Cell>
                  <Table.Cell textAlign="end">{cellText(v)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <BarChart
            testId="report-chart"
            title={t('reports.member.byGrade')}
            points={Object.entries(report.newByGrade).map(([g, n]) => ({
              label: grade(g),
              value: n,
              text: String(n),
            }))}
          />
          <Table.Root size="sm" variant="outline" data-testid="report-top">
            <Table.Caption captionSide="top">{t('reports.member.top')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {topHeader.map((h) => (
                  <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {top.map((r) => (
                <Table.Row key={cellText(r[0])}>
                  {r.map((v, j) => (
                    <Table.Cell key={topHeader[j]} textAlign={j >= 4 ? 'end' : 'start'}>
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
