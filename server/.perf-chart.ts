import { openDatabase } from './src/db/client.ts'
import { statusChartJson } from './src/room-stock/desk-tiles.ts'
const dir = process.argv[2]!
const { db, sql } = await openDatabase({ dataDir: dir })
const [p] = (await sql.query<{ property_id: number }>("SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'")).rows
const pid = Number(p!.property_id)
const n = Number((await sql.query<{ n: number }>('SELECT count(*)::int n FROM pms_room WHERE property_id = $1', [pid])).rows[0]!.n)
if (n < 2000) {
  await sql.query(`INSERT INTO pms_room (property_id, building_id, floor_id, room_type_id, room_no, occupancy, dirty)
    SELECT r.property_id, r.building_id, r.floor_id, r.room_type_id, 'X' || g, CASE WHEN g % 2 = 0 THEN 'full' ELSE 'empty' END, g % 3 = 0
    FROM (SELECT * FROM pms_room WHERE property_id = $1 LIMIT 1) r, generate_series(1, 2000) g`, [pid])
}
const times: number[] = []
let bytes = 0
for (let i = 0; i < 15; i++) {
  const t = performance.now()
  const json = await statusChartJson(db, pid, {}, new Date())
  times.push(performance.now() - t)
  bytes = json.length
}
times.sort((a, b) => a - b)
console.log('median ms', Math.round(times[7]!), 'bytes', bytes)
const t2 = performance.now()
for (let i = 0; i < 15; i++) await sql.query('SELECT 1')
console.log('SELECT 1 ms', Math.round((performance.now() - t2) / 15))
const { sql: tag } = await import('drizzle-orm')
let captured: any
const orig = db.execute.bind(db)
;(db as any).execute = (q: any) => { captured = q; return orig(q) }
await statusChartJson(db, pid, {}, new Date())
;(db as any).execute = orig
const plan: any = await orig(tag`EXPLAIN (ANALYZE, COSTS OFF) ${captured}`)
for (const r of plan.rows) console.log(Object.values(r)[0])
await sql.close()
