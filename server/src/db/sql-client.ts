// The plain SQL side of a database connection, the same for PGlite and PostgreSQL (migrations, raw queries,
// notifications).
/** The driver underneath, for migrations and raw SQL: both answer `{ rows }`. */
export interface SqlClient {
  kind: 'pglite' | 'postgres'
  /** Runs several statements (no parameters). */
  exec(sql: string): Promise<void>
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
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
