// Occupancy by building and floor, per day: a closed day's figures per floor frozen by the night audit
// (pms_daily_floor_snapshot: the floor's rooms in service, out of order and of those closed long term, rooms charged
// that night, complimentary rooms in house), the open day and after forecast from the stays on the books by the floor
// of their room, with the floors' room stock as it is now. Set-based statements; the sums of the floors equal the
// property's day.
import type {
  FloorDay,
  FloorOccupancyReport,
  FloorOccupancyRow,
  OccupancyDayKind,
} from '@pms/protocol/api/reports'
import { availableRoomNights, occupancy } from '@pms/protocol/reports/kpi'
import { addDays, type DayText, daysBetween } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { dayOf } from '../properties/clock.ts'
import { nightsOnTheBooks } from './occupancy.ts'
import type { ReportScope } from './scope.ts'

/** The room stock per floor now: rooms in service, out of order and of those closed long term. */
const STOCK = (propertyId: number) => sql`
  SELECT r.floor_id, count(*) FILTER (WHERE NOT r.locked AND NOT r.maintain) AS ins,
    count(*) FILTER (WHERE r.locked OR r.maintain) AS ooo,
    count(*) FILTER (WHERE (r.locked OR r.maintain) AND r.long_term_closed) AS lt
  FROM pms_room r WHERE r.property_id = ${propertyId} GROUP BY 1`

const NAMES = sql`LEFT JOIN pms_floor fl ON fl.floor_id = f.floor_id
  LEFT JOIN pms_building b ON b.building_id = fl.building_id`
const NAMED = sql`COALESCE(fl.building_id, 0) AS building_id, COALESCE(b.building_name, '') AS building_name,
  COALESCE(fl.floor_no, 0) AS floor_no, COALESCE(fl.floor_name, '') AS floor_name`

/** A day's figures per floor, as the night audit freezes them (rooms sold: the night's room charges). */
const dayByFloor = (propertyId: number, businessDate: DayText) => sql`
  WITH stock AS (${STOCK(propertyId)}),
  sold AS (
    SELECT COALESCE(r.floor_id, 0) AS floor_id, count(DISTINCT s.room_id) AS sold
    FROM pms_folio_entry e JOIN pms_order_room s ON s.order_room_id = e.order_room_id
    LEFT JOIN pms_room r ON r.room_id = s.room_id
    WHERE e.property_id = ${propertyId} AND e.business_date = ${businessDate}::date AND e.night_charge
    GROUP BY 1
  ), comp AS (
    SELECT r.floor_id, count(DISTINCT s.room_id) AS comp
    FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id JOIN pms_room r ON r.room_id = s.room_id
    WHERE s.property_id = ${propertyId} AND s.state = 'checkIn' AND NOT o.hourly
      AND (s.stay_mark = 'complimentary' OR (s.stay_mark = '' AND s.price_cents = 0))
    GROUP BY 1
  ), f AS (SELECT floor_id FROM stock UNION SELECT floor_id FROM sold UNION SELECT floor_id FROM comp)
  SELECT f.floor_id, ${NAMED}, COALESCE(st.ins, 0) AS ins, COALESCE(st.ooo, 0) AS ooo, COALESCE(st.lt, 0) AS lt,
    COALESCE(so.sold, 0) AS sold, COALESCE(c.comp, 0) AS comp
  FROM f LEFT JOIN stock st ON st.floor_id = f.floor_id LEFT JOIN sold so ON so.floor_id = f.floor_id
  LEFT JOIN comp c ON c.floor_id = f.floor_id ${NAMES}`

/** Freezes the day's figures per floor (after the day's snapshot row, in the night audit's transaction). */
export async function freezeFloors(tx: Db, propertyId: number, businessDate: DayText): Promise<void> {
  await tx.execute(sql`INSERT INTO pms_daily_floor_snapshot (property_id, business_date, floor_id, building_id,
      building_name, floor_no, floor_name, rooms_in_service, rooms_out_of_order, rooms_long_term_closed, rooms_sold,
      rooms_complimentary)
    SELECT ${propertyId}, ${businessDate}::date, floor_id, building_id, building_name, floor_no, floor_name, ins, ooo,
      lt, sold, comp
    FROM (${dayByFloor(propertyId, businessDate)}) d`)
}

const ZERO = {
  roomsInService: 0,
  roomsOutOfOrder: 0,
  roomsLongTermClosed: 0,
  roomNightsSold: 0,
  roomsComplimentary: 0,
}

interface FloorFigures {
  date: string
  floorId: number
  buildingId: number
  buildingName: string
  floorNo: number
  floorName: string
  roomsInService: number
  roomsOutOfOrder: number
  roomsLongTermClosed: number
  roomNightsSold: number
  roomsComplimentary: number
}

const figuresOf = (r: Record<string, unknown>, date: string): FloorFigures => ({
  date,
  floorId: Number(r.floor_id),
  buildingId: Number(r.building_id),
  buildingName: String(r.building_name),
  floorNo: Number(r.floor_no),
  floorName: String(r.floor_name),
  roomsInService: Number(r.ins ?? 0),
  roomsOutOfOrder: Number(r.ooo ?? 0),
  roomsLongTermClosed: Number(r.lt ?? 0),
  roomNightsSold: Number(r.sold ?? 0),
  roomsComplimentary: Number(r.comp ?? 0),
})

