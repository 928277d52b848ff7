// API suites run against the real bridge app over HTTP, once per database: PGlite always, and PostgreSQL too when
import assert from 'node:assert/strict'
// PMS_TEST_DATABASE_URL names a server (CI sets it). Each run gets a fresh database and data folder with the demo seeded.
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { DEFAULT_TIME_ZONE, zonedInstant } from '@pms/protocol/time/zone'
import type { OpenedServer } from '@pms/server'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import supertest from 'supertest'
import { afterAll, beforeAll, describe } from 'vitest'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { clearOfMidnight, openBusinessDates } from '../support/business-date.ts'
import { copyPgliteTemplate, postgresTemplateClause } from '../support/database-template.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/** The databases a suite runs on: PMS_TEST_DATABASES (set per vitest project) or, outside vitest's projects, both when
 * PMS_TEST_DATABASE_URL names a server. */
export function databaseKinds(): DatabaseKind[] {
  const chosen = process.env.PMS_TEST_DATABASES
  if (chosen) return chosen.split(',').map((k) => k.trim() as DatabaseKind)
  return process.env.PMS_TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export interface TestProduct {
  kind: DatabaseKind
  app: FastifyInstance
  baseUrl: string
  dataDir: string
  /** The PostgreSQL database the product runs on (a second server instance can share it); undefined on PGlite. */
  databaseUrl?: string
  /**
   * The instant the product started — never in the last minutes before the demo zone's midnight (clearOfMidnight) —:
   * every seeded property's business date is its zone's day at this instant, and the suites' "today" (`day` in
   * orders-support.ts) is read from it, so a file still running after the zone's midnight sees the same day as the
   * product — a hotel whose night audit has not run yet — instead of tomorrow.
   */
  startedAt: Date
  /** The in-process business server (routes, database). */
  server(): OpenedServer
  /** A supertest agent on the running bridge. */
  http: supertest.Agent
  /** Signs in through the right entry for the account and returns its bearer token. */
  login(userName: string, password?: string): Promise<string>
  /**
   * Runs SQL directly against the product's database (for arranging and checking state). A change to sessions, users,
   * roles or permissions has reached the product's session cache when it resolves.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

/** A fresh PostgreSQL database from the seeded template (PMS_TEST_DATABASE_URL names the server). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.PMS_TEST_DATABASE_URL!
  const name = `pms_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}${postgresTemplateClause()}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export async function startProduct(kind: DatabaseKind, env: NodeJS.ProcessEnv = {}): Promise<TestProduct> {
  await clearOfMidnight()
  const startedAt = new Date()
  const dir = makeTempDir('pms-api-')
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined
  if (!database) copyPgliteTemplate(dir.path)
  const app = await buildBridgeApp({
    config: testConfig(dir.path),
    webRoot: dir.path,
    env: { ...env, ...(database ? { DATABASE_URL: database.url, PMS_DEMO: 'true' } : {}) },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const http = supertest.agent(baseUrl)
  const server = () => app.bridge.server as OpenedServer
  const product: TestProduct = {
    kind,
    app,
    baseUrl,
    dataDir: dir.path,
    databaseUrl: database?.url,
    startedAt,
    server,
    http,
    async login(userName, password = 'admin123') {
      const entry = userName === 'admin' ? '/prod-api/auth/login' : '/prod-api/auth/userPwdLogin'
      const res = await supertest(baseUrl).post(entry).send({ username: userName, password })
      if (res.body.code !== 200) throw new Error(`login ${userName} failed: ${JSON.stringify(res.body)}`)
      return res.body.data.access_token as string
    },
    async query(text, params) {
      if (database) {
        const c = new pg.Client({ connectionString: database.url })
        await c.connect()
        try {
          return (await c.query(text, params)).rows
        } finally {
          await c.end()
          await server().settleAuthChanges()
        }
      }
      const { rows } = await server().sql.query(text, params)
      await server().settleAuthChanges()
      return rows as never
    },
    async close() {
      await app.close()
      await database?.drop()
      dir.remove()
    },
  }
  await openBusinessDates(product.query, startedAt)
  return product
}

/** When the suite running now started its product (describeProduct's, until its end; the clock outside one). */
let productStartedAt: Date | undefined
export const suiteStartedAt = (): Date => productStartedAt ?? new Date()

/** Declares a suite once per database kind, with a product started before and closed after. */
export function describeProduct(
  title: string,
  body: (get: () => TestProduct) => void,
  env: NodeJS.ProcessEnv = {},
) {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let product: TestProduct
      beforeAll(async () => {
        product = await startProduct(kind, env)
        productStartedAt = product.startedAt
      })
      afterAll(async () => {
        productStartedAt = undefined
        await product?.close()
      })
      body(() => product)
    })
  }
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** One malformed request: method, URL, body (none for GET/DELETE), and the field its 400 message must name. */
export type BadInput = [method: string, url: string, body: object | undefined, field: string]

/** Sends each malformed request with the token and expects a 400 whose English message names the field. */
export async function expectFieldErrors(http: supertest.Agent, token: string, cases: readonly BadInput[]) {
  for (const [method, url, body, field] of cases) {
    const req = (http as any)[method](url).set(bearer(token)).set('Accept-Language', 'en-US')
    const res = body ? await req.send(body) : await req
    assert.equal(res.status, 400, `${method} ${url}: ${JSON.stringify(res.body)}`)
    assert.match(res.body.msg, new RegExp(field), `${method} ${url}: ${res.body.msg}`)
  }
}

/**
 * Checks that an exported file's name ends with the time of the export on the hotel's clock (the demo properties keep
 * the default zone), 'YYYYMMDDhhmmss', between `before` and `after` (epoch ms read around the request).
 */
export function assertHotelStamp(disposition: string | undefined, before: number, after: number): void {
  const m = /_(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\.xlsx"?$/.exec(disposition ?? '')
  assert.ok(m, `no time stamp in ${disposition}`)
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[]
  const at = zonedInstant({ year, month, day, hour, minute, second }, DEFAULT_TIME_ZONE).getTime()
  assert.ok(
    at >= Math.floor(before / 1000) * 1000 && at <= after,
    `${disposition}: ${new Date(at).toISOString()} is not between ${new Date(before).toISOString()} and ${new Date(after).toISOString()}`,
  )
}
