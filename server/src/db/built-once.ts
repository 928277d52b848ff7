// Statements whose SQL is built once. Drizzle builds a query's text from its builder on every call: a select of a
// whole order row costs the Node thread about 0.1 ms to build before anything is sent (more than the pg driver's own
// work for it), and the front desk's flows send dozens. The hottest statements are therefore declared once, with
// named slots for their values (`slot('orderId')`), built the first time they run on an engine, and afterwards only
// filled and sent, on whichever session runs them: the pool, or the transaction in progress.
//
// How: Drizzle's own prepared query (`.prepare()`, public) holds the built text, the slots and the row mapping; it
// is bound to the session that built it, so each call runs a copy bound to the caller's session client (Drizzle's
// node-postgres and PGlite prepared queries both send through their `client` property). One built query per
// engine: PGlite's and node-postgres' prepared queries differ. The statement text is the same as the builder's, so
// both drivers still name it (prepared.ts, pglite.ts) and the engine plans it once per connection. Tested on both
// engines by every suite that checks in, checks out or cleans (test/api), and in built-once.test.ts.
import { type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/** A named value of a statement built once: filled from the values given at each call. */
export const slot = <Name extends string>(name: Name): Placeholder<Name> => sql.placeholder(name)

/**
 * A slot for a column's value in an insert's values or an update's set: Drizzle encodes the value given at each call as
 * the column's (a Date as a timestamp…), as it does a plain value; its types there accept only values, hence `T`.
 * Never null: the column's encoder gets it as it comes (a JSON column would store JSON null, a timestamp fail) — a
 * value that may be null goes in a plain `slot()` with its cast, encoded by the caller.
 */
export const valueSlot = <T>(name: string): T => sql.placeholder(name) as unknown as T

interface Runnable<R> {
  execute(values?: Record<string, unknown>): Promise<R>
}

interface Bound {
  client: unknown
}

/** The session (and so the client) a Drizzle database or transaction sends through. */
interface WithSession {
  session: { client: unknown; constructor: unknown }
}

/**
 * Declares a statement built once: `build` writes it with Drizzle's builder on the session given and `slot()`s for
 * its values, ending with `.prepare('')`; the answer runs it on any session with the values of its slots (a slot
 * left without a value is refused by Drizzle before anything is sent).
 */
export function builtOnce<Q extends Runnable<unknown>>(
  build: (db: Db) => Q,
): (db: Db, values: Record<string, unknown>) => ReturnType<Q['execute']> {
  const byEngine = new Map<unknown, Q & Bound>()
  return (db, values) => {
    const session = (db as unknown as WithSession).session
    let built = byEngine.get(session.constructor)
    if (!built) {
      built = build(db) as Q & Bound
      byEngine.set(session.constructor, built)
    }
    const bound =
      built.client === session.client
        ? built
        : (Object.assign(Object.create(Object.getPrototypeOf(built)), built, {
            client: session.client,
          }) as Q)
    return bound.execute(values) as ReturnType<Q['execute']>
  }
}

/** What `sqlBuiltOnce` needs of a Drizzle database or transaction (as `db.execute` uses them). */
interface Executing {
  dialect: { sqlToQuery(query: SQL): unknown }
  session: {
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): Runnable<unknown>
  }
}

/**
 * A statement written as SQL (`sql` with `slot()`s) built once, answered as `db.execute` answers it: the driver's
 * result (rows as objects; `rowsOf` in orders/store.ts reads either engine's).
 */
export function sqlBuiltOnce(statement: SQL): (db: Db, values: Record<string, unknown>) => Promise<unknown> {
  return builtOnce((db) => {
    const { dialect, session } = db as unknown as Executing
    return session.prepareQuery(dialect.sqlToQuery(statement), undefined, '', false)
  })
}
