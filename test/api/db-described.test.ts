// Statements described once per connection (server/src/db/described.ts), on a real PostgreSQL, with prepared.ts in
// front as the product's pool has it: a named statement's result is described by the server at its first execution
// only (counted from the connection's RowDescription and NoData messages), and every later answer has the same
// columns and parsed values; row modes and type parsers are kept apart; a statement whose columns changed under it is
// described again under its new name; a parameter that cannot be sent fails that statement only.
import assert from 'node:assert/strict'
import pg from 'pg'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { loadDescribingOnce } from '../../server/src/db/described.ts'
import { preparing } from '../../server/src/db/prepared.ts'
import { createPostgresDatabase, databaseKinds } from './harness.ts'

describe('what goes through as it came', () => {
  it('a statement without a name (no parameters, or past the limit of names) is passed on untouched', async () => {
    const calls: unknown[][] = []
    const describingOnce = await loadDescribingOnce()
    const query = describingOnce((...args: unknown[]) => {
      calls.push(args)
      return 'answered'
    })
    const config = { text: 'SELECT $1::int', values: [1] }
    assert.equal(query('BEGIN'), 'answered')
    assert.equal(query(config), 'answered')
    assert.deepEqual(calls, [['BEGIN'], [config]])
  })

  it('a named one goes as a query of its own, answered by promise or by callback', async () => {
    const sent: {
      submit?: unknown
      name?: string
      values?: unknown[]
      callback?: (e: unknown, r: unknown) => void
    }[] = []
    const describingOnce = await loadDescribingOnce()
    const query = describingOnce((...args: unknown[]) => sent.push(args[0] as (typeof sent)[number]))
    const promised = query({ text: 'SELECT $1::int', name: 'p1' }, [1])
    let calledBack: unknown
    query({ text: 'SELECT $1::int', name: 'p1' }, [2], (_: unknown, result: unknown) => {
      calledBack = result
    })
    assert.deepEqual(
      sent.map((q) => [typeof q.submit, q.name, q.values]),
      [
        ['function', 'p1', [1]],
        ['function', 'p1', [2]],
      ],
    )
    sent[0]!.callback!(null, 'first')
    sent[1]!.callback!(null, 'second')
    assert.equal(await promised, 'first')
    assert.equal(calledBack, 'second')
  })
})

