// A second server instance of a chain for the suites that check what one instance sees of another's changes: on
// PostgreSQL, another bridge with its own server on the product's database; on PGlite (one process owns the data
// folder), the product itself.
import type { OpenedServer } from '@pms/server'
import supertest from 'supertest'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import type { TestProduct } from './harness.ts'

export interface Instance {
  http: supertest.Agent
  server: OpenedServer
  close(): Promise<void>
}

/** A second server instance on the product's PostgreSQL database (on PGlite: the product itself). */
export async function secondInstance(product: TestProduct): Promise<Instance> {
  if (!product.databaseUrl) return { http: product.http, server: product.server(), close: async () => {} }
  const dir = makeTempDir('pms-api-b-')
  const app = await buildBridgeApp({
    config: testConfig(dir.path),
    webRoot: dir.path,
    env: { DATABASE_URL: product.databaseUrl, PMS_DEMO: 'true' },
  })
  const port = await listenOnFreePort(app)
  return {
    http: supertest.agent(`http://127.0.0.1:${port}`),
    server: app.bridge.server as OpenedServer,
    async close() {
      await app.close()
      dir.remove()
    },
  }
}
