// Applies the committed SQL migrations in server/migrations in name order, each once, each in its own transaction.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SqlClient } from './sql-client.ts'

// server/migrations beside the sources (server/src/db), or from the bridge's precompiled bundle (bridge/dist).
const folder = ['../../migrations/', '../../server/migrations/']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((path) => existsSync(path))!

export async function migrate(sql: SqlClient): Promise<string[]> {
  await sql.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`)
  // Several central servers may start at once: one migrates, the others wait on the lock.
  if (sql.kind === 'postgres') await sql.query('SELECT pg_advisory_lock(727001)')
  try {
    const done = new Set(
      (await sql.query<{ name: string }>('SELECT name FROM schema_migration')).rows.map((r) => r.name),
    )
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort()
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      const text = readFileSync(folder + file, 'utf8')
      await sql.exec(
        `BEGIN;\n${text}\n;INSERT INTO schema_migration (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
      )
      applied.push(file)
    }
    return applied
  } catch (error) {
    await sql.exec('ROLLBACK').catch(() => {})
    throw error
  } finally {
    if (sql.kind === 'postgres') await sql.query('SELECT pg_advisory_unlock(727001)')
  }
}
