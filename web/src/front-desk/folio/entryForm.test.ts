import assert from 'node:assert/strict'
import { folioTotals } from '@pms/protocol/billing/index'
import { describe, test } from 'vitest'
import { buildEntry, emptyEntry } from './entryForm.ts'

const owing = {
  totals: folioTotals([
    { kind: 'roomCharge', amountCents: 50000 },
    { kind: 'deposit', amountCents: 20000 },
  ]),
  settled: false,
}
const costs = [{ costId: 7, costName: 'Minibar', amount: 1500 }]

describe('folio dialog rules', () => {
  test('a free charge is typed in yuan and sent in cents', () => {
    const built = buildEntry(
      { ...emptyEntry('charge', 3), itemName: ' Laundry ', amountText: '1,234.5' },
      9,
      owing,
      costs,
    )
    assert.deepEqual(built, {
      ok: true,
      entry: {
        kind: 'charge',
        body: { orderId: 9, orderRoomId: 3, itemName: 'Laundry', amountCents: 123450 },
      },
    })
  })

  test('a cost item charge sends the item and the quantity, no amount', () => {
    const built = buildEntry({ ...emptyEntry('charge', 3), costId: 7, quantity: '2' }, 9, owing, costs)
    assert.ok(built.ok)
    assert.deepEqual(built.entry.body, { orderId: 9, orderRoomId: 3, costId: 7, quantity: 2 })
  })

  test('a payment above the balance is refused with the folio rule; the same amount as deposit is taken', () => {
    const pay = buildEntry({ ...emptyEntry('payment'), amountText: '300.01' }, 9, owing, costs)
    assert.ok(!pay.ok)
    assert.equal(pay.errors.amountText?.key, 'billing.overpayment')
    // The clerk reads money, not cents: 'payment 300.01 is more than the balance due 300.00'.
    assert.deepEqual(pay.errors.amountText?.params, ['300.01', '300.00'])
    const exact = buildEntry({ ...emptyEntry('payment'), amountText: '300' }, 9, owing, costs)
    assert.ok(exact.ok)
    const deposit = buildEntry(
      { ...emptyEntry('deposit'), amountText: '300.01', method: 'bankCard' },
      9,
      owing,
      costs,
    )
    assert.ok(deposit.ok)
    assert.deepEqual(deposit.entry.body, {
      orderId: 9,
      amountCents: 30001,
      method: 'bankCard',
      receiptType: 'deposit',
    })
  })

  test('a refund needs a reason and may not exceed the money held', () => {
    const noReason = buildEntry({ ...emptyEntry('refund'), reason: '', amountText: '10' }, 9, owing, costs)
    assert.ok(!noReason.ok)
    assert.equal(noReason.errors.reason?.key, 'frontDeskConsole.error.required')
    const tooMuch = buildEntry({ ...emptyEntry('refund'), amountText: '200.01' }, 9, owing, costs)
    assert.ok(!tooMuch.ok)
    assert.equal(tooMuch.errors.amountText?.key, 'billing.refundOverPaid')
    const ok = buildEntry({ ...emptyEntry('refund'), amountText: '200' }, 9, owing, costs)
    assert.ok(ok.ok)
    assert.equal(ok.entry.kind, 'refund')
  })

  test('amounts: empty, three decimals, zero and a settled folio are refused', () => {
    for (const text of ['', '1.234', '0', 'abc']) {
      const built = buildEntry({ ...emptyEntry('deposit'), amountText: text }, 9, owing, costs)
      assert.ok(!built.ok, text)
    }
    const settled = buildEntry(
      { ...emptyEntry('deposit'), amountText: '5' },
      9,
      { ...owing, settled: true },
      costs,
    )
    assert.ok(!settled.ok)
    assert.equal(settled.errors.amountText?.key, 'billing.folioSettled')
    // Too large an amount says so, not that it has too many decimals.
    const huge = buildEntry({ ...emptyEntry('deposit'), amountText: '99999999999' }, 9, owing, costs)
    assert.ok(!huge.ok)
    assert.equal(huge.errors.amountText?.key, 'crud.validation.moneyTooLarge')
  })

  test('an expense names what was paid for and the method; it is owed like a charge, even on a credit folio', () => {
    const credit = { totals: folioTotals([{ kind: 'deposit', amountCents: 5000 }]), settled: false }
    const built = buildEntry(
      { ...emptyEntry('expense'), itemName: ' Taxi ', amountText: '88', method: 'transfer' },
      9,
      credit,
      costs,
    )
    assert.deepEqual(built, {
      ok: true,
      entry: {
        kind: 'expense',
        body: { orderId: 9, itemName: 'Taxi', amountCents: 8800, method: 'transfer' },
      },
    })
    const nameless = buildEntry({ ...emptyEntry('expense'), amountText: '1' }, 9, credit, costs)
    assert.equal(nameless.ok, false)
    assert.ok(!nameless.ok && nameless.errors.itemName)
    const settled = buildEntry(
      { ...emptyEntry('expense'), itemName: 'Taxi', amountText: '1' },
      9,
      { ...credit, settled: true },
      costs,
    )
    assert.ok(!settled.ok && settled.errors.amountText?.key === 'billing.folioSettled')
  })

  test('deposits and payments carry their receipt type, by default deposit and room fee', () => {
    const dep = buildEntry({ ...emptyEntry('deposit'), amountText: '100' }, 9, owing, costs)
    assert.ok(dep.ok && dep.entry.kind === 'deposit' && dep.entry.body.receiptType === 'deposit')
    const pay = buildEntry(
      { ...emptyEntry('payment'), amountText: '100', receiptType: 'other' },
      9,
      owing,
      costs,
    )
    assert.ok(pay.ok && pay.entry.kind === 'payment' && pay.entry.body.receiptType === 'other')
    assert.equal(emptyEntry('payment').receiptType, 'roomFee')
  })

  test("a payment from the order's member: its stored value must cover it; points go to the points route", () => {
    const member = { memberId: 4, balanceCents: 20000, points: 900 }
    const form = { ...emptyEntry('payment', 3), method: 'memberCard' as const, amountText: '200' }
    assert.deepEqual(buildEntry(form, 9, owing, costs, [], member), {
      ok: true,
      entry: {
        kind: 'memberPay',
        method: 'memberCard',
        body: { orderId: 9, orderRoomId: 3, memberId: 4, amountCents: 20000 },
      },
    })
    const short = buildEntry({ ...form, amountText: '200.01' }, 9, owing, costs, [], member)
    assert.ok(!short.ok && short.errors.amountText?.key === 'members.insufficientBalance')
    // The folio's rule first: no more than the balance due (300.00).
    const over = buildEntry({ ...form, amountText: '300.01' }, 9, owing, costs, [], {
      ...member,
      balanceCents: 1e8,
    })
    assert.ok(!over.ok && over.errors.amountText?.key === 'billing.overpayment')
    const points = buildEntry({ ...form, method: 'points', amountText: '50' }, 9, owing, costs, [], member)
    assert.ok(points.ok && points.entry.kind === 'memberPay' && points.entry.method === 'points')
    const nobody = buildEntry(form, 9, owing, costs, [], null)
    assert.ok(!nobody.ok && nobody.errors.method?.key === 'members.pay.chooseMember')
  })
})
