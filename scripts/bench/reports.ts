// `npm run bench -- reports`: the reports of a 2,000-room property with a year of history — about 500,000 stay-nights
// (three-night stays back to back with a night between, charged night by night, each paid at departure), the night
// audit's daily, room type, segment and floor snapshots for every closed day, stays in house and 30 days on the books
// — made by a set-based seeder on the shared bench property (support.ts). Measures the daily report, the monthly
// report (with the open day computed live), 12-month revenue analyses by room type and by channel, and the 30-day
// occupancy forecast, in all and by floor, beside the same run's getInfo as the baseline (target: each < 300 ms). On
// PGlite, and on PostgreSQL when PMS_BENCH_DATABASE_URL (or the local default) answers. BENCH_DAYS sets the history
// (365), BENCH_CALLS the calls per figure (7), BENCH_PGLITE=0 skips PGlite, BENCH_KEEP=1 keeps the PostgreSQL
// database for EXPLAIN ANALYZE.
import { performance } from 'node:perf_hooks'
import { addDays, DEFAULT_TIME_ZONE, zonedDay } from '@pms/protocol/time/zone'
import { bridgeClient } from '../../test/devices/bridge-client.ts'
import { addRooms, managerProperty, median, openBench, postgresDatabase, round } from './support.ts'

const HISTORY_DAYS = Number(process.env.BENCH_DAYS ?? 365)
const FUTURE_DAYS = 30
const OUT_OF_ORDER = 20
const CALLS = Number(process.env.BENCH_CALLS ?? 7)
const TARGET_MS = 300

