// Named prepared statements on PostgreSQL. node-postgres sends every parameterised statement unnamed: the server
// parses and plans its text again each time (parse + bind were ~2/3 of PostgreSQL's time per statement in the
// front-desk bench's log). A statement sent under a name is parsed once per connection and then only bound and
// executed; PostgreSQL re-plans it by itself when a table it reads changes (its plan cache is invalidated by DDL).
//
// Each connection names the statements it sends with parameters after a hash of their text, up to
// PREPARED_PER_CONNECTION distinct texts (a list of ids makes one text per length): beyond that, statements go
// unnamed as before, so neither the server's memory per connection nor node-postgres's own map grows without end.
// Statements without parameters (BEGIN, COMMIT, SET …) keep the simple protocol. A pooled connection closed
// after its idle time takes its statements with it.
//
// A statement whose result columns change under it (another instance of a chain migrates a table read by a
// `SELECT *`) is refused with "cached plan must not change result type" (0A000): the connection then forgets its
// names and prepares every text again under new ones. Outside a transaction the statement is sent again at once; in
// one, the transaction (aborted by the refusal) fails once and the next use answers with the new columns. A statement
// written ahead of a transaction's BEGIN (pipelined.ts) fails once too: sent again, it would run inside that transaction.
import { createHash } from 'node:crypto'
import { AHEAD_OF_BEGIN } from './pipelined.ts'

/** The most statement texts one connection keeps prepared. */
export const PREPARED_PER_CONNECTION = 500

interface QueryConfig {
  text: string
  name?: string
  values?: unknown[]
  [AHEAD_OF_BEGIN]?: boolean
  [key: string]: unknown
}

/**
 * The config under its name, copied: the caller's own is left as it came. (Not `{ ...config, name }`: on Node 20 a
 * property written after a spread costs about a microsecond; see server/src/db/README.md, "Objects on the hot path".)
 */
const withName = (config: QueryConfig, name: string): QueryConfig => Object.assign({}, config, { name })

/** A statement's name: a hash of its text (63 bytes at most in PostgreSQL; 'p' + 27 characters here). */
export function statementName(text: string): string {
  return `p${createHash('sha1').update(text).digest('base64url')}`
}

/**
 * Wraps a connection's query(): a statement sent with parameters goes under a name (its first use prepares it), while
 * the connection holds fewer than `limit` names. Anything else is passed on as it came. `transactionStatus` reads
 * the connection's state after an answer (node-postgres' getTransactionStatus: 'I' outside a transaction): a
 * statement refused for a changed result outside a transaction is sent once more under its new name, so only a
 * transaction (which the refusal has aborted) sees the error.
 */
export function preparing<Q extends (...args: any[]) => any>(
  query: Q,
  {
    limit = PREPARED_PER_CONNECTION,
    transactionStatus = () => null,
  }: { limit?: number; transactionStatus?: () => string | null } = {},
): Q {
  /** The connection's statements: text → name (hashed once per text). */
  const named = new Map<string, string>()
  /** Raised when the server refused a kept statement whose result changed: new names from then on. */
  let generation = 0
  /** True when the error was that refusal (the names are then forgotten) and the connection is outside a transaction. */
  const sendAgain = (error: unknown) => {
    const e = error as { code?: string; message?: string } | null
    if (e?.code !== '0A000' || !/cached plan must not change result type/.test(e.message ?? '')) return false
    named.clear()
    generation++
    return transactionStatus() === 'I'
  }
  const nameOf = (text: string): string | null => {
    let name = named.get(text)
    if (!name) {
      if (named.size >= limit) return null
      name = statementName(text) + (generation ? `_${generation}` : '')
      named.set(text, name)
    }
    return name
  }
  const wrapped = (first: unknown, ...rest: unknown[]): any => {
    const config: QueryConfig | null =
      typeof first === 'string'
        ? { text: first }
        : first && typeof first === 'object' && typeof (first as QueryConfig).text === 'string'
          ? (first as QueryConfig)
          : null
    const values = Array.isArray(rest[0]) ? rest[0] : config?.values
    if (!config || config.name || !values?.length) return query(first, ...rest)
    const name = nameOf(config.text)
    if (!name) return query(first, ...rest)
    // node-postgres answers by callback (the pool's own query) or by promise (everything else).
    const last = rest.at(-1)
    if (typeof last === 'function')
      return query(withName(config, name), ...rest.slice(0, -1), (error: unknown, result: unknown) => {
        if (error && sendAgain(error)) wrapped(first, ...rest)
        else last(error, result)
      })
    const answer = query(withName(config, name), ...rest)
    const once = config[AHEAD_OF_BEGIN] === true
    return answer && typeof answer.then === 'function'
      ? answer.catch((error: unknown) => {
          if (sendAgain(error) && !once) return wrapped(first, ...rest)
          throw error
        })
      : answer
  }
  return wrapped as Q
}
