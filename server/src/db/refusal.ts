// The database's own refusal inside what a driver or the ORM threw (Drizzle wraps the driver's error as its cause).

/** The first error of `error`'s cause chain carrying SQLSTATE `state`, with its DETAIL, if there is one. */
export function refusalOf(
  error: unknown,
  state: string,
): { code: string; detail?: string; message?: string } | undefined {
  for (let e: any = error, depth = 0; e && depth < 4; e = e.cause, depth++) if (e.code === state) return e
  return undefined
}
