// `npm run bench -- front-desk`: create-reservation and check-in under 20 concurrent desk clients for 30 s each, on the
// embedded PGlite and (when it answers) on PostgreSQL, beside GET /bridge/health throughput in the same run.
//
// Reservations: every request books a distinct (room, night) of the demo hotel, nights moving forward, so none is
// refused for availability. Check-in: each client owns a few rooms and loops reserve-for-today → check in → check
// out → clean; only the check-in call is timed. BENCH_SECONDS shortens the runs; PMS_BENCH_DATABASE_URL names the
// PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test), BENCH_POSTGRES=0 leaves it out.
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'

const CLIENTS = 20
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const ADMIN_URL = process.env.PMS_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : 0
const round = (n: number) => Math.round(n * 100) / 100

interface Figures {
  requests: number
  failures: number
  /** The first failure's message, to tell a refused request from a broken one. */
  firstFailure?: string
  perSecond: number
  p50: number
  p95: number
}

/** Runs `work` in CLIENTS loops for `seconds`; each loop times what `work` reports. */
async function load(
  seconds: number,
  work: (client: number, time: <T>(call: () => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<Figures> {
  const times: number[] = []
  let failures = 0
  let firstFailure: string | undefined
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < end) {
        await work(client, async (call) => {
          const t = performance.now()
          try {
            return await call()
          } finally {
            times.push(performance.now() - t)
          }
        }).catch((err: Error) => {
          failures++
          firstFailure ??= err.message
        })
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return {
    requests: times.length,
    failures,
    firstFailure,
    perSecond: round(times.length / elapsed),
    p50: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
  }
}

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
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

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

async function benchOn(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const dir = makeTempDir(`pms-bench-front-desk-${kind}-`)
  const app = await buildBridgeApp({
    config: testConfig(dir.path, { simulate: true }),
    webRoot: dir.path,
    env: databaseUrl ? { DATABASE_URL: databaseUrl, PMS_DEMO: 'true' } : {},
  })
  try {
    const port = await listenOnFreePort(app)
    const base = `http://127.0.0.1:${port}`
    const desks = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const desk = bridgeClient(base)
        await desk.signIn('clerk')
        return desk
      }),
    )
    const list = await desks[0]!.call('GET', '/prod-api/pms/pmsRoom/list?pageSize=500')
    const rooms = (list as unknown as { rows: Array<{ roomId: number; roomTypeId: number; roomNo: string }> })
      .rows
    if (!rooms?.length) throw new Error(`no rooms listed: ${list.msg}`)

    const health = await load(Math.min(SECONDS, 5), async (_c, time) => {
      const res = await time(() => fetch(`${base}/bridge/health`))
      await res.arrayBuffer()
      if (!res.ok) throw new Error(String(res.status))
    })

    // Reservations: slot k books room k mod n on night 2 + floor(k / n), so no two requests collide, nor with today's
    // check-in stays below (a one-night stay today ends tomorrow at the check-out time).
    let slot = 0
    const reserve = await load(SECONDS, async (client, time) => {
      const k = slot++
      const room = rooms[k % rooms.length]!
      const res = await time(() =>
        desks[client]!.call('POST', '/prod-api/pms/pmsReserve', {
          startTime: day(2 + Math.floor(k / rooms.length)),
          nights: 1,
          contactName: 'Bench Guest',
          rooms: [{ roomTypeId: room.roomTypeId, roomId: room.roomId }],
        }),
      )
      if (res.code !== 200) throw new Error(res.msg)
    })

    // Check-in: each client cycles its own rooms (today), so stays never overlap between clients.
    const own = (client: number) => rooms.filter((_, i) => i % CLIENTS === client)
    const turn = new Array<number>(CLIENTS).fill(0)
    const checkIn = await load(SECONDS, async (client, time) => {
      const desk = desks[client]!
      const mine = own(client)
      const room = mine[turn[client]++ % mine.length]!
      const booked = await desk.call('POST', '/prod-api/pms/pmsReserve', {
        startTime: day(0),
        nights: 1,
        contactName: 'Bench Guest',
        rooms: [
          { roomTypeId: room.roomTypeId, roomId: room.roomId, guests: [{ name: 'Bench Guest', main: true }] },
        ],
      })
      if (booked.code !== 200) throw new Error(booked.msg)
      const checked = await time(() =>
        desk.call('POST', '/prod-api/pms/pmsOrder/checkIn', { orderId: booked.data.orderId }),
      )
      if (checked.code !== 200) throw new Error(checked.msg)
      const out = await desk.call('POST', '/prod-api/pms/pmsOrder/checkOut', { orderId: booked.data.orderId })
      if (out.code !== 200) throw new Error(out.msg)
      await desk.call('PUT', '/prod-api/pms/pmsRoom/state', {
        roomIds: [room.roomId],
        state: 'dirty',
        value: false,
      })
    })
    return { health, reserve, checkIn }
  } finally {
    await app.close()
    dir.remove()
  }
}

const results: Record<string, Awaited<ReturnType<typeof benchOn>>> = {}
results.pglite = await benchOn('pglite')
const database = await postgresDatabase()
if (database) {
  try {
    results.postgres = await benchOn('postgres', database.url)
  } finally {
    await database.drop()
  }
}

console.log(`\nfront-desk: ${CLIENTS} concurrent clients, ${SECONDS} s per call\n`)
console.log('database   call                 requests  failed   per s   p50 ms   p95 ms   ÷ health/s')
for (const [kind, r] of Object.entries(results)) {
  for (const [name, f] of [
    ['GET /bridge/health', r.health],
    ['create reservation', r.reserve],
    ['check in', r.checkIn],
  ] as const) {
    console.log(
      `${kind.padEnd(10)} ${name.padEnd(20)} ${String(f.requests).padStart(8)} ${String(f.failures).padStart(7)} ${String(f.perSecond).padStart(7)} ${String(f.p50).padStart(8)} ${String(f.p95).padStart(8)} ${round(
        f.perSecond / r.health.perSecond,
      )
        .toString()
        .padStart(11)}`,
    )
  }
}
for (const [kind, r] of Object.entries(results))
  for (const f of [r.health, r.reserve, r.checkIn])
    if (f.firstFailure) console.log(`${kind}: first failure: ${f.firstFailure}`)
console.log(
  JSON.stringify({
    bench: 'front-desk',
    clients: CLIENTS,
    seconds: SECONDS,
    ...Object.fromEntries(
      Object.entries(results).map(([kind, r]) => [
        kind,
        {
          healthPerSecond: r.health.perSecond,
          reservationsPerSecond: r.reserve.perSecond,
          reserveP95Ms: r.reserve.p95,
          reserveFailures: r.reserve.failures,
          checkInsPerSecond: r.checkIn.perSecond,
          checkInP95Ms: r.checkIn.p95,
          checkInFailures: r.checkIn.failures,
          reservationsVsHealth: round(r.reserve.perSecond / r.health.perSecond),
          checkInsVsHealth: round(r.checkIn.perSecond / r.health.perSecond),
        },
      ]),
    ),
  }),
)