async function measure(databaseUrl?: string) {
  const bench = await openBench('reports', databaseUrl)
  try {
    const { propertyId, must, sql } = await managerProperty(
      bench.server,
      bench.baseUrl,
      'Bench Reports',
      'BENCH-REPORTS',
    )
    // Two towers of 50 floors × 20 rooms; the room types are spread over the rooms below.
    const types = await addRooms(
      must,
      ['Standard', 'Twin', 'Deluxe', 'Suite'].map((typeName, i) => ({
        typeName,
        dailyPrice: 20000 + 10000 * i,
      })),
      ['East', 'West'].map((buildingName) => ({ buildingName, roomsPerFloor: 20, blocks: [[1, 50, 0]] })),
    )
    const open = zonedDay(new Date(), DEFAULT_TIME_ZONE)
    const t0 = performance.now()
    // Room n has type n % 4 (price 200.00 + 100.00 per type) and stays of 3 nights from day (n % 4) + 4k; stays
    // that left by the open day are checked out, those that started before it are in house, the rest reserved.
    await sql(
      `WITH r AS (SELECT room_id, row_number() OVER (ORDER BY room_id) AS n FROM pms_room WHERE property_id = $1)
       UPDATE pms_room p SET room_type_id = ($2::bigint[])[(r.n % 4) + 1], maintain = r.n <= $3
       FROM r WHERE p.room_id = r.room_id`,
      [propertyId, `{${types.join(',')}}`, OUT_OF_ORDER],
    )
    await sql(
      `CREATE TEMP TABLE bench_stay AS
       WITH r AS (SELECT room_id, room_type_id, row_number() OVER (ORDER BY room_id) AS n FROM pms_room
                  WHERE property_id = $1 AND NOT maintain)
       SELECT r.room_id, r.room_type_id, r.n, k, $2::date - $3::int + (r.n % 4)::int + 4 * k AS d,
         20000 + 10000 * (r.n % 4) AS price
       FROM r, generate_series(0, ($3::int + $4::int) / 4) k
       WHERE $2::date - $3::int + (r.n % 4)::int + 4 * k < $2::date + $4::int`,
      [propertyId, open, HISTORY_DAYS, FUTURE_DAYS],
    )
    await sql(
      `CREATE TEMP TABLE bench_order AS
       WITH o AS (INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at,
           check_out_at, contact_name, settled, order_source, customer_source, channel, salesman)
         SELECT $1, 'B' || s.n || '-' || s.k, 'walkIn',
           CASE WHEN s.d + 3 <= $2::date THEN 'checkOut' WHEN s.d < $2::date THEN 'checkIn' ELSE 'booking' END,
           'toOrder', (s.d + time '14:00') AT TIME ZONE 'Asia/Shanghai',
           (s.d + 3 + time '12:00') AT TIME ZONE 'Asia/Shanghai', 'Bench guest', s.d + 3 <= $2::date,
           (ARRAY['frontDesk', 'phone', 'online', 'agency', 'contract'])[(s.n + s.k) % 5 + 1],
           (ARRAY['walkIn', 'member', 'company', 'travelAgency', 'other'])[s.k % 5 + 1],
           (ARRAY['direct', 'website', 'ctrip', 'meituan', 'fliggy', 'booking', ''])[(s.n * 7 + s.k) % 7 + 1],
           (ARRAY['', 'Wang', 'Li', 'Zhang', 'Liu', 'Chen'])[s.n % 6 + 1]
         FROM bench_stay s RETURNING order_id, order_no, state, check_in_at, check_out_at)
       SELECT * FROM o`,
      [propertyId, open],
    )
    await sql(
      `CREATE TEMP TABLE bench_room AS
       WITH st AS (INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state,
           checked_in_at, checked_out_at)
         SELECT o.order_id, $1, s.room_id, s.room_type_id, s.price, tstzrange(o.check_in_at, o.check_out_at, '[)'),
           o.state, CASE WHEN o.state <> 'booking' THEN o.check_in_at END,
           CASE WHEN o.state = 'checkOut' THEN o.check_out_at END
         FROM bench_order o JOIN bench_stay s ON o.order_no = 'B' || s.n || '-' || s.k
         RETURNING order_room_id, order_id, price_cents, state, room_type_id, room_id, stay)
       SELECT st.*, (lower(st.stay) AT TIME ZONE 'Asia/Shanghai')::date AS d FROM st`,
      [propertyId],
    )
    await sql(
      `INSERT INTO pms_folio_entry (property_id, order_id, order_room_id, kind, amount_cents, debit_account,
         credit_account, business_date, night_charge, create_time)
       SELECT $1, b.order_id, b.order_room_id, 'roomCharge', b.price_cents, 'guest', 'roomRevenue', b.d + i, true,
         ((b.d + i + 1) + time '04:00') AT TIME ZONE 'Asia/Shanghai'
       FROM bench_room b, generate_series(0, 2) i WHERE b.state <> 'booking' AND b.d + i < $2::date`,
      [propertyId, open],
    )
    await sql(
      `INSERT INTO pms_folio_entry (property_id, order_id, order_room_id, kind, amount_cents, method, debit_account,
         credit_account, receipt_no, receipt_type, business_date, create_time)
       SELECT $1, b.order_id, b.order_room_id, 'payment', 3 * b.price_cents, 'cash', 'cash', 'guest',
         'RB' || b.order_room_id, 'roomFee', b.d + 3, ((b.d + 3) + time '11:00') AT TIME ZONE 'Asia/Shanghai'
       FROM bench_room b WHERE b.state = 'checkOut'`,
      [propertyId],
    )
    // The night audit's snapshots of every closed day, from the folio (as the audit freezes them).
    await sql(
      `INSERT INTO pms_daily_snapshot (property_id, business_date, rooms_in_service, rooms_sold, rooms_complimentary,
         rooms_house_use, rooms_out_of_order, hourly_stays, arrivals, departures, in_house_guests, no_shows,
         cancellations, room_revenue_cents, other_revenue_cents, folio_charge_cents, receivables_cents, detail)
       SELECT $1, day, $4::int - $5::int, COALESCE(c.sold, 0), 0, 0, $5, 0, COALESCE(a.n, 0), COALESCE(dp.n, 0),
         COALESCE(c.sold, 0), 0, 0, COALESCE(c.cents, 0), 0, COALESCE(c.cents, 0), COALESCE(rc.owed, 0),
         jsonb_build_object('revenueByItem', jsonb_build_object('roomCharge', COALESCE(c.cents, 0)),
           'paymentsByMethod', jsonb_build_object('cash', COALESCE(p.cents, 0)))
       FROM generate_series($2::date - $3::int, $2::date - 1, interval '1 day') g(ts), LATERAL (SELECT ts::date AS day) dd
       LEFT JOIN (SELECT business_date, count(*) AS sold, sum(amount_cents) AS cents FROM pms_folio_entry
         WHERE property_id = $1 AND kind = 'roomCharge' GROUP BY 1) c ON c.business_date = day
       LEFT JOIN (SELECT business_date, sum(amount_cents) AS cents FROM pms_folio_entry
         WHERE property_id = $1 AND kind = 'payment' GROUP BY 1) p ON p.business_date = day
       LEFT JOIN (SELECT business_date, sum(sum(CASE WHEN kind = 'payment' THEN -amount_cents ELSE amount_cents END))
         OVER (ORDER BY business_date) AS owed FROM pms_folio_entry WHERE property_id = $1 GROUP BY 1) rc
         ON rc.business_date = day
       LEFT JOIN (SELECT d, count(*) AS n FROM bench_room GROUP BY 1) a ON a.d = day
       LEFT JOIN (SELECT d + 3 AS d, count(*) AS n FROM bench_room GROUP BY 1) dp ON dp.d = day`,
      [propertyId, open, HISTORY_DAYS, 2000, OUT_OF_ORDER],
    )
    await sql(
      `INSERT INTO pms_daily_room_type_snapshot (property_id, business_date, room_type_id, type_name, rooms_in_service,
         rooms_out_of_order, rooms_sold, room_revenue_cents)
       SELECT $1, s.business_date, st.room_type_id, t.type_name, st.ins, st.ooo, COALESCE(c.sold, 0), COALESCE(c.cents, 0)
       FROM pms_daily_snapshot s
       CROSS JOIN (SELECT room_type_id, count(*) FILTER (WHERE NOT maintain) AS ins, count(*) FILTER (WHERE maintain) AS ooo
         FROM pms_room WHERE property_id = $1 GROUP BY 1) st
       JOIN pms_room_type t ON t.room_type_id = st.room_type_id
       LEFT JOIN (SELECT e.business_date, r.room_type_id, count(*) AS sold, sum(e.amount_cents) AS cents
         FROM pms_folio_entry e JOIN pms_order_room r ON r.order_room_id = e.order_room_id
         WHERE e.property_id = $1 AND e.kind = 'roomCharge' GROUP BY 1, 2) c
         ON c.business_date = s.business_date AND c.room_type_id = st.room_type_id
       WHERE s.property_id = $1`,
      [propertyId],
    )
    // The night audit's segment and floor snapshots of every closed day, from the folio likewise.
    await sql(
      `INSERT INTO pms_daily_segment_snapshot (property_id, dimension, business_date, segment, rooms_sold,
         room_revenue_cents)
       SELECT $1, a.dimension, e.business_date, a.segment, count(*), sum(e.amount_cents)
       FROM pms_folio_entry e JOIN pms_order o ON o.order_id = e.order_id
       CROSS JOIN LATERAL (VALUES ('orderSource', o.order_source), ('customerSource', o.customer_source),
         ('channel', o.channel), ('salesman', o.salesman)) a (dimension, segment)
       WHERE e.property_id = $1 AND e.kind = 'roomCharge'
       GROUP BY 2, 3, 4`,
      [propertyId],
    )
    await sql(
      `INSERT INTO pms_daily_floor_snapshot (property_id, business_date, floor_id, building_id, building_name, floor_no,
         floor_name, rooms_in_service, rooms_out_of_order, rooms_sold, rooms_complimentary)
       SELECT $1, s.business_date, st.floor_id, f.building_id, b.building_name, f.floor_no, f.floor_name, st.ins, st.ooo,
         COALESCE(c.sold, 0), 0
       FROM pms_daily_snapshot s
       CROSS JOIN (SELECT floor_id, count(*) FILTER (WHERE NOT maintain) AS ins, count(*) FILTER (WHERE maintain) AS ooo
         FROM pms_room WHERE property_id = $1 GROUP BY 1) st
       JOIN pms_floor f ON f.floor_id = st.floor_id JOIN pms_building b ON b.building_id = f.building_id
       LEFT JOIN (SELECT e.business_date, r.floor_id, count(*) AS sold FROM pms_folio_entry e
         JOIN pms_order_room s ON s.order_room_id = e.order_room_id JOIN pms_room r ON r.room_id = s.room_id
         WHERE e.property_id = $1 AND e.night_charge GROUP BY 1, 2) c
         ON c.business_date = s.business_date AND c.floor_id = st.floor_id
       WHERE s.property_id = $1`,
      [propertyId],
    )
    await sql('UPDATE pms_business_date SET business_date = $2 WHERE property_id = $1', [propertyId, open])
    await sql('ANALYZE')
    const seedMs = performance.now() - t0
    console.log(`seeded in ${round(seedMs)} ms`)
    const [{ nights } = { nights: 0 }] = await sql<{ nights: number }>(
      `SELECT count(*)::int AS nights FROM pms_folio_entry WHERE property_id = $1 AND night_charge`,
      [propertyId],
    )

    // A client of its own for the measures (the first one's idle connection may be gone after a long seeding).
    const reader = bridgeClient(bench.baseUrl)
    // The pooled connection of the first client may have been closed by the server while the seeder ran: one retry.
    await reader.signIn('manager').catch(() => reader.signIn('manager'))
    const read = async (path: string) => {
      const res = await reader.call('GET', `/prod-api${path}`)
      if (res.code !== 200) throw new Error(`GET ${path}: ${res.msg}`)
    }
    const time = async (path: string) => {
      await read(path).catch(() => read(path))
      const times: number[] = []
      for (let i = 0; i < CALLS; i++) {
        const t = performance.now()
        await read(path)
        times.push(performance.now() - t)
      }
      return round(median(times))
    }
    const yesterday = addDays(open, -1)
    return {
      stayNights: Number(nights),
      seedMs: round(seedMs),
      getInfoMs: await time('/system/user/getInfo'),
      dailyMs: await time(`/pms/pmsReport/daily?businessDate=${yesterday}`),
      monthlyMs: await time(`/pms/pmsReport/monthly?month=${open.slice(0, 7)}`),
      revenueMs: await time(`/pms/pmsReport/revenue?beginDate=${addDays(open, -364)}&endDate=${open}`),
      segmentMs: await time(
        `/pms/pmsReport/revenueBySegment?dimension=channel&beginDate=${addDays(open, -364)}&endDate=${open}`,
      ),
      occupancyMs: await time('/pms/pmsReport/occupancy'),
      floorMs: await time('/pms/pmsReport/occupancyByFloor'),
    }
  } finally {
    await bench.close()
  }
}

