// The plain SQL side of a database connection, the same for PGlite and PostgreSQL (migrations, raw queries,
// notifications).
/** The driver underneath, for migrations and raw SQL: both answer `{ rows }`. */
export interface SqlClient {
  kind: 'pglite' | 'postgres'
  /** Runs several statements (no parameters). */
  exec(sql: string): Promise<void>
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /**
   * A statement of the server's own upkeep on a timer (the room chart's change log read and pruned), not a request's:
   * not counted among the statements requests send (benchmarks and tests count those), and on PostgreSQL sent on a
   * connection of its own, opened when first needed and again after it is lost, so it never waits for the pool.
   */
  upkeep<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /**
   * Listens to a notification channel (LISTEN/NOTIFY) on a connection of its own: `onPayload` per notification,
   * `onState` each time listening starts (true) or the connection is lost (false; PostgreSQL reconnects by itself).
   * Resolves once listening; the function it returns stops.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>
  close(): Promise<void>
}

export interface ChannelHandlers {
  onPayload(payload: string): void
  onState(listening: boolean): void
}
