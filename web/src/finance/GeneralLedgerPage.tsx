// The general ledger of one subject (its descendants summed) by month: opening, debit, credit, closing with side.

import type { GeneralLedgerRow } from '@pms/protocol/api/finance'
import { moneyCell } from '@pms/protocol/format/sheet-cell'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { ledgerApi } from './api.ts'
import { FilterInput, FilterSelect, LedgerFrame } from './LedgerFrame.tsx'
import { centsCell, f, sideLabel, today } from './labels.ts'
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
  // The opening balance, like the closing one, is its side and its amount (a number in the spreadsheet).
  const header = [
    f('period'),
    f('side'),
    'financeConsole.opening',
    f('debit'),
    f('credit'),
    f('side'),
    f('closing'),
  ]
  return (
    <LedgerFrame
      testId="general-ledger-page"
      title="financeConsole.menu.generalLedger"
      loading={loading}
      onQuery={() => void query()}
      table={{
        testId: 'ledger-table',
        header,
        rows: rows.map((r) => [
          r.period,
          t(sideLabel(r.opening)),
          moneyCell(r.opening.cents),
          centsCell(r.debitCents),
          centsCell(r.creditCents),
          t(sideLabel(r.closing)),
          moneyCell(r.closing.cents),
        ]),
        isFigure: (j) => j !== 0 && j !== 1 && j !== 5,
      }}
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
    />
  )
}
