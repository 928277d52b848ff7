// Room-type nights (migration 0068): the count that refuses a stay when its type has no room left, checked against
// the count it replaced (migration 0063's, kept in test/support/type-nights-reference.ts) on random stays of two demo
// room types: the same refusal (none, or the same type, busiest instant and rooms for sale) for every claim and
// allowance tried. The stays fall on a grid of six-hour instants so that starts, ends and claims often meet at one
// instant; stays checked out or cancelled are among them and count for neither. Drawn by fast-check, seeded.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { beforeAll, test } from 'vitest'
import { arrayLiteral as list, TYPE_NIGHTS_0063 } from '../support/type-nights-reference.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { KING, TWIN, typeOf } from './orders-support.ts'

interface Refusal {
  typeName: string
  at: number
  forSale: number
}

const SLOT_MS = 6 * 3_600_000
/** Slots of one run's window; runs are 100 slots apart, so their stays never meet. */
const WINDOW = 16

/** Held stays (booking, checked in) five times in seven; the others count for neither count. */
const STATES = ['booking', 'booking', 'booking', 'checkIn', 'checkIn', 'checkOut', 'cancel'] as const
/** A stay by type (no room: the count does not ask which), 1 to 12 slots long; `second` picks the other type. */
const stayArb = fc.record({
  // Three stays in four of the first type, so that it fills and claims are refused.
  second: fc.nat(3).map((n) => n === 0),
  start: fc.integer({ min: 0, max: WINDOW - 1 }),
  length: fc.integer({ min: 1, max: 12 }),
  state: fc.constantFrom(...STATES),
})
/** A claim from just before the window to just after it. */
const claimArb = fc.record({
  second: fc.nat(2).map((n) => n === 0),
  start: fc.integer({ min: -2, max: WINDOW + 1 }),
  length: fc.integer({ min: 1, max: 14 }),
})
/** Claims one or two at a time (the first over is the refusal). */
const callsArb = fc.array(fc.array(claimArb, { minLength: 1, maxLength: 2 }), { minLength: 4, maxLength: 4 })

