// `npm run bench -- night-audit`: the night audit of a 1,000-room property with 10,000 stays of history (each with a
// room charge and a payment on its folio) and 800 stays in house, beside the same run's room status chart call as the
// baseline. On PGlite, and on PostgreSQL when PMS_BENCH_DATABASE_URL (or the local default) answers.
import { performance } from 'node:perf_hooks'
import { addDays, DEFAULT_TIME_ZONE, zonedDay } from '@pms/protocol/time/zone'
import { addRooms, managerProperty, median, openBench, postgresDatabase, round } from './support.ts'

const ROOMS = 1000
const HISTORY = 10_000
const IN_HOUSE = 800
const CHART_CALLS = Number(process.env.BENCH_CALLS ?? 7)

async function measure(databaseUrl?: string) {
  const bench = await openBench('night-audit', databaseUrl)
  const { server } = bench
  try {
    const { propertyId, must, sql } = await managerProperty(
      server,
      bench.baseUrl,
      'Bench Audit',
      'BENCH-AUDIT',
    )
    const [roomTypeId] = await addRooms(
      must,
      [{ typeName: 'Standard', dailyPrice: 30000 }],
      [{ buildingName: 'Main', roomsPerFloor: 20, blocks: [[1, 50, 0]] }],
    )
    // History: ten past one-night stays per room, checked out, each with its room charge and its payment; then 800
    // stays in house since yesterday. Set-based inserts (the bench measures the audit, not the arranging).
    await sql(
      `WITH r AS (SELECT room_id, row_number() OVER (ORDER BY room_id) AS n FROM pms_room WHERE property_id = $1),
       s AS (SELECT r.room_id, r.n, k, now() - make_interval(days => 3 * k + 5) AS a FROM r, generate_series(1, $2::int / $3::int) k),
       o AS (INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
               contact_name, settled)
             SELECT $1, 'H' || s.n || '-' || s.k, 'walkIn', 'checkOut', 'toOrder', s.a, s.a + interval '1 day', 'History', true
             FROM s RETURNING order_id, order_no, check_in_at),
       st AS (INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state,
               checked_in_at, checked_out_at)
             SELECT o.order_id, $1, s.room_id, $4, 30000, tstzrange(s.a, s.a + interval '1 day', '[)'), 'checkOut', s.a,
               s.a + interval '1 day'
             FROM o JOIN s ON o.order_no = 'H' || s.n || '-' || s.k RETURNING order_room_id, order_id, checked_in_at)
       INSERT INTO pms_folio_entry (property_id, order_id, order_room_id, kind, amount_cents, method, debit_account,
         credit_account, receipt_no, receipt_type, business_date, create_time)
       SELECT $1, st.order_id, st.order_room_id, x.kind, 30000, x.method, x.debit, x.credit,
         CASE WHEN x.kind = 'payment' THEN 'RH' || st.order_room_id END, CASE WHEN x.kind = 'payment' THEN 'roomFee' END,
         (st.checked_in_at AT TIME ZONE 'Asia/Shanghai')::date, st.checked_in_at
       FROM st, (VALUES ('roomCharge', NULL, 'guest', 'roomRevenue'), ('payment', 'cash', 'cash', 'guest'))
         AS x (kind, method, debit, credit)`,
      [propertyId, HISTORY, ROOMS, roomTypeId],
    )
    await sql(
      `WITH r AS (SELECT room_id, row_number() OVER (ORDER BY room_id) AS n FROM pms_room WHERE property_id = $1
                  ORDER BY room_id LIMIT $2),
       o AS (INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
               contact_name)
             SELECT $1, 'I' || r.n, 'walkIn', 'checkIn', 'toOrder', now() - interval '1 day', now() + interval '2 days',
               'In house' FROM r RETURNING order_id, order_no)
       INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state, checked_in_at)
       SELECT o.order_id, $1, r.room_id, $3, 30000,
         tstzrange(now() - interval '1 day', now() + interval '2 days', '[)'), 'checkIn', now() - interval '1 day'
       FROM o JOIN r ON o.order_no = 'I' || r.n`,
      [propertyId, IN_HOUSE, roomTypeId],
    )
    await sql('UPDATE pms_business_date SET business_date = $2 WHERE property_id = $1', [
      propertyId,
      addDays(zonedDay(new Date(), DEFAULT_TIME_ZONE), -1),
    ])
    const chartTimes: number[] = []
    await must('GET', '/pms/pmsRoom/statusChart')
    for (let i = 0; i < CHART_CALLS; i++) {
      const t0 = performance.now()
      await must('GET', '/pms/pmsRoom/statusChart')
      chartTimes.push(performance.now() - t0)
    }
    const t0 = performance.now()
    const run = await server.nightAudit.run({ propertyId, trigger: 'manual', by: null })
    const auditMs = performance.now() - t0
    const charged = run.steps.find((s) => s.step === 'roomCharges')?.counts.charged ?? 0
    if (charged !== IN_HOUSE) throw new Error(`expected ${IN_HOUSE} night charges, posted ${charged}`)
    return {
      auditMs: round(auditMs),
      chartMs: round(median(chartTimes)),
      steps: Object.fromEntries(run.steps.map((s) => [s.step, s.durationMs])),
    }
  } finally {
    await bench.close()
  }
}

const pglite = await measure()
const database = await postgresDatabase()
const postgres = database ? await measure(database.url).finally(() => database.drop()) : null

console.log(`night audit: ${ROOMS} rooms, ${HISTORY} stays of history, ${IN_HOUSE} in house`)
console.log('database   | night audit ms | status chart ms (baseline) | ratio')
for (const [name, r] of [
  ['PGlite', pglite],
  ['PostgreSQL', postgres],
] as const)
  if (r)
    console.log(
      `${name.padEnd(10)} | ${String(r.auditMs).padStart(14)} | ${String(r.chartMs).padStart(26)} | ${round(r.auditMs / r.chartMs)}`,
    )
for (const [name, r] of [
  ['PGlite', pglite],
  ['PostgreSQL', postgres],
] as const)
  if (r) console.log(`${name} steps (ms): ${JSON.stringify(r.steps)}`)
console.log(
  JSON.stringify({
    bench: 'night-audit',
    rooms: ROOMS,
    historyStays: HISTORY,
    inHouse: IN_HOUSE,
    pgliteAuditMs: pglite.auditMs,
    pgliteChartMs: pglite.chartMs,
    postgresAuditMs: postgres?.auditMs ?? null,
    postgresChartMs: postgres?.chartMs ?? null,
  }),
)
