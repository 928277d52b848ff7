// The frame of a ledger screen: title, filter controls, the query/export/print buttons, and its one table, shown
// and exported from the same header and rows.

import { Button, Field, Flex, Heading, Input, NativeSelect, Spinner, Table } from '@chakra-ui/react'
import { cellText, type SheetCell } from '@pms/protocol/format/sheet-cell'
import type { ReactNode } from 'react'
import { useT } from '../i18n/t.ts'
import type { Option } from '../ui/crud/fields.ts'
import { exportSheet } from './exportSheet.ts'

export type LedgerCell = SheetCell

/** A ledger's table: header keys, the rows as shown and exported, which columns are figures (right-aligned). */
export interface LedgerTable {
  testId: string
  header: string[]
  rows: LedgerCell[][]
  isFigure: (column: number) => boolean
  rowTestId?: (row: LedgerCell[], index: number) => string
}

interface Props {
  testId: string
  title: string
  filters: ReactNode
  loading: boolean
  onQuery: () => void
  table: LedgerTable
}

export function LedgerFrame({ testId, title, filters, loading, onQuery, table }: Props) {
  const t = useT()
  const onExport = () =>
    void exportSheet(
      t(title),
      table.header.map((k) => t(k)),
      table.rows,
    )
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
      <LedgerTableView {...table} />
    </Flex>
  )
}

function LedgerTableView({ testId, header, rows, isFigure, rowTestId }: LedgerTable) {
  const t = useT()
  return (
    <Table.Root size="sm" variant="outline" data-testid={testId}>
      <Table.Header>
        <Table.Row>
          {header.map((k) => (
            <Table.ColumnHeader key={k}>{t(k)}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed report.
          <Table.Row key={i} data-testid={rowTestId?.(r, i)}>
            {r.map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row.
              <Table.Cell key={j} textAlign={isFigure(j) ? 'end' : 'start'}>
                {cellText(cell)}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
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
