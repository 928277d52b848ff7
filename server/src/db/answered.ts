// A write's transaction and the read that answers it, with the read written together with COMMIT (pipelined.ts): one
// round trip fewer for every write that answers what it wrote (an order action answers the order as it now is).
import type { Db } from './client.ts'
import { holdNextStatement } from './pipelined.ts'

/** The session client a Drizzle transaction sends through (node-postgres' pooled connection, or PGlite's). */
const clientOf = (tx: Db): unknown => (tx as unknown as { session?: { client?: unknown } }).session?.client

/**
 * Runs `work` in one transaction, then `answer` — one statement reading what the work wrote — as the transaction's
 * last statement, sent with its COMMIT where the connection can hold it (PostgreSQL's pipelined pool; on PGlite it is
 * simply awaited before the COMMIT). The answer reads the transaction's own writes, as a read after the commit would;
 * it is answered only once the transaction has committed (a failed COMMIT fails the call and drops the answer).
 * `answer` must send exactly one statement: a second would go after the COMMIT, on a connection given back to the pool.
 */
export async function answeredAtCommit<T, A>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  answer: (tx: Db, done: T) => Promise<A>,
): Promise<{ done: T; answer: A }> {
  let read: Promise<A> | undefined
  const done = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    const done = await work(tx)
    const held = holdNextStatement(clientOf(tx))
    const reading = answer(tx, done)
    if (!held) {
      const answered = await reading
      read = Promise.resolve(answered)
      return done
    }
    // The answer is awaited after the commit; until then a failure is kept, not thrown unhandled.
    reading.catch(() => {})
    await Promise.race([held, reading.then(noop, noop)])
    read = reading
    return done
  })
  return { done, answer: await read! }
}

const noop = () => {}
