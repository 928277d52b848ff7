// `npm run bench -- front-desk`: create-reservation and check-in under concurrent desk clients for 15 s each, on the
// embedded PGlite (3 and 20 clients) and (when it answers) on PostgreSQL (20), beside GET /bridge/health throughput
// in the same run, with the statements each request sends (counted by the server's driver, one request at a time)
// and the process's CPU per request (client, server and PGlite share it) beside, on a local PostgreSQL, the CPU its
// processes spent per request (`postgresCpuMs`): on a machine both saturate, the two together are what a request
// costs against health's.
//
// Reservations: every request books a distinct (room, night) of the demo hotel, nights moving forward, so none is
// refused for availability. Check-in: each client owns a few rooms and loops reserve-for-today → check in → check
// out → clean; only the check-in call is timed. BENCH_SECONDS shortens the runs; PMS_BENCH_DATABASE_URL names the
// PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test), BENCH_POSTGRES=0 leaves it out (BENCH_PGLITE=0 the embedded runs). BENCH_TRACE=1
// prints the text of every statement of the traced requests (one reservation, one check-in cycle).
//
// The hotel is one in service: before measuring, BENCH_HISTORY_DAYS (365) of past stays and bookings ahead fill its
// rooms (`seedHistory`) and the database is analysed, as autovacuum keeps a server's statistics and a desk's night
// audit its own. A database created a second before (0 days) has none: its cached plans read whole indexes that
// serve one row once statistics exist.
//
// BENCH_POSTGRES_CLIENTS sets the PostgreSQL run's clients (20); BENCH_STAGES=1 prints, after each phase, the process's
// CPU per request by the server's stages of each route (stages.ts; meaningful with one client).
//
// Health is the baseline, measured in the same run and at the same minutes as what it is set beside: each measured
// call runs in BENCH_SLICES (3) slices of its time, each slice after a slice of health (a third of it, 1 s at least),
// and every slice of health counts towards the one health figure the ratios divide by. This machine's speed moves
// from minute to minute (health 1,150–3,200 a second, same code, sessions 19–21), so a baseline taken once, before the
// others, set its minute's speed against theirs. Figures of a call are its slices' together (requests over their
// time; percentiles of all their requests).
//
// BENCH_PROFILE=<folder> writes a V8 CPU profile of each measured slice there
// (`<database>-<clients>-<phase>-<slice>.cpuprofile`, phase health, reserve or cycle), to open in Chrome's DevTools or
// summarise with scripts/bench/profile-summary.ts: client, server and, on PGlite, the database share the one thread
// profiled.

import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { OpenedServer } from '@pms/server'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { statementCounter } from '../../server/src/db/statements.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'
import { meterStages, type StageMeter } from './stages.ts'
import { postgresCpuMs, postgresDatabase } from './support.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 365)
/** Slices of each measured call, each after a slice of health (1 with BENCH_STAGES=1: stages are read per call). */
const SLICES = process.env.BENCH_STAGES === '1' ? 1 : Math.max(1, Number(process.env.BENCH_SLICES ?? 3))
/** The embedded bridge at a front desk's realistic load (3) and under 20 clients; PostgreSQL (the chain) at 20. */
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '3,20').split(',').map(Number)
/** The chain server's load; 1 measures a request alone (with BENCH_STAGES=1, where its CPU goes). */
const POSTGRES_CLIENTS = Number(process.env.BENCH_POSTGRES_CLIENTS ?? 20)

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : 0
const round = (n: number) => Math.round(n * 100) / 100
/** A ratio to health, to three places: the targets are 0.2, 0.1 and 0.05, and 0.045 is not 0.05. */
const ratio = (n: number) => Math.round(n * 1000) / 1000

interface Figures {
  requests: number
  failures: number
  /** The first failure's message, to tell a refused request from a broken one. */
  firstFailure?: string
  perSecond: number
  p50: number
  p95: number
  /** This process's CPU (client, server and, on PGlite, the database) per timed request, in ms. */
  cpuMs: number
  /** A local PostgreSQL's CPU per timed request, in ms (null on PGlite, whose CPU is in cpuMs, or a remote server). */
  dbCpuMs: number | null
}

const PROFILE = process.env.BENCH_PROFILE

