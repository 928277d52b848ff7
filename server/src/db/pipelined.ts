// A transaction's BEGIN goes out with its first statement, in one write and one round trip. The ORM awaits BEGIN
// before it runs the transaction's work, so every transaction paid a round trip that carried no data; on this
// product's machines a round trip (the write that wakes PostgreSQL's process up, the read of its answer) is most
// of a short statement's cost in the Node process.
//
// The pooled connections run in node-postgres' pipeline mode (a query is written without waiting for the previous
// one's answer; answers come back in order, each statement under its own Sync). BEGIN is then answered at once,
// unsent, and written just before the next statement of the same connection, in the same write. The statement
// runs in the transaction exactly as if BEGIN had been awaited: PostgreSQL handles the messages in order. A
// transaction that ends before any statement (COMMIT or ROLLBACK next) sends nothing at all.
//
// Should BEGIN itself fail (the connection is lost), the statement behind it fails too: the transaction's work
// sees that error and the ORM's ROLLBACK follows, as before.
//
// The same holds for any statement the caller asks to hold (`holdNextStatements`, used by answered.ts): what a write
// answers (the order as it now is) and the checks that refuse by raising go with the COMMIT, a write nothing waits for
// goes with the next statement, reads none of which waits for another go together. Each statement written with held
// ones answers as if they had been awaited one by one: with the first of them that failed, else with its own answer.
// A COMMIT after a failed statement therefore fails (PostgreSQL has ended the transaction as a ROLLBACK), and the
// ORM's ROLLBACK that follows is answered unsent; a ROLLBACK written with held statements answers for itself.
//
// A statement that belongs before the transaction (a new order's number, whose counter row must not stay locked to
// the order's commit) can be sent from inside it while BEGIN is still held (`holdAheadOfBegin`): it is written just
// before the BEGIN, in the same write as the transaction's first statement, and runs on its own as PostgreSQL's
// implicit transaction of one statement, committed before BEGIN is read.

import { statementCounter } from './statements.ts'

/** A query function of a node-postgres connection (its own query(), possibly wrapped). */
type Query = (...args: any[]) => any

interface Corkable {
  cork?: () => void
  uncork?: () => void
}

const textOf = (first: unknown): string | null =>
  typeof first === 'string'
    ? first
    : first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string'
      ? (first as { text: string }).text
      : null

const BEGIN = /^\s*begin\s*$/i
const END = /^\s*(commit|rollback|end)\s*$/i

/** What node-postgres answers a command without rows with. */
const commandResult = (command: string) => ({ command, rowCount: null, rows: [], fields: [], oid: null })

/**
 * Marks a statement written ahead of a transaction's BEGIN (holdAheadOfBegin): should it be refused, it is never sent
 * again (prepared.ts), since by then the connection is inside the transaction it had to stay out of.
 */
export const AHEAD_OF_BEGIN = Symbol('pms.aheadOfBegin')

/** The statement `first` (a text or a query config) marked as written ahead of BEGIN. */
const markedAhead = (first: unknown): unknown =>
  typeof first === 'string'
    ? { text: first, [AHEAD_OF_BEGIN]: true }
    : { ...(first as object), [AHEAD_OF_BEGIN]: true }

/** A connection's hold: `hold` asks it to hold its next statements, `cancel` lets a hold asked for go. */
export const HOLD_NEXT = Symbol('pms.holdNextStatements')

interface Hold {
  /** Settles true once `count` statements are held; false when one that cannot be held came first, or on cancel. */
  hold(count: number): Promise<boolean>
  cancel(): void
  /**
   * Null unless BEGIN is held with nothing else: then the next statement is held ahead of it, and the promise settles
   * true once it is, false when one that cannot be held came first (it went as it came, inside the transaction).
   */
  ahead(): Promise<boolean> | null
  /**
   * Writes the held statements (after a held BEGIN) now, in one write: a held statement's answer is awaited without
   * another. Nothing held but BEGIN: nothing is written (BEGIN waits for the transaction's first statement).
   */
  flush(): void
}

/** A statement held for the next one, answered once it has been written with it. */
interface Held {
  first: unknown
  rest: unknown[]
  settle: (answer: Promise<unknown>) => void
}

