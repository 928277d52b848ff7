// The PostgreSQL pool's size: DATABASE_POOL_SIZE when set, else twice the processors plus one, from 3 to 10
// (server/src/db/client.ts poolSizeFor; why in server/src/db/README.md, "How many connections").
import assert from 'node:assert/strict'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { makeTempDir } from '../../bridge/src/testing.ts'
import { type Database, openDatabase, poolSizeFor } from '../../server/src/db/client.ts'
import { createPostgresDatabase, databaseKinds } from './harness.ts'

describe('the pool size when none is configured', () => {
  it('is twice the processors plus one, never under 3 nor over 10', () => {
    assert.deepEqual([1, 2, 3, 4, 8, 64].map(poolSizeFor), [3, 5, 7, 9, 10, 10])
  })
})

if (databaseKinds().includes('postgres'))
  describe('on PostgreSQL, a configured pool size', () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>
    let opened: Database
    const dir = makeTempDir('pms-pool-size-')
    beforeAll(async () => {
      database = await createPostgresDatabase()
      opened = await openDatabase({ dataDir: dir.path, databaseUrl: database.url, databasePoolSize: 2 })
    })
    afterAll(async () => {
      await opened?.sql.close()
      await database?.drop()
      dir.remove()
    })

    it('is the most connections its statements use at once: six slow statements share two backends', async () => {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          opened.sql.query<{ pid: number }>('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)'),
        ),
      )
      const backends = new Set(answers.map((a) => a.rows[0]!.pid))
      assert.equal(backends.size, 2)
    })
  })
