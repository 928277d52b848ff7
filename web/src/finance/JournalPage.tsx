// The cash and bank journal: one account over a date range with its opening, every line in or out with the running
// balance, and the totals; below, the journal lines themselves to add, edit and delete.

import type { CashJournal, JournalEntry } from '@pms/protocol/api/finance'
import { FinancePermission } from '@pms/protocol/api/finance'
import { moneyCell, type SheetCell } from '@pms/protocol/format/sheet-cell'
import { useState } from 'react'
import { useT } from '../i18n/t.ts'
import { CrudScreen } from '../ui/crud/CrudScreen.tsx'
import { journalEntryApi, ledgerApi } from './api.ts'
import { FilterInput, FilterSelect, LedgerFrame } from './LedgerFrame.tsx'
import { cents, centsCell, f, today } from './labels.ts'
import { useBooks } from './useBooks.ts'

export default function JournalPage() {
  const t = useT()
  const { accounts, journalCategories } = useBooks()
  const accountOptions = accounts.flatMap((g) =>
    g.accounts.map((a) => ({
      value: String(a.accountId),
      label: `${a.accountName} (${g.subjectName})`,
      raw: true,
    })),
  )
  const categoryOptions = journalCategories.flatMap((g) =>
    (g.children ?? []).map((c) => ({
      value: String(c.categoryId),
      label: `${g.categoryName}/${c.categoryName}`,
      raw: true,
    })),
  )
  const accountName = (id: number) => accountOptions.find((o) => o.value === String(id))?.label ?? ''
  const categoryName = (id: number | null) => categoryOptions.find((o) => o.value === String(id))?.label ?? ''
  const [accountId, setAccountId] = useState('')
  const [beginDate, setBeginDate] = useState(`${today().slice(0, 8)}01`)
  const [endDate, setEndDate] = useState(today())
  const [journal, setJournal] = useState<CashJournal>()
  const [loading, setLoading] = useState(false)
  const query = async () => {
    if (!accountId) return
    setLoading(true)
    try {
      setJournal((await ledgerApi.journal({ accountId: Number(accountId), beginDate, endDate })).data)
    } catch {
      // Shown by the request layer.
    } finally {
      setLoading(false)
    }
  }
  const header = [f('date'), f('category'), f('counterpart'), f('remark'), f('in'), f('out'), f('balance')]
  const rows: SheetCell[][] = journal
    ? [
        ['', '', '', t('financeConsole.opening'), '', '', moneyCell(journal.openingCents)],
        ...journal.rows.map((r) => [
          r.journalDate,
          categoryName(r.categoryId),
          r.counterpart,
          r.remark,
          centsCell(r.inCents),
          centsCell(r.outCents),
          moneyCell(r.balanceCents ?? 0),
        ]),
        [
          '',
          '',
          '',
          t('financeConsole.periodTotal'),
          moneyCell(journal.inCents),
          moneyCell(journal.outCents),
          moneyCell(journal.closingCents),
        ],
      ]
    : []
  return (
    <>
      <LedgerFrame
        testId="journal-page"
        title="financeConsole.menu.journal"
        loading={loading}
        onQuery={() => void query()}
        table={{
          testId: 'journal-table',
          header,
          rows,
          isFigure: (j) => j >= 4,
        }}
        filters={
          <>
            <FilterSelect
              label={f('account')}
              value={accountId}
              onChange={setAccountId}
              options={accountOptions}
              testId="journal-account"
            />
            <FilterInput
              label={f('beginDate')}
              type="date"
              value={beginDate}
              onChange={setBeginDate}
              testId="journal-begin"
            />
            <FilterInput
              label={f('endDate')}
              type="date"
              value={endDate}
              onChange={setEndDate}
              testId="journal-end"
            />
          </>
        }
      />
      <CrudScreen<JournalEntry>
        testId="journal-entry-page"
        title="financeConsole.entries"
        entity="finance.entity.journal"
        api={journalEntryApi}
        idKey="journalId"
        permission={FinancePermission.journalDetailed}
        columns={[
          { key: 'journalDate', header: f('date') },
          { key: 'accountId', header: f('account'), render: (r) => accountName(r.accountId) },
          { key: 'categoryId', header: f('category'), render: (r) => categoryName(r.categoryId) },
          { key: 'inCents', header: f('in'), align: 'end', render: (r) => cents(r.inCents) },
          { key: 'outCents', header: f('out'), align: 'end', render: (r) => cents(r.outCents) },
          { key: 'counterpart', header: f('counterpart') },
          { key: 'remark', header: f('remark') },
        ]}
        search={[
          {
            name: 'accountId',
            label: f('account'),
            kind: 'select',
            options: accountOptions,
            placeholder: 'crud.all',
          },
          { name: 'counterpart', label: f('counterpart'), kind: 'text' },
        ]}
        fields={[
          {
            name: 'accountId',
            label: f('account'),
            kind: 'select',
            numeric: true,
            required: true,
            options: accountOptions,
          },
          {
            name: 'journalDate',
            label: f('date'),
            kind: 'text',
            required: true,
            maxLength: 10,
            placeholder: 'YYYY-MM-DD',
          },
          {
            name: 'categoryId',
            label: f('category'),
            kind: 'select',
            numeric: true,
            options: categoryOptions,
          },
          { name: 'inCents', label: f('in'), kind: 'money' },
          { name: 'outCents', label: f('out'), kind: 'money' },
          { name: 'counterpart', label: f('counterpart'), kind: 'text', maxLength: 100 },
          { name: 'remark', label: f('remark'), kind: 'textarea', maxLength: 500 },
          { name: 'attachment', label: f('attachment'), kind: 'text', maxLength: 500 },
        ]}
        defaults={{ journalDate: today() }}
        nameOf={(r) => `${r.journalDate} ${r.counterpart}`}
      />
    </>
  )
}
