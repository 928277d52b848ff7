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
// `SELECT *`) fails once with "cached plan must not change result type" (0A000): the connection then forgets its
// names and prepares every text again under new ones, so the next use answers with the new columns.
import { createHash } from 'node:crypto'

/** The most statement texts one connection keeps prepared. */
export const PREPARED_PER_CONNECTION = 500

interface QueryConfig {
  text: string
  name?: string
  values?: unknown[]
  [key: string]: unknown
}

/** A statement's name: a hash of its text (63 bytes at most in PostgreSQL; 'p' + 27 characters here). */
export function statementName(text: string): string {
  return `p${createHash('sha1').update(text).digest('base64url')}`
}

/**
 * Wraps a connection's query(): a statement sent with parameters goes under a name (its first use prepares it), while
 * the connection holds fewer than `limit` names. Anything else is passed on as it came.
 */
export function preparing<Q extends (...args: any[]) => any>(query: Q, limit = PREPARED_PER_CONNECTION): Q {
  /** The connection's statements: text → name (hashed once per text). */
  const named = new Map<string, string>()
  /** Raised when the server refused a kept statement whose result changed: new names from then on. */
  let generation = 0
  const forgetOnResultChange = (error: unknown) => {
    const e = error as { code?: string; message?: string } | null
    if (e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '')) {
      named.clear()
      generation++
    }
  }
  return ((first: unknown, ...rest: unknown[]) => {
    const config: QueryConfig | null =
      typeof first === 'string'
        ? { text: first }
        : first && typeof first === 'object' && typeof (first as QueryConfig).text === 'string'
          ? (first as QueryConfig)
          : null
    const values = Array.isArray(rest[0]) ? rest[0] : config?.values
    if (!config || config.name || !values?.length) return query(first, ...rest)
    let name = named.get(config.text)
    if (!name) {
      if (named.size >= limit) return query(first, ...rest)
      name = statementName(config.text) + (generation ? `_${generation}` : '')
      named.set(config.text, name)
    }
    // node-postgres answers by callback (the pool's own query) or by promise (everything else).
    const last = rest.at(-1)
    if (typeof last === 'function')
      return query({ ...config, name }, ...rest.slice(0, -1), (error: unknown, result: unknown) => {
        if (error) forgetOnResultChange(error)
        last(error, result)
      })
    const answer = query({ ...config, name }, ...rest)
    return answer && typeof answer.then === 'function'
      ? answer.catch((error: unknown) => {
          forgetOnResultChange(error)
          throw error
        })
      : answer
  }) as Q
}
