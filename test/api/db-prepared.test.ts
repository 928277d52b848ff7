// Named prepared statements on PostgreSQL (server/src/db/prepared.ts): which statements get a name, that a named
// statement is prepared once per connection on a real server, and that a connection stops naming new texts at its
// limit. The naming rules need no database; the server's own view (pg_prepared_statements) is read on PostgreSQL.
import assert from 'node:assert/strict'
import pg from 'pg'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { AHEAD_OF_BEGIN } from '../../server/src/db/pipelined.ts'
import { preparing, statementName } from '../../server/src/db/prepared.ts'
import { createPostgresDatabase, databaseKinds } from './harness.ts'

describe('which statements are named', () => {
  /** The first argument each call of the wrapped function received. */
  const sent = (calls: unknown[][]) => calls.map((args) => (args[0] as { name?: string }).name ?? args[0])

  it('names a statement with parameters after its text, whether sent as text or as a config', () => {
    const calls: unknown[][] = []
    const query = preparing((...args: unknown[]) => calls.push(args))
    query('SELECT $1::int', [1])
    query({ text: 'SELECT $1::int', rowMode: 'array' }, [2])
    query({ text: 'SELECT $1::text', values: ['x'] })
    assert.deepEqual(sent(calls), [
      statementName('SELECT $1::int'),
      statementName('SELECT $1::int'),
      statementName('SELECT $1::text'),
    ])
    assert.equal((calls[1]![0] as { rowMode?: string }).rowMode, 'array', 'the rest of the config is kept')
    assert.deepEqual(calls[1]![1], [2])
  })

  it('leaves statements without parameters, and those already named, as they came', () => {
    const calls: unknown[][] = []
    const query = preparing((...args: unknown[]) => calls.push(args))
    query('BEGIN')
    query('SELECT 1', [])
    query({ text: 'SELECT $1::int', name: 'mine' }, [1])
    assert.deepEqual(sent(calls), ['BEGIN', 'SELECT 1', 'mine'])
  })

  it('stops naming new texts at its limit and keeps naming those it has', () => {
    const calls: unknown[][] = []
    const query = preparing((...args: unknown[]) => calls.push(args), { limit: 2 })
    for (const text of ['SELECT $1::int', 'SELECT $1::text', 'SELECT $1::date', 'SELECT $1::int'])
      query(text, [1])
    assert.deepEqual(sent(calls), [
      statementName('SELECT $1::int'),
      statementName('SELECT $1::text'),
      'SELECT $1::date',
      statementName('SELECT $1::int'),
    ])
  })
})