if (databaseKinds().includes('postgres'))
  describe('statements described once, on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>
    let client: pg.Client
    let query: (...args: unknown[]) => Promise<pg.QueryResult>
    /** Descriptions the server sent: RowDescription (a statement with rows) and NoData (one without). */
    const described = { rows: 0, none: 0 }
    beforeAll(async () => {
      database = await createPostgresDatabase()
      client = new pg.Client({ connectionString: database.url })
      await client.connect()
      const connection = (client as unknown as { connection: import('node:events').EventEmitter }).connection
      connection.on('rowDescription', () => described.rows++)
      connection.on('noData', () => described.none++)
      const describingOnce = await loadDescribingOnce()
      query = preparing(describingOnce(client.query.bind(client)), {
        transactionStatus: () =>
          (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus(),
      }) as typeof query
      await client.query(
        "CREATE TABLE room (id int PRIMARY KEY, no text NOT NULL, price int NOT NULL, seen timestamptz NOT NULL DEFAULT '2026-12-06T10:00:00Z')",
      )
      await client.query("INSERT INTO room (id, no, price) VALUES (1, '101', 32000), (2, '102', 28800)")
    })
    afterAll(async () => {
      await client?.end()
      await database?.drop()
    })
    const since = () => {
      const at = { ...described }
      return () => ({ rows: described.rows - at.rows, none: described.none - at.none })
    }

    it('describes a statement with rows at its first execution only; every answer has its columns and parsed values', async () => {
      const count = since()
      const text = 'SELECT id, no, price, seen FROM room WHERE id = $1'
      const answers = []
      for (const id of [1, 2, 1]) answers.push(await query(text, [id]))
      assert.deepEqual(count(), { rows: 1, none: 0 })
      assert.deepEqual(answers[1]!.rows, [
        { id: 2, no: '102', price: 28800, seen: new Date('2026-12-06T10:00:00Z') },
      ])
      assert.deepEqual(answers[2]!.rows, answers[0]!.rows)
      assert.deepEqual(
        answers[2]!.fields.map((f) => f.name),
        ['id', 'no', 'price', 'seen'],
      )
      // No row found: the same columns, no rows.
      const none = await query(text, [9])
      assert.deepEqual(none.rows, [])
      assert.deepEqual(
        none.fields.map((f) => f.name),
        ['id', 'no', 'price', 'seen'],
      )
      assert.deepEqual(count(), { rows: 1, none: 0 })
    })

    it('describes a statement without rows once too (NoData), and counts what it changed every time', async () => {
      const count = since()
      const text = 'UPDATE room SET price = price + $1 WHERE id <= $2'
      const changed = []
      for (const limit of [1, 2, 2]) changed.push((await query(text, [100, limit])).rowCount)
      assert.deepEqual(changed, [1, 2, 2])
      assert.deepEqual(count(), { rows: 0, none: 1 })
      assert.deepEqual((await client.query('SELECT price FROM room ORDER BY id')).rows, [
        { price: 32300 },
        { price: 29000 },
      ])
    })

    it('keeps row modes and type parsers apart for the same text', async () => {
      const count = since()
      const text = 'SELECT no, seen FROM room WHERE id = $1'
      const asText = { getTypeParser: () => (value: string) => `text:${value}` }
      const objects = await query({ text }, [1])
      const arrays = await query({ text, rowMode: 'array' }, [1])
      const own = await query({ text, rowMode: 'array', types: asText }, [1])
      const again = await Promise.all([
        query({ text }, [1]),
        query({ text, rowMode: 'array' }, [1]),
        query({ text, rowMode: 'array', types: asText }, [1]),
      ])
      assert.deepEqual(objects.rows, [{ no: '101', seen: new Date('2026-12-06T10:00:00Z') }])
      assert.deepEqual(arrays.rows, [['101', new Date('2026-12-06T10:00:00Z')]])
      assert.deepEqual(own.rows, [['text:101', 'text:2026-12-06 10:00:00+00']])
      assert.deepEqual(
        again.map((r) => r.rows),
        [objects.rows, arrays.rows, own.rows],
      )
      assert.deepEqual(count(), { rows: 3, none: 0 }, 'one description for each way of reading the rows')
    })

    it('answers by callback too (as the pool asks)', async () => {
      const viaCallback = (id: number) =>
        new Promise<pg.QueryResult>((resolve, reject) =>
          query('SELECT no FROM room WHERE id = $1', [id], (error: Error | null, result: pg.QueryResult) =>
            error ? reject(error) : resolve(result),
          ),
        )
      assert.deepEqual((await viaCallback(1)).rows, [{ no: '101' }])
      assert.deepEqual((await viaCallback(2)).rows, [{ no: '102' }])
    })

    it('a statement whose columns changed under it is described again under its new name', async () => {
      const text = 'SELECT * FROM room WHERE id = $1'
      assert.deepEqual(Object.keys((await query(text, [1])).rows[0]), ['id', 'no', 'price', 'seen'])
      await client.query("ALTER TABLE room ADD COLUMN floor text NOT NULL DEFAULT '1F'")
      const count = since()
      const after = await query(text, [1])
      assert.deepEqual(Object.keys(after.rows[0]), ['id', 'no', 'price', 'seen', 'floor'])
      assert.equal(after.rows[0].floor, '1F')
      assert.equal(count().rows, 1, 'described again')
      await query(text, [2])
      assert.equal(count().rows, 1, 'then known again')
    })

    it('a parameter that cannot be sent fails its statement only; the connection answers on', async () => {
      const text = 'SELECT no FROM room WHERE id = $1'
      await query(text, [1])
      const unsendable = {
        toPostgres: () => {
          throw new Error('cannot be sent')
        },
      }
      await assert.rejects(query(text, [unsendable]), /cannot be sent/)
      assert.deepEqual((await query(text, [2])).rows, [{ no: '102' }])
    })
  })
