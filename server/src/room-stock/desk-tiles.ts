// The room status chart as the database builds it: one set-based statement answers the whole RoomStatusChart as JSON
// text (every room of the property grouped by building and floor, the stay in house and today's arrival of each, the
// counts per state and today's figures), which the route sends as it is. A 2,000-room chart is ~0.6 MB: assembling
// it in Node (decode every field, build the objects, serialise them again) cost more than the queries.
//
// The rules, as the tiles show them (protocol/src/api/room-status.ts):
// - a stay is in house when its order room is checked in; a room shared by a joint stay shows its first stay;
// - its balance is the order's folio: charges, expenses and refunds raise it, deposits and payments lower it. An
//   order has one folio (deposits and payments are the order's, not a room's), owned by its main account, so the
//   balance shows once, on the main account's tile, as a PMS shows a group's master folio on the master room; the
//   order's other rooms show none (0). When the main account is not in house (it left first, or it has not arrived)
//   the order's first room in house carries it, so a balance still owed never drops off the chart. Which tile that
//   is changes only with a stay's state or the order's main account. A change of the order row marks every room of
//   the order changed (migration 0054); a stay's row marks only its own rooms, so it is every order action's history
//   statement, which writes the order's new state with it (orders/store.ts recordEvents), that moves the balance on
//   a patched chart as on a whole one — a stay's state written without touching its order would not;
// - nights are calendar days from arrival to departure, at least one; due out: departure before tonight's midnight;
//   overdue: departure passed;
// - an arrival is a booking with a room assigned, starting before tonight's midnight and not ended yet (an arrival
//   expected since an earlier day with no no-show recorded still shows); the earliest one shows;
// - the arriving contact's phone is masked, as on every list (SPEC §5);
// - `full` counts every occupied room (not-full ones included); counts and today's figures cover every room of the
//   type filter, so the legend still shows all states while one is picked.
// Times are written 'YYYY-MM-DD hh:mm:ss' in the property's time zone, as formatTime does.
import type { RoomState } from '@pms/protocol/api/room-status'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { propertyClock } from '../properties/clock.ts'
import { prunedPast, unseenChanges } from './chart-log.ts'

/** maskPhone (protocol/src/format/validators.ts) in SQL: 10 or more characters keep their first part and last four. */
const maskedPhone = (column: ReturnType<typeof sql>) => sql`(SELECT CASE WHEN length(p) < 10 THEN p
  ELSE left(p, length(p) - 8) || '****' || right(p, 4) END FROM (SELECT btrim(COALESCE(${column}, '')) AS p) m)`

export interface ChartFilter {
  roomTypeId?: number
  state?: RoomState
}

export interface BuiltChart {
  /** The RoomStatusChart as JSON text. */
  json: string
  /**
   * The first instant at which the same data would show otherwise (a stay becomes overdue, an arrival's booking
   * ends), or null when none will: until then only a change to the data changes the chart.
   */
  changesAt: Date | null
  /** The clock it was built on (a patch of it is made on the same one). */
  clock: ChartClock
  /** The snapshot (`pg_snapshot` as text) it was built on, read by the same statement: what changed since is logged. */
  seen: string
}

/** The clock a chart was built on: the property's zone and the end of its business day (its "tonight"). */
export interface ChartClock {
  timeZone: string
  tonight: string
}

/**
 * The chart's sources as CTEs (stays, arrivals, tiles, shown) at `at`. `wanted` says which rooms get tiles, with their
 * stay and arrival (every room for a whole chart, the changed ones for a patch); the counts need none of them.
 */
