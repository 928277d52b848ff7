// vitest global setup of the product suites: builds this run's seeded database templates (see database-template.ts)
// by starting the product once per engine on a new database, then closing it. Torn down when the run ends.
//
// One PGlite template for the whole run: the api, devices and browser projects seed the same database, and vitest
// runs every project's global setup one after the other before any test starts, so a template per project was three
// PGlite seeds (about 12 CPU s each) holding both workers idle. The template is kept on globalThis, not in this
// module: each project loads its global setup files through its own module runner, in the one main process.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { openDatabase } from '../../server/src/db/client.ts'

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.PMS_TEST_DATABASE_URL })
  await c.connect()
  try {
    return await run(c)
  } finally {
    await c.end()
  }
}

/**
 * Starts and closes the product on a data folder (and the database `env` names): migrated and demo-seeded. The
 * properties' business dates its start wrote are then removed: a copy opened after the demo zone's midnight (the run
 * started at 23:58 in Shanghai, the file at 00:05) would otherwise open on yesterday's business date, as a hotel that
 * skipped its night audit, where every test expects a freshly seeded hotel (full run of 2026-11-24: 74 date failures).
 * Each product started from a copy opens its properties' dates at its own start (business-date.ts openBusinessDates).
 */
async function seed(dataDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const app = await buildBridgeApp({ config: testConfig(dataDir), webRoot: dataDir, env })
  await app.close()
  // Opened again once the product (and whatever it ran at start) is closed: nothing writes the dates back.
  const { sql } = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL })
  try {
    const { rows } = await sql.query<{ audits: number }>(
      'SELECT count(*)::int AS audits FROM pms_night_audit',
    )
    if (rows[0]!.audits)
      throw new Error('the seeded template holds a night audit: its business dates are not its own')
    await sql.query('DELETE FROM pms_business_date')
  } finally {
    await sql.close()
  }
}

interface SharedPglite {
  /** The seeded data folder, once seeded. */
  folder: Promise<{ path: string; remove(): void }>
  /** Projects of this run holding it; the last to tear down removes it. */
  users: number
}

const KEY = Symbol.for('pms.test.pgliteTemplate')
const shared = globalThis as { [KEY]?: SharedPglite }

/** This run's seeded PGlite data folder, seeded by the first project asking; released by the returned function. */
async function acquirePglite(): Promise<{ path: string; release(): void }> {
  let template = shared[KEY]
  if (!template) {
    const folder = makeTempDir('pms-template-')
    template = {
      folder: seed(folder.path, {}).then(
        () => folder,
        (error) => {
          folder.remove()
          delete shared[KEY]
          throw error
        },
      ),
      users: 0,
    }
    shared[KEY] = template
  }
  const held = template
  held.users++
  let released = false
  try {
    const folder = await held.folder
    return {
      path: folder.path,
      release() {
        if (released) return
        released = true
        if (--held.users > 0) return
        if (shared[KEY] === held) delete shared[KEY]
        folder.remove()
      },
    }
  } catch (error) {
    held.users--
    throw error
  }
}

export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const folder = makeTempDir('pms-template-')
    const postgres = `pms_template_${randomBytes(6).toString('hex')}`
    await admin((c) => c.query(`CREATE DATABASE ${postgres}`))
    const url = new URL(process.env.PMS_TEST_DATABASE_URL!)
    url.pathname = `/${postgres}`
    await seed(folder.path, { DATABASE_URL: url.toString(), PMS_DEMO: 'true' })
    project.provide('pgliteTemplate', '')
    project.provide('postgresTemplate', postgres)
    return async () => {
      folder.remove()
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${postgres} WITH (FORCE)`))
    }
  }
  const template = await acquirePglite()
  project.provide('pgliteTemplate', template.path)
  project.provide('postgresTemplate', '')
  return async () => template.release()
}
