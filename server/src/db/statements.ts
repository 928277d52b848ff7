// How many statements this process has sent to its database (BEGIN and COMMIT included): benchmarks print it per
// request beside each figure. One add per statement; nothing reads it on a request's path. A bench that traces a
// request (`BENCH_TRACE=1 npm run bench -- front-desk`) sets `log` to an array for the request's length: each
// statement's text is pushed to it. `writes` counts the writes that carried them to PostgreSQL (pipelined.ts: a BEGIN
// goes with the statement after it, a write's answer with its COMMIT): the round trips a request waits for.
export const statementCounter: { count: number; writes: number; log: string[] | null } = {
  count: 0,
  writes: 0,
  log: null,
}

/** Counts one statement (its text kept while a trace runs). */
export function countStatement(text: unknown): void {
  statementCounter.count++
  if (statementCounter.log)
    statementCounter.log.push(typeof text === 'string' ? text : String((text as { text?: string })?.text))
}
