// A write's transaction and the read that answers it, with the read written together with COMMIT (pipelined.ts): one
// round trip fewer for every write that answers what it wrote (an order action answers the order as it now is). The
// checks that refuse by raising (a room type's nights) go in that same write, just before the read: the locks they
// take are held for PostgreSQL's work on it, not across a round trip to the server.
import type { Db } from './client.ts'
import { holdNextStatements } from './pipelined.ts'

/** The session client a Drizzle transaction sends through (node-postgres' pooled connection, or PGlite's). */
const clientOf = (tx: Db): unknown => (tx as unknown as { session?: { client?: unknown } }).session?.client

/**
 * Hands a check to the transaction's end: `send` sends one statement that refuses by raising (its promise rejects
 * with the refusal as the caller should see it), needs no decision of the server, and goes just before the answer.
 */
export type AtCommit = (send: () => Promise<void>) => void

/**
 * Runs `work` in one transaction, then the checks it handed to `atCommit` in the order given, then `answer` — one
 * statement reading what the work wrote — as the transaction's last statements, sent with its COMMIT in one write where
 * the connection can hold them (PostgreSQL's pipelined pool; on PGlite each is simply awaited before the COMMIT). The
 * answer reads the transaction's own writes, as a read after the commit would; it is answered only once the
 * transaction has committed. A check's refusal is the call's error (PostgreSQL turned the COMMIT into a ROLLBACK); a
 * failed COMMIT fails the call and drops the answer. Each check and `answer` must send exactly one statement: a second
 * would go after the COMMIT, on a connection given back to the pool.
 */
export async function answeredAtCommit<T, A>(
  db: Db,
  work: (tx: Db, atCommit: AtCommit) => Promise<T>,
  answer: (tx: Db, done: T) => Promise<A>,
): Promise<{ done: T; answer: A }> {
  let read: Promise<A> | undefined
  let checked: Promise<void>[] = []
  const done = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    const checks: Array<() => Promise<void>> = []
    const done = await work(tx, (send) => checks.push(send))
    const held = holdNextStatements(clientOf(tx), checks.length + 1)
    if (!held) {
      for (const send of checks) await send()
      const answered = await answer(tx, done)
      read = Promise.resolve(answered)
      return done
    }
    // Sent in order, answered only after the COMMIT; until then a failure is kept, not thrown unhandled.
    checked = checks.map((send) => send())
    const reading = answer(tx, done)
    for (const sent of [...checked, reading]) sent.catch(noop)
    await Promise.race([held, Promise.all([...checked, reading]).then(noop, noop)])
    read = reading
    return done
  })
  // The first refusal, in the order sent: the statements after it failed only because the transaction had aborted.
  for (const sent of checked) await sent
  return { done, answer: await read! }
}

const noop = () => {}
