// The room status chart as the database builds it: one set-based statement answers the whole RoomStatusChart as JSON
// text (every room of the property grouped by building and floor, the stay in house and today's arrival of each, the
// counts per state and today's figures), which the route sends as it is. A 2,000-room chart is ~0.6 MB: assembling
// it in Node (decode every field, build the objects, serialise them again) cost more than the queries.
//
// The rules, as the tiles show them (protocol/src/api/room-status.ts):
// - a stay is in house when its order room is checked in; a room shared by a joint stay shows its first stay;
// - its balance is the order's folio: charges, expenses and refunds raise it, deposits and payments lower it;
// - nights are calendar days from arrival to departure, at least one; due out: departure before tonight's midnight;
//   overdue: departure passed;
// - an arrival is a booking with a room assigned, starting before tonight's midnight and not ended yet (an arrival
//   expected since an earlier day with no no-show recorded still shows); the earliest one shows;
// - the arriving contact's phone is masked, as on every list (SPEC §5);
// - `full` counts every occupied room (not-full ones included); counts and today's figures cover every room of the
//   type filter, so the legend still shows all states while one is picked.
// Times are written 'YYYY-MM-DD hh:mm:ss' in the property's time zone, as formatTime does.
import type { RoomState } from '@pms/protocol/api/room-status'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { propertyClock } from '../properties/clock.ts'

/** maskPhone (protocol/src/format/validators.ts) in SQL: 10 or more characters keep their first part and last four. */
const maskedPhone = (column: ReturnType<typeof sql>) => sql`(SELECT CASE WHEN length(p) < 10 THEN p
  ELSE left(p, length(p) - 8) || '****' || right(p, 4) END FROM (SELECT btrim(COALESCE(${column}, '')) AS p) m)`

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

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
}

/** The chart of a property (a RoomStatusChart) at `now`. */
export async function buildStatusChart(
  db: Db,
  propertyId: number,
  filter: ChartFilter,
  now: Date,
): Promise<BuiltChart> {
  // "Today" is the property's business day in its time zone: due out today means leaving before it closes.
  const { day, timeZone: tz } = await propertyClock(db, propertyId, now)
  const at = now.toISOString()
  const tonight = day.end.toISOString()
  const local = (column: ReturnType<typeof sql>) =>
    sql`to_char(${column} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI:SS')`
  const [row] = rowsOf<{ chart: string; changes_at: string | null }>(
    await db.execute(sql`
      WITH stays AS (
        SELECT DISTINCT ON (s.room_id) s.room_id, upper(s.stay) AS ends,
          upper(s.stay) < ${tonight}::timestamptz AS due_out, upper(s.stay) <= ${at}::timestamptz AS overdue,
          to_json(tile) AS tile
        FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
        CROSS JOIN LATERAL (SELECT s.order_id AS "orderId", s.order_room_id AS "orderRoomId", o.order_no AS "orderNo",
            COALESCE(NULLIF((SELECT g.name FROM pms_order_guest g WHERE g.order_room_id = s.order_room_id
                             ORDER BY g.main DESC, g.guest_id LIMIT 1), ''), o.contact_name, '') AS "guestName",
            GREATEST(1, (upper(s.stay) AT TIME ZONE ${tz})::date - (lower(s.stay) AT TIME ZONE ${tz})::date) AS nights,
            COALESCE((
              SELECT sum(CASE WHEN f.kind IN ('deposit', 'payment') THEN -f.amount_cents ELSE f.amount_cents END)
              FROM pms_folio_entry f WHERE f.order_id = s.order_id), 0) AS "balanceCents",
            ${local(sql`upper(s.stay)`)} AS "endTime",
            upper(s.stay) < ${tonight}::timestamptz AS "dueOut",
            upper(s.stay) <= ${at}::timestamptz AS overdue) tile
        WHERE s.property_id = ${propertyId} AND s.state = 'checkIn' AND s.room_id IS NOT NULL
        ORDER BY s.room_id, s.order_room_id
      ),
      arrivals AS (
        SELECT DISTINCT ON (s.room_id) s.room_id, upper(s.stay) AS ends,
          to_json(tile) AS tile
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
          f.floor_id, f.floor_no, f.floor_name, st.tile AS stay, st.due_out, st.overdue, ar.tile AS arrival
        FROM pms_room r
        JOIN pms_building b ON b.building_id = r.building_id
        JOIN pms_floor f ON f.floor_id = r.floor_id
        JOIN pms_room_type t ON t.room_type_id = r.room_type_id
        LEFT JOIN stays st ON st.room_id = r.room_id
        LEFT JOIN arrivals ar ON ar.room_id = r.room_id
        WHERE r.property_id = ${propertyId}
          AND (${filter.roomTypeId ?? null}::bigint IS NULL OR r.room_type_id = ${filter.roomTypeId ?? null}::bigint)
      ),
      shown AS (
        SELECT * FROM tiles WHERE CASE ${filter.state ?? null}::text
          WHEN 'dirty' THEN dirty WHEN 'locked' THEN locked WHEN 'maintain' THEN maintain
          WHEN 'full' THEN occupancy <> 'empty'
          ELSE ${filter.state ?? null}::text IS NULL OR occupancy = ${filter.state ?? null}::text END
      ),
      floors AS (
        SELECT building_id, building_name, building_sort, floor_id, floor_no,
          json_build_object('floorId', floor_id, 'floorNo', floor_no, 'floorName', floor_name,
            'rooms', json_agg(tile ORDER BY room_no)) AS floor
        FROM shown CROSS JOIN LATERAL (SELECT room_id AS "roomId", room_no AS "roomNo", room_type_id AS "roomTypeId",
            type_name AS "typeName", occupancy, dirty, locked, maintain, lock_reason AS "lockReason",
            maintain_reason AS "maintainReason", stay, arrival) tile
        GROUP BY building_id, building_name, building_sort, floor_id, floor_no, floor_name
      ),
      buildings AS (
        SELECT building_sort, building_id,
          json_build_object('buildingId', building_id, 'buildingName', building_name,
            'floors', json_agg(floor ORDER BY floor_no, floor_id)) AS building
        FROM floors GROUP BY building_id, building_name, building_sort
      )
      SELECT json_build_object(
        'total', count(*),
        'counts', json_build_object(
          'empty', count(*) FILTER (WHERE occupancy = 'empty'),
          'full', count(*) FILTER (WHERE occupancy <> 'empty'),
          'notFull', count(*) FILTER (WHERE occupancy = 'notFull'),
          'dirty', count(*) FILTER (WHERE dirty),
          'locked', count(*) FILTER (WHERE locked),
          'maintain', count(*) FILTER (WHERE maintain)),
        'today', json_build_object(
          'arriving', count(arrival), 'dueOut', count(*) FILTER (WHERE due_out),
          'overdue', count(*) FILTER (WHERE overdue), 'inHouse', count(stay)),
        'buildings', COALESCE(
          (SELECT json_agg(building ORDER BY building_sort, building_id) FROM buildings), '[]'::json)
      )::text AS chart,
      -- In milliseconds since 1970: the driver hands text back as it is.
      (extract(epoch FROM LEAST(
        (SELECT min(ends) FROM stays WHERE NOT overdue),
        (SELECT min(ends) FROM arrivals))) * 1000)::bigint::text AS changes_at
      FROM tiles`),
  )
  return { json: row!.chart, changesAt: row!.changes_at === null ? null : new Date(Number(row!.changes_at)) }
}