/** Runs `measure` under V8's CPU profiler when BENCH_PROFILE names a folder, writing the profile there as `name`. */
async function profiled<T>(name: string, measure: () => Promise<T>): Promise<T> {
  if (!PROFILE) return measure()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await measure()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    mkdirSync(PROFILE, { recursive: true })
    writeFileSync(join(PROFILE, `${name}.cpuprofile`), JSON.stringify(profile))
    session.disconnect()
  }
}

/** One slice of a measured call: its requests' times, failures, length and CPU. */
interface Slice {
  times: number[]
  failures: number
  firstFailure?: string
  seconds: number
  /** This process's CPU over the slice, in µs. */
  cpuMicros: number
  /** A local PostgreSQL's CPU over the slice, in ms (null on PGlite or a remote server). */
  dbCpuMs: number | null
}

/** A call's figures from its slices together: requests over their time, percentiles of all their requests. */
function figuresOf(slices: Slice[]): Figures {
  const times = slices.flatMap((s) => s.times).sort((a, b) => a - b)
  const requests = Math.max(1, times.length)
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0)
  const dbCpu = slices.every((s) => s.dbCpuMs !== null)
    ? slices.reduce((sum, s) => sum + s.dbCpuMs!, 0)
    : null
  return {
    requests: times.length,
    failures: slices.reduce((sum, s) => sum + s.failures, 0),
    firstFailure: slices.find((s) => s.firstFailure)?.firstFailure,
    perSecond: round(times.length / seconds),
    p50: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    cpuMs: round(slices.reduce((sum, s) => sum + s.cpuMicros, 0) / 1000 / requests),
    dbCpuMs: dbCpu === null ? null : round(dbCpu / requests),
  }
}