function chartSources(
  propertyId: number,
  filter: ChartFilter,
  clock: ChartClock,
  at: string,
  wanted: (roomId: SQL) => SQL,
) {
  const { timeZone: tz, tonight } = clock
  const local = (column: ReturnType<typeof sql>) =>
    sql`to_char(${column} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI:SS')`
  return sql`
      stays AS (
        SELECT DISTINCT ON (s.room_id) s.room_id, upper(s.stay) AS ends,
          upper(s.stay) < ${tonight}::timestamptz AS due_out, upper(s.stay) <= ${at}::timestamptz AS overdue,
          CASE WHEN ${wanted(sql`s.room_id`)} THEN to_json(tile) END AS tile
        FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
        CROSS JOIN LATERAL (SELECT s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo",
            COALESCE(NULLIF((SELECT g.name FROM pms_order_guest g WHERE g.order_room_id = s.order_room_id
                             ORDER BY g.main DESC, g.guest_id LIMIT 1), ''), o.contact_name, '') AS "guestName",
            GREATEST(1, (upper(s.stay) AT TIME ZONE ${tz})::date - (lower(s.stay) AT TIME ZONE ${tz})::date) AS nights,
            o.hourly AS hourly,
            CASE WHEN s.order_room_id = (SELECT m.order_room_id FROM pms_order_room m
                WHERE m.order_id = s.order_id AND m.state = 'checkIn' AND m.room_id IS NOT NULL
                ORDER BY m.order_room_id IS NOT DISTINCT FROM o.main_account DESC, m.order_room_id LIMIT 1)
              THEN COALESCE((
                SELECT sum(CASE WHEN f.kind IN ('deposit', 'payment') THEN -f.amount_cents ELSE f.amount_cents END)
                FROM pms_folio_entry f WHERE f.order_id = s.order_id), 0)
              ELSE 0 END AS "balanceCents",
            ${local(sql`upper(s.stay)`)} AS "endTime",
            upper(s.stay) < ${tonight}::timestamptz AS "dueOut",
            upper(s.stay) <= ${at}::timestamptz AS overdue) tile
        WHERE s.property_id = ${propertyId} AND s.state = 'checkIn' AND s.room_id IS NOT NULL
        ORDER BY s.room_id, s.order_room_id
      ),
      arrivals AS (
        SELECT DISTINCT ON (s.room_id) s.room_id, upper(s.stay) AS ends,
          CASE WHEN ${wanted(sql`s.room_id`)} THEN to_json(tile) END AS tile
        FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
        CROSS JOIN LATERAL (SELECT s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo",
            COALESCE(o.contact_name, '') AS "contactName", ${maskedPhone(sql`o.contact_phone`)} AS "contactPhone",
            ${local(sql`lower(s.stay)`)} AS "startTime") tile
        WHERE s.property_id = ${propertyId} AND s.state = 'booking' AND s.room_id IS NOT NULL
          AND lower(s.stay) < ${tonight}::timestamptz AND upper(s.stay) > ${at}::timestamptz
        ORDER BY s.room_id, lower(s.stay), s.order_room_id
      ),
      tiles AS (
        SELECT r.room_id, r.room_no, r.room_type_id, t.type_name, r.occupancy, r.dirty, r.locked, r.maintain,
          r.lock_reason, r.maintain_reason, b.building_id, b.building_name, b.sort AS building_sort,
          f.floor_id, f.floor_no, f.floor_name, st.tile AS stay, st.room_id IS NOT NULL AS in_house, st.due_out,
          st.overdue, ar.tile AS arrival, ar.room_id IS NOT NULL AS arriving
        FROM pms_room r
        JOIN pms_building b ON b.building_id = r.building_id
        JOIN pms_floor f ON f.floor_id = r.floor_id
        JOIN pms_room_type t ON t.room_type_id = r.room_type_id
        LEFT JOIN stays st ON st.room_id = r.room_id
        LEFT JOIN arrivals ar ON ar.room_id = r.room_id
        WHERE r.property_id = ${propertyId} AND ${typeFilter(filter)} AND ${wanted(sql`r.room_id`)}
      ),
      shown AS (
        SELECT * FROM tiles WHERE CASE ${filter.state ?? null}::text
          WHEN 'dirty' THEN dirty WHEN 'locked' THEN locked WHEN 'maintain' THEN maintain
          WHEN 'full' THEN occupancy <> 'empty'
          ELSE ${filter.state ?? null}::text IS NULL OR occupancy = ${filter.state ?? null}::text END
      )`
}

/** The chart's room type filter on `pms_room r`. */
const typeFilter = (filter: ChartFilter) =>
  sql`(${filter.roomTypeId ?? null}::bigint IS NULL OR r.room_type_id = ${filter.roomTypeId ?? null}::bigint)`

/** One room's tile as a record (of a `shown` row): json_agg and to_json write it alike. */
const TILE = sql`SELECT room_id AS "roomId", room_no AS "roomNo", room_type_id AS "roomTypeId",
  type_name AS "typeName", occupancy, dirty, locked, maintain, lock_reason AS "lockReason",
  maintain_reason AS "maintainReason", stay, arrival`

/**
 * The chart's object with its buildings, over rows of every room of the type filter (`tiles` of a whole chart,
 * `counted` of a patch): the counts and today's figures cover them all.
 */
const chartObject = (buildings: SQL) => sql`json_build_object(
        'total', count(*),
        'counts', json_build_object(
          'empty', count(*) FILTER (WHERE occupancy = 'empty'),
          'full', count(*) FILTER (WHERE occupancy <> 'empty'),
          'notFull', count(*) FILTER (WHERE occupancy = 'notFull'),
          'dirty', count(*) FILTER (WHERE dirty),
          'locked', count(*) FILTER (WHERE locked),
          'maintain', count(*) FILTER (WHERE maintain)),
        'today', json_build_object(
          'arriving', count(*) FILTER (WHERE arriving), 'dueOut', count(*) FILTER (WHERE due_out),
          'overdue', count(*) FILTER (WHERE overdue), 'inHouse', count(*) FILTER (WHERE in_house)),
        'buildings', ${buildings}
      )::text`

