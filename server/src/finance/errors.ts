// The books' own refusals raised by the database (migrations/0015_finance.sql, SQLSTATE PF0xx) as translated errors,
// and the transaction every write of the books runs in: a deferred check fails at commit and is answered the same way.
import type { Db } from '../db/client.ts'
import { causeChain } from '../db/refusal.ts'
import { type AppError, badRequest, conflict } from '../http/errors.ts'

function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`
}

export { formatCents }

/** The AppError a database refusal of the books stands for, if it is one. */
export function booksRefusal(error: unknown): AppError | undefined {
  for (const e of causeChain(error)) {
    switch (e.code) {
      case 'PF001':
        return badRequest('finance.tooFewLines', ['lines'])
      case 'PF002':
        return badRequest('finance.unbalanced', ['lines', formatCents(Number(e.detail ?? 0))])
      case 'PF003':
        return conflict('finance.periodClosed', [/period (\d{6})/.exec(String(e.message))?.[1] ?? ''])
      case 'PF004':
        return conflict('finance.voucherAudited')
      case 'PF005':
        return badRequest('finance.notLeaf', ['lines.subjectId'])
      case 'PF006':
        return conflict('finance.subjectHasPostings')
      case 'PF007':
        return conflict('finance.parentHasPostings')
      case 'PF008':
        return conflict('finance.periodHasDrafts')
      case 'PF009':
        return conflict('finance.earlierPeriodOpen')
      case 'PF010':
        return conflict('finance.laterPeriodClosed')
    }
  }
  return undefined
}

/** Runs `work` in one transaction; the books' database refusals (also those at commit) become translated errors. */
export async function booksTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx as unknown as Db))
  } catch (error) {
    throw booksRefusal(error) ?? error
  }
}
