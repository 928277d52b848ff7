/**
 * The embedded database as the ORM sees it. Drizzle's PGlite driver passes its own result parsers with every query
 * (timestamps, dates and intervals as text, which it maps itself); PGlite 0.5 merges any per-query parsers into a
 * copy of its whole parser map (≈320 entries) on every statement. Here the instance's parsers for those types are
 * set once to what Drizzle asks for, and the client handed to Drizzle drops the per-query parsers, so no statement
 * copies the map. Raw queries of the SqlClient (migrations, tests, benches) still get PGlite's usual Date values.
 * Upstream: PGlite's parseResults could look a per-query parser up before the instance's instead of spreading both.
 */
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite'
import { countStatement } from './statements.ts'

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

function counted<T extends Queryable>(target: T) {
  return <R>(text: string, params?: unknown[], options?: QueryOptions) => {
    countStatement(text)
    return target.query<R>(text, params as any[], withoutParsers(options))
  }
}

/** The client Drizzle gets: query and transaction, each statement counted, parsers not passed per query. */
export function drizzleClient(client: PGlite) {
  return {
    query: counted(client),
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      countStatement('BEGIN')
      return client
        .transaction((tx) =>
          work({
            query: counted(tx),
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
