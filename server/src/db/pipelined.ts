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
// The same holds at the other end: what a write answers (the order as it now is) is read in the transaction as its
// last statement, held, and written with COMMIT in one write (`holdNextStatements`, used by `answeredAtCommit` in
// answered.ts), and so are the checks that refuse by raising sent just before it (a room type's nights). PostgreSQL
// runs them in order, then the COMMIT; the read sees the transaction's own writes, exactly what a read after the
// commit would see of them. Should the COMMIT fail, the caller gets that error and the read's answer is dropped; should
// a check or the read fail, PostgreSQL ends the aborted transaction's COMMIT as a ROLLBACK (nothing is kept).

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

/** A connection's hold: set by `holdNextStatements`, taken by its next statements sent by promise. */
export const HOLD_NEXT = Symbol('pms.holdNextStatements')

/** A statement held for the next one, answered once it has been written with it. */
interface Held {
  first: unknown
  rest: unknown[]
  settle: (answer: Promise<unknown>) => void
}

/**
 * Asks a pipelined connection to hold its next `count` statements (sent by promise, not BEGIN/COMMIT/ROLLBACK) and
 * write them with the one after them, in one write. Answers a promise that settles once they are all held (or a
 * statement that cannot be held came first: it goes as it came, with those held before it), or null when the client
 * cannot hold (PGlite, a connection outside a pipelined pool): the caller then simply awaits its statements. Nothing
 * held may be awaited before the statement that sends it: its answer comes only once it is written.
 */
export function holdNextStatements(client: unknown, count = 1): Promise<void> | null {
  const hold = (client as { [HOLD_NEXT]?: (count: number) => Promise<void> } | null)?.[HOLD_NEXT]
  return hold ? hold(count) : null
}

/**
 * Wraps a pipelined connection's query(): a bare BEGIN (answered by promise) is held and written with the next
 * statement, and so are the statements the caller asked to hold (`holdNextStatements`: installed on `owner`); `stream` is
 * the connection's socket, corked so both go out in one write.
 */
export function deferringBegin<Q extends Query>(
  query: Q,
  stream: () => Corkable | undefined,
  owner?: object,
): Q {
  let held = false
  /** A hold asked for and not yet complete: settles the asker's promise once `remaining` more statements are held. */
  let holdAsked: { resolve: () => void; remaining: number } | null = null
  let heldStatements: Held[] = []
  if (owner)
    Object.defineProperty(owner, HOLD_NEXT, {
      configurable: true,
      value: (count = 1) =>
        new Promise<void>((resolve) => {
          holdAsked = { resolve, remaining: count }
        }),
    })
  const releaseAsker = () => {
    const asker = holdAsked!
    holdAsked = null
    asker.resolve()
  }
  /** Writes the held statements and then this one, in one write (all answered in order). */
  const withHeld = (first: unknown, rest: unknown[]): any => {
    const before = heldStatements
    heldStatements = []
    statementCounter.writes++
    const socket = stream()
    socket?.cork?.()
    try {
      for (const statement of before) statement.settle(query(statement.first, ...statement.rest))
      return query(first, ...rest)
    } finally {
      socket?.uncork?.()
    }
  }
  const wrapped = (first: unknown, ...rest: unknown[]): any => {
    const text = textOf(first)
    const byPromise = typeof rest.at(-1) !== 'function'
    const values = Array.isArray(rest[0]) ? rest[0] : (first as { values?: unknown[] } | null)?.values
    if (holdAsked) {
      if (byPromise && !held && text !== null && !BEGIN.test(text) && !END.test(text)) {
        let settle!: Held['settle']
        const answer = new Promise<unknown>((resolve) => {
          settle = resolve
        })
        heldStatements.push({ first, rest, settle })
        if (--holdAsked.remaining === 0) releaseAsker()
        return answer
      }
      // Not a statement to hold (BEGIN is still held): it goes as it came, and the asker need not wait any more.
      releaseAsker()
    }
    if (heldStatements.length) return withHeld(first, rest)
    if (byPromise && text !== null && BEGIN.test(text) && !values?.length && !held) {
      held = true
      return Promise.resolve(commandResult('BEGIN'))
    }
    if (!held) {
      statementCounter.writes++
      return query(first, ...rest)
    }
    held = false
    if (byPromise && text !== null && END.test(text))
      return Promise.resolve(commandResult(/^\s*rollback/i.test(text) ? 'ROLLBACK' : 'COMMIT'))
    statementCounter.writes++
    const socket = stream()
    socket?.cork?.()
    let begun: Promise<unknown>
    let answer: any
    try {
      begun = query('BEGIN')
      answer = query(first, ...rest)
    } finally {
      socket?.uncork?.()
    }
    if (!byPromise || !answer || typeof answer.then !== 'function') {
      begun.catch(() => {})
      return answer
    }
    // Both answers are awaited: the statement's answer only once BEGIN's is in (a failed BEGIN fails it).
    return begun.then(
      () => answer,
      (error) => {
        answer.catch(() => {})
        throw error
      },
    )
  }
  return wrapped as Q
}
