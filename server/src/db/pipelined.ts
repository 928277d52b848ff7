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
 * Wraps a pipelined connection's query(): a bare BEGIN (answered by promise) is held and written with the next
 * statement; `stream` is the connection's socket, corked so both go out in one write.
 */
export function deferringBegin<Q extends Query>(query: Q, stream: () => Corkable | undefined): Q {
  let held = false
  const wrapped = (first: unknown, ...rest: unknown[]): any => {
    const text = textOf(first)
    const byPromise = typeof rest.at(-1) !== 'function'
    const values = Array.isArray(rest[0]) ? rest[0] : (first as { values?: unknown[] } | null)?.values
    if (byPromise && text !== null && BEGIN.test(text) && !values?.length && !held) {
      held = true
      return Promise.resolve(commandResult('BEGIN'))
    }
    if (!held) return query(first, ...rest)
    held = false
    if (byPromise && text !== null && END.test(text))
      return Promise.resolve(commandResult(/^\s*rollback/i.test(text) ? 'ROLLBACK' : 'COMMIT'))
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
