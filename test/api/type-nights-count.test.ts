// Room-type nights (migrations 0068 and 0072): the count that refuses a stay when its type has no room left, checked
// against the count it replaced (migration 0063's, kept in test/support/type-nights-reference.ts) on random stays of
// two demo room types: the same refusal (none, or the same type, busiest instant and rooms for sale) for every claim
// and allowance tried. The stays fall on a grid of six-hour instants so that starts, ends and claims often meet at one
// instant; stays checked out or cancelled are among them and count for neither. Some stays have no room, some are on a
// room of their type (the locked one among them) and some on a room of the other type: where none of a claim's type
// floats over it (0072), the function answers without counting, and must still answer as the count. Drawn by
// fast-check, seeded.
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
/**
 * A stay, 1 to 12 slots long; `second` picks the other type. `room`: 0 or 1, none (by type); 2 to 4, one of its type's
 * first three rooms (the first type's first is locked); 5, a room of the other type. A room another held stay of the
 * run has at any of its slots is not taken twice (the stay goes by type), as the exclusion constraint requires.
 */
const stayArb = fc.record({
  // Three stays in four of the first type, so that it fills and claims are refused.
  second: fc.nat(3).map((n) => n === 0),
  start: fc.integer({ min: 0, max: WINDOW - 1 }),
  length: fc.integer({ min: 1, max: 12 }),
  state: fc.constantFrom(...STATES),
  room: fc.nat(5),
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
  /** Each type's rooms, by id (the first type's first is locked). */
  let roomsOf: number[][]
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
    roomsOf = await Promise.all(
      types.map(async (type) =>
        (
          await p.query<{ room_id: string }>(
            'SELECT room_id FROM pms_room WHERE room_type_id = $1 ORDER BY room_id',
            [type],
          )
        ).map((r) => Number(r.room_id)),
      ),
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

  interface Stay {
    type: number
    /** Slots of the scenario's window. */
    start: number
    end: number
    state: string
    room: number | null
  }

  /** Writes `stays` in orders of their own, on the slots of `scenario`. */
  async function insertStays(scenario: number, stays: Stay[]): Promise<void> {
    if (!stays.length) return
    await query(
      `WITH s AS (
         SELECT * FROM unnest($2::bigint[], $3::timestamptz[], $4::timestamptz[], $5::text[], $7::bigint[])
           WITH ORDINALITY AS s(type_id, a, b, state, room_id, k)
       ), o AS (
         INSERT INTO pms_order (property_id, order_no, order_type, state, contact_name, check_in_at, check_out_at)
         SELECT $1, 'TN' || $6::int || '-' || s.k, 'reserve', 'booking', 'Count', s.a, s.b FROM s
         RETURNING order_id, order_no
       )
       INSERT INTO pms_order_room (order_id, property_id, room_type_id, room_id, price_cents, stay, state)
       SELECT o.order_id, $1, s.type_id, s.room_id, 10000, tstzrange(s.a, s.b, '[)'), s.state
       FROM s JOIN o ON o.order_no = 'TN' || $6::int || '-' || s.k`,
      [
        propertyId,
        list(stays.map((s) => s.type)),
        list(stays.map((s) => at(scenario, s.start).toISOString())),
        list(stays.map((s) => at(scenario, s.end).toISOString())),
        list(stays.map((s) => s.state)),
        scenario,
        list(stays.map((s) => s.room ?? 'NULL')),
      ],
    )
  }

  /** Whether a stay of a claim's type floats over it (migration 0072): then the function counts, else it need not. */
  async function floats(claims: Array<[number, Date, Date]>): Promise<boolean> {
    const [row] = await query<{ f: boolean }>(
      'SELECT pms_type_nights_floating($1::bigint[], $2::timestamptz[], $3::timestamptz[], $4) AS f',
      [
        list(claims.map((c) => c[0])),
        list(claims.map((c) => c[1].toISOString())),
        list(claims.map((c) => c[2].toISOString())),
        propertyId,
      ],
    )
    return row!.f
  }

  test('a stay on a locked room or on a room of another type floats: with it, the type is over its rooms for sale', async () => {
    const [locked, ...forSale] = roomsOf[0]!
    const onRooms = (rooms: number[]): Stay[] =>
      rooms.map((room) => ({ type: types[0]!, start: 0, end: 4, state: 'booking', room }))
    const claim: Array<[number, Date, Date]> = []
    // Every room for sale held: within the rule, and nothing floats (answered without the count).
    await insertStays(500, onRooms(forSale))
    claim.splice(0, 1, [types[0]!, at(500, 1), at(500, 2)])
    assert.equal(await floats(claim), false)
    assert.equal(await counted(claim, 0), null)
    assert.equal(await reference(claim, 0), null)
    // And the locked room too: one stay more than the rooms for sale.
    await insertStays(501, onRooms([locked!, ...forSale]))
    claim.splice(0, 1, [types[0]!, at(501, 1), at(501, 2)])
    assert.equal(await floats(claim), true)
    assert.deepEqual(await counted(claim, 0), await reference(claim, 0))
    assert.equal((await counted(claim, 0))?.forSale, forSale.length)
    // Or a room of the other type.
    await insertStays(502, [...onRooms(forSale), ...onRooms([roomsOf[1]![0]!])])
    claim.splice(0, 1, [types[0]!, at(502, 1), at(502, 2)])
    assert.equal(await floats(claim), true)
    assert.deepEqual(await counted(claim, 0), await reference(claim, 0))
    assert.equal((await counted(claim, 0))?.forSale, forSale.length)
  })

  test('random sets of stays: every claim is refused, or not, as the replaced count did', async () => {
    let refused = 0
    let accepted = 0
    /** Claims none of whose type floats over them: answered without the count (allowances 0 and more). */
    let unfloated = 0
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
        const stays: Stay[] = []
        for (const d of drawn) {
          const own = d.second ? 1 : 0
          const wanted = d.room < 2 ? null : d.room < 5 ? roomsOf[own]![d.room - 2]! : roomsOf[1 - own]![0]!
          const held = (state: string) => state === 'booking' || state === 'checkIn'
          const taken = stays.some(
            (s) =>
              s.room === wanted &&
              held(s.state) &&
              held(d.state) &&
              s.start < d.start + d.length &&
              d.start < s.end,
          )
          stays.push({
            type: types[own]!,
            start: d.start,
            end: d.start + d.length,
            state: d.state,
            room: taken ? null : wanted,
          })
        }
        await insertStays(scenario, stays)
        for (const call of calls) {
          const claims = call.map((c): [number, Date, Date] => [
            types[c.second ? 1 : 0]!,
            at(scenario, c.start),
            at(scenario, c.start + c.length),
          ])
          if (!(await floats(claims))) unfloated++
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
    // And some claims had no stay of their type floating over them.
    assert.ok(unfloated > 10, `${unfloated} claims with no floating stay`)
  })
})
