// The income report's invariant over random front-desk money and a night audit (fast-check, through the real API):
// for every payment method, the report's total received of that method over the period equals the sum of the folio's
// entries of that method in those business dates, and room and other revenue equal the sums of the folio's charges —
// on the closed day (from the snapshot) and on the open one (computed live) alike.
import assert from 'node:assert/strict'
import { addDays } from '@pms/protocol/time/zone'
import fc from 'fast-check'
import { it } from 'vitest'
import { bill } from './billing-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, roomOf, type Staff, TWIN, typeOf, walkIn } from './orders-support.ts'

const METHODS = ['cash', 'bankCard', 'transfer', 'thirdParty'] as const
const posting = fc.record({
  path: fc.constantFrom(
    '/pms/pmsFolio/deposit',
    '/pms/pmsFolio/payment',
    '/pms/pmsFolio/refund',
    '/pms/pmsFolio/charge',
  ),
  method: fc.constantFrom(...METHODS),
  amountCents: fc.integer({ min: 1, max: 200_000 }),
  order: fc.nat({ max: 1 }),
})

type Posting = typeof posting extends fc.Arbitrary<infer T> ? T : never

async function checkAgainstFolio(p: TestProduct, staff: Staff, from: string, to: string) {
  const res = await call(p, staff.manager, 'get', '/pms/pmsReport/income', { beginDate: from, endDate: to })
  assert.equal(res.code, 200, res.msg)
  const total = res.data.total
  const folio = await p.query<{ kind: string; method: string | null; cents: string }>(
    `SELECT kind, method, sum(amount_cents) AS cents FROM pms_folio_entry
     WHERE property_id = $1 AND business_date BETWEEN $2 AND $3 GROUP BY kind, method`,
    [staff.hotel, from, to],
  )
  const of = (kinds: string[], method?: string) =>
    folio
      .filter((r) => kinds.includes(r.kind) && (!method || r.method === method))
      .reduce((s, r) => s + Number(r.cents), 0)
  for (const m of METHODS) {
    assert.equal(total.paymentsByMethod[m] ?? 0, of(['payment'], m), `payments ${m}`)
    assert.equal(total.depositsByMethod[m] ?? 0, of(['deposit'], m), `deposits ${m}`)
    assert.equal(total.refundsByMethod[m] ?? 0, of(['refund'], m), `refunds ${m}`)
  }
  assert.equal(total.roomRevenueCents, of(['roomCharge', 'overtimeCharge']))
  assert.equal(total.otherRevenueCents, of(['extraCharge']))
  const byItem = Object.values(total.revenueByItem as Record<string, number>).reduce((s, v) => s + v, 0)
  assert.equal(byItem, total.totalRevenueCents)
}

describeProduct('reports invariants', (product) => {
  it('income by method and revenue equal the folio over random postings, before and after a night audit', async () => {
    const p = product()
    const staff = await arrangeStaff(p)
    const king = await typeOf(p, staff.hotel, KING)
    const twin = await typeOf(p, staff.hotel, TWIN)
    const orders = [
      await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '101')).roomId, {
        nights: 2,
      }),
      await walkIn(p, staff.clerk, twin.roomTypeId, (await roomOf(p, staff.hotel, '105')).roomId, {
        nights: 2,
      }),
    ]
    const d0 = day(0)
    const post = async (ops: Posting[]) => {
      for (const op of ops) {
        const body =
          op.path === '/pms/pmsFolio/charge'
            ? {
                orderId: orders[op.order]!.orderId,
                itemName: `Item ${op.method}`,
                amountCents: op.amountCents,
              }
            : op.path === '/pms/pmsFolio/refund'
              ? {
                  orderId: orders[op.order]!.orderId,
                  amountCents: op.amountCents,
                  method: op.method,
                  reason: 'test',
                }
              : { orderId: orders[op.order]!.orderId, amountCents: op.amountCents, method: op.method }
        // A refused posting (e.g. a refund beyond what was paid) posts nothing; the invariant holds either way.
        const res = await bill(p, staff.clerk, 'post', op.path, body)
        assert.ok([200, 400, 409].includes(res.status), `${op.path}: ${res.status} ${res.msg}`)
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 5 }), async (ops) => {
        await post(ops)
        await checkAgainstFolio(p, staff, d0, d0)
      }),
      { numRuns: 4 },
    )
    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: d0 })
    assert.equal(run.code, 200, run.msg)
    const d1 = addDays(d0, 1)
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 5 }), async (ops) => {
        await post(ops)
        await checkAgainstFolio(p, staff, d0, d1)
        await checkAgainstFolio(p, staff, d1, d1)
      }),
      { numRuns: 4 },
    )
    // The runs did move money (the property was not checked over nothing).
    const [moved] = await p.query<{ n: string }>(
      `SELECT count(*) AS n FROM pms_folio_entry WHERE property_id = $1 AND kind IN ('deposit', 'payment', 'extraCharge')`,
      [staff.hotel],
    )
    assert.ok(Number(moved!.n) > 0)
  })
})