/** BENCH_PGLITE=0 measures PostgreSQL only (seeding a year on PGlite takes minutes). */
const pglite = process.env.BENCH_PGLITE === '0' ? null : await measure()
const database = await postgresDatabase()
const postgres = database
  ? await measure(database.url).finally(() =>
      process.env.BENCH_KEEP ? console.log(`kept ${database.url}`) : database.drop(),
    )
  : null

const REPORTS = [
  ['daily report', 'dailyMs'],
  ['monthly report', 'monthlyMs'],
  ['12-month revenue', 'revenueMs'],
  ['12-month channel', 'segmentMs'],
  ['30-day occupancy', 'occupancyMs'],
  ['30-day by floor', 'floorMs'],
] as const
console.log(
  `reports: 2,000 rooms, ${HISTORY_DAYS} days of history, ${(pglite ?? postgres)?.stayNights} stay-nights; seeded in ${pglite?.seedMs ?? '-'} ms on PGlite, ${postgres?.seedMs ?? '-'} ms on PostgreSQL`,
)
console.log(`database   | report           |  median ms | getInfo ms (baseline) | ratio | < ${TARGET_MS} ms`)
for (const [name, r] of [
  ['PGlite', pglite],
  ['PostgreSQL', postgres],
] as const)
  if (r)
    for (const [label, key] of REPORTS)
      console.log(
        `${name.padEnd(10)} | ${label.padEnd(16)} | ${String(r[key]).padStart(10)} | ${String(r.getInfoMs).padStart(21)} | ${String(round(r[key] / r.getInfoMs)).padStart(5)} | ${r[key] < TARGET_MS ? 'yes' : 'NO'}`,
      )
const figures = (prefix: string, r: Awaited<ReturnType<typeof measure>> | null) =>
  Object.fromEntries(
    (['getInfoMs', ...REPORTS.map(([, k]) => k)] as const).map((k) => [
      `${prefix}${k[0]!.toUpperCase()}${k.slice(1)}`,
      r ? r[k] : null,
    ]),
  )
console.log(
  JSON.stringify({
    bench: 'reports',
    rooms: 2000,
    historyDays: HISTORY_DAYS,
    stayNights: (pglite ?? postgres)?.stayNights ?? null,
    targetMs: TARGET_MS,
    ...figures('pglite', pglite),
    ...figures('postgres', postgres),
  }),
)
