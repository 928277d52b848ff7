// What several benchmarks share: a PostgreSQL database of their own on the server PMS_BENCH_DATABASE_URL names, a
// bridge on a fresh data folder, the manager's own property and its rooms (the seeders build their history on it).
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { OpenedServer } from '@pms/server'
import pg from 'pg'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { bridgeClient } from '../../test/devices/bridge-client.ts'

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

/**
 * The CPU time (user + system, ms) PostgreSQL's processes on this machine have used so far — its backends, WAL writer
 * and checkpointer, the whole cost of the statements a bench sends — or null when the server is not local or the
 * system has no /proc (a bench then prints no database CPU). Read from /proc/<pid>/stat of every process named
 * `postgres`: a local bench machine runs no other PostgreSQL work while it measures. A backend that ends during the
 * measured span takes its time with it, so spans are read while the pool's connections stay open.
 */
export function postgresCpuMs(url: string): number | null {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(new URL(url).hostname)) return null
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks * 10 // clock ticks of 10 ms
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
export const round = (n: number) => Math.round(n * 10) / 10

/** A bridge on a fresh data folder: PGlite, or PostgreSQL when a database URL is given. */
export async function openBench(label: string, databaseUrl?: string, webRoot?: string) {
  const dir = makeTempDir(`pms-bench-${label}-`)
  const app = await buildBridgeApp({
    config: testConfig(dir.path),
    webRoot: webRoot ?? dir.path,
    env: databaseUrl ? { DATABASE_URL: databaseUrl, PMS_DEMO: 'true' } : {},
  })
  const port = await listenOnFreePort(app)
  const server = app.bridge.server as OpenedServer
  return {
    app,
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close()
      dir.remove()
    },
  }
}

/** Runs SQL on the bench's database (the seeders' set-based inserts). */
export const sqlOf =
  (server: OpenedServer) =>
  async <T>(text: string, params?: unknown[]) =>
    (await server.sql.query(text, params)).rows as T[]

/**
 * A property of its own for the manager (bound with the manager's role in the demo hotel, made the default), so a
 * bench measures exactly the rooms it makes; the manager signed in on the returned client, `must` calls the API and
 * throws on anything but code 200.
 */
export async function managerProperty(server: OpenedServer, baseUrl: string, name: string, code: string) {
  const sql = sqlOf(server)
  const [property] = await sql<{ property_id: number }>(
    `INSERT INTO pms_property (property_name, property_code, auth_state) VALUES ($1, $2, 2) RETURNING property_id`,
    [name, code],
  )
  const propertyId = Number(property!.property_id)
  await sql(
    `INSERT INTO pms_property_user (property_id, user_id, role_id, is_admin)
     SELECT $1, pu.user_id, pu.role_id, pu.is_admin FROM pms_property_user pu
     JOIN sys_user u ON u.user_id = pu.user_id JOIN pms_property p ON p.property_id = pu.property_id
     WHERE u.user_name = 'manager' AND p.property_code = 'DEMO-HOTEL'`,
    [propertyId],
  )
  await sql(`UPDATE sys_user SET default_property_id = $1 WHERE user_name = 'manager'`, [propertyId])
  const desk = bridgeClient(baseUrl)
  await desk.signIn('manager')
  const must = async (method: string, path: string, body?: unknown) => {
    const res = await desk.call(method, `/prod-api${path}`, body)
    if (res.code !== 200) throw new Error(`${method} ${path}: ${res.msg}`)
    return res.data
  }
  return { propertyId, desk, must, sql }
}

type Must = Awaited<ReturnType<typeof managerProperty>>['must']

/**
 * Room types (their ids in the order given) and buildings of floors × rooms through the bulk API: each building is
 * a list of [first floor, last floor, room type index] blocks of `roomsPerFloor` rooms named `<initial><floor><room>`.
 */
export async function addRooms(
  must: Must,
  types: Array<{ typeName: string; dailyPrice: number }>,
  buildings: Array<{ buildingName: string; roomsPerFloor: number; blocks: Array<[number, number, number]> }>,
): Promise<number[]> {
  const typeIds: number[] = []
  for (const type of types) typeIds.push((await must('POST', '/pms/pmsRoomType', type)).roomTypeId)
  for (const b of buildings) {
    const { buildingId } = await must('POST', '/pms/pmsBuilding', { buildingName: b.buildingName })
    for (const [floorFrom, floorTo, type] of b.blocks)
      await must('POST', '/pms/pmsRoom/bulk', {
        buildingId,
        floorFrom,
        floorTo,
        roomFrom: 1,
        roomTo: b.roomsPerFloor,
        roomTypeId: typeIds[type],
        pattern: `${b.buildingName[0]}{floor}{room}`,
      })
  }
  return typeIds
}
