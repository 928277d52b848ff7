import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import {
  FOLIO_ENTRY_KINDS,
  type FolioEntryKind,
  type FolioLine,
  folioTotals,
  hasReceipt,
  ledgerAccounts,
  needsMethod,
  PAYMENT_METHODS,
  type PaymentMethod,
  receiptNo,
  refuseEntry,
  refuseSettle,
  sideOf,
} from './folio.ts'

const line = (kind: FolioEntryKind, amountCents: number): FolioLine => ({ kind, amountCents })

test('totals and balance of a folio', () => {
  const lines = [
    line('roomCharge', 30000),
    line('extraCharge', 1500),
    line('deposit', 50000),
    line('refund', 18500),
    line('overtimeCharge', 2000),
  ]
  assert.deepEqual(folioTotals(lines), {
    chargesCents: 33500,
    receivedCents: 50000,
    refundedCents: 18500,
    paidCents: 31500,
    balanceCents: 2000,
  })
  assert.deepEqual(folioTotals([]), {
    chargesCents: 0,
    receivedCents: 0,
    refundedCents: 0,
    paidCents: 0,
    balanceCents: 0,
  })
})

test('the rules a new entry must keep', () => {
  const t = folioTotals([line('roomCharge', 30000), line('payment', 10000)])
  assert.equal(refuseEntry(t, line('payment', 20000), false), null, 'paying the balance exactly')
  assert.deepEqual(refuseEntry(t, line('payment', 20001), false), {
    key: 'billing.overpayment',
    params: ['200.01', '200.00'],
  })
  assert.equal(refuseEntry(t, line('deposit', 99999), false), null, 'a deposit may exceed the balance')
  assert.equal(refuseEntry(t, line('refund', 10000), false), null, 'refunding all that was paid')
  assert.deepEqual(refuseEntry(t, line('refund', 10001), false), {
    key: 'billing.refundOverPaid',
    params: ['100.01', '100.00'],
  })
  for (const bad of [0, -5, 1.5, Number.NaN])
    assert.equal(refuseEntry(t, line('extraCharge', bad), false)?.key, 'billing.amountInvalid', String(bad))
  assert.equal(refuseEntry(t, line('extraCharge', 100), true)?.key, 'billing.folioSettled')
  assert.deepEqual(refuseSettle(t, false), { key: 'billing.balanceNotZero', params: ['200.00'] })
  assert.equal(refuseSettle(folioTotals([line('roomCharge', 5), line('payment', 5)]), false), null)
  assert.equal(refuseSettle(folioTotals([]), true)?.key, 'billing.folioSettled')
})

test('amounts in refusals are money text, with thousands separators', () => {
  const t = folioTotals([line('roomCharge', 10800), line('deposit', 123456789)])
  assert.deepEqual(refuseEntry(folioTotals([line('roomCharge', 10800)]), line('payment', 30000), false), {
    key: 'billing.overpayment',
    params: ['300.00', '108.00'],
  })
  assert.deepEqual(refuseEntry(t, line('refund', 123456790), false)?.params, ['1,234,567.90', '1,234,567.89'])
  assert.deepEqual(refuseSettle(t, false)?.params, ['-1,234,459.89'])
})

test('every kind is one balanced journal line; money kinds need a method', () => {
  for (const kind of FOLIO_ENTRY_KINDS) {
    if (!needsMethod(kind)) {
      const { debit, credit } = ledgerAccounts(kind, null)
      assert.equal(debit, 'guest', kind)
      assert.notEqual(credit, 'guest', kind)
      continue
    }
    assert.throws(() => ledgerAccounts(kind, null), RangeError, kind)
    for (const method of PAYMENT_METHODS) {
      const { debit, credit } = ledgerAccounts(kind, method)
      assert.ok([debit, credit].includes('guest') && [debit, credit].includes(method), `${kind} ${method}`)
    }
  }
})

