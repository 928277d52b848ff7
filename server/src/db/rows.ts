// The rows of a raw statement's answer (`db.execute`, `sqlBuiltOnce`), whichever engine answered: PGlite's Drizzle
// session and node-postgres both answer an object with `rows`; an array is taken as the rows themselves.
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[]
}
