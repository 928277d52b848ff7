// A transaction's BEGIN written with its first statement (server/src/db/pipelined.ts): what is sent, in which order
// and in how many writes, with a recording query function; on a real PostgreSQL, through the product's own pool, that
// the statements behind a held BEGIN run inside the transaction (a rollback takes them back) and share its write; and
// a write's answer held for its COMMIT (answeredAtCommit): one write, the transaction's own rows read, dropped when
// the COMMIT fails.
import assert from 'node:assert/strict'
import type { Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { makeTempDir } from '../../bridge/src/testing.ts'
import {
  aheadOfTransaction,
  answeredAtCommit,
  sentTogether,
  writeBehind,
} from '../../server/src/db/answered.ts'
import { type Database, openDatabase } from '../../server/src/db/client.ts'
import { deferringBegin, HOLD_NEXT } from '../../server/src/db/pipelined.ts'
import { statementCounter } from '../../server/src/db/statements.ts'
import { createPostgresDatabase, databaseKinds } from './harness.ts'

describe('what a held BEGIN sends', () => {
  /** A query function that records what it is given (and the socket's corks around it) and answers at once. */
  function recorder(fail: string[] = []) {
    const log: string[] = []
    let corked = 0
    const stream = {
      cork: () => {
        corked++
        log.push('cork')
      },
      uncork: () => {
        corked--
        log.push('uncork')
      },
    }
    const query = (first: unknown, ..._rest: unknown[]): Promise<{ rows: string[]; command?: string }> => {
      const text = typeof first === 'string' ? first : (first as { text: string }).text
      log.push(corked ? `${text} (corked)` : text)
      return fail.includes(text)
        ? Promise.reject(new Error(`${text} failed`))
        : Promise.resolve({ rows: [text] })
    }
    const owner = {} as {
      [HOLD_NEXT]: {
        hold: (count: number) => Promise<boolean>
        cancel: () => void
        ahead: () => Promise<boolean> | null
        flush: () => void
      }
    }
    return {
      log,
      query: deferringBegin(query, () => stream, owner),
      hold: (count = 1) => owner[HOLD_NEXT].hold(count),
      cancel: () => owner[HOLD_NEXT].cancel(),
      ahead: () => owner[HOLD_NEXT].ahead(),
      flush: () => owner[HOLD_NEXT].flush(),
    }
  }

  it('answers BEGIN unsent, then writes it with the next statement in one corked write', async () => {
    const { log, query } = recorder()
    assert.equal((await query('begin')).command, 'BEGIN')
    assert.deepEqual(log, [])
    assert.deepEqual((await query({ text: 'SELECT $1::int' }, [1])).rows, ['SELECT $1::int'])
    await query('commit')
    assert.deepEqual(log, ['cork', 'BEGIN (corked)', 'SELECT $1::int (corked)', 'uncork', 'commit'])
  })

  it('sends nothing for a transaction that ends before any statement', async () => {
    const { log, query } = recorder()
    await query('begin')
    assert.equal((await query('commit')).command, 'COMMIT')
    await query('BEGIN')
    assert.equal((await query('ROLLBACK')).command, 'ROLLBACK')
    await query('begin')
    assert.equal((await query('END')).command, 'COMMIT', 'END is COMMIT')
    assert.deepEqual(log, [])
    await query('SELECT 1')
    assert.deepEqual(log, ['SELECT 1'], 'nothing is held after an empty transaction')
  })

  it('fails the statement when BEGIN fails, and holds no BEGIN after it', async () => {
    const { log, query } = recorder(['BEGIN'])
    await query('begin')
    await assert.rejects(query('SELECT 2'), /BEGIN failed/)
    await query('rollback')
    assert.deepEqual(log, ['cork', 'BEGIN (corked)', 'SELECT 2 (corked)', 'uncork', 'rollback'])
  })

  it('holds the statement asked for and writes it with the COMMIT after it, in one corked write', async () => {
    const { log, query, hold } = recorder()
    await query('begin')
    await query('UPDATE 1')
    const held = hold()
    const answer = query({ text: 'SELECT view' }, [7])
    await held
    assert.deepEqual(log, ['cork', 'BEGIN (corked)', 'UPDATE 1 (corked)', 'uncork'], 'the read is held')
    await query('commit')
    assert.deepEqual((await answer).rows, ['SELECT view'])
    assert.deepEqual(log.slice(4), ['cork', 'SELECT view (corked)', 'commit (corked)', 'uncork'])
    await query('SELECT after')
    assert.equal(log.at(-1), 'SELECT after', 'nothing is held after it')
  })

  it('holds as many statements as asked and writes them in order with the COMMIT, in one corked write', async () => {
    const { log, query, hold } = recorder()
    await query('begin')
    await query('UPDATE 1')
    const held = hold(2)
    const check = query({ text: 'SELECT check' }, [1])
    const answer = query({ text: 'SELECT view' }, [7])
    await held
    assert.equal(log.length, 4, 'both are held')
    await query('commit')
    assert.deepEqual((await check).rows, ['SELECT check'])
    assert.deepEqual((await answer).rows, ['SELECT view'])
    assert.deepEqual(log.slice(4), [
      'cork',
      'SELECT check (corked)',
      'SELECT view (corked)',
      'commit (corked)',
      'uncork',
    ])
  })

  it('lets the asker of a hold go when a statement that cannot be held comes first, with those held before it', async () => {
    const { log, query, hold } = recorder()
    const asked = hold(2)
    const first = query({ text: 'SELECT one' }, [1])
    await query('commit')
    await asked
    assert.deepEqual((await first).rows, ['SELECT one'])
    assert.deepEqual(log, ['cork', 'SELECT one (corked)', 'commit (corked)', 'uncork'])
  })

  it('holds no BEGIN, COMMIT or ROLLBACK: those go as they came, and the asker is let go', async () => {
    const { log, query, hold } = recorder()
    const asked = hold()
    await query('commit')
    assert.equal(await asked, false, 'nothing was held')
    assert.deepEqual(log, ['commit'])
  })

  it('holds a statement behind a held BEGIN with it, and writes both with the next statement', async () => {
    const { log, query, hold } = recorder()
    await query('begin')
    const asked = hold()
    const update = query({ text: 'UPDATE 4' }, [4])
    assert.equal(await asked, true)
    assert.deepEqual(log, [], 'nothing written yet')
    assert.deepEqual((await query({ text: 'SELECT 4' }, [4])).rows, ['SELECT 4'])
    assert.deepEqual((await update).rows, ['UPDATE 4'])
    assert.deepEqual(log, ['cork', 'BEGIN (corked)', 'UPDATE 4 (corked)', 'SELECT 4 (corked)', 'uncork'])
  })

  it('answers the statement that writes a failed held one with that failure, a COMMIT too; a ROLLBACK for itself', async () => {
    const { log, query, hold } = recorder(['UPDATE bad'])
    await query('begin')
    await query('SELECT 1')
    const asked = hold()
    const failed = query({ text: 'UPDATE bad' }, [1])
    await asked
    await assert.rejects(query({ text: 'SELECT after' }, [2]), /UPDATE bad failed/)
    await assert.rejects(failed, /UPDATE bad failed/)
    const again = hold()
    void query({ text: 'UPDATE bad' }, [1]).catch(() => {})
    await again
    await assert.rejects(query('commit'), /UPDATE bad failed/, 'a COMMIT after a failure never succeeds')
    const third = hold()
    void query({ text: 'UPDATE bad' }, [1]).catch(() => {})
    await third
    assert.equal((await query('rollback')).rows[0], 'rollback')
    assert.deepEqual(log.slice(-4), ['cork', 'UPDATE bad (corked)', 'rollback (corked)', 'uncork'])
  })

  it('lets a cancelled hold go: the next statement goes as it came', async () => {
    const { log, query, hold, cancel } = recorder()
    const asked = hold()
    cancel()
    assert.equal(await asked, false)
    await query({ text: 'SELECT 5' }, [5])
    assert.deepEqual(log, ['SELECT 5'])
  })

  it('holds a statement asked ahead of a held BEGIN before it, and writes both with the next statement', async () => {
    const { log, query, ahead } = recorder()
    await query('begin')
    const placed = ahead()
    const number = query({ text: 'INSERT counter' }, [1])
    assert.equal(await placed, true)
    assert.deepEqual(log, [], 'nothing written yet')
    assert.deepEqual((await query({ text: 'SELECT rooms' }, [2])).rows, ['SELECT rooms'])
    assert.deepEqual((await number).rows, ['INSERT counter'])
    await query('commit')
    assert.deepEqual(log, [
      'cork',
      'INSERT counter (corked)',
      'BEGIN (corked)',
      'SELECT rooms (corked)',
      'uncork',
      'commit',
    ])
  })

  it('places nothing ahead once the transaction has sent or holds a statement, or outside one', async () => {
    const { log, query, ahead, hold } = recorder()
    assert.equal(ahead(), null, 'no transaction')
    await query('begin')
    const asked = hold()
    void query({ text: 'UPDATE held' }, [1])
    await asked
    assert.equal(ahead(), null, 'a statement is held')
    await query({ text: 'SELECT 1' }, [1])
    assert.equal(ahead(), null, 'BEGIN went')
    await query('commit')
    assert.equal(log.filter((l) => l.startsWith('BEGIN')).length, 1)
  })

  it('writes what is held ahead at once on flush, and on its own when the transaction ends before a statement', async () => {
    const flushed = recorder()
    await flushed.query('begin')
    const placed = flushed.ahead()
    const number = flushed.query({ text: 'INSERT counter' }, [1])
    await placed
    flushed.flush()
    assert.deepEqual((await number).rows, ['INSERT counter'])
    assert.deepEqual(flushed.log, ['cork', 'INSERT counter (corked)', 'BEGIN (corked)', 'uncork'])
    await flushed.query({ text: 'SELECT after' }, [2])
    assert.equal(flushed.log.at(-1), 'SELECT after', 'BEGIN is not sent twice')

    const ended = recorder()
    await ended.query('begin')
    const held = ended.ahead()
    const alone = ended.query({ text: 'INSERT counter' }, [1])
    await held
    assert.equal((await ended.query('rollback')).command, 'ROLLBACK')
    assert.deepEqual((await alone).rows, ['INSERT counter'])
    assert.deepEqual(ended.log, ['cork', 'INSERT counter (corked)', 'uncork'], 'no BEGIN, no ROLLBACK sent')
  })

  it('writes held statements after the held BEGIN on flush; BEGIN alone stays held', async () => {
    const { log, query, hold, flush } = recorder()
    await query('begin')
    flush()
    assert.deepEqual(log, [], 'nothing but BEGIN held: nothing written')
    const held = hold(1)
    const read = query({ text: 'SELECT held' }, [1])
    assert.equal(await held, true)
    flush()
    assert.deepEqual((await read).rows, ['SELECT held'])
    assert.deepEqual(log, ['cork', 'BEGIN (corked)', 'SELECT held (corked)', 'uncork'])
  })

  it('lets the asker ahead go when a statement that cannot be held comes first, and on cancel', async () => {
    const { log, query, ahead, cancel } = recorder()
    await query('begin')
    const placed = ahead()
    await query('commit')
    assert.equal(await placed, false)
    await query('begin')
    const cancelled = ahead()
    cancel()
    assert.equal(await cancelled, false)
    await query({ text: 'SELECT 6' }, [6])
    assert.deepEqual(
      log,
      ['cork', 'BEGIN (corked)', 'SELECT 6 (corked)', 'uncork'],
      'nothing placed ahead after it',
    )
  })

  it('passes everything else through as it came', async () => {
    const { log, query } = recorder()
    await query('SELECT 3')
    await query('commit')
    await query({ text: 'begin', values: [] })
    await query('savepoint sp1')
    assert.deepEqual(log, [
      'SELECT 3',
      'commit',
      'cork',
      'BEGIN (corked)',
      'savepoint sp1 (corked)',
      'uncork',
    ])
  })
})

if (databaseKinds().includes('postgres'))
  describe('on PostgreSQL, through the product pool', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>
    let opened: Database
    const dir = makeTempDir('pms-pipelined-')
    /** Socket writes of every pooled connection, counted from here on. */
    let writes = 0
    beforeAll(async () => {
      database = await createPostgresDatabase()
      opened = await openDatabase({ dataDir: dir.path, databaseUrl: database.url })
      const pool = (opened.db as unknown as { $client: pg.Pool }).$client
      pool.on('connect', (client) => {
        const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream
        const { _write, _writev } = socket as unknown as Record<string, (...args: unknown[]) => unknown>
        Object.assign(socket, {
          _write: (...args: unknown[]) => {
            writes++
            return _write!.apply(socket, args)
          },
          _writev: (...args: unknown[]) => {
            writes++
            return _writev!.apply(socket, args)
          },
        })
      })
      await opened.sql.query('CREATE TABLE pipelined (n int PRIMARY KEY)')
    })
    afterAll(async () => {
      await opened?.sql.close()
      await database?.drop()
      dir.remove()
    })

    it('runs the statements behind a held BEGIN inside the transaction: a rollback takes them back', async () => {
      await assert.rejects(
        opened.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO pipelined VALUES (${1})`)
          await tx.execute(sql`INSERT INTO pipelined VALUES (${1})`)
        }),
        (error: { cause?: { code?: string } }) => error.cause?.code === '23505',
      )
      await opened.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO pipelined VALUES (${2})`)
        await tx.execute(sql`INSERT INTO pipelined VALUES (${3})`)
      })
      const { rows } = await opened.sql.query<{ n: number }>('SELECT n FROM pipelined ORDER BY n')
      assert.deepEqual(
        rows.map((r) => r.n),
        [2, 3],
      )
    })

    it('writes BEGIN and the first statement once: a two-statement transaction takes three writes', async () => {
      // Warm a connection up (its first statements are prepared) so only the transaction's own writes count.
      const once = () =>
        opened.db.transaction(async (tx) => {
          const first = async (n: number) =>
            (
              (await tx.execute(sql`SELECT now() AS t, ${n}::int AS n`)) as unknown as {
                rows: Array<{ t: string }>
              }
            ).rows[0]
          return [await first(1), await first(2)]
        })
      await once()
      writes = 0
      const [a, b] = await once()
      assert.equal(writes, 3, 'BEGIN with the first statement, the second, COMMIT')
      assert.deepEqual(a!.t, b!.t, 'both statements ran in one transaction (now() is its start)')
    })

    it('sends a write answered at its commit in two writes; the answer reads the rows the transaction wrote', async () => {
      const insertAndCount = (n: number) =>
        answeredAtCommit(
          opened.db,
          async (tx) => {
            await tx.execute(sql`INSERT INTO pipelined VALUES (${n})`)
            return n
          },
          async (tx, done) =>
            (
              (await tx.execute(
                sql`SELECT count(*)::int AS c, txid_current_if_assigned() IS NOT NULL AS inside FROM pipelined WHERE n <= ${done}`,
              )) as unknown as { rows: Array<{ c: number; inside: boolean }> }
            ).rows[0]!,
        )
      await insertAndCount(10)
      writes = 0
      const counted = statementCounter.writes
      const { done, answer } = await insertAndCount(11)
      assert.equal(writes, 2, 'BEGIN with the insert; the answer with COMMIT')
      assert.equal(statementCounter.writes - counted, 2, 'the benches count the same writes')
      assert.equal(done, 11)
      assert.deepEqual(
        answer,
        { c: 4, inside: true },
        'read inside the transaction, its own row included (2, 3, 10, 11)',
      )
    })

    it('sends the checks handed to the commit with the answer and COMMIT; a refusal is the error and keeps nothing', async () => {
      await opened.sql.exec(`CREATE FUNCTION pipelined_require(n int) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          IF n > 100 THEN RAISE EXCEPTION 'too many' USING ERRCODE = 'PO999', DETAIL = n::text; END IF;
        END $$`)
      const refused = new Error('refused at commit')
      const insertChecked = (n: number) =>
        answeredAtCommit(
          opened.db,
          async (tx, atCommit) => {
            await tx.execute(sql`INSERT INTO pipelined VALUES (${n})`)
            atCommit(() =>
              tx.execute(sql`SELECT pipelined_require(${n})`).then(
                () => undefined,
                (error: { code?: string; cause?: { code?: string } }) => {
                  throw (error.cause?.code ?? error.code) === 'PO999' ? refused : error
                },
              ),
            )
            return n
          },
          async (tx, done) =>
            (
              (await tx.execute(sql`SELECT n FROM pipelined WHERE n = ${done}`)) as unknown as {
                rows: unknown[]
              }
            ).rows,
        )
      await insertChecked(30)
      writes = 0
      const { answer } = await insertChecked(31)
      assert.equal(writes, 2, 'BEGIN with the insert; the answer, the check and COMMIT')
      assert.deepEqual(answer, [{ n: 31 }])
      writes = 0
      await assert.rejects(insertChecked(131), (error) => error === refused)
      assert.equal(writes, 2, 'a refusal costs no more writes (the ROLLBACK after it is not sent)')
      const { rows } = await opened.sql.query<{ c: number }>(
        'SELECT count(*)::int AS c FROM pipelined WHERE n = 131',
      )
      assert.equal(rows[0]!.c, 0, 'the refused transaction kept nothing')
      const { answer: after } = await insertChecked(32)
      assert.deepEqual(after, [{ n: 32 }], 'the connection goes on after a refusal')
    })

    it('sends writes behind with the next statement and reads together: one write for BEGIN, two writes and a read', async () => {
      type Rows = { rows: Array<{ n: number }> }
      const writeThenRead = (a: number, b: number) =>
        opened.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Parameters<typeof writeBehind>[0]
          await writeBehind(tx, () => tx.execute(sql`INSERT INTO pipelined VALUES (${a})`))
          await writeBehind(tx, () => tx.execute(sql`INSERT INTO pipelined VALUES (${b})`))
          const [first, second] = await sentTogether<[Rows, Rows]>(
            tx,
            () => tx.execute(sql`SELECT n FROM pipelined WHERE n = ${a}`) as unknown as Promise<Rows>,
            () => tx.execute(sql`SELECT n FROM pipelined WHERE n = ${b}`) as unknown as Promise<Rows>,
          )
          return [first.rows, second.rows]
        })
      await writeThenRead(40, 41)
      writes = 0
      assert.deepEqual(
        await writeThenRead(42, 43),
        [[{ n: 42 }], [{ n: 43 }]],
        'the reads see the writes before them',
      )
      assert.equal(writes, 2, 'BEGIN, both inserts and both reads in one write; COMMIT')
      writes = 0
      await assert.rejects(
        writeThenRead(44, 42),
        (error: { cause?: { code?: string } }) => error.cause?.code === '23505',
        'the write behind that failed is the error of the statement that carried it',
      )
      assert.equal(writes, 2, 'and the ROLLBACK')
      const { rows } = await opened.sql.query<{ c: number }>(
        'SELECT count(*)::int AS c FROM pipelined WHERE n = 44',
      )
      assert.equal(rows[0]!.c, 0, 'nothing of the failed transaction is kept')
    })

    it('reads together in one write also when the last read sends nothing (a read not needed this time)', async () => {
      type Rows = { rows: Array<{ n: number }> }
      const reads = (a: number, b: number) =>
        opened.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Parameters<typeof sentTogether>[0]
          return sentTogether<[Rows, Rows, null]>(
            tx,
            () => tx.execute(sql`SELECT ${a}::int AS n`) as unknown as Promise<Rows>,
            () => tx.execute(sql`SELECT ${b}::int AS n`) as unknown as Promise<Rows>,
            () => Promise.resolve(null),
          )
        })
      await reads(1, 2)
      writes = 0
      const [first, second, none] = await reads(3, 4)
      assert.deepEqual([first.rows, second.rows, none], [[{ n: 3 }], [{ n: 4 }], null])
      assert.equal(writes, 2, 'BEGIN and both reads in one write; COMMIT')
    })

    it('runs a statement sent ahead of the transaction outside it, in the write of its first statement', async () => {
      type Rows = { rows: Array<{ n: number; sync: string }> }
      // The statement ahead sets a setting for its own transaction only, as the order number does.
      const aheadThenRollback = (n: number) =>
        opened.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Parameters<typeof aheadOfTransaction>[0]
          const ahead = await aheadOfTransaction(tx, () =>
            tx.execute(
              sql`WITH s AS (SELECT set_config('synchronous_commit', 'off', true)) INSERT INTO pipelined SELECT ${n} FROM s RETURNING n`,
            ),
          )
          assert.ok(ahead, 'a pooled PostgreSQL connection places it ahead')
          const inside = (await tx.execute(
            sql`SELECT count(*)::int AS n, current_setting('synchronous_commit') AS sync FROM pipelined WHERE n = ${n}`,
          )) as unknown as Rows
          const placed = (await ahead()) as unknown as Rows
          assert.deepEqual(placed.rows, [{ n }])
          assert.deepEqual(
            inside.rows,
            [{ n: 1, sync: 'on' }],
            'seen inside; its setting did not reach the transaction',
          )
          transaction.rollback()
        })
      await assert.rejects(aheadThenRollback(60))
      writes = 0
      await assert.rejects(aheadThenRollback(61))
      assert.equal(writes, 2, 'the statement ahead, BEGIN and the read in one write; the ROLLBACK')
      const { rows } = await opened.sql.query<{ n: number }>(
        'SELECT n FROM pipelined WHERE n IN (60, 61) ORDER BY n',
      )
      assert.deepEqual(
        rows.map((r) => r.n),
        [60, 61],
        'the rollback did not take it back: it ran outside the transaction',
      )
      const alone = await opened.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Parameters<typeof aheadOfTransaction>[0]
        const ahead = await aheadOfTransaction(tx, () => tx.execute(sql`SELECT ${62}::int AS n`))
        return ((await ahead!()) as unknown as Rows).rows
      })
      assert.deepEqual(alone, [{ n: 62 }], 'read with no statement after it: written at once')
    })

    it('fails the COMMIT after a write behind that failed: nothing is kept, never a silent success', async () => {
      await assert.rejects(
        opened.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Parameters<typeof writeBehind>[0]
          await tx.execute(sql`INSERT INTO pipelined VALUES (${50})`)
          await writeBehind(tx, () => tx.execute(sql`INSERT INTO pipelined VALUES (${50})`))
        }),
        (error: { cause?: { code?: string } }) => error.cause?.code === '23505',
      )
      const { rows } = await opened.sql.query<{ c: number }>(
        'SELECT count(*)::int AS c FROM pipelined WHERE n = 50',
      )
      assert.equal(rows[0]!.c, 0)
    })

    it('fails a write answered at its commit when the COMMIT fails, and keeps nothing', async () => {
      await opened.sql.exec(
        `CREATE TABLE pipelined_checked (n int PRIMARY KEY REFERENCES pipelined (n) DEFERRABLE INITIALLY DEFERRED)`,
      )
      await assert.rejects(
        answeredAtCommit(
          opened.db,
          (tx) => tx.execute(sql`INSERT INTO pipelined_checked VALUES (${99})`),
          async (tx) => tx.execute(sql`SELECT count(*) FROM pipelined_checked WHERE n = ${99}`),
        ),
        (error: { cause?: { code?: string }; code?: string }) =>
          (error.cause?.code ?? error.code) === '23503',
      )
      const { rows } = await opened.sql.query<{ c: number }>(
        'SELECT count(*)::int AS c FROM pipelined_checked',
      )
      assert.equal(rows[0]!.c, 0)
      // The connection is usable after it: a next write answered at commit works.
      const { answer } = await answeredAtCommit(
        opened.db,
        (tx) => tx.execute(sql`INSERT INTO pipelined VALUES (${20})`),
        async (tx) =>
          ((await tx.execute(sql`SELECT ${1}::int AS one`)) as unknown as { rows: Array<{ one: number }> })
            .rows[0],
      )
      assert.deepEqual(answer, { one: 1 })
    })
  })
