// The member report: for a period of business dates, who joined (by grade and source, with a bar chart), the stored
// value moved and outstanding, points, and the top members (phone masked by the server).
import { Field, Flex, Input, Table } from '@chakra-ui/react'
import type { MemberReport } from '@pms/protocol/api/reports'
import { useEffect, useState } from 'react'
import { useT } from '../i18n/t.ts'
import { businessToday, monthStart } from '../session/businessDate.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { reportApi } from './api.ts'
import { BarChart } from './charts.tsx'
import { exportReport } from './exportReport.ts'
import { ReportFrame } from './ReportFrame.tsx'

const SOURCES = new Set(['desk', 'online', 'import', 'other'])

export default function MemberReportPage() {
  const t = useT()
  const today = businessToday()
  const [begin, setBegin] = useState(monthStart(today))
  const [end, setEnd] = useState(today)
  const [report, setReport] = useState<MemberReport | null>(null)
  const [loading, setLoading] = useState(false)
  const show = async () => {
    setLoading(true)
    try {
      setReport((await reportApi.member(begin, end)).data ?? null)
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
  const grade = (g: string) => g || t('reports.member.noGrade')
  const source = (s: string) => (SOURCES.has(s) ? t(`members.source.${s}`) : s)
  const summary: [string, string][] = report
    ? [
        ['reports.member.newMembers', String(report.newMembers)],
        ...Object.entries(report.newByGrade).map(
          ([g, n]) => [`${t('reports.member.byGrade')}: ${grade(g)}`, String(n)] as [string, string],
        ),
        ...Object.entries(report.newBySource).map(
          ([s, n]) => [`${t('reports.member.bySource')}: ${source(s)}`, String(n)] as [string, string],
        ),
        ['reports.member.rechargeBase', formatMoney(report.rechargeBaseCents)],
        ['reports.member.rechargeGift', formatMoney(report.rechargeGiftCents)],
        ['reports.member.spentBase', formatMoney(report.spentBaseCents)],
        ['reports.member.spentGift', formatMoney(report.spentGiftCents)],
        ['reports.member.refunded', formatMoney(report.refundedCents)],
        ['reports.member.pointsEarned', String(report.pointsEarned)],
        ['reports.member.pointsUsed', String(report.pointsUsed)],
        [
          'reports.member.outstanding',
          formatMoney(report.outstandingBaseCents + report.outstandingGiftCents),
        ],
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
    formatMoney(m.rechargeCents),
    formatMoney(m.spentCents),
  ])
  const rows = summary.map(([k, v]) => [k.startsWith('reports.') ? t(k) : k, v])
  return (
    <ReportFrame
      testId="member-report-page"
      title="reports.member.title"
      picker={{ label: 'reports.pick.begin', type: 'date', value: begin, onChange: setBegin }}
      extraPicker={
        <Field.Root width="170px">
          <Field.Label fontSize="sm">{t('reports.pick.end')}</Field.Label>
          <Input size="sm" type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
        </Field.Root>
      }
      loading={loading}
      onShow={() => void show()}
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
                  <Table.Cell textAlign="end">{v}</Table.Cell>
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
                <Table.Row key={r[0]}>
                  {r.map((v, j) => (
                    <Table.Cell key={topHeader[j]} textAlign={j >= 4 ? 'end' : 'start'}>
                      {v}
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