// In milliseconds since 1970: the driver hands text back as it is.
const CHANGES_AT = sql`(extract(epoch FROM LEAST(
        (SELECT min(ends) FROM stays WHERE NOT overdue),
        (SELECT min(ends) FROM arrivals))) * 1000)::bigint::text`

const instant = (millis: string | null) => (millis === null ? null : new Date(Number(millis)))

/** The chart of a property (a RoomStatusChart) at `now`. */
export async function buildStatusChart(
  db: Db,
  propertyId: number,
  filter: ChartFilter,
  now: Date,
): Promise<BuiltChart> {
  // "Today" is the property's business day in its time zone: due out today means leaving before it closes.
  const { day, timeZone } = await propertyClock(db, propertyId, now)
  const clock = { timeZone, tonight: day.end.toISOString() }
  const [row] = rowsOf<{ chart: string; changes_at: string | null; seen: string }>(
    await db.execute(sql`
      WITH ${chartSources(propertyId, filter, clock, now.toISOString(), () => sql`TRUE`)},
      floors AS (
        SELECT building_id, building_name, building_sort, floor_id, floor_no,
          json_build_object('floorId', floor_id, 'floorNo', floor_no, 'floorName', floor_name,
            'rooms', json_agg(tile ORDER BY room_no)) AS floor
        FROM shown CROSS JOIN LATERAL (${TILE}) tile
        GROUP BY building_id, building_name, building_sort, floor_id, floor_no, floor_name
      ),
      buildings AS (
        SELECT building_sort, building_id,
          json_build_object('buildingId', building_id, 'buildingName', building_name,
            'floors', json_agg(floor ORDER BY floor_no, floor_id)) AS building
        FROM floors GROUP BY building_id, building_name, building_sort
      )
      SELECT ${chartObject(sql`COALESCE(
          (SELECT json_agg(building ORDER BY building_sort, building_id) FROM buildings), '[]'::json)`)} AS chart,
        ${CHANGES_AT} AS changes_at, pg_current_snapshot()::text AS seen
      FROM tiles`),
  )
  return { json: row!.chart, changesAt: instant(row!.changes_at), clock, seen: row!.seen }
}

export interface ChartPatch {
  /** The snapshot the patch was read on. */
  seen: string
  /** The log cannot name every room changed since (the chart changed whole, or rows were pruned): build it whole. */
  whole: boolean
  /** The chart's object with no buildings (`"buildings" : []`): its counts and today's figures. */
  head: string
  changesAt: Date | null
  /** Each room changed since: its tile as JSON text, or null when the chart does not show it. */
  tiles: Array<{ roomId: string; tile: string | null }>
}

/**
 * What changed in a chart built on `clock` as of the snapshot `since`, in one statement (one snapshot): the rooms
 * logged by the transactions committed since (migration 0067), each room's tile now, the counts and today's figures now.
 */
export async function patchStatusChart(
  db: Db,
  propertyId: number,
  filter: ChartFilter,
  clock: ChartClock,
  since: string,
  now: Date,
): Promise<ChartPatch> {
  const rows = rowsOf<{
    seen: string
    whole: boolean
    head: string
    changes_at: string | null
    room_id: string | null
    tile: string | null
  }>(
    await db.execute(sql`
      WITH unseen AS (${unseenChanges(propertyId, sql`${since}::pg_snapshot`)}),
      changed AS (SELECT DISTINCT room_id FROM unseen WHERE room_id IS NOT NULL),
      ${chartSources(propertyId, filter, clock, now.toISOString(), (roomId) => sql`${roomId} IN (SELECT room_id FROM changed)`)},
      counted AS (
        SELECT r.occupancy, r.dirty, r.locked, r.maintain, st.room_id IS NOT NULL AS in_house, st.due_out, st.overdue,
          ar.room_id IS NOT NULL AS arriving
        FROM pms_room r
        LEFT JOIN stays st ON st.room_id = r.room_id
        LEFT JOIN arrivals ar ON ar.room_id = r.room_id
        WHERE r.property_id = ${propertyId} AND ${typeFilter(filter)}
      ),
      head AS (
        SELECT ${chartObject(sql`'[]'::json`)} AS head, ${CHANGES_AT} AS changes_at FROM counted
      )
      SELECT pg_current_snapshot()::text AS seen,
        ${prunedPast(sql`${since}::pg_snapshot`)} OR EXISTS (SELECT 1 FROM unseen WHERE room_id IS NULL) AS whole,
        h.head, h.changes_at,
        c.room_id::text AS room_id, (SELECT to_json(tile)::text FROM shown CROSS JOIN LATERAL (${TILE}) tile
          WHERE shown.room_id = c.room_id) AS tile
      FROM head h
      LEFT JOIN changed c ON true`),
  )
  const first = rows[0]!
  return {
    seen: first.seen,
    whole: first.whole === true,
    head: first.head,
    changesAt: instant(first.changes_at),
    tiles: rows.filter((r) => r.room_id !== null).map((r) => ({ roomId: r.room_id!, tile: r.tile })),
  }
}
