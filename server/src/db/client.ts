// Opens the one database the server uses: embedded PGlite in a data folder, or PostgreSQL from DATABASE_URL.
import { mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { entityKind } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { loadDescribingOnce } from './described.ts'
import { migrate } from './migrate.ts'
import { drizzleClient, setDrizzleParsers, upkeepQueries } from './pglite.ts'
import { deferringBegin } from './pipelined.ts'
import { preparing } from './prepared.ts'
import type { ChannelHandlers, SqlClient } from './sql-client.ts'
import { countStatement } from './statements.ts'

/**
 * The ORM's handle. Built without the schema map: the product writes its statements with the query builder and SQL,
 * never the relational `db.query.*` API, and with a schema every transaction would build a query builder per table.
 */
export type Db = PgDatabase<PgQueryResultHKT>

/**
 * Whether the database's transactions run one at a time: the embedded PGlite has a single session and its client
 * runs a transaction under a lock that every other statement waits for, so a lock taken between transactions
 * (an advisory lock, FOR UPDATE) can never be contended there. PostgreSQL's pooled connections run side by side.
 */
export function transactionsRunAlone(db: Db): boolean {
  return (db._.session.constructor as unknown as Record<symbol, unknown>)[entityKind] === 'PgliteSession'
}

/** How long a lost listening connection waits before it tries again. */
const RELISTEN_MS = 1000

export interface Database {
  db: Db
  sql: SqlClient
}

/**
 * The PostgreSQL pool's size when none is configured: twice the processors plus one, from 3 to 10 — PostgreSQL's own
 * guidance ((cores × 2) + disks) for the database's machine, taken to be this one (a chain server beside its database,
 * or a desk's own PostgreSQL). More connections than the database has processors to run them add work, not answers:
 * measured on 2 processors under the front-desk bench (server/src/db/README.md, "How many connections"), 10
 * connections cost PostgreSQL a sixth to a quarter more CPU a reservation than 5. A database elsewhere sets
 * DATABASE_POOL_SIZE for its own processors.
 */
export function poolSizeFor(processors: number): number {
  return Math.min(10, Math.max(3, processors * 2 + 1))
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: {
  dataDir: string
  databaseUrl?: string
  databasePoolSize?: number
}): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.databasePoolSize ?? poolSizeFor(availableParallelism()))
  return openPglite(join(options.dataDir, 'db'))
}

type PGliteClient = import('@electric-sql/pglite').PGlite

/** The embedded database's buffer cache (PostgreSQL's default is 128MB). */
const PGLITE_SHARED_BUFFERS = '16MB'

