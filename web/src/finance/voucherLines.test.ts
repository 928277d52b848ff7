import assert from 'node:assert/strict'
import { test } from 'vitest'
import { checkDraft, emptyLine, totalsOf } from './voucherLines.ts'

const line = (subjectId: string, debit: string, credit: string) => ({
  subjectId,
  summary: 'x',
  debit,
  credit,
})

test('the live difference follows what is typed, in cents, ignoring what does not parse', () => {
  const lines = [line('1', '298.00', ''), line('2', '', '200'), line('3', '', 'abc')]
  assert.deepEqual(totalsOf(lines), { debitCents: 29800, creditCents: 20000, differenceCents: 9800 })
  assert.deepEqual(totalsOf([...lines, line('4', '', '98')]).differenceCents, 0)
})

test('a voucher is sent only with two or more lines, one side each, balanced; blank lines are dropped', () => {
  assert.deepEqual(checkDraft([line('1', '1.5', ''), line('2', '', '1.50'), emptyLine()]), {
    ok: true,
    lines: [
      { subjectId: 1, summary: 'x', debitCents: 150 },
      { subjectId: 2, summary: 'x', creditCents: 150 },
    ],
  })
  assert.deepEqual(checkDraft([line('1', '1', ''), emptyLine()]), { ok: false, reason: 'tooFew' })
  assert.deepEqual(checkDraft([line('1', '1', ''), line('2', '', '2')]), { ok: false, reason: 'unbalanced' })
  assert.deepEqual(checkDraft([line('1', '1', '1'), line('2', '', '2')]), {
    ok: false,
    reason: 'line',
    line: 1,
  })
  assert.deepEqual(checkDraft([line('1', '1', ''), line('', '', '1')]), {
    ok: false,
    reason: 'line',
    line: 2,
  })
  assert.deepEqual(checkDraft([line('1', '1.234', ''), line('2', '', '1')]), {
    ok: false,
    reason: 'line',
    line: 1,
  })
})
