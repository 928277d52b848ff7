// Seeded database templates for the suites that start a whole product (api, browser, devices). Migrating and
// seeding a new database is most of a product's start (about a minute for PGlite on a loaded two-core machine), and
// every test file used to pay it. The global setup (./global-templates.ts) migrates and seeds one database per engine
// per run; each product then starts from a copy: PGlite's data folder copied, PostgreSQL's `CREATE DATABASE … TEMPLATE`.
// The product still opens the copy through its own start path (migrations found applied, demo found seeded).
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder whose `db` holds a migrated, seeded PGlite database. */
    pgliteTemplate: string
    /** The name of a migrated, seeded PostgreSQL database to create test databases from ('' when none). */
    postgresTemplate: string
  }
}

/** The PGlite database folder of a product's data folder (server/src/db/client.ts). */
export const pgliteFolder = (dataDir: string) => join(dataDir, 'db')

/** Puts a copy of the seeded PGlite database into `dataDir`, when this run has a template. */
export function copyPgliteTemplate(dataDir: string): void {
  const template = inject('pgliteTemplate')
  if (template && existsSync(pgliteFolder(template)))
    cpSync(pgliteFolder(template), pgliteFolder(dataDir), { recursive: true })
}

/** `TEMPLATE <name>` for a new PostgreSQL test database, when this run has a template. */
export function postgresTemplateClause(): string {
  const template = inject('postgresTemplate')
  return template ? ` TEMPLATE ${template}` : ''
}