const holdOf = (client: unknown): Hold | undefined => (client as { [HOLD_NEXT]?: Hold } | null)?.[HOLD_NEXT]

/** Whether `client` can hold statements (holdNextStatements): a connection of the pipelined pool. */
export const holdsStatements = (client: unknown): boolean => holdOf(client) !== undefined

/**
 * Asks a pipelined connection to hold its next `count` statements (sent by promise, not BEGIN/COMMIT/ROLLBACK) and
 * write them with the first statement after them, in one write. Answers a promise that settles true once they are all
 * held, false when a statement that cannot be held came first (it goes as it came, with those held before it) or the
 * hold is cancelled (`cancelHold`); null when the client cannot hold (PGlite, a connection outside a pipelined pool):
 * the caller then simply awaits its statements. Nothing held may be awaited before a statement that sends it: its
 * answer comes only once it is written.
 */
export function holdNextStatements(client: unknown, count = 1): Promise<boolean> | null {
  return holdOf(client)?.hold(count) ?? null
}

/** Lets a hold asked for and not complete go (its asker sent fewer statements than it said): nothing more is held. */
export function cancelHold(client: unknown): void {
  holdOf(client)?.cancel()
}

/**
 * Asks a pipelined connection whose transaction has sent nothing yet (BEGIN held, no statement held) to hold its next
 * statement ahead of the BEGIN: it is written just before it, with the transaction's first statement, and runs outside
 * the transaction. Answers a promise that settles true once it is held, false when a statement that cannot be held
 * came first; null when the connection cannot (PGlite, BEGIN sent already, statements held). Its answer comes with the
 * transaction's first statement's, or at once on `flushHeld`.
 */
export function holdAheadOfBegin(client: unknown): Promise<boolean> | null {
  return holdOf(client)?.ahead() ?? null
}

/**
 * Writes a connection's held statements now (holdAheadOfBegin, sentTogether: to read a held answer before any other
 * statement); a held BEGIN alone stays held.
 */
export function flushHeld(client: unknown): void {
  holdOf(client)?.flush()
}

const swallow = () => {}

/**
 * Wraps a pipelined connection's query(): a bare BEGIN (answered by promise) is held and written with the next
 * statement, and so are the statements the caller asked to hold (`holdNextStatements`: installed on `owner`); `stream` is
 * the connection's socket, corked so they go out in one write. The statement that writes held ones answers as if they
 * had been awaited before it: with the first of them that failed, if one did (a COMMIT after a failed statement is
 * PostgreSQL's ROLLBACK, never a success); a ROLLBACK answers for itself.
 */
