// Room-type nights under concurrency, on PostgreSQL (migrations 0072 and 0073; server/src/orders/inventory.ts): claims
// whose type has no floating stay over their range (every stay held is on a room of the type that is for sale) take the
// nights' locks shared and do not wait for each other; any other claim takes them exclusively, waits for every holder
// and counts their stays, holding none of them shared while it waits; a claim that finds a floating stay only after its
// shared locks were granted counts too. Each claim is one transaction of its own connection, as the product's are: a
// stay written, then the count (the same call requireTypeNights sends), held open until the test commits it. "Waits" is
// told by a lock timeout that can only expire while another transaction, held open by the test, keeps the locks: no
// timing decides an outcome.
import assert from 'node:assert/strict'
import { DEFAULT_TIME_ZONE } from '@pms/protocol/time/zone'
import pg from 'pg'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { typeNightLocks } from '../../server/src/orders/inventory.ts'
import { arrayLiteral as list } from '../support/type-nights-reference.ts'
import { createPostgresDatabase, databaseKinds } from './harness.ts'
import { KING } from './orders-support.ts'

type Outcome = 'held' | 'waited' | 'refused'

describe('room-type nights: the locks a claim asks for', () => {
  const at = (iso: string) => new Date(iso)
  const claim = (roomTypeId: number, start: string, end: string) => ({
    roomTypeId,
    range: { start: at(start), end: at(end) },
  })

  test('one per type and calendar day in the zone, shared by overlapping claims, ascending, without repeats', () => {
    // Noon to noon in Shanghai (04:00 UTC) touches two days; a stay of the second day alone shares its key.
    const night = typeNightLocks(
      [claim(7, '2032-01-01T04:00:00Z', '2032-01-02T04:00:00Z')],
      DEFAULT_TIME_ZONE,
    )
    const second = typeNightLocks(
      [claim(7, '2032-01-02T01:00:00Z', '2032-01-02T03:00:00Z')],
      DEFAULT_TIME_ZONE,
    )
    assert.equal(night.length, 2)
    assert.deepEqual(second, [night[1]])
    // The same hours in UTC fall on one day there: a stay's days are its property's.
    assert.equal(typeNightLocks([claim(7, '2032-01-02T01:00:00Z', '2032-01-02T03:00:00Z')], 'UTC').length, 1)
    // Another type's nights are other keys; claims together are sorted, each key once.
    const both = typeNightLocks(
      [
        claim(8, '2032-01-01T04:00:00Z', '2032-01-02T04:00:00Z'),
        claim(7, '2032-01-01T04:00:00Z', '2032-01-02T04:00:00Z'),
        claim(7, '2032-01-02T01:00:00Z', '2032-01-02T03:00:00Z'),
      ],
      DEFAULT_TIME_ZONE,
    )
    assert.equal(both.length, 4)
    assert.deepEqual(both.slice(0, 2), night)
    assert.deepEqual(
      both,
      [...both].sort((a, b) => (a < b ? -1 : 1)),
    )
  })
})