/** The closed days of [from, to] (before `open`): one range read of the floor snapshot. */
async function closedFloors(db: Db, propertyId: number, from: DayText, to: DayText, open: DayText) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT business_date, floor_id, building_id, building_name, floor_no, floor_name,
        rooms_in_service AS ins, rooms_out_of_order AS ooo, rooms_long_term_closed AS lt, rooms_sold AS sold,
        rooms_complimentary AS comp
      FROM pms_daily_floor_snapshot WHERE property_id = ${propertyId}
        AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${open}::date`),
  )
  return rows.map((r) => figuresOf(r, dayOf(r.business_date)))
}

/** The forecast days [from, to]: nights on the books by the floor of their room (0: no room yet), stock now. */
async function forecastFloors(db: Db, s: ReportScope, from: DayText, to: DayText) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH stock AS (${STOCK(s.propertyId)}),
      nights AS (${nightsOnTheBooks(s.propertyId, s.clock.timeZone, from, to, true)}),
      -- Every floor of the stock on every date, with the nights on the books added in one aggregate (a join of the
      -- nights to the grid was planned for 200,000 estimated rows: multi-batch hashes and a sort, slow on PGlite).
      f AS (
        SELECT night, floor_id, sum(sold) AS sold, sum(comp) AS comp FROM (
          SELECT night, floor_id, sold, comp FROM nights
          UNION ALL SELECT d::date, st.floor_id, 0, 0
            FROM generate_series(${from}::date, ${to}::date, interval '1 day') d, stock st
        ) x GROUP BY 1, 2
      )
      SELECT f.night, f.floor_id, ${NAMED}, COALESCE(st.ins, 0) AS ins, COALESCE(st.ooo, 0) AS ooo,
        COALESCE(st.lt, 0) AS lt, f.sold, f.comp
      FROM f LEFT JOIN stock st ON st.floor_id = f.floor_id ${NAMES}`),
  )
  return rows.map((r) => figuresOf(r, dayOf(r.night)))
}

export async function floorOccupancyReport(
  db: Db,
  s: ReportScope,
  from: DayText,
  to: DayText,
): Promise<FloorOccupancyReport> {
  const open = s.clock.businessDate
  const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i))
  const kinds = dates.map((d): OccupancyDayKind => (d >= open ? 'forecast' : 'closed'))
  const firstForecast = from > open ? from : open
  const figures = [
    ...(await closedFloors(db, s.propertyId, from, to, open)),
    ...(firstForecast <= to ? await forecastFloors(db, s, firstForecast, to) : []),
  ]
  const floorDay = (c: Omit<FloorDay, 'availableRoomNights' | 'occupancyBp'>): FloorDay => {
    const available = availableRoomNights(s.rule, c)
    return { ...c, availableRoomNights: available, occupancyBp: occupancy(c.roomNightsSold, available) }
  }
  const index = new Map(dates.map((d, i) => [d, i]))
  const group = (
    key: (f: FloorFigures) => number,
    meta: (f: FloorFigures) => Omit<FloorOccupancyRow, 'days' | 'total'>,
  ) => {
    type Row = { meta: Omit<FloorOccupancyRow, 'days' | 'total'>; latest: string; days: FloorFigures[][] }
    const rows = new Map<number, Row>()
    for (const f of figures) {
      const row: Row = rows.get(key(f)) ?? { meta: meta(f), latest: f.date, days: dates.map(() => []) }
      // The names of the latest day (a floor renamed since keeps one row, under its latest name).
      if (f.date >= row.latest) {
        row.meta = meta(f)
        row.latest = f.date
      }
      row.days[index.get(f.date)!]!.push(f)
      rows.set(key(f), row)
    }
    const sum = (list: FloorFigures[]) =>
      floorDay({
        roomsInService: list.reduce((n, f) => n + f.roomsInService, 0),
        roomsOutOfOrder: list.reduce((n, f) => n + f.roomsOutOfOrder, 0),
        roomsLongTermClosed: list.reduce((n, f) => n + f.roomsLongTermClosed, 0),
        roomNightsSold: list.reduce((n, f) => n + f.roomNightsSold, 0),
        roomsComplimentary: list.reduce((n, f) => n + f.roomsComplimentary, 0),
      })
    return [...rows.values()]
      .map((r) => ({ ...r.meta, days: r.days.map(sum), total: sum(r.days.flat()) }))
      .sort(
        (a, b) =>
          (a.buildingId === 0 ? 1 : 0) - (b.buildingId === 0 ? 1 : 0) ||
          a.buildingId - b.buildingId ||
          a.floorNo - b.floorNo,
      )
  }
  const [all] = group(
    () => 0,
    () => ({ buildingId: 0, buildingName: '', floorId: 0, floorNo: 0, floorName: '' }),
  )
  return {
    beginDate: from,
    endDate: to,
    openBusinessDate: open,
    rule: s.rule,
    dates,
    kinds,
    floors: group(
      (f) => f.floorId,
      (f) => ({
        buildingId: f.buildingId,
        buildingName: f.buildingName,
        floorId: f.floorId,
        floorNo: f.floorNo,
        floorName: f.floorName,
      }),
    ),
    buildings: group(
      (f) => f.buildingId,
      (f) => ({
        buildingId: f.buildingId,
        buildingName: f.buildingName,
        floorId: 0,
        floorNo: 0,
        floorName: '',
      }),
    ),
    total: all
      ? { days: all.days, total: all.total }
      : { days: dates.map(() => floorDay(ZERO)), total: floorDay(ZERO) },
  }
}
