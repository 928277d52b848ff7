/**
 * The embedded database as the ORM sees it.
 *
 * Named statements: PGlite's query() sends an unnamed statement each time in six calls into the engine (parse,
 * describe, bind, describe, execute, sync), so the engine parses and plans the same text again for every query. The
 * ORM's statements here go once through parse + describe under a name (one call), then as bind + execute + sync of that
 * name (one call): the engine reuses the parsed statement and its plan cache, as PostgreSQL's own drivers do with
 * prepared statements (db/prepared.ts on PostgreSQL). Built on PGlite's public protocol API (execProtocolStream, the
 * protocol serializers, parseResults) under the same locks its query() takes; a text past PREPARED_PER_CONNECTION, or a
 * query with options beyond the row mode, goes through query() as before.
 *
 * Parsers: Drizzle's PGlite driver passes its own result parsers with every query
 * (timestamps, dates and intervals as text, which it maps itself); PGlite 0.5 merges any per-query parsers into a
 * copy of its whole parser map (≈320 entries) on every statement. Here the instance's parsers for those types are
 * set once to what Drizzle asks for, and the client handed to Drizzle drops the per-query parsers, so no statement
 * copies the map. Raw queries of the SqlClient (migrations, tests, benches) still get PGlite's usual Date values.
 * Upstream: PGlite's parseResults could look a per-query parser up before the instance's instead of spreading both.
 */
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { concatBytes } from '@pms/protocol/format/hex'
import { PREPARED_PER_CONNECTION } from './prepared.ts'
import { countStatement } from './statements.ts'

/** What the named-statement path uses of the PGlite module (loaded lazily by db/client.ts). */
export type PGliteProtocol = Pick<typeof import('@electric-sql/pglite'), 'parse' | 'protocol'>
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

/** The types Drizzle's PGlite driver reads as text (drizzle-orm/pglite/session.js, `queryConfig.parsers`). */
const TEXT_TYPES = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]

const asText = (value: string) => value

/** Sets the instance's parsers Drizzle wants; answers PGlite's own parsers of those types for raw queries. */
export function setDrizzleParsers(client: PGlite): Record<number, (value: string) => any> {
  const own: Record<number, (value: string) => any> = {}
  for (const type of TEXT_TYPES) {
    const parser = client.parsers[type]
    if (parser) own[type] = parser
    client.parsers[type] = asText
  }
  return own
}

const ARRAY_ROWS: QueryOptions = { rowMode: 'array' }
const OBJECT_ROWS: QueryOptions = { rowMode: 'object' }

/** Drizzle's options without its parsers (the instance has them already). Other options pass as they are. */
function withoutParsers(options?: QueryOptions): QueryOptions | undefined {
  if (!options?.parsers) return options
  const keys = Object.keys(options)
  if (keys.some((k) => k !== 'parsers' && k !== 'rowMode')) return { ...options, parsers: undefined }
  return options.rowMode === 'array' ? ARRAY_ROWS : OBJECT_ROWS
}

type Queryable = Pick<Transaction, 'query'>

interface Named {
  name: string
  paramTypes: number[]
  /** The statement's row description (none for a write without RETURNING). */
  rows?: BackendMessage
}

/**
 * The named statements of one PGlite instance (one session). `run` answers a query through its named statement, or
 * null when it is to go through query() instead (the limit is reached, or options other than the row mode).
 */
function namedStatements(client: PGlite, lib: PGliteProtocol, limit = PREPARED_PER_CONNECTION, prefix = 's') {
  const { serialize } = lib.protocol
  const named = new Map<string, Named>()

  const prepare = async (text: string): Promise<Named> => {
    const name = `${prefix}${named.size + 1}`
    // Parse, describe and sync in one call: an error (a bad statement) comes back after the sync, the session ready.
    const described = await client.execProtocolStream(
      concatBytes(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
    )
    const statement = {
      name,
      paramTypes: lib.parse.parseDescribeStatementResults(described),
      rows: described.find((m) => m.name === 'rowDescription'),
    }
    named.set(text, statement)
    return statement
  }

  const execute = async (text: string, params: unknown[], options: QueryOptions | undefined) => {
    const statement = named.get(text) ?? (await prepare(text))
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = client.serializers[statement.paramTypes[i]!]
      return serializer ? serializer(value) : String(value)
    })
    const messages = await client.execProtocolStream(
      concatBytes(
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ),
    )
    return lib.parse.parseResults(
      statement.rows ? [statement.rows, ...messages] : messages,
      client.parsers,
      options,
    )[0]
  }

  return {
    /** Runs a query under the locks PGlite's query() takes: inside a transaction the query lock, else both. */
    run<R>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
      if (!named.has(text) && named.size >= limit) return null
      if (options && Object.keys(options).some((k) => k !== 'rowMode')) return null
      const work = () => client._runExclusiveQuery(() => execute(text, params, options))
      if (inTransaction) return work() as Promise<Results<R>>
      return client._runExclusiveTransaction(async () => {
        const result = await work()
        await client.syncToFs()
        return result
      }) as Promise<Results<R>>
    },
  }
}

function counted<T extends Queryable>(
  target: T,
  statements: ReturnType<typeof namedStatements>,
  inTransaction: boolean,
) {
  return <R>(text: string, params?: unknown[], options?: QueryOptions) => {
    countStatement(text)
    const plain = withoutParsers(options)
    return (
      statements.run<R>(text, params ?? [], plain, inTransaction) ??
      target.query<R>(text, params as any[], plain)
    )
  }
}

/**
 * SqlClient.upkeep on PGlite: the server's own statements on a timer (the room chart's log read every 250 ms), not
 * counted, each parsed once as a named statement of its own ('u…'), so a desk at rest does not parse and plan the same
 * text four times a second.
 */
export function upkeepQueries(client: PGlite, lib: PGliteProtocol) {
  const statements = namedStatements(client, lib, 8, 'u')
  return async <T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> => {
    const result = await (statements.run<T>(text, params ?? [], undefined, false) ??
      client.query<T>(text, params as any[]))
    return { rows: result.rows }
  }
}

/**
 * The client Drizzle gets: query and transaction, each statement counted and sent as a named statement, parsers
 * not passed per query.
 */
export function drizzleClient(client: PGlite, lib: PGliteProtocol) {
  const statements = namedStatements(client, lib)
  return {
    query: counted(client, statements, false),
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      countStatement('BEGIN')
      return client
        .transaction((tx) =>
          work({
            query: counted(tx, statements, true),
            sql: tx.sql.bind(tx),
            exec: tx.exec.bind(tx),
            rollback: tx.rollback.bind(tx),
            listen: tx.listen.bind(tx),
            get closed() {
              return tx.closed
            },
          } as Transaction),
        )
        .finally(() => countStatement('COMMIT'))
    },
  }
}
