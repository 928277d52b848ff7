// The database's own refusal inside what a driver or the ORM threw (Drizzle wraps the driver's error as its cause).

/** A database error as the drivers give it: its SQLSTATE, DETAIL and message. */
export interface DatabaseError {
  code?: string
  detail?: string
  message?: string
}

/** `error` and the errors it was caused by, nearest first (four at most). */
export function* causeChain(error: unknown): Generator<DatabaseError> {
  let e: any = error
  for (let depth = 0; e && depth < 4; e = e.cause, depth++) yield e
}

/** The first error of `error`'s cause chain carrying SQLSTATE `state`, with its DETAIL, if there is one. */
export function refusalOf(error: unknown, state: string): DatabaseError | undefined {
  for (const e of causeChain(error)) if (e.code === state) return e
  return undefined
}
