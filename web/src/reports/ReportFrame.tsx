// The frame of a report screen: title, period picker, show/export/print buttons, the provisional notice, the chart
// and table, and the KPI footnotes (the one definition of each figure, protocol/src/reports/kpi.ts).
import { Alert, Box, Button, Field, Flex, Heading, Input, Spinner, Text } from '@chakra-ui/react'
import type { AvailabilityRule } from '@pms/protocol/reports/kpi'
import { KPI_NAMES } from '@pms/protocol/reports/kpi'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'

interface Props {
  testId: string
  title: string
  /** The date or period picker (none on the dashboard, always of the open business day). */
  picker?: { label: string; type: 'date' | 'month' | 'text'; value: string; onChange: (v: string) => void }
  /** A second picker (the end of a period). */
  extraPicker?: ReactNode
  loading: boolean
  onShow: () => void
  onExport: () => void
  /** The open business date when the report holds it (its figures are provisional). */
  provisional: string | null
  rule: AvailabilityRule | null
  children: ReactNode
}

/** The end of a period beside the frame's picker (its begin). */
export function EndPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT()
  return (
    <Field.Root width="170px">
      <Field.Label fontSize="sm">{t('reports.pick.end')}</Field.Label>
      <Input
        size="sm"
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid="report-period-end"
      />
    </Field.Root>
  )
}

export function ReportFrame(props: Props) {
  const t = useT()
  const { picker } = props
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid={props.testId}>
      <Heading size="md">{t(props.title)}</Heading>
      <Flex gap="3" wrap="wrap" align="end" className="no-print">
        {picker && (
          <Field.Root width="170px">
            <Field.Label fontSize="sm">{t(picker.label)}</Field.Label>
            <Input
              size="sm"
              type={picker.type}
              value={picker.value}
              onChange={(e) => picker.onChange(e.target.value)}
              data-testid="report-period"
            />
          </Field.Root>
        )}
        {props.extraPicker}
        <Button size="sm" colorPalette="blue" onClick={props.onShow} data-testid="report-show">
          {t('reports.show')}
        </Button>
        <Button size="sm" variant="outline" onClick={props.onExport} data-testid="report-export">
          {t('reports.export')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          {t('reports.print')}
        </Button>
        {props.loading && <Spinner size="sm" />}
      </Flex>
      {props.provisional && (
        <Alert.Root status="warning" size="sm" data-testid="report-provisional">
          <Alert.Indicator />
          <Alert.Title>{t('reports.provisional', [props.provisional])}</Alert.Title>
        </Alert.Root>
      )}
      {props.rule && (
        <Text fontSize="sm" color="fg.muted" data-testid="report-rule">
          {t('reports.usedRule', [t(`reports.rule.${props.rule}`)])}
        </Text>
      )}
      {props.children}
      {props.rule && (
        <Box fontSize="xs" color="fg.muted" data-testid="report-notes">
          <Text fontWeight="semibold">{t('reports.notes')}</Text>
          {KPI_NAMES.map((k) => (
            <Text key={k}>
              {`${t(`reports.kpi.${k}`)}: ${t(`reports.kpi.${k}.note`, [t(`reports.rule.${props.rule}`)])}`}
            </Text>
          ))}
        </Box>
      )}
    </Flex>
  )
}