if (databaseKinds().includes('postgres'))
  describe('room-type nights: who waits for whom, on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>
    let setup: pg.Client
    const open: pg.Client[] = []
    let propertyId: number
    let typeId: number
    /** The two rooms of the type left for sale (the others are put under maintenance). */
    let rooms: [number, number]
    let orders = 0

    beforeAll(async () => {
      database = await createPostgresDatabase()
      setup = await connected()
      const { rows } = await setup.query<{ property_id: string; room_type_id: string }>(
        'SELECT property_id, room_type_id FROM pms_room_type WHERE type_name = $1 ORDER BY property_id LIMIT 1',
        [KING],
      )
      propertyId = Number(rows[0]!.property_id)
      typeId = Number(rows[0]!.room_type_id)
      const typed = await setup.query<{ room_id: string; maintain: boolean }>(
        `UPDATE pms_room SET maintain = room_id NOT IN (
           SELECT room_id FROM pms_room WHERE room_type_id = $1 ORDER BY room_id LIMIT 2)
         WHERE room_type_id = $1 RETURNING room_id, maintain`,
        [typeId],
      )
      const left = typed.rows.filter((r) => !r.maintain)
      assert.equal(left.length, 2)
      rooms = [Number(left[0]!.room_id), Number(left[1]!.room_id)]
    })

    afterAll(async () => {
      for (const c of open) await c.end().catch(() => undefined)
      await database?.drop()
    })

    async function connected(): Promise<pg.Client> {
      const c = new pg.Client({ connectionString: database.url })
      await c.connect()
      open.push(c)
      return c
    }

    /** Night `n` (from 2032-01-01, noon to noon UTC): far from the demo data's stays. */
    const night = (n: number) => {
      const start = new Date(Date.UTC(2032, 0, 1 + n, 12))
      return { start, end: new Date(start.getTime() + 86_400_000) }
    }

    /**
     * Opens a transaction on `c` that writes a stay of the type on night `n` (in room `roomId`, or by type with none)
     * and sends the count under the nights' locks, with `lockTimeout` ms to get them (0: as long as it takes). Leaves
     * the transaction open when the count passes ('held'); rolls it back when the count refuses or the locks were not
     * granted in time.
     */
    async function claim(c: pg.Client, n: number, roomId: number | null, lockTimeout = 0): Promise<Outcome> {
      const range = night(n)
      await c.query('BEGIN')
      await c.query(`SET LOCAL lock_timeout = ${lockTimeout}`)
      await c.query(
        `WITH o AS (
           INSERT INTO pms_order (property_id, order_no, order_type, state, contact_name, check_in_at, check_out_at)
           VALUES ($1, $2, 'reserve', 'booking', 'Locks', $4, $5) RETURNING order_id
         )
         INSERT INTO pms_order_room (order_id, property_id, room_type_id, room_id, price_cents, stay, state)
         SELECT o.order_id, $1, $3, $6::bigint, 10000, tstzrange($4, $5, '[)'), 'booking' FROM o`,
        [propertyId, `TL-${++orders}`, typeId, range.start, range.end, roomId],
      )
      const locks = typeNightLocks([{ roomTypeId: typeId, range }], DEFAULT_TIME_ZONE)
      try {
        await c.query(
          'SELECT pms_type_nights_require($1::bigint[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5, 0)',
          [
            list(locks),
            list([typeId]),
            list([range.start.toISOString()]),
            list([range.end.toISOString()]),
            propertyId,
          ],
        )
        return 'held'
      } catch (error) {
        await c.query('ROLLBACK')
        const code = (error as { code?: string }).code
        if (code === '55P03') return 'waited'
        assert.equal(code, 'PO001', String(error))
        return 'refused'
      }
    }

    /** Resolves once the backend of `c` waits for an advisory lock. */
    async function waitingForLock(c: pg.Client): Promise<void> {
      const pid = (c as unknown as { processID: number }).processID
      for (;;) {
        const { rows } = await setup.query(
          "SELECT 1 FROM pg_locks WHERE pid = $1 AND locktype = 'advisory' AND NOT granted",
          [pid],
        )
        if (rows.length) return
        await new Promise((resolve) => setImmediate(resolve))
      }
    }

    test('stays on rooms of their type for sale do not wait for each other; a stay by type waits for them and counts them', async () => {
      const [a, b, c] = [await connected(), await connected(), await connected()]
      assert.equal(await claim(a, 1, rooms[0]), 'held')
      // Under migration 0068's exclusive locks, this one waited for a's COMMIT.
      assert.equal(await claim(b, 1, rooms[1], 100), 'held')
      assert.equal(await claim(c, 1, null, 100), 'waited')
      await a.query('COMMIT')
      await b.query('COMMIT')
      // Both rooms for sale are held: a stay by type is refused, a stay on another night is not.
      assert.equal(await claim(c, 1, null), 'refused')
      assert.equal(await claim(c, 2, null), 'held')
      await c.query('ROLLBACK')
    })

    test('where a stay by type is held, a stay in a room takes the locks exclusively and counts', async () => {
      const [a, b, c] = [await connected(), await connected(), await connected()]
      assert.equal(await claim(a, 3, null), 'held')
      await a.query('COMMIT')
      assert.equal(await claim(b, 3, rooms[0]), 'held')
      assert.equal(await claim(c, 3, rooms[1], 100), 'waited')
      await b.query('COMMIT')
      // The stay by type and the one in the first room take both rooms for sale.
      assert.equal(await claim(c, 3, rooms[1]), 'refused')
    })

    test('a stay by type committed while a stay in a room waited for the locks is counted with it', async () => {
      const [a, b, c] = [await connected(), await connected(), await connected()]
      assert.equal(await claim(a, 4, rooms[0]), 'held')
      await a.query('COMMIT')
      // b, by type, holds the night exclusively (nothing floats yet) and is within the rule: 2 stays, 2 rooms.
      assert.equal(await claim(b, 4, null), 'held')
      // c finds nothing floating (b's stay is not committed), asks for the locks shared and waits for b.
      const waited = claim(c, 4, rooms[1])
      await waitingForLock(c)
      await b.query('COMMIT')
      // Its second reading finds b's stay: it counts three stays on two rooms for sale.
      assert.equal(await waited, 'refused')
    })

    test('a claim that will count asks for the locks exclusively from the start, holding none shared while it waits', async () => {
      const [a, b, c] = [await connected(), await connected(), await connected()]
      assert.equal(await claim(a, 5, null), 'held')
      await a.query('COMMIT')
      // b stands for a claim in its shared phase: it holds the night's locks shared.
      const locks = typeNightLocks([{ roomTypeId: typeId, range: night(5) }], DEFAULT_TIME_ZONE)
      await b.query('BEGIN')
      await b.query('SELECT pg_advisory_xact_lock_shared(k) FROM unnest($1::bigint[]) AS k', [list(locks)])
      // c sees the stay by type floating (migration 0072's first look) and waits for b without taking the locks
      // shared: had it taken them shared and then asked for them exclusively, a claim like it doing the same would
      // wait for it while it waits for that one (a deadlock, one of them ended by PostgreSQL).
      const waited = claim(c, 5, rooms[0])
      await waitingForLock(c)
      const pid = (c as unknown as { processID: number }).processID
      const held = await setup.query(
        "SELECT 1 FROM pg_locks WHERE pid = $1 AND locktype = 'advisory' AND granted",
        [pid],
      )
      assert.equal(held.rows.length, 0)
      await b.query('ROLLBACK')
      // Then it counts: the stay by type and its own on two rooms for sale.
      assert.equal(await waited, 'held')
      await c.query('ROLLBACK')
    })
  })