/** Runs `work` in CLIENTS loops for `seconds`, as one slice named `phase`; each loop times what `work` reports. */
function load(
  phase: string,
  clients: number,
  seconds: number,
  databaseCpu: () => number | null,
  work: (client: number, time: <T>(call: () => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<Slice> {
  meter?.start()
  return profiled(phase, () => measured(clients, seconds, databaseCpu, work)).then((slice) => {
    if (meter) console.log(meter.report(phase, slice.times.length).join('\n'))
    return slice
  })
}

/** The stages' CPU of the running bench's server (BENCH_STAGES=1, stages.ts). */
let meter: StageMeter | null = null

async function measured(
  clients: number,
  seconds: number,
  databaseCpu: () => number | null,
  work: (client: number, time: <T>(call: () => Promise<T>) => Promise<T>) => Promise<void>,
): Promise<Slice> {
  const times: number[] = []
  let failures = 0
  let firstFailure: string | undefined
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  const cpu = process.cpuUsage()
  const dbCpu = databaseCpu()
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
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
  const used = process.cpuUsage(cpu)
  return {
    times,
    failures,
    firstFailure,
    seconds: (performance.now() - started) / 1000,
    cpuMicros: used.user + used.system,
    dbCpuMs: dbCpu === null ? null : databaseCpu()! - dbCpu,
  }
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

const TRACE = process.env.BENCH_TRACE === '1'

/**
 * One request's statements and the writes that carried them to PostgreSQL (its round trips; 0 on PGlite): the
 * counters' move across a call made while nothing else runs (the statements' text with TRACE).
 */
async function traced<T>(
  name: string,
  call: () => Promise<T>,
): Promise<{ answer: T; statements: number; writes: number }> {
  const before = statementCounter.count
  const writesBefore = statementCounter.writes
  if (TRACE) statementCounter.log = []
  try {
    const answer = await call()
    return {
      answer,
      statements: statementCounter.count - before,
      writes: statementCounter.writes - writesBefore,
    }
  } finally {
    if (TRACE) {
      console.log(`\n${name}: ${statementCounter.log!.length} statements`)
      for (const [i, text] of statementCounter.log!.entries())
        console.log(`${String(i + 1).padStart(3)}. ${text.replace(/\s+/g, ' ').slice(0, 400)}`)
      statementCounter.log = null
    }
  }
}

/**
 * Stays of every room of the property with their orders: `count` of `nights` nights each, the first from
 * `firstDay` days after today, one every `every` days, in `state` (checked-out stays carry their check-in and -out).
 * Order numbers start with `tag`, so they never meet the bench's own.
 */
async function seedStays(
  server: OpenedServer,
  propertyId: number,
  stays: {
    tag: string
    state: 'checkOut' | 'booking'
    firstDay: number
    every: number
    count: number
    nights: number
  },
) {
  await server.sql.query(
    `WITH s AS (
       SELECT r.room_id, r.room_type_id, k, current_date + $3::int + $4::int * k AS d FROM pms_room r,
         generate_series(0, $5::int - 1) k
       WHERE r.property_id = $1
     ), o AS (
       INSERT INTO pms_order (property_id, order_no, order_type, state, contact_name, check_in_at, check_out_at)
       SELECT $1, $2 || s.room_id || '-' || s.k, 'reserve', $6, 'Bench Guest',
         s.d + time '14:00', s.d + $7::int + time '12:00'
       FROM s RETURNING order_id, order_no
     )
     INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state,
       checked_in_at, checked_out_at)
     SELECT o.order_id, $1, s.room_id, s.room_type_id, 20000,
       tstzrange(s.d + time '14:00', s.d + $7::int + time '12:00'), $6,
       CASE WHEN $6 = 'checkOut' THEN s.d + time '14:00' END, CASE WHEN $6 = 'checkOut' THEN s.d + $7::int + time '12:00' END
     FROM s JOIN o ON o.order_no = $2 || s.room_id || '-' || s.k`,
    [propertyId, stays.tag, stays.firstDay, stays.every, stays.count, stays.state, stays.nights],
  )
}

/**
 * The property's past: for every room, a two-night stay every third day over the last `days` days, checked out, with
 * its order, main guest and check-out event (about 9,000 of each for the demo hotel's rooms over a year), and 30
 * bookings ahead; then ANALYZE. Returns the past stays made.
 */
async function seedHistory(server: OpenedServer, propertyId: number, days: number): Promise<number> {
  const count = Math.floor(days / 3)
  await seedStays(server, propertyId, {
    tag: 'H',
    state: 'checkOut',
    firstDay: -days,
    every: 3,
    count,
    nights: 2,
  })
  await server.sql.query(
    `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name, main)
     SELECT order_id, order_room_id, property_id, 'Bench Guest', true FROM pms_order_room
     WHERE property_id = $1 AND state = 'checkOut'`,
    [propertyId],
  )
  await server.sql.query(
    `INSERT INTO pms_order_event (order_id, property_id, order_room_id, action, state_before, state_after, create_time)
     SELECT order_id, property_id, order_room_id, 'checkOut', 'checkIn', 'checkOut', checked_out_at
     FROM pms_order_room WHERE property_id = $1 AND state = 'checkOut'`,
    [propertyId],
  )
  // Bookings ahead, as a hotel in service has: the statistics then know the active stays, as autovacuum's would. A
  // night each, every other night from day 1,000 on, clear of the nights the bench books (night 2 + k ÷ rooms for the
  // k-th reservation: 1,000 days is 70,000 reservations of the demo hotel's rooms).
  await seedStays(server, propertyId, {
    tag: 'F',
    state: 'booking',
    firstDay: 1000,
    every: 2,
    count: 30,
    nights: 1,
  })
  await server.sql.query('ANALYZE')
  const { rows } = await server.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pms_order_room WHERE property_id = $1 AND state = 'checkOut'`,
    [propertyId],
  )
  return rows[0]!.n
}

interface Trace {
  reserve: number
  checkIn: number
  checkOut: number
  clean: number
  cycle: number
  health: number
  /** Writes to PostgreSQL (round trips) of the same calls. */
  writes: { reserve: number; checkIn: number; checkOut: number; clean: number; cycle: number; health: number }
}

async function benchOn(kind: 'pglite' | 'postgres', clients: number, databaseUrl?: string) {
  const dir = makeTempDir(`pms-bench-front-desk-${kind}-`)
  const app = await buildBridgeApp({
    config: testConfig(dir.path, { simulate: true }),
    webRoot: dir.path,
    // The pool's size as the server's own default sets it, unless DATABASE_POOL_SIZE names one (README).
    env: databaseUrl
      ? { DATABASE_URL: databaseUrl, PMS_DEMO: 'true', DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }
      : {},
  })
  meter = process.env.BENCH_STAGES === '1' ? meterStages(app) : null
  try {
    const port = await listenOnFreePort(app)
    const base = `http://127.0.0.1:${port}`
    const desks = await Promise.all(
      Array.from({ length: clients }, async () => {
        const desk = bridgeClient(base)
        await desk.signIn('clerk')
        return desk
      }),
    )
    const databaseCpu = () => (databaseUrl ? postgresCpuMs(databaseUrl) : null)
    const list = await desks[0]!.call('GET', '/prod-api/pms/pmsRoom/list?pageSize=500')
    const rooms = (list as unknown as { rows: Array<{ roomId: number; roomTypeId: number; roomNo: string }> })
      .rows
    if (!rooms?.length) throw new Error(`no rooms listed: ${list.msg}`)
    const own = (client: number) => rooms.filter((_, i) => i % clients === client)
    const server = app.bridge.server as OpenedServer
    const [{ property_id: propertyId }] = (
      await server.sql.query('SELECT property_id FROM pms_room WHERE room_id = $1', [rooms[0]!.roomId])
    ).rows as Array<{ property_id: number }>
    const seeded = performance.now()
    const history = HISTORY_DAYS > 0 ? await seedHistory(server, Number(propertyId), HISTORY_DAYS) : 0
    /** The server's connections to PostgreSQL at most (null on PGlite, one session). */
    const pool = databaseUrl
      ? ((server.db as unknown as { $client: { options: { max: number } } }).$client.options.max ?? null)
      : null
    console.log(
      `${kind}×${clients}: ${history} past stays seeded in ${Math.round(performance.now() - seeded)} ms${pool ? `; pool of ${pool} connections` : ''}`,
    )
    const desk0 = desks[0]!

    /** The check-in cycle of one room of a client: reserve for today with a guest → check in → check out → clean. */
    const cycleCalls = (client: number, room: (typeof rooms)[number]) => {
      const desk = desks[client]!
      let orderId = 0
      return {
        reserve: async () => {
          const booked = await desk.call('POST', '/prod-api/pms/pmsReserve', {
            startTime: day(0),
            nights: 1,
            contactName: 'Bench Guest',
            rooms: [
              {
                roomTypeId: room.roomTypeId,
                roomId: room.roomId,
                guests: [{ name: 'Bench Guest', main: true }],
              },
            ],
          })
          if (booked.code !== 200) throw new Error(booked.msg)
          orderId = booked.data.orderId
        },
        checkIn: async () => {
          const checked = await desk.call('POST', '/prod-api/pms/pmsOrder/checkIn', { orderId })
          if (checked.code !== 200) throw new Error(checked.msg)
        },
        checkOut: async () => {
          const out = await desk.call('POST', '/prod-api/pms/pmsOrder/checkOut', { orderId })
          if (out.code !== 200) throw new Error(out.msg)
        },
        clean: async () => {
          const cleaned = await desk.call('PUT', '/prod-api/pms/pmsRoom/state', {
            roomIds: [room.roomId],
            state: 'dirty',
            value: false,
          })
          if (cleaned.code !== 200) throw new Error(cleaned.msg)
        },
      }
    }

    // The statements of each call, one at a time (the first cycle warms the code paths up).
    await Object.values(cycleCalls(0, own(0)[0]!)).reduce((p, f) => p.then(f), Promise.resolve())
    const traceCalls = cycleCalls(0, own(0)[0]!)
    const reserveTrace = await traced(`${kind} reserve with guest`, traceCalls.reserve)
    const checkInTrace = await traced(`${kind} check in`, traceCalls.checkIn)
    const checkOutTrace = await traced(`${kind} check out`, traceCalls.checkOut)
    const cleanTrace = await traced(`${kind} clean`, traceCalls.clean)
    const healthTrace = await traced(`${kind} health`, () =>
      fetch(`${base}/bridge/health`).then((r) => r.arrayBuffer()),
    )
    const cycleOf = (f: (t: { statements: number; writes: number }) => number) =>
      f(reserveTrace) + f(checkInTrace) + f(checkOutTrace) + f(cleanTrace)
    const trace: Trace = {
      reserve: reserveTrace.statements,
      checkIn: checkInTrace.statements,
      checkOut: checkOutTrace.statements,
      clean: cleanTrace.statements,
      cycle: cycleOf((t) => t.statements),
      health: healthTrace.statements,
      writes: {
        reserve: reserveTrace.writes,
        checkIn: checkInTrace.writes,
        checkOut: checkOutTrace.writes,
        clean: cleanTrace.writes,
        cycle: cycleOf((t) => t.writes),
        health: healthTrace.writes,
      },
    }
    // The measured reservations name rooms an earlier request named already, whose owner the server then knows
    // (http/references.ts): the room traced is named once first (a clean), so its trace is theirs, without the
    // reference read a room's first write costs.
    const named = await desk0.call('PUT', '/prod-api/pms/pmsRoom/state', {
      roomIds: [rooms.at(-1)!.roomId],
      state: 'dirty',
      value: false,
    })
    if (named.code !== 200) throw new Error(named.msg)
    const ahead = await traced(`${kind} reserve`, () =>
      desk0.call('POST', '/prod-api/pms/pmsReserve', {
        startTime: day(1),
        nights: 1,
        contactName: 'Bench Guest',
        rooms: [{ roomTypeId: rooms.at(-1)!.roomTypeId, roomId: rooms.at(-1)!.roomId }],
      }),
    )
    if (ahead.answer.code !== 200) throw new Error(ahead.answer.msg)
    const reserveAhead = ahead.statements
    const reserveAheadWrites = ahead.writes

    // Health in slices before each slice of the calls measured against it (BENCH_SLICES, above).
    const healthSlices: Slice[] = []
    const healthSeconds = Math.max(1, SECONDS / SLICES / 3)
    let healthSlice = 0
    const measureHealth = async () => {
      healthSlices.push(
        await load(
          `${kind}-${clients}-health-${++healthSlice}`,
          clients,
          healthSeconds,
          databaseCpu,
          async (_c, time) => {
            const res = await time(() => fetch(`${base}/bridge/health`))
            await res.arrayBuffer()
            if (!res.ok) throw new Error(String(res.status))
          },
        ),
      )
    }
    const rateOf = (slice: Slice, count = slice.times.length) => count / slice.seconds
    /**
     * A call measured in SLICES slices of SECONDS in all, each after a slice of health; with each slice's ratio to the
     * health slice just before it (`done` counts what the ratio sets against health: the slice's timed requests, or
     * the cycles finished so far), which shows how much the machine moved within the run.
     */
    const sliced = async (
      phase: string,
      work: Parameters<typeof load>[4],
      done?: () => number,
    ): Promise<{ slices: Slice[]; ratios: number[] }> => {
      const slices: Slice[] = []
      const ratios: number[] = []
      for (let i = 1; i <= SLICES; i++) {
        await measureHealth()
        const before = done?.() ?? 0
        const slice = await load(
          `${kind}-${clients}-${phase}-${i}`,
          clients,
          SECONDS / SLICES,
          databaseCpu,
          work,
        )
        slices.push(slice)
        const count = done ? done() - before : slice.times.length
        ratios.push(ratio(rateOf(slice, count) / rateOf(healthSlices.at(-1)!)))
      }
      return { slices, ratios }
    }

    // Reservations: slot k books room k mod n on night 2 + floor(k / n), so no two requests collide, nor with today's
    // check-in stays below (a one-night stay today ends tomorrow at the check-out time).
    let slot = 0
    const reserving = await sliced('reserve', async (client, time) => {
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
    const reserve = figuresOf(reserving.slices)

    // Check-in: each client cycles its own rooms (today), so stays never overlap between clients. The check-in call
    // is timed alone; the whole cycle's rate is counted too (cycles over the cycle slices' time).
    const turn = new Array<number>(clients).fill(0)
    let cycles = 0
    const cycling = await sliced(
      'cycle',
      async (client, time) => {
        const mine = own(client)
        const calls = cycleCalls(client, mine[turn[client]++ % mine.length]!)
        await calls.reserve()
        await time(calls.checkIn)
        await calls.checkOut()
        await calls.clean()
        cycles++
      },
      () => cycles,
    )
    const checkIn = figuresOf(cycling.slices)
    const cyclesPerSecond = round(cycles / cycling.slices.reduce((sum, s) => sum + s.seconds, 0))
    await measureHealth()
    const health = figuresOf(healthSlices)
    const sliceRatios = { reservations: reserving.ratios, cycles: cycling.ratios }
    return {
      clients,
      health,
      reserve,
      checkIn,
      cyclesPerSecond,
      sliceRatios,
      trace,
      reserveAhead,
      reserveAheadWrites,
      pool,
    }
  } finally {
    await app.close()
    dir.remove()
  }
}

type Run = Awaited<ReturnType<typeof benchOn>>
const results: Record<string, Run> = {}
if (process.env.BENCH_PGLITE !== '0')
  for (const clients of CLIENT_COUNTS) results[`pglite×${clients}`] = await benchOn('pglite', clients)
const database = await postgresDatabase()
if (database) {
  try {
    results[`postgres×${POSTGRES_CLIENTS}`] = await benchOn('postgres', POSTGRES_CLIENTS, database.url)
  } finally {
    await database.drop()
  }
}

console.log(
  `\nfront-desk: ${SECONDS} s per call in ${SLICES} slices, each after a slice of health (every slice of health in its figure); statements per request from a one-at-a-time trace\n`,
)
console.log(
  'database×clients  call                 requests  failed   per s   p50 ms   p95 ms  ÷ health/s  statements  writes  CPU ms  DB CPU ms',
)
for (const [name, r] of Object.entries(results)) {
  const rows: Array<[string, Figures | null, number, number, number]> = [
    ['GET /bridge/health', r.health, r.health.perSecond, r.trace.health, r.trace.writes.health],
    ['create reservation', r.reserve, r.reserve.perSecond, r.reserveAhead, r.reserveAheadWrites],
    ['check in', r.checkIn, r.checkIn.perSecond, r.trace.checkIn, r.trace.writes.checkIn],
    ['check-in cycle', null, r.cyclesPerSecond, r.trace.cycle, r.trace.writes.cycle],
  ]
  for (const [call, f, perSecond, statements, writes] of rows)
    console.log(
      `${name.padEnd(17)} ${call.padEnd(20)} ${String(f?.requests ?? '').padStart(8)} ${String(f?.failures ?? '').padStart(7)} ${String(perSecond).padStart(7)} ${String(f?.p50 ?? '').padStart(8)} ${String(f?.p95 ?? '').padStart(8)} ${ratio(
        perSecond / r.health.perSecond,
      )
        .toString()
        .padStart(
          11,
        )} ${String(statements).padStart(11)} ${String(writes).padStart(7)} ${String(f?.cpuMs ?? '').padStart(7)} ${String(f?.dbCpuMs ?? '').padStart(10)}`,
    )
  console.log(
    `${''.padEnd(17)} CPU ms: this process's per request, DB CPU ms: a local PostgreSQL's (the check-in row's: per whole cycle); cycle statements (writes to PostgreSQL): reserve with guest ${r.trace.reserve} (${r.trace.writes.reserve}), check in ${r.trace.checkIn} (${r.trace.writes.checkIn}), check out ${r.trace.checkOut} (${r.trace.writes.checkOut}), clean ${r.trace.clean} (${r.trace.writes.clean})`,
  )
}
for (const [name, r] of Object.entries(results))
  console.log(
    `${name}: ÷ health by slice (each against the health slice before it): reservations ${r.sliceRatios.reservations.join(' / ')}, cycles ${r.sliceRatios.cycles.join(' / ')}`,
  )
for (const [name, r] of Object.entries(results))
  for (const f of [r.health, r.reserve, r.checkIn])
    if (f.firstFailure) console.log(`${name}: first failure: ${f.firstFailure}`)
console.log(
  JSON.stringify({
    bench: 'front-desk',
    seconds: SECONDS,
    slices: SLICES,
    ...Object.fromEntries(
      Object.entries(results).map(([name, r]) => [
        name,
        {
          clients: r.clients,
          pool: r.pool,
          healthPerSecond: r.health.perSecond,
          reservationsPerSecond: r.reserve.perSecond,
          reserveP95Ms: r.reserve.p95,
          reserveFailures: r.reserve.failures,
          reserveStatements: r.reserveAhead,
          reserveWrites: r.reserveAheadWrites,
          reserveCpuMs: r.reserve.cpuMs,
          cycleCpuMs: r.checkIn.cpuMs,
          healthCpuMs: r.health.cpuMs,
          reserveDbCpuMs: r.reserve.dbCpuMs,
          cycleDbCpuMs: r.checkIn.dbCpuMs,
          healthDbCpuMs: r.health.dbCpuMs,
          checkInsPerSecond: r.checkIn.perSecond,
          checkInP95Ms: r.checkIn.p95,
          checkInFailures: r.checkIn.failures,
          checkInStatements: r.trace.checkIn,
          checkInWrites: r.trace.writes.checkIn,
          cyclesPerSecond: r.cyclesPerSecond,
          cycleStatements: r.trace.cycle,
          cycleWrites: r.trace.writes.cycle,
          reservationsVsHealth: ratio(r.reserve.perSecond / r.health.perSecond),
          checkInsVsHealth: ratio(r.checkIn.perSecond / r.health.perSecond),
          cyclesVsHealth: ratio(r.cyclesPerSecond / r.health.perSecond),
          sliceRatios: r.sliceRatios,
        },
      ]),
    ),
  }),
)
