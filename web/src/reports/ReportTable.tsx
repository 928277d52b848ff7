// A report's table as the spreadsheet holds it: the header, the rows of formatted cells and the bold totals row; the
// first column reads left, the figures right. Header hovers carry the KPI footnotes.
import { Table } from '@chakra-ui/react'
import { cellText, type SheetCell } from '@pms/protocol/format/sheet-cell'

interface Props {
  header: string[]
  rows: SheetCell[][]
  total?: SheetCell[]
  /** Hover text per header cell (a KPI's definition). */
  notes?: (string | undefined)[]
  /** Per row: its test id. */
  rowIds?: string[]
}

export function ReportTable({ header, rows, total, notes, rowIds }: Props) {
  const line = (r: SheetCell[], key: string, bold = false, testId?: string) => (
    <Table.Row key={key} fontWeight={bold ? 'bold' : undefined} data-testid={testId}>
      {r.map((v, j) => (
        <Table.Cell key={header[j] ?? j} textAlign={j ? 'end' : 'start'}>
          {cellText(v)}
        </Table.Cell>
      ))}
    </Table.Row>
  )
  return (
    <Table.Root size="sm" variant="outline" data-testid="report-table">
      <Table.Header>
        <Table.Row>
          {header.map((h, i) => (
            <Table.ColumnHeader key={h} title={notes?.[i]}>
              {h}
              {notes?.[i] ? ' *' : ''}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r, i) => line(r, `${i}:${cellText(r[0])}`, false, rowIds?.[i]))}
        {total && line(total, 'total', true, 'report-total')}
      </Table.Body>
    </Table.Root>
  )
}