async function openPglite(folder: string): Promise<Database> {
  mkdirSync(folder, { recursive: true })
  const pglite = await import('@electric-sql/pglite')
  const { PGlite } = pglite
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist')
  const { drizzle } = await import('drizzle-orm/pglite')
  const client = await PGlite.create(folder, {
    extensions: { btree_gist },
    // PostgreSQL's default 128 MB of shared buffers are all touched at start: ~115 MiB of a desk bridge's memory. A
    // desk's working set is a few MB and the operating system caches the data files anyway (server/src/db/README.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  })
  const ownParsers = { parsers: setDrizzleParsers(client) }
  const sql: SqlClient = {
    kind: 'pglite',
    exec: async (text) => {
      countStatement(text)
      await client.exec(text)
    },
    query: async <T>(text: string, params?: unknown[]) => {
      countStatement(text)
      const r = await client.query<T>(text, params as any[], ownParsers)
      return { rows: r.rows }
    },
    upkeep: upkeepQueries(client, pglite),
    // One instance, one connection: notifications arrive as the statement that committed them completes.
    listen: async (channel, { onPayload, onState }) => {
      const stop = await client.listen(channel, onPayload)
      onState(true)
      return stop
    },
    close: () => client.close(),
  }
  await migrate(sql)
  return {
    db: drizzle({
      client: drizzleClient(client, pglite) as unknown as PGliteClient,
    }) as unknown as Db,
    sql,
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = await import('pg')
  const describingOnce = await loadDescribingOnce()
  const { drizzle } = await import('drizzle-orm/node-postgres')
  // BIGINT counts and ids fit in JS numbers in this product; parse them as numbers, never as floats for money.
  pg.default.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10))
  // Migrations run on one dedicated connection: the advisory lock that serialises them is per connection.
  const single = new pg.default.Client({ connectionString: url })
  await single.connect()
  try {
    await migrate({
      kind: 'postgres',
      exec: async (text) => {
        await single.query(text)
      },
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await single.query(text, params)).rows as T[],
      }),
      upkeep: () => Promise.reject(new Error('not while migrating')),
      listen: () => Promise.reject(new Error('not while migrating')),
      close: () => single.end(),
    })
  } finally {
    await single.end()
  }
  // Pipeline mode: a statement is written without waiting for the answer of the one before (pipelined.ts).
  const pool = new pg.default.Pool({
    connectionString: url,
    max: poolSize,
    pipeline: true,
  } as import('pg').PoolConfig)
  // Every statement of every pooled connection is counted (benchmarks print statements per request), sent as a named
  // prepared statement when it has parameters (prepared.ts) whose result is described once (described.ts), and a
  // transaction's BEGIN goes with its first statement.
  pool.on('connect', (connection) => {
    const described = describingOnce(connection.query.bind(connection) as (...args: unknown[]) => unknown)
    const prepared = preparing(described, {
      transactionStatus: () =>
        (connection as unknown as { getTransactionStatus(): string | null }).getTransactionStatus(),
    })
    const query = deferringBegin(
      prepared,
      () => (connection as unknown as { connection?: { stream?: object } }).connection?.stream,
      connection,
    )
    connection.query = ((...args: unknown[]) => {
      countStatement(args[0])
      return query(...args)
    }) as typeof connection.query
  })
  // An idle connection can be cut by the server (restart, failover, an administrator): the pool drops it and opens
  // another on the next query. Without a listener, node-postgres would throw that error out of the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`))
  const upkeep = upkeepConnection(pg.default, url)
  const sql: SqlClient = {
    kind: 'postgres',
    exec: async (text) => {
      await pool.query(text)
    },
    query: async <T>(text: string, params?: unknown[]) => {
      const r = await pool.query(text, params)
      return { rows: r.rows as T[] }
    },
    upkeep: async <T>(text: string, params?: unknown[]) => {
      const r = await (await upkeep.connection()).query(text, params)
      return { rows: r.rows as T[] }
    },
    listen: (channel, handlers) => listenPostgres(pg.default, url, channel, handlers),
    close: async () => {
      await pool.end()
      await upkeep.close()
    },
  }
  return { db: drizzle({ client: pool }) as unknown as Db, sql }
}

/** The connection of SqlClient.upkeep: opened on first use, and again on the next use after it is lost. */
function upkeepConnection(pg: typeof import('pg').default, url: string) {
  let opened: Promise<import('pg').Client> | null = null
  return {
    connection(): Promise<import('pg').Client> {
      if (opened) return opened
      const mine: Promise<import('pg').Client> = (async () => {
        const client = new pg.Client({ connectionString: url })
        // A broken connection reports an error, then ends: the next use opens another.
        client.on('error', () => {})
        client.on('end', () => {
          if (opened === mine) opened = null
        })
        await client.connect()
        return client
      })()
      opened = mine
      mine.catch(() => {
        if (opened === mine) opened = null
      })
      return mine
    },
    async close() {
      const mine = opened
      opened = null
      const client = await mine?.catch(() => null)
      await client?.end()
    },
  }
}

/** LISTEN on a dedicated connection (outside the pool and the statement count), reconnecting when it is lost. */
async function listenPostgres(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  { onPayload, onState }: ChannelHandlers,
): Promise<() => Promise<void>> {
  let current: import('pg').Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    const client = new pg.Client({ connectionString: url })
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '')
    })
    // A broken connection reports an error, then ends; the end is where listening stops.
    client.on('error', () => {})
    client.on('end', () => {
      if (current !== client) return
      current = undefined
      onState(false)
      if (!stopped) retry = setTimeout(reconnect, RELISTEN_MS)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (stopped) return void (await client.end())
    current = client
    onState(true)
  }
  const reconnect = () => {
    connect().catch(() => {
      if (!stopped) retry = setTimeout(reconnect, RELISTEN_MS)
    })
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const client = current
    current = undefined
    await client?.end()
  }
}
