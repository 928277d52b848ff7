// `npm run bench -- session-cache`: what authenticating costs, with the session cache (the default) and without it
// (PMS_SESSION_CACHE=off: the session, user and permissions read on every request), in the same run: the statements
// one authenticated request sends (counted by the driver, one request at a time) and the throughput of GET
// /system/user/getInfo and PUT /auth/refreshRole (nothing but authentication) under 20 clients, beside
// /bridge/health, on the embedded PGlite and (when it answers) PostgreSQL. BENCH_SECONDS sets each run's length.
import { performance } from 'node:perf_hooks'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { statementCounter } from '../../server/src/db/statements.ts'
import { postgresDatabase } from './support.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20)
const round = (n: number) => Math.round(n * 10) / 10

/** Requests per second of `call` from CLIENTS loops for SECONDS. */
async function rate(call: () => Promise<void>): Promise<number> {
  let done = 0
  const end = performance.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        await call()
        done++
      }
    }),
  )
  return round(done / ((performance.now() - started) / 1000))
}

interface Figures {
  getInfoStatements: number
  refreshRoleStatements: number
  getInfoPerSecond: number
  refreshRolePerSecond: number
  healthPerSecond: number
}

async function measure(sessionCache: boolean, databaseUrl?: string): Promise<Figures> {
  const dir = makeTempDir('pms-bench-session-cache-')
  const app = await buildBridgeApp({
    config: testConfig(dir.path),
    webRoot: dir.path,
    env: {
      PMS_SESSION_CACHE: String(sessionCache),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, PMS_DEMO: 'true' } : {}),
    },
  })
  try {
    const base = `http://127.0.0.1:${await listenOnFreePort(app)}`
    const login = await fetch(`${base}/prod-api/auth/userPwdLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'clerk', password: 'admin123' }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>)
    const headers = { authorization: `Bearer ${login.data.access_token}` }
    const call = (method: string, path: string) => async () => {
      const res = await fetch(`${base}${path}`, { method, headers })
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`)
      await res.arrayBuffer()
    }
    const getInfo = call('GET', '/prod-api/system/user/getInfo')
    const refreshRole = call('PUT', '/prod-api/auth/refreshRole')
    const health = call('GET', '/bridge/health')
    const statements = async (request: () => Promise<void>) => {
      await request() // the first request of the session fills the cache
      const before = statementCounter.count
      await request()
      return statementCounter.count - before
    }
    const figures = {
      getInfoStatements: await statements(getInfo),
      refreshRoleStatements: await statements(refreshRole),
      getInfoPerSecond: await rate(getInfo),
      refreshRolePerSecond: await rate(refreshRole),
      healthPerSecond: await rate(health),
    }
    return figures
  } finally {
    await app.close()
    dir.remove()
  }
}

const results: Record<string, Figures> = {}
for (const cache of [false, true]) results[`pglite, cache ${cache ? 'on' : 'off'}`] = await measure(cache)
const database = await postgresDatabase()
if (database) {
  try {
    for (const cache of [false, true])
      results[`postgres, cache ${cache ? 'on' : 'off'}`] = await measure(cache, database.url)
  } finally {
    await database.drop()
  }
}

console.log(`\nsession-cache: ${CLIENTS} clients, ${SECONDS} s per figure\n`)
console.log(
  `${'variant'.padEnd(22)}${'getInfo stmts'.padStart(14)}${'refreshRole stmts'.padStart(18)}${'getInfo /s'.padStart(12)}${'refreshRole /s'.padStart(16)}${'health /s'.padStart(11)}${'getInfo/health'.padStart(16)}`,
)
for (const [name, f] of Object.entries(results))
  console.log(
    `${name.padEnd(22)}${String(f.getInfoStatements).padStart(14)}${String(f.refreshRoleStatements).padStart(18)}${String(f.getInfoPerSecond).padStart(12)}${String(f.refreshRolePerSecond).padStart(16)}${String(f.healthPerSecond).padStart(11)}${String(round(f.getInfoPerSecond / f.healthPerSecond)).padStart(16)}`,
  )
console.log(JSON.stringify({ bench: 'session-cache', clients: CLIENTS, seconds: SECONDS, ...results }))
