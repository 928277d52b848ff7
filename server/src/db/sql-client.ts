// The plain SQL side of a database connection, the same for PGlite and PostgreSQL (migrations, raw queries).
/** The driver underneath, for migrations and raw SQL: both answer `{ rows }`. */
export interface SqlClient {
  kind: 'pglite' | 'postgres'
  /** Runs several statements (no parameters). */
  exec(sql: string): Promise<void>
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  close(): Promise<void>
}
