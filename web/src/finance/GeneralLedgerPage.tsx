// The general ledger of one subject (its descendants summed) by month: opening, debit, credit, closing with side.
import { Table } from '@chakra-ui/react'
import type { GeneralLedgerRow } from '@pms/protocol/api/finance'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { formatMoney } from '../ui/crud/money.ts'
import { ledgerApi } from './api.ts'
import { exportSheet } from './exportSheet.ts'
import { FilterInput, FilterSelect, LedgerFrame } from './LedgerFrame.tsx'
import { cents, f, sideLabel, today } from './labels.ts'
import { subjectOptions, useBooks } from './useBooks.ts'

export default function GeneralLedgerPage() {
  const t = useT()
  const { subjects } = useBooks()
  const [subjectId, setSubjectId] = useState('')
  const [year, setYear] = useState(today().slice(0, 4))
  const [rows, setRows] = useState<GeneralLedgerRow[]>([])
  const [loading, setLoading] = useState(false)
  const query = async () => {
    if (!subjectId || !/^\d{4}$/.test(year)) return
    setLoading(true)
    try {
      setRows((await ledgerApi.general(Number(subjectId), Number(year))).data ?? [])
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  const header = [f('period'), 'financeConsole.opening', f('debit'), f('credit'), f('side'), f('closing')]
  return (
    <LedgerFrame
      testId="general-ledger-page"
      title="financeConsole.menu.generalLedger"
      loading={loading}
      onQuery={() => void query()}
      onExport={() =>
        void exportSheet(
          t('financeConsole.menu.generalLedger'),
          header.map((k) => t(k)),
          rows.map((r) => [
            r.period,
            `${t(sideLabel(r.opening))} ${formatMoney(r.opening.cents)}`,
            formatMoney(r.debitCents),
            formatMoney(r.creditCents),
            t(sideLabel(r.closing)),
            formatMoney(r.closing.cents),
          ]),
        )
      }
      filters={
        <>
          <FilterSelect
            label={f('subject')}
            value={subjectId}
            onChange={setSubjectId}
            options={subjectOptions(subjects)}
            testId="ledger-subject"
          />
          <FilterInput label={f('year')} value={year} onChange={setYear} testId="ledger-year" width="100px" />
        </>
      }
    >
      <Table.Root size="sm" variant="outline" data-testid="ledger-table">
        <Table.Header>
          <Table.Row>
            {header.map((k) => (
              <Table.ColumnHeader key={k}>{t(k)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.period}>
              <Table.Cell>{r.period}</Table.Cell>
              <Table.Cell textAlign="end">{`${t(sideLabel(r.opening))} ${formatMoney(r.opening.cents)}`}</Table.Cell>
              <Table.Cell textAlign="end">{cents(r.debitCents)}</Table.Cell>
              <Table.Cell textAlign="end">{cents(r.creditCents)}</Table.Cell>
              <Table.Cell>{t(sideLabel(r.closing))}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(r.closing.cents)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </LedgerFrame>
  )
}
