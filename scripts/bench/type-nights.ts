// `npm run bench -- type-nights`: the room-type nights count every reservation, extension and room-type change sends
// before its COMMIT (pms_type_nights_require, migrations 0072 and 0073, called as PGlite calls it: with no locks, so
// since 0073 with no first look), beside the count it replaced (migration 0063's, test/support/type-nights-reference.ts)
// in the same run, on a dormitory: two room types of BENCH_BEDS (500) beds, every bed taken night after night for two
// months in stays of one to seven nights, the first type's stays bookings (from noon of their arrival date), the
// second's walk-ins (from the minute they walked in).
// Claims of one night and of seven nights in the middle of it; each count is called BENCH_CALLS (15) times, the two
// alternated, and the median printed with the stays the claim meets. On the embedded PGlite and on PostgreSQL when
// PMS_BENCH_DATABASE_URL (or the local default) answers. Every stay here is in a bed of its type, none locked: nothing
// floats, so since migration 0072 the call reads the stays met and their beds and answers without counting (0068's
// count, which the call makes where a stay floats, took 0.9-1.1 times 0063's time on bookings and 1.5-3.0 ms / 3.7-6.4
// ms on walk-ins, 2026-12-06).
import { performance } from 'node:perf_hooks'
import { arrayLiteral, TYPE_NIGHTS_0063 } from '../../test/support/type-nights-reference.ts'
import { addRooms, managerProperty, median, openBench, postgresDatabase } from './support.ts'

const BEDS = Number(process.env.BENCH_BEDS ?? 500)
const CALLS = Number(process.env.BENCH_CALLS ?? 15)
const DAYS = 60
const round = (n: number) => Math.round(n * 100) / 100

interface ClaimFigures {
  /** The type's stays: bookings (from noon of their arrival date) or walk-ins (from the minute they walked in). */
  stays: string
  nights: number
  staysMet: number
  replacedMs: number
  countMs: number
}

async function measure(databaseUrl?: string): Promise<ClaimFigures[]> {
  const bench = await openBench('type-nights', databaseUrl)
  try {
    const { propertyId, must, sql } = await managerProperty(
      bench.server,
      bench.baseUrl,
      'Bench Dormitory',
      'BENCH-DORM',
    )
    const typeIds = await addRooms(
      must,
      [
        { typeName: 'Dormitory bed', dailyPrice: 6000 },
        { typeName: 'Dormitory bed, in house', dailyPrice: 6000 },
      ],
      [
        { buildingName: 'Hall', roomsPerFloor: 20, blocks: [[1, Math.ceil(BEDS / 20), 0]] },
        { buildingName: 'Lodge', roomsPerFloor: 20, blocks: [[1, Math.ceil(BEDS / 20), 1]] },
      ],
    )
    // Every bed taken from today for DAYS nights: bed n in stays of 1 + n mod 7 nights, one after the other, each
    // ending at noon, the check-out time. The first type's stays are bookings: each begins at noon of its arrival date
    // (orders/timing.ts). The second type's begin that day between noon and ten at night, as walk-ins do (from the
    // minute they walk in). Set-based, as the bench measures the count.
    for (const [i, typeId] of typeIds.entries())
      await sql(
        `WITH b AS (
           SELECT room_id, 1 + (row_number() OVER (ORDER BY room_id))::int % 7 AS len FROM pms_room
           WHERE property_id = $1 AND room_type_id = $2
         ), s AS (
           SELECT b.room_id, k, current_date + k * b.len AS d, b.len,
             time '12:00' + make_interval(mins => CASE WHEN $4 THEN (b.room_id * 37 + k * 11)::int % 600 ELSE 0 END)
               AS arrival
           FROM b, generate_series(0, $3::int) k
           WHERE k * b.len < $3::int
         ), o AS (
           INSERT INTO pms_order (property_id, order_no, order_type, state, contact_name, check_in_at, check_out_at)
           SELECT $1, 'D' || s.room_id || '-' || s.k, 'reserve', 'booking', 'Bench Guest', s.d + s.arrival,
             s.d + s.len + time '12:00'
           FROM s RETURNING order_id, order_no
         )
         INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state)
         SELECT o.order_id, $1, s.room_id, $2, 6000, tstzrange(s.d + s.arrival, s.d + s.len + time '12:00', '[)'),
           'booking'
         FROM s JOIN o ON o.order_no = 'D' || s.room_id || '-' || s.k`,
        [propertyId, typeId, DAYS, i === 1],
      )
    await sql('ANALYZE')
    const figures: ClaimFigures[] = []
    for (const [i, typeId] of typeIds.entries())
      for (const nights of [1, 7]) {
        const [claim] = await sql<{ s: string; e: string; met: number }>(
          `SELECT (current_date + 30 + time '12:00')::timestamptz::text AS s,
             (current_date + 30 + $3::int + time '12:00')::timestamptz::text AS e,
             (SELECT count(*)::int FROM pms_order_room WHERE room_type_id = $1 AND property_id = $2
               AND state IN ('booking', 'checkIn')
               AND stay && tstzrange(current_date + 30 + time '12:00', current_date + 30 + $3::int + time '12:00'))
               AS met`,
          [typeId, propertyId, nights],
        )
        const { s, e, met } = claim!
        const replaced = () => sql(TYPE_NIGHTS_0063, [[typeId], [s], [e], propertyId, 0])
        const count = () =>
          sql(
            'SELECT pms_type_nights_require($1::bigint[], $2::bigint[], $3::timestamptz[], $4::timestamptz[], $5, $6)',
            ['{}', arrayLiteral([typeId]), arrayLiteral([s]), arrayLiteral([e]), propertyId, 0],
          )
        const timed = async (call: () => Promise<unknown>) => {
          const t = performance.now()
          await call()
          return performance.now() - t
        }
        // One call of each first (plans, caches), then alternated.
        await replaced()
        await count()
        const replacedMs: number[] = []
        const countMs: number[] = []
        for (let k = 0; k < CALLS; k++) {
          replacedMs.push(await timed(replaced))
          countMs.push(await timed(count))
        }
        figures.push({
          stays: i === 1 ? 'walk-ins' : 'bookings',
          nights,
          staysMet: Number(met),
          replacedMs: round(median(replacedMs)),
          countMs: round(median(countMs)),
        })
      }
    return figures
  } finally {
    await bench.close()
  }
}

const results: Record<string, ClaimFigures[]> = { pglite: await measure() }
const postgres = await postgresDatabase()
if (postgres) {
  try {
    results.postgres = await measure(postgres.url)
  } finally {
    await postgres.drop()
  }
}

console.log(
  `\ntype-nights: two ${BEDS}-bed room types taken every night for ${DAYS} days; median of ${CALLS} calls each, alternated\n`,
)
console.log(
  'database   stays               claim      stays met   0063 count ms    0073 call ms   0063 ÷ 0073',
)
for (const [database, figures] of Object.entries(results))
  for (const f of figures)
    console.log(
      [
        database.padEnd(10),
        f.stays.padEnd(19),
        `${f.nights} night${f.nights > 1 ? 's' : ''}`.padEnd(10),
        String(f.staysMet).padStart(9),
        String(f.replacedMs).padStart(15),
        String(f.countMs).padStart(15),
        String(round(f.replacedMs / f.countMs)).padStart(13),
      ].join(' '),
    )
console.log(JSON.stringify({ bench: 'type-nights', beds: BEDS, calls: CALLS, ...results }))
