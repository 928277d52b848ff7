// Invariant (issue 13): after random front-desk operations over several simulated business days, each closed day's
// snapshot revenue equals the sum of that day's folio charges, each night audit voucher balances and books exactly the
// day's money, and every stay in house was charged exactly one night per closed day.
import assert from 'node:assert/strict'
import { addDays } from '@pms/protocol/time/zone'
import fc from 'fast-check'
import { it } from 'vitest'
import { setBusinessDate } from '../support/business-date.ts'
import { bill } from './billing-support.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, roomOf, typeOf } from './orders-support.ts'

const ROOMS = ['101', '102', '103', '104', '201', '202', '203', '204']
const METHODS = ['cash', 'bankCard', 'transfer', 'thirdParty'] as const

type Op =
  | { kind: 'walkIn' }
  | { kind: 'charge'; cents: number }
  | { kind: 'deposit'; cents: number; method: (typeof METHODS)[number] }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: 'walkIn' as const }),
  fc.record({ kind: fc.constant('charge' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    kind: fc.constant('deposit' as const),
    cents: fc.integer({ min: 1, max: 100_000 }),
    method: fc.constantFrom(...METHODS),
  }),
)

describeProduct('night audit invariants', (product) => {
  it('snapshots equal the folio, vouchers balance, one night charge per stay and day', async () => {
    const p = product()
    const staff = await arrangeStaff(p)
    const king = await typeOf(p, staff.hotel, KING)
    const today = day(0)
    // Simulated days: the business date starts a week back and each audit moves it on by one.
    await setBusinessDate(p.query, staff.hotel, addDays(today, -7))
    let nextRoom = 0
    const orders: number[] = []
    const closed: string[] = []
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { maxLength: 5 }), { minLength: 2, maxLength: 3 }),
        async (days) => {
          for (const ops of days) {
            for (const o of ops) {
              if (o.kind === 'walkIn') {
                if (nextRoom >= ROOMS.length) continue
                const room = await roomOf(p, staff.hotel, ROOMS[nextRoom++]!)
                const res = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
                  nights: 1,
                  rooms: [{ roomTypeId: king.roomTypeId, roomId: room.roomId, guests: [{ name: 'Guest' }] }],
                })
                if (res.code === 200) orders.push(res.data.orderId)
              } else if (orders.length) {
                const orderId = orders[o.cents % orders.length]!
                const res =
                  o.kind === 'charge'
                    ? await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
                        orderId,
                        itemName: 'Minibar',
                        amountCents: o.cents,
                      })
                    : await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
                        orderId,
                        amountCents: o.cents,
                        method: o.method,
                      })
                assert.equal(res.code, 200, res.msg)
              }
            }
            const run = await p
              .server()
              .nightAudit.run({ propertyId: staff.hotel, trigger: 'manual', by: null })
            closed.push(run.businessDate)
          }
        },
      ),
      { numRuns: 2 },
    )
    assert.ok(closed.length >= 4)
    for (const date of closed) {
      const [snap] = await p.query<{ room: string; other: string; charges: string }>(
        `SELECT room_revenue_cents AS room, other_revenue_cents AS other, folio_charge_cents AS charges
         FROM pms_daily_snapshot WHERE property_id = $1 AND business_date = $2`,
        [staff.hotel, date],
      )
      const [folio] = await p.query<{ charges: string; money: string; nights: string; inHouse: string }>(
        `SELECT COALESCE(sum(amount_cents) FILTER (WHERE kind IN ('roomCharge', 'overtimeCharge', 'extraCharge')), 0)
            AS charges,
          COALESCE(sum(amount_cents), 0) AS money,
          count(*) FILTER (WHERE night_charge) AS nights,
          count(DISTINCT order_room_id) FILTER (WHERE night_charge) AS "inHouse"
         FROM pms_folio_entry WHERE property_id = $1 AND business_date = $2`,
        [staff.hotel, date],
      )
      assert.equal(Number(snap!.room) + Number(snap!.other), Number(folio!.charges), date)
      assert.equal(Number(snap!.charges), Number(folio!.charges), date)
      assert.equal(Number(folio!.nights), Number(folio!.inHouse), `one night charge per stay on ${date}`)
      const [voucher] = await p.query<{ debits: string; credits: string }>(
        `SELECT COALESCE(sum(l.debit_cents), 0) AS debits, COALESCE(sum(l.credit_cents), 0) AS credits
         FROM f_voucher v JOIN f_voucher_line l ON l.voucher_id = v.voucher_id
         WHERE v.property_id = $1 AND v.source = 'nightAudit' AND v.source_key = $2`,
        [staff.hotel, date],
      )
      assert.equal(Number(voucher!.debits), Number(voucher!.credits), date)
      assert.equal(Number(voucher!.debits), Number(folio!.money), date)
    }
    // Every stay in house since a closed day was charged on each day from its first.
    const stays = await p.query<{ nights: string; days: string }>(
      `SELECT count(*) AS nights, count(DISTINCT business_date) AS days FROM pms_folio_entry
       WHERE property_id = $1 AND night_charge GROUP BY order_room_id`,
      [staff.hotel],
    )
    for (const s of stays) assert.equal(s.nights, s.days)
  })
})
