// vitest global setup of the product suites: builds this run's seeded database templates (see database-template.ts)
// by starting the product once per engine on a new database, then closing it. Torn down when the run ends.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { makeTempDir, testConfig } from '../../bridge/src/testing.ts'

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.PMS_TEST_DATABASE_URL })
  await c.connect()
  try {
    return await run(c)
  } finally {
    await c.end()
  }
}

/** Starts and closes the product on a data folder (and the database `env` names): migrated and demo-seeded. */
async function seed(dataDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const app = await buildBridgeApp({ config: testConfig(dataDir), webRoot: dataDir, env })
  await app.close()
}

export default async function setup(project: TestProject) {
  const folder = makeTempDir('pms-template-')
  let postgres = ''
  if (project.name === 'api-postgres') {
    postgres = `pms_template_${randomBytes(6).toString('hex')}`
    await admin((c) => c.query(`CREATE DATABASE ${postgres}`))
    const url = new URL(process.env.PMS_TEST_DATABASE_URL!)
    url.pathname = `/${postgres}`
    await seed(folder.path, { DATABASE_URL: url.toString(), PMS_DEMO: 'true' })
    project.provide('pgliteTemplate', '')
  } else {
    await seed(folder.path, {})
    project.provide('pgliteTemplate', folder.path)
  }
  project.provide('postgresTemplate', postgres)

  return async () => {
    folder.remove()
    if (postgres) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${postgres} WITH (FORCE)`))
  }
}
