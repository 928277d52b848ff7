// The sub-ledger of one subject over a date range: the opening, every audited line with its running balance, totals.

import type { SubLedger } from '@pms/protocol/api/finance'
import { moneyCell, type SheetCell } from '@pms/protocol/format/sheet-cell'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { ledgerApi } from './api.ts'
import { FilterInput, FilterSelect, LedgerFrame } from './LedgerFrame.tsx'
import { centsCell, f, sideLabel, today } from './labels.ts'
import { subjectOptions, useBooks } from './useBooks.ts'

export default function SubLedgerPage() {
  const t = useT()
  const { subjects } = useBooks()
  const [subjectId, setSubjectId] = useState('')
  const [beginDate, setBeginDate] = useState(`${today().slice(0, 8)}01`)
  const [endDate, setEndDate] = useState(today())
  const [ledger, setLedger] = useState<SubLedger>()
  const [loading, setLoading] = useState(false)
  const query = async () => {
    if (!subjectId) return
    setLoading(true)
    try {
      setLedger((await ledgerApi.sub({ subjectId: Number(subjectId), beginDate, endDate })).data)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  const header = [f('date'), f('voucherNo'), f('summary'), f('debit'), f('credit'), f('side'), f('balance')]
  const rows: SheetCell[][] = ledger
    ? [
        [
          '',
          '',
          t('financeConsole.opening'),
          '',
          '',
          t(sideLabel(ledger.opening)),
          moneyCell(ledger.opening.cents),
        ],
        ...ledger.lines.map((l) => [
          l.voucherDate,
          `${l.period}-${l.voucherNo}`,
          l.summary,
          centsCell(l.debitCents),
          centsCell(l.creditCents),
          t(sideLabel(l.balance)),
          moneyCell(l.balance.cents),
        ]),
        [
          '',
          '',
          t('financeConsole.periodTotal'),
          moneyCell(ledger.debitCents),
          moneyCell(ledger.creditCents),
          t(sideLabel(ledger.closing)),
          moneyCell(ledger.closing.cents),
        ],
      ]
    : []
  return (
    <LedgerFrame
      testId="sub-ledger-page"
      title="financeConsole.menu.subLedger"
      loading={loading}
      onQuery={() => void query()}
      table={{
        testId: 'ledger-table',
        header,
        rows,
        isFigure: (j) => j >= 3 && j !== 5,
        rowTestId: () => 'ledger-row',
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
          <FilterInput
            label={f('beginDate')}
            type="date"
            value={beginDate}
            onChange={setBeginDate}
            testId="ledger-begin"
          />
          <FilterInput
            label={f('endDate')}
            type="date"
            value={endDate}
            onChange={setEndDate}
            testId="ledger-end"
          />
        </>
      }
    />
  )
}
