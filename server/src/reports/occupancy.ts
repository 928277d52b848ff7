// The occupancy report: a row per day — closed days from the night audit's snapshots, the open business day and the
// days after it forecast from the stays on the books (one set-based statement over the days) and the room stock as
// it is now. KPIs by the one definition (protocol/src/reports/kpi.ts).
import type { OccupancyDay, OccupancyReport } from '@pms/protocol/api/reports'
import { availableRoomNights, occupancy } from '@pms/protocol/reports/kpi'
import { addDays, type DayText, dayRange, daysBetween } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { dayOf } from '../properties/clock.ts'
import type { ReportScope } from './scope.ts'

type Counts = Omit<OccupancyDay, 'date' | 'kind' | 'availableRoomNights' | 'occupancyBp'>

function dayRow(s: ReportScope, date: string, kind: OccupancyDay['kind'], c: Counts): OccupancyDay {
  const available = availableRoomNights(s.rule, c)
  return {
    date,
    kind,
    ...c,
    availableRoomNights: available,
    occupancyBp: occupancy(c.roomNightsSold, available),
  }
}

/**
 * Nights on the books for each date of [from, to] (and floor, when `byFloor`; else floor 0): the nightly stays (booking
 * or in house, hourly orders left out) in the house at that date's end on the property's clock — a stay holds the
 * dates from its arrival's to the day before its departure's (the midnights it spans). As the night audit counts
 * them (snapshot.ts): stays marked house use are house use, those marked complimentary or unmarked at price 0 are
 * complimentary, the others are sold. Set-based without expanding every stay into its nights: each stay adds 1 from its first
 * night in the period and takes it back after its last, and a running sum over the dates gives the nights of each.
 * Columns: floor_id, night, sold, comp, house.
 */
export function nightsOnTheBooks(
  propertyId: number,
  timeZone: string,
  from: DayText,
  to: DayText,
  byFloor = false,
) {
  const window = [dayRange(from, timeZone).end.toISOString(), dayRange(to, timeZone).end.toISOString()]
  const floor = byFloor ? sql`COALESCE(r.floor_id, 0)` : sql`0::bigint`
  const room = byFloor ? sql`LEFT JOIN pms_room r ON r.room_id = s.room_id` : sql``
  return sql`
    WITH stays AS (
      SELECT * FROM (SELECT CASE WHEN s.stay_mark = 'houseUse' THEN 'h'
            WHEN s.stay_mark = 'complimentary' OR s.price_cents = 0 THEN 'c' ELSE 's' END AS use, ${floor} AS floor_id,
          greatest((lower(s.stay) AT TIME ZONE ${timeZone})::date, ${from}::date) AS first_night,
          least(((upper(s.stay) - interval '1 microsecond') AT TIME ZONE ${timeZone})::date - 1, ${to}::date)
            AS last_night
        FROM pms_order_room s ${room}
        WHERE s.property_id = ${propertyId} AND s.state IN ('booking', 'checkIn')
          AND s.stay && tstzrange(${window[0]}::timestamptz, ${window[1]}::timestamptz, '[]')
          AND s.order_id NOT IN (SELECT order_id FROM pms_order WHERE property_id = ${propertyId} AND hourly)) x
      WHERE first_night <= last_night
    ), steps AS (
      SELECT floor_id, first_night AS night, use, 1 AS delta FROM stays
      UNION ALL SELECT floor_id, last_night + 1, use, -1 FROM stays
    ), per AS (
      SELECT floor_id, night, COALESCE(sum(delta) FILTER (WHERE use = 's'), 0) AS sold,
        COALESCE(sum(delta) FILTER (WHERE use = 'c'), 0) AS comp,
        COALESCE(sum(delta) FILTER (WHERE use = 'h'), 0) AS house
      FROM steps GROUP BY 1, 2
    ), grid AS (
      SELECT f.floor_id, g.d::date AS night FROM (SELECT DISTINCT floor_id FROM per) f,
        generate_series(${from}::date, ${to}::date, interval '1 day') g (d)
    )
    SELECT grid.floor_id, grid.night, sum(COALESCE(per.sold, 0)) OVER w AS sold,
      sum(COALESCE(per.comp, 0)) OVER w AS comp, sum(COALESCE(per.house, 0)) OVER w AS house
    FROM grid LEFT JOIN per ON per.floor_id = grid.floor_id AND per.night = grid.night
    WINDOW w AS (PARTITION BY grid.floor_id ORDER BY grid.night)`
}