if (databaseKinds().includes('postgres'))
  describe('on PostgreSQL', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>
    let client: pg.Client
    beforeAll(async () => {
      database = await createPostgresDatabase()
      client = new pg.Client({ connectionString: database.url })
      await client.connect()
    })
    afterAll(async () => {
      await client?.end()
      await database?.drop()
    })

    const prepared = async () =>
      (
        await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')
      ).rows.map((r) => r.name)

    it('prepares a statement once and answers every use; a text past the limit runs unnamed', async () => {
      const query = preparing(client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>, {
        limit: 2,
      })
      const answers = []
      for (const n of [1, 2, 3]) answers.push((await query('SELECT $1::int + 1 AS v', [n])).rows[0].v)
      assert.deepEqual(answers, [2, 3, 4])
      assert.deepEqual(await prepared(), [statementName('SELECT $1::int + 1 AS v')])
      await query('SELECT $1::text AS v', ['a'])
      const third = await query("SELECT $1::text || 'b' AS v", ['a'])
      assert.equal(third.rows[0].v, 'ab')
      assert.deepEqual(
        await prepared(),
        [statementName('SELECT $1::int + 1 AS v'), statementName('SELECT $1::text AS v')].sort(),
      )
    })

    it('a kept statement whose result columns changed is prepared again: at once outside a transaction, on the next use inside one', async () => {
      const status = () =>
        (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus()
      const query = preparing(client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>, {
        transactionStatus: status,
      })
      await client.query('CREATE TABLE migrating (id int PRIMARY KEY, name text)')
      await client.query("INSERT INTO migrating VALUES (1, 'one')")
      const text = 'SELECT * FROM migrating WHERE id = $1'
      assert.deepEqual((await query(text, [1])).rows, [{ id: 1, name: 'one' }])
      // Another instance of the chain migrates the table: outside a transaction the answer has the new column.
      await client.query("ALTER TABLE migrating ADD COLUMN note text NOT NULL DEFAULT 'new'")
      assert.deepEqual((await query(text, [1])).rows, [{ id: 1, name: 'one', note: 'new' }])
      // Inside a transaction the refusal aborts it: that transaction fails, the next use answers.
      await client.query('ALTER TABLE migrating ADD COLUMN floor int NOT NULL DEFAULT 3')
      await client.query('BEGIN')
      await assert.rejects(query(text, [1]), { code: '0A000' })
      await client.query('ROLLBACK')
      assert.deepEqual((await query(text, [1])).rows, [{ id: 1, name: 'one', note: 'new', floor: 3 }])
      // The connection's other texts are prepared again too, under new names, and answer.
      assert.deepEqual((await query('SELECT $1::int + 1 AS v', [1])).rows, [{ v: 2 }])
    })

    it('never sends again a statement written ahead of a BEGIN: refused, it fails once', async () => {
      const status = () =>
        (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus()
      const query = preparing(client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>, {
        transactionStatus: status,
      })
      await client.query('CREATE TABLE counted (id int PRIMARY KEY, n int)')
      await client.query('INSERT INTO counted VALUES (1, 0)')
      const text = 'UPDATE counted SET n = n + 1 WHERE id = $1 RETURNING *'
      await query(text, [1])
      await client.query('ALTER TABLE counted ADD COLUMN note text')
      await assert.rejects(query({ text, [AHEAD_OF_BEGIN]: true }, [1]), { code: '0A000' })
      const { rows } = await client.query('SELECT n FROM counted')
      assert.deepEqual(rows, [{ n: 1 }], 'not sent again (it would have run inside the transaction after it)')
      assert.deepEqual((await query(text, [1])).rows, [{ id: 1, n: 2, note: null }], 'the next use answers')
    })

    it('answers by callback too (as the pool asks), sending a refused statement again outside a transaction', async () => {
      const status = () =>
        (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus()
      const query = preparing(client.query.bind(client) as (...args: unknown[]) => unknown, {
        transactionStatus: status,
      })
      const viaCallback = (text: string, values: unknown[]) =>
        new Promise<pg.QueryResult>((resolve, reject) =>
          query(text, values, (error: Error | null, result: pg.QueryResult) =>
            error ? reject(error) : resolve(result),
          ),
        )
      await client.query('CREATE TABLE by_callback (id int PRIMARY KEY)')
      await client.query('INSERT INTO by_callback VALUES (7)')
      const text = 'SELECT * FROM by_callback WHERE id = $1'
      assert.deepEqual((await viaCallback(text, [7])).rows, [{ id: 7 }])
      await client.query('ALTER TABLE by_callback ADD COLUMN n int NOT NULL DEFAULT 1')
      assert.deepEqual((await viaCallback(text, [7])).rows, [{ id: 7, n: 1 }])
      assert.ok((await prepared()).includes(`${statementName(text)}_1`))
    })

    it('a statement that fails to parse is not taken for prepared: the corrected use after it works', async () => {
      const query = preparing(client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>)
      await assert.rejects(query('SELECT $1::int FROM no_such_table', [1]), /no_such_table/)
      await client.query('CREATE TABLE no_such_table (n int)')
      const rows = (await query('SELECT $1::int FROM no_such_table', [1])).rows
      assert.deepEqual(rows, [])
    })
  })