export function deferringBegin<Q extends Query>(
  query: Q,
  stream: () => Corkable | undefined,
  owner?: object,
): Q {
  /** BEGIN answered and not sent yet. */
  let beginHeld = false
  /** A hold asked for and not complete: settles its asker once `remaining` more statements are held. */
  let asked: { resolve: (held: boolean) => void; remaining: number } | null = null
  /** The statements held, in order (a held BEGIN first). */
  let pending: Held[] = []
  /** A COMMIT just failed for a statement held before it: PostgreSQL has ended the transaction (as a ROLLBACK). */
  let rolledBack = false
  /** The asker of a statement ahead of the held BEGIN, settled once the next statement is held there (or is not). */
  let aheadAsker: ((held: boolean) => void) | null = null
  const answerAsker = (held: boolean) => {
    const asker = asked
    asked = null
    asker?.resolve(held)
  }
  const answerAheadAsker = (held: boolean) => {
    const asker = aheadAsker
    aheadAsker = null
    asker?.(held)
  }
  if (owner) {
    const hold: Hold = {
      hold: (count) =>
        new Promise<boolean>((resolve) => {
          answerAsker(false)
          asked = { resolve, remaining: count }
        }),
      cancel: () => {
        answerAsker(false)
        answerAheadAsker(false)
      },
      ahead: () =>
        beginHeld && !pending.length && !asked && !aheadAsker
          ? new Promise<boolean>((resolve) => {
              aheadAsker = resolve
            })
          : null,
      flush: () => {
        if (!pending.length) return
        if (beginHeld) releaseBegin()
        withPending(null, [], true, null)
      },
    }
    Object.defineProperty(owner, HOLD_NEXT, { configurable: true, value: hold })
  }
  const releaseBegin = () => {
    beginHeld = false
    pending.push({ first: 'BEGIN', rest: [], settle: swallow })
  }
  /** Holds a statement after those held already; answers its answer, settled once it is written. */
  const pushHeld = (first: unknown, rest: unknown[]): Promise<unknown> => {
    let settle!: Held['settle']
    const answer = new Promise<unknown>((resolve) => {
      settle = resolve
    })
    pending.push({ first, rest, settle })
    return answer
  }
  const holdStatement = (first: unknown, rest: unknown[]): Promise<unknown> => {
    if (beginHeld) releaseBegin()
    const answer = pushHeld(first, rest)
    if (--asked!.remaining === 0) answerAsker(true)
    return answer
  }
  /**
   * Writes the held statements and then this one (if any), in one write. Each answers as if those before it had been
   * awaited: with the first of them that failed, if one did, else its own answer (a ROLLBACK always its own).
   */
  const withPending = (
    first: unknown,
    rest: unknown[],
    byPromise: boolean,
    ending: 'commit' | 'rollback' | null,
  ): any => {
    const before = pending
    pending = []
    statementCounter.writes++
    const socket = stream()
    socket?.cork?.()
    const sent: Promise<unknown>[] = []
    let answer: any
    try {
      for (const statement of before) sent.push(query(statement.first, ...statement.rest) as Promise<unknown>)
      if (first !== null) answer = query(first, ...rest)
    } finally {
      socket?.uncork?.()
    }
    for (const answered of sent) answered.catch(swallow)
    /** The i-th answer: the first failure before it, else its own. */
    const inTurn = (i: number, own: Promise<unknown>): Promise<unknown> =>
      i === 0
        ? own
        : Promise.allSettled(sent.slice(0, i)).then((settled) => {
            const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')
            if (!failed) return own
            own.catch(swallow)
            if (ending === 'commit') rolledBack = true
            throw failed.reason
          })
    for (const [i, statement] of before.entries()) statement.settle(inTurn(i, sent[i]!))
    if (!byPromise || ending === 'rollback' || !answer || typeof answer.then !== 'function') return answer
    return inTurn(sent.length, answer)
  }
  const wrapped = (first: unknown, ...rest: unknown[]): any => {
    const text = textOf(first)
    const byPromise = typeof rest.at(-1) !== 'function'
    const values = Array.isArray(rest[0]) ? rest[0] : (first as { values?: unknown[] } | null)?.values
    const ends = byPromise && text !== null && END.test(text)
    const rollback = ends && /^\s*rollback/i.test(text!)
    if (rolledBack) {
      rolledBack = false
      // The ORM's ROLLBACK after that COMMIT's failure: the transaction is over already, nothing to send.
      if (rollback) return Promise.resolve(commandResult('ROLLBACK'))
    }
    if (aheadAsker) {
      if (beginHeld && !pending.length && byPromise && text !== null && !BEGIN.test(text) && !ends) {
        // Ahead of the held BEGIN, which stays held: the next statement writes both, this one first.
        const answer = pushHeld(markedAhead(first), rest)
        answerAheadAsker(true)
        return answer
      }
      answerAheadAsker(false)
    }
    if (asked) {
      if (byPromise && text !== null && !BEGIN.test(text) && !ends) return holdStatement(first, rest)
      // Not a statement to hold: it goes as it came, with those held before it, and the asker need not wait any more.
      answerAsker(false)
    }
    if (byPromise && text !== null && BEGIN.test(text) && !values?.length && !beginHeld && !pending.length) {
      beginHeld = true
      return Promise.resolve(commandResult('BEGIN'))
    }
    if (beginHeld && ends) {
      // A transaction that ended before any statement: nothing of it was sent, nothing is (a statement held ahead of
      // its BEGIN goes on its own).
      beginHeld = false
      if (pending.length) withPending(null, [], true, null)
      return Promise.resolve(commandResult(rollback ? 'ROLLBACK' : 'COMMIT'))
    }
    if (beginHeld) releaseBegin()
    if (pending.length)
      return withPending(first, rest, byPromise, rollback ? 'rollback' : ends ? 'commit' : null)
    statementCounter.writes++
    return query(first, ...rest)
  }
  return wrapped as Q
}
