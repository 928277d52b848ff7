// The subject balance (trial balance) of a range of periods: opening, period and year-to-date movements and closing,
// debit and credit columns per subject (parents sum their children), and totals whose columns balance.

import type { SubjectBalance, SubjectBalanceRow } from '@pms/protocol/api/finance'
import { cellText, moneyCell, type SheetCell } from '@pms/protocol/format/sheet-cell'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { ledgerApi } from './api.ts'
import { FilterInput, LedgerFrame } from './LedgerFrame.tsx'
import { centsCell, f, today } from './labels.ts'

const FIGURES = [
  ['openingDebitCents', 'openingDebit'],
  ['openingCreditCents', 'openingCredit'],
  ['debitCents', 'periodDebit'],
  ['creditCents', 'periodCredit'],
  ['yearDebitCents', 'yearDebit'],
  ['yearCreditCents', 'yearCredit'],
  ['closingDebitCents', 'closingDebit'],
  ['closingCreditCents', 'closingCredit'],
] as const

export default function SubjectBalancePage() {
  const t = useT()
  const month = today().slice(0, 7).replace('-', '')
  const [beginPeriod, setBegin] = useState(month)
  const [endPeriod, setEnd] = useState(month)
  const [balance, setBalance] = useState<SubjectBalance>()
  const [loading, setLoading] = useState(false)
  const query = async () => {
    setLoading(true)
    try {
      setBalance((await ledgerApi.balance({ beginPeriod, endPeriod })).data)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  const header = [f('subjectCode'), f('subjectName'), ...FIGURES.map(([, k]) => f(k))]
  const figures = (r: Pick<SubjectBalanceRow, (typeof FIGURES)[number][0]>) => FIGURES.map(([k]) => r[k])
  const rows: SheetCell[][] = balance
    ? [
        ...balance.rows.map((r) => [r.subjectCode, r.subjectName, ...figures(r).map(centsCell)]),
        ['', t('financeConsole.total'), ...figures(balance.totals).map((n) => moneyCell(n))],
      ]
    : []
  return (
    <LedgerFrame
      testId="subject-balance-page"
      title="financeConsole.menu.subjectBalance"
      loading={loading}
      onQuery={() => void query()}
      table={{
        testId: 'ledger-table',
        header,
        rows,
        isFigure: (j) => j >= 2,
        rowTestId: (r, i) => (i === rows.length - 1 ? 'balance-total' : `balance-${cellText(r[0])}`),
      }}
      filters={
        <>
          <FilterInput
            label={f('beginPeriod')}
            value={beginPeriod}
            onChange={setBegin}
            testId="balance-begin"
            width="120px"
          />
          <FilterInput
            label={f('endPeriod')}
            value={endPeriod}
            onChange={setEnd}
            testId="balance-end"
            width="120px"
          />
        </>
      }
    />
  )
}
