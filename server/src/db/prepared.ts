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
      name = statementName(config.text)
      named.set(config.text, name)
    }
    return query({ ...config, name }, ...rest)
  }) as Q
}
