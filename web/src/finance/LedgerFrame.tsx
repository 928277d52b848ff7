// The frame of a ledger screen: title, filter controls, the query/export/print buttons, the table.
import { Button, Field, Flex, Heading, Input, NativeSelect, Spinner } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'
import type { Option } from '../ui/crud/fields.ts'

interface Props {
  testId: string
  title: string
  filters: ReactNode
  loading: boolean
  onQuery: () => void
  onExport: () => void
  children: ReactNode
}

export function LedgerFrame({ testId, title, filters, loading, onQuery, onExport, children }: Props) {
  const t = useT()
  return (
    <Flex direction="column" gap="3" bg="bg" p="4" borderRadius="md" data-testid={testId}>
      <Heading size="md">{t(title)}</Heading>
      <Flex gap="3" wrap="wrap" align="end">
        {filters}
        <Button size="sm" colorPalette="blue" onClick={onQuery} data-testid="ledger-query">
          {t('financeConsole.query')}
        </Button>
        <Button size="sm" variant="outline" onClick={onExport} data-testid="ledger-export">
          {t('financeConsole.export')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          {t('financeConsole.print')}
        </Button>
        {loading && <Spinner size="sm" />}
      </Flex>
      {children}
    </Flex>
  )
}

export function FilterInput(props: {
  label: string
  value: string
  onChange: (v: string) => void
  type?: string
  testId: string
  width?: string
}) {
  const t = useT()
  return (
    <Field.Root width={props.width ?? '170px'}>
      <Field.Label fontSize="sm">{t(props.label)}</Field.Label>
      <Input
        size="sm"
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </Field.Root>
  )
}

export function FilterSelect(props: {
  label: string
  value: string
  onChange: (v: string) => void
  options: readonly Option[]
  testId: string
}) {
  const t = useT()
  return (
    <Field.Root width="260px">
      <Field.Label fontSize="sm">{t(props.label)}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={props.testId}
        >
          <option value="">{t('crud.choose')}</option>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.raw ? o.label : t(o.label)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