/** Nights on the books for each date: sold, complimentary and house use apart. */
export async function onTheBooks(
  db: Db,
  propertyId: number,
  timeZone: string,
  dates: DayText[],
): Promise<Map<string, { sold: number; complimentary: number; houseUse: number }>> {
  if (!dates.length) return new Map()
  const rows = rowsOf<{
    night: unknown
    sold: number | string
    comp: number | string
    house: number | string
  }>(await db.execute(nightsOnTheBooks(propertyId, timeZone, dates[0]!, dates.at(-1)!)))
  return new Map(
    rows.map((r) => [
      dayOf(r.night),
      { sold: Number(r.sold), complimentary: Number(r.comp), houseUse: Number(r.house) },
    ]),
  )
}

/** The room stock now: rooms in service, out of order, and of those closed long term. */
export async function roomStockNow(db: Db, propertyId: number) {
  const [r] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`SELECT count(*) FILTER (WHERE NOT locked AND NOT maintain) AS "inService",
      count(*) FILTER (WHERE locked OR maintain) AS "outOfOrder",
      count(*) FILTER (WHERE (locked OR maintain) AND long_term_closed) AS "longTerm"
      FROM pms_room WHERE property_id = ${propertyId}`),
  )
  return {
    roomsInService: Number(r?.inService ?? 0),
    roomsOutOfOrder: Number(r?.outOfOrder ?? 0),
    roomsLongTermClosed: Number(r?.longTerm ?? 0),
  }
}

/** The rows of [from, to]: closed days from the snapshots, the rest forecast. */
export async function occupancyDays(
  db: Db,
  s: ReportScope,
  from: DayText,
  to: DayText,
): Promise<OccupancyDay[]> {
  const open = s.clock.businessDate
  const closed = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT business_date, rooms_in_service, rooms_out_of_order, rooms_long_term_closed, rooms_sold,
        rooms_complimentary, rooms_house_use
      FROM pms_daily_snapshot WHERE property_id = ${s.propertyId}
        AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${open}::date`),
  )
  const byDate = new Map(closed.map((r) => [dayOf(r.business_date), r]))
  const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i))
  const future = dates.filter((d) => d >= open)
  const books = await onTheBooks(db, s.propertyId, s.clock.timeZone, future)
  const stock = future.length
    ? await roomStockNow(db, s.propertyId)
    : { roomsInService: 0, roomsOutOfOrder: 0, roomsLongTermClosed: 0 }
  return dates.map((date) => {
    if (date >= open) {
      const b = books.get(date)
      return dayRow(s, date, 'forecast', {
        ...stock,
        roomNightsSold: b?.sold ?? 0,
        roomsComplimentary: b?.complimentary ?? 0,
        roomsHouseUse: b?.houseUse ?? 0,
      })
    }
    const r = byDate.get(date)
    return dayRow(s, date, 'closed', {
      roomsInService: Number(r?.rooms_in_service ?? 0),
      roomsOutOfOrder: Number(r?.rooms_out_of_order ?? 0),
      roomsLongTermClosed: Number(r?.rooms_long_term_closed ?? 0),
      roomNightsSold: Number(r?.rooms_sold ?? 0),
      roomsComplimentary: Number(r?.rooms_complimentary ?? 0),
      roomsHouseUse: Number(r?.rooms_house_use ?? 0),
    })
  })
}

export async function occupancyReport(
  db: Db,
  s: ReportScope,
  from: DayText,
  to: DayText,
): Promise<OccupancyReport> {
  const rows = await occupancyDays(db, s, from, to)
  const sum = (k: keyof Counts) => rows.reduce((n, r) => n + r[k], 0)
  const total = dayRow(s, '', 'closed', {
    roomsInService: sum('roomsInService'),
    roomsOutOfOrder: sum('roomsOutOfOrder'),
    roomsLongTermClosed: sum('roomsLongTermClosed'),
    roomNightsSold: sum('roomNightsSold'),
    roomsComplimentary: sum('roomsComplimentary'),
    roomsHouseUse: sum('roomsHouseUse'),
  })
  const { date: _d, kind: _k, ...totals } = total
  return {
    beginDate: from,
    endDate: to,
    openBusinessDate: s.clock.businessDate,
    rule: s.rule,
    rows,
    total: totals,
  }
}
