// What several benchmarks share: a PostgreSQL database of their own on the server PMS_BENCH_DATABASE_URL names.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const ADMIN_URL = process.env.PMS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A new, empty database for one bench run (null when BENCH_POSTGRES=0 or no server answers); `drop` removes it. */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env.BENCH_POSTGRES === '0') return null
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 })
  try {
    await admin.connect()
  } catch {
    return null
  }
  const name = `pms_bench_${randomBytes(5).toString('hex')}`
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