describeProduct('room-type nights: the count of migration 0068 against the count it replaced', (product) => {
  let p: TestProduct
  let propertyId: number
  let types: number[]
  const origin = Date.UTC(2031, 0, 1)
  const at = (scenario: number, slot: number) => new Date(origin + (scenario * 100 + slot) * SLOT_MS)

  beforeAll(async () => {
    p = product()
    const [row] = await p.query<{ property_id: string }>(
      'SELECT property_id FROM pms_room_type WHERE type_name = $1 ORDER BY property_id LIMIT 1',
      [KING],
    )
    propertyId = Number(row!.property_id)
    types = [(await typeOf(p, propertyId, KING)).roomTypeId, (await typeOf(p, propertyId, TWIN)).roomTypeId]
    // One room of the first type locked: not for sale, so the two types' rooms for sale differ from their rooms.
    await p.query(
      `UPDATE pms_room SET locked = true, lock_reason = 'count test' WHERE room_id =
         (SELECT min(room_id) FROM pms_room WHERE room_type_id = $1)`,
      [types[0]],
    )
  })

  /** The product's own SQL client: a connection of its pool, not one opened per statement as p.query does. */
  const query = async <T>(text: string, params: unknown[]) =>
    (await p.server().sql.query<T>(text, params)).rows

  async function reference(claims: Array<[number, Date, Date]>, overbook: number): Promise<Refusal | null> {
    const [row] = await query<{ at: Date | string; for_sale: number; type_name: string }>(TYPE_NIGHTS_0063, [
      claims.map((c) => c[0]),
      claims.map((c) => c[1].toISOString()),
      claims.map((c) => c[2].toISOString()),
      propertyId,
      overbook,
    ])
    return row
      ? { typeName: row.type_name, at: new Date(row.at).getTime(), forSale: Number(row.for_sale) }
      : null
  }

  async function counted(claims: Array<[number, Date, Date]>, overbook: number): Promise<Refusal | null> {
    try {
      await query(
        'SELECT pms_type_nights_require($1::bigint[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5, $6)',
        [
          '{}',
          list(claims.map((c) => c[0])),
          list(claims.map((c) => c[1].toISOString())),
          list(claims.map((c) => c[2].toISOString())),
          propertyId,
          overbook,
        ],
      )
      return null
    } catch (error) {
      const { code, detail } = error as { code?: string; detail?: string }
      assert.equal(code, 'PO001', String(error))
      const over = JSON.parse(detail!) as { typeName: string; at: string; forSale: number }
      return { typeName: over.typeName, at: new Date(over.at).getTime(), forSale: Number(over.forSale) }
    }
  }

  test('random sets of stays: every claim is refused, or not, as the replaced count did', async () => {
    let refused = 0
    let accepted = 0
    let run = 0
    // Rooms for sale of each type, from the reference with an allowance that refuses any claim.
    const forSale = await Promise.all(
      types.map(async (type) => (await reference([[type, at(-1, 0), at(-1, 1)]], -1000))!.forSale),
    )
    const leastForSale = Math.min(...forSale)
    assert.ok(forSale[0] !== forSale[1], `rooms for sale ${forSale}`)
    await fc.assert(
      fc.asyncProperty(fc.array(stayArb, { maxLength: 40, size: 'max' }), callsArb, async (drawn, calls) => {
        const scenario = run++
        const stays = drawn.map((d) => ({
          type: types[d.second ? 1 : 0]!,
          start: d.start,
          end: d.start + d.length,
          state: d.state,
        }))
        if (stays.length)
          await query(
            `WITH s AS (
               SELECT * FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::text[])
                 WITH ORDINALITY AS s(type_id, a, b, state, k)
             ), o AS (
               INSERT INTO pms_order (property_id, order_no, order_type, state, contact_name, check_in_at, check_out_at)
               SELECT $1, 'TN' || $6::int || '-' || s.k, 'reserve', 'booking', 'Count', s.a, s.b FROM s
               RETURNING order_id, order_no
             )
             INSERT INTO pms_order_room (order_id, property_id, room_type_id, price_cents, stay, state)
             SELECT o.order_id, $1, s.type_id, 10000, tstzrange(s.a, s.b, '[)'), s.state
             FROM s JOIN o ON o.order_no = 'TN' || $6::int || '-' || s.k`,
            [
              propertyId,
              list(stays.map((s) => s.type)),
              list(stays.map((s) => at(scenario, s.start).toISOString())),
              list(stays.map((s) => at(scenario, s.end).toISOString())),
              list(stays.map((s) => s.state)),
              scenario,
            ],
          )
        for (const call of calls) {
          const claims = call.map((c): [number, Date, Date] => [
            types[c.second ? 1 : 0]!,
            at(scenario, c.start),
            at(scenario, c.start + c.length),
          ])
          // Allowances from "refuse any stay held" (the lower of the two types' rooms for sale, negated: never a
          // property's setting, which is 0 or more, but it puts the rule at the busiest instant's count) upwards.
          for (const overbook of [
            -leastForSale,
            -leastForSale + 1,
            -leastForSale + 3,
            -leastForSale + 6,
            0,
            2,
          ]) {
            const expected = await reference(claims, overbook)
            assert.deepEqual(
              await counted(claims, overbook),
              expected,
              `run ${scenario}, claims ${JSON.stringify(claims)}, overbook ${overbook}`,
            )
            if (expected) refused++
            else accepted++
          }
        }
      }),
      // A fixed seed keeps the suite deterministic (PMS_FC_SEED tries another).
      { numRuns: 24, seed: Number(process.env.PMS_FC_SEED ?? 68) },
    )
    // The stays drawn put claims on both sides of the rule.
    assert.ok(refused > 50 && accepted > 50, `${refused} refused, ${accepted} accepted`)
  })
})