// Random attempts to post; the rules decide which are kept. Whatever the sequence, the kept folio is consistent.
const attempt = fc.record({
  kind: fc.constantFrom(...FOLIO_ENTRY_KINDS),
  amountCents: fc.integer({ min: 1, max: 200_000 }),
  method: fc.constantFrom(...PAYMENT_METHODS),
})

test('folio invariants over random sequences of charges, expenses, deposits, payments and refunds', () => {
  fc.assert(
    fc.property(fc.array(attempt, { maxLength: 40 }), (attempts) => {
      const kept: Array<FolioLine & { method: PaymentMethod }> = []
      for (const a of attempts) {
        const before = folioTotals(kept)
        const refusal = refuseEntry(before, a, false)
        if (refusal) {
          // A refusal is always one of the two money rules, and only when the entry would break it.
          if (refusal.key === 'billing.overpayment')
            assert.ok(a.kind === 'payment' && a.amountCents > before.balanceCents)
          else if (refusal.key === 'billing.refundOverPaid')
            assert.ok(a.kind === 'refund' && a.amountCents > before.paidCents)
          else assert.fail(`unexpected refusal ${refusal.key}`)
          continue
        }
        kept.push(a)
        const t = folioTotals(kept)
        // An expense is owed like a charge and is no money received: it never widens what may be refunded.
        if (a.kind === 'expense') {
          assert.equal(t.balanceCents, before.balanceCents + a.amountCents)
          assert.equal(t.paidCents, before.paidCents)
        }
        const signed = kept.map((l) => (sideOf(l.kind) === 'received' ? -l.amountCents : l.amountCents))
        assert.equal(
          t.balanceCents,
          signed.reduce((s, v) => s + v, 0),
          'balance is the signed sum',
        )
        assert.ok(t.paidCents >= 0, 'never more refunded than received')
        // The guest's account goes into credit only through a deposit, never through a payment.
        if (t.balanceCents < 0) assert.ok(kept.some((l) => l.kind === 'deposit'))
        // Double entry: debits equal credits, and the guest account carries exactly the balance.
        const accounts = new Map<string, number>()
        for (const l of kept) {
          const { debit, credit } = ledgerAccounts(l.kind, needsMethod(l.kind) ? l.method : null)
          accounts.set(debit, (accounts.get(debit) ?? 0) + l.amountCents)
          accounts.set(credit, (accounts.get(credit) ?? 0) - l.amountCents)
        }
        assert.equal(
          [...accounts.values()].reduce((s, v) => s + v, 0),
          0,
          'trial balance is zero',
        )
        assert.equal(accounts.get('guest') ?? 0, t.balanceCents, 'guest account is the balance')
      }
      // Whatever happened, the folio can always be brought to zero and settled by one more entry.
      const t = folioTotals(kept)
      const closing =
        t.balanceCents > 0
          ? line('payment', t.balanceCents)
          : t.balanceCents < 0
            ? line('refund', -t.balanceCents)
            : null
      if (closing) {
        assert.equal(refuseEntry(t, closing, false), null)
        assert.equal(refuseSettle(folioTotals([...kept, closing]), false), null)
      } else assert.equal(refuseSettle(t, false), null)
    }),
    { numRuns: 300 },
  )
})

test('expense: owed like a charge, paid out with a method; receipts only for money in', () => {
  assert.equal(sideOf('expense'), 'charge')
  assert.equal(needsMethod('expense'), true)
  assert.deepEqual(ledgerAccounts('expense', 'cash'), { debit: 'guest', credit: 'cash' })
  assert.deepEqual(folioTotals([line('expense', 3000), line('deposit', 1000)]), {
    chargesCents: 3000,
    receivedCents: 1000,
    refundedCents: 0,
    paidCents: 1000,
    balanceCents: 2000,
  })
  assert.deepEqual(
    FOLIO_ENTRY_KINDS.filter((k) => hasReceipt(k)),
    ['deposit', 'payment'],
  )
  assert.equal(receiptNo('2026-01-05', 7), 'RC202601050007')
  assert.equal(receiptNo('2026-11-23', 12345), 'RC2026112312345')
})
