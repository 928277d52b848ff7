// Folio invariants over random sequences of charges, deposits, payments and refunds sent to the real API: each answer
// matches a plain model of the rules, the balance always equals the signed sum of the stored entries, no more is ever
// refunded than received, the guest is in credit only through a deposit, and a replayed key posts nothing.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, test } from 'vitest'
import {
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  storedEntries,
} from './billing-support.ts'
import { describeProduct } from './harness.ts'

type Op = { kind: 'charge' | 'deposit' | 'payment' | 'refund'; amountCents: number }

const op = fc.record({
  kind: fc.constantFrom('charge', 'deposit', 'payment', 'refund') as fc.Arbitrary<Op['kind']>,
  amountCents: fc.integer({ min: 1, max: 60_000 }),
})

describeProduct('billing: folio invariants', (product) => {
  let staff: BillingStaff

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
  })

  test('random sequences keep the folio consistent, answer by the rules, and replay without posting', async () => {
    const p = product()
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const o = await arrangeOrder(p, staff.hotel, [{ priceCents: 10000, checkedInAt: new Date() }])
        let charges = 0
        let received = 0
        let refunded = 0
        let deposits = 0
        let last: { path: string; body: object; key: string; entryId: number } | undefined
        for (const { kind, amountCents } of ops) {
          const balance = charges - received + refunded
          const paid = received - refunded
          const allowed =
            kind === 'payment' ? amountCents <= balance : kind === 'refund' ? amountCents <= paid : true
          const path = `/pms/pmsFolio/${kind}`
          const sent =
            kind === 'charge'
              ? { orderId: o.orderId, itemName: 'Item', amountCents }
              : kind === 'refund'
                ? { orderId: o.orderId, amountCents, method: 'cash', reason: 'other' }
                : { orderId: o.orderId, amountCents, method: 'cash' }
          const key = randomUUID()
          const res = await bill(p, staff.clerk, 'post', path, sent, key)
          assert.equal(
            res.status,
            allowed ? 200 : 400,
            `${kind} ${amountCents} at balance ${balance}: ${res.msg}`,
          )
          if (!allowed) continue
          last = { path, body: sent, key, entryId: res.data.entryId }
          if (kind === 'charge') charges += amountCents
          if (kind === 'deposit' || kind === 'payment') received += amountCents
          if (kind === 'deposit') deposits += 1
          if (kind === 'refund') refunded += amountCents

          const folio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${o.orderId}`)
          const signed = folio.data.entries.reduce(
            (s: number, e: any) =>
              s + (e.kind === 'deposit' || e.kind === 'payment' ? -e.amountCents : e.amountCents),
            0,
          )
          assert.equal(folio.data.totals.balanceCents, signed)
          assert.equal(folio.data.totals.balanceCents, charges - received + refunded)
          assert.ok(folio.data.totals.paidCents >= 0)
          if (folio.data.totals.balanceCents < 0) assert.ok(deposits > 0, 'credit only through a deposit')
        }
        const stored = await storedEntries(p, o.orderId)
        if (last) {
          const replay = await bill(p, staff.clerk, 'post', last.path, last.body, last.key)
          assert.equal(replay.data.entryId, last.entryId)
          assert.equal((await storedEntries(p, o.orderId)).length, stored.length)
        }
        const settle = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${o.orderId}`)
        assert.equal(settle.status, charges - received + refunded === 0 ? 200 : 400)
      }),
      { numRuns: 12 },
    )
  })
})
