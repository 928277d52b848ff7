// Fewer round trips for a transaction's statements that need no decision of the server between them (pipelined.ts):
// what a write answers (the order as it now is) is read as the transaction's last statement and written with its
// COMMIT (`answeredAtCommit`), the checks that refuse by raising (a room type's nights) go in that same write, a write
// whose answer nothing waits for goes with the next statement (`writeBehind`), and statements read together go
// together (`sentTogether`), and a statement that belongs before the transaction goes just ahead of its BEGIN
// (`aheadOfTransaction`). On PGlite, which answers in-process, each is simply awaited in turn.
import type { Db } from './client.ts'
import { cancelHold, flushHeld, holdAheadOfBegin, holdNextStatements, holdsStatements } from './pipelined.ts'

/** The session client a Drizzle transaction sends through (node-postgres' pooled connection, or PGlite's). */
const clientOf = (tx: Db): unknown => (tx as unknown as { session?: { client?: unknown } }).session?.client

const noop = () => {}

/**
 * A send's answer as one promise: the ORM's query builders are thenables that run their statement again at every
 * `then`, so each is resolved once here and only this promise is used after.
 */
const sentOnce = <T>(send: () => PromiseLike<T>): Promise<T> => Promise.resolve(send())

/**
 * Hands a check to the transaction's end: `send` sends one statement that refuses by raising (its promise rejects
 * with the refusal as the caller should see it), needs no decision of the server, and goes just after the answer,
 * before the COMMIT: a lock it takes (a room type's nights) is held for the COMMIT alone, not for the answer's read.
 */
export type AtCommit = (send: () => PromiseLike<void>) => void

/**
 * Runs `work` in one transaction, then `answer` — one statement reading what the work wrote — then the checks it
 * handed to `atCommit` in the order given, as the transaction's last statements, sent with its COMMIT in one write
 * where the connection can hold them. The answer reads the transaction's own writes, as a read after the commit
 * would; it is answered only once the transaction has committed. A check's refusal is the call's error (PostgreSQL
 * turned the COMMIT into a ROLLBACK); a failed COMMIT fails the call and drops the answer. Each check and `answer`
 * must send exactly one statement: a second would go after the COMMIT, on a connection given back to the pool.
 */
export async function answeredAtCommit<T, A>(
  db: Db,
  work: (tx: Db, atCommit: AtCommit) => Promise<T>,
  answer: (tx: Db, done: T) => Promise<A>,
): Promise<{ done: T; answer: A }> {
  let read: Promise<A> | undefined
  let checked: Promise<void>[] = []
  let done: T
  try {
    done = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db
      const checks: Array<() => PromiseLike<void>> = []
      const done = await work(tx, (send) => checks.push(send))
      const held = holdNextStatements(clientOf(tx), checks.length + 1)
      if (!held) {
        const answered = await answer(tx, done)
        for (const send of checks) await send()
        read = Promise.resolve(answered)
        return done
      }
      // Sent in order, answered only with the COMMIT; until then a failure is kept, not thrown unhandled.
      const reading = sentOnce(() => answer(tx, done))
      checked = checks.map(sentOnce)
      for (const sent of [reading, ...checked]) sent.catch(noop)
      await Promise.race([held, Promise.all([...checked, reading]).then(noop, noop)])
      read = reading
      return done
    })
  } catch (error) {
    // A check's refusal, as the check words it, rather than the COMMIT that carried it.
    for (const sent of checked) await sent
    throw error
  }
  return { done, answer: await read! }
}

/**
 * Sends one statement whose answer nothing waits for (a stay's update, its room's occupancy, a history line) to go with
 * the transaction's next statement, in one write. Its failure is that next statement's error, as if it had been
 * awaited before it (a COMMIT after it fails too). `send` must send exactly one statement, and nothing may await its
 * answer: it comes only once the next statement writes it.
 */
export async function writeBehind(tx: Db, send: () => PromiseLike<unknown>): Promise<void> {
  const client = clientOf(tx)
  const held = holdNextStatements(client, 1)
  if (!held) {
    await send()
    return
  }
  const answer = sentOnce(send)
  const notHeld = answer.then(
    () => false,
    () => false,
  )
  if (await Promise.race([held, notHeld])) return
  // Not held (it went as it came, or sent nothing): answered as an awaited statement is.
  cancelHold(client)
  await answer
}

/**
 * Sends `sends` — reads none of which waits for another — in order, their first statements in one write where the
 * connection can hold them, else one after another; answers their results in order once all are in. A send may send
 * nothing (a read that is not needed this time), or read more once its first answer is in (a member's grade once its
 * membership is found): that goes on its own, and is awaited too. The first failure, in order, is the error (those
 * after it failed only because the transaction had aborted).
 */
export async function sentTogether<T extends unknown[]>(
  tx: Db,
  ...sends: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const client = clientOf(tx)
  const sent: Promise<unknown>[] = []
  for (const send of sends) {
    if (!holdsStatements(client)) {
      sent.push(sentOnce(send))
      continue
    }
    await writeBehind(tx, () => {
      const answer = sentOnce(send)
      sent.push(answer)
      return answer
    })
  }
  // Each first statement is held; they go now, in one write (also when the last send sent nothing to carry them).
  flushHeld(client)
  for (const answer of sent) answer.catch(noop)
  const answers: unknown[] = []
  for (const answer of sent) answers.push(await answer)
  return answers as T
}

/**
 * Sends one statement that must run outside the transaction `tx` is in, though the transaction's own code sends it
 * (a new order's number: its counter row must not stay locked to the order's commit): where the connection still holds
 * the transaction's BEGIN with nothing else, the statement is written just before it, with the transaction's first
 * statement, in one write, and runs as a transaction of its own, committed before BEGIN is read. Answers a function
 * that reads its answer (writing it at once if no statement has carried it yet), or null when the connection cannot
 * (PGlite; a transaction that has sent a statement already): the caller then sends it outside the transaction itself.
 * `send` must send exactly one statement, and nothing else may be sent before this resolves.
 */
export async function aheadOfTransaction<T>(
  tx: Db,
  send: () => PromiseLike<T>,
): Promise<(() => Promise<T>) | null> {
  const client = clientOf(tx)
  const placed = holdAheadOfBegin(client)
  if (!placed) return null
  const answer = sentOnce(send)
  answer.catch(noop)
  const notPlaced = answer.then(
    () => false,
    () => false,
  )
  if (!(await Promise.race([placed, notPlaced]))) {
    cancelHold(client)
    // Refused before it was sent (its own error), or sent inside the transaction, whose effects must then not be kept.
    await answer
    throw new Error('a statement asked ahead of the transaction went inside it')
  }
  return () => {
    flushHeld(client)
    return answer
  }
}
