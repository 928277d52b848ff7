// The occupancy report: a row per day — closed days from the night audit's snapshots, the open business day and the
// days after it forecast from the stays on the books (one set-based statement over the days) and the room stock as
// it is now. KPIs by the one definition (protocol/src/reports/kpi.ts).
import type { OccupancyDay, OccupancyReport } from '@pms/protocol/api/reports'
import { availableRoomNights, occupancy } from '@pms/protocol/reports/kpi'
import { addDays, type DayText, dayRange, daysBetween } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../night-audit/day.ts'
import { dayOf } from '../properties/clock.ts'
import type { ReportScope } from './reports.ts'

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
 * The nights on the books within [from, to]: one row (night, price_cents, room_id) per night of each nightly stay
 * (booking or in house) that is in the house at that date's end on the property's clock — the dates from its
 * arrival's to the day before its departure's (the midnights it spans).
 */
export function bookedNights(propertyId: number, timeZone: string, from: DayText, to: DayText) {
  const window = [dayRange(from, timeZone).end.toISOString(), dayRange(to, timeZone).end.toISOString()]
  return sql`SELECT s.price_cents, s.room_id, generate_series(
      greatest((lower(s.stay) AT TIME ZONE ${timeZone})::date, ${from}::date),
      least(((upper(s.stay) - interval '1 microsecond') AT TIME ZONE ${timeZone})::date - 1, ${to}::date),
      interval '1 day')::date AS night
    FROM pms_order_room s
    WHERE s.property_id = ${propertyId} AND s.state IN ('booking', 'checkIn')
      AND s.stay && tstzrange(${window[0]}::timestamptz, ${window[1]}::timestamptz, '[]')
      AND s.order_id NOT IN (SELECT order_id FROM pms_order WHERE property_id = ${propertyId} AND hourly)`
}

/** Nights on the books for each date: paying ones sold, those at price 0 complimentary. */
export async function onTheBooks(
  db: Db,
  propertyId: number,
  timeZone: string,
  dates: DayText[],
): Promise<Map<string, { sold: number; complimentary: number }>> {
  if (!dates.length) return new Map()
  const rows = rowsOf<{ date: unknown; sold: number | string; comp: number | string }>(
    await db.execute(sql`
      SELECT n.night AS date, count(*) FILTER (WHERE n.price_cents > 0) AS sold,
        count(*) FILTER (WHERE n.price_cents = 0) AS comp
      FROM (${bookedNights(propertyId, timeZone, dates[0]!, dates.at(-1)!)}) n
      GROUP BY n.night`),
  )
  return new Map(rows.map((r) => [dayOf(r.date), { sold: Number(r.sold), complimentary: Number(r.comp) }]))
}

/** The room stock now: rooms in service and out of order. */
export async function roomStockNow(db: Db, propertyId: number) {
  const [r] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`SELECT count(*) FILTER (WHERE NOT locked AND NOT maintain) AS "inService",
      count(*) FILTER (WHERE locked OR maintain) AS "outOfOrder" FROM pms_room WHERE property_id = ${propertyId}`),
  )
  return { roomsInService: Number(r?.inService ?? 0), roomsOutOfOrder: Number(r?.outOfOrder ?? 0) }
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
    await db.execute(sql`SELECT business_date, rooms_in_service, rooms_out_of_order, rooms_sold, rooms_complimentary
      FROM pms_daily_snapshot WHERE property_id = ${s.propertyId}
        AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${open}::date`),
  )
  const byDate = new Map(closed.map((r) => [dayOf(r.business_date), r]))
  const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i))
  const future = dates.filter((d) => d >= open)
  const books = await onTheBooks(db, s.propertyId, s.clock.timeZone, future)
  const stock = future.length
    ? await roomStockNow(db, s.propertyId)
    : { roomsInService: 0, roomsOutOfOrder: 0 }
  return dates.map((date) => {
    if (date >= open) {
      const b = books.get(date)
      return dayRow(s, date, 'forecast', {
        ...stock,
        roomNightsSold: b?.sold ?? 0,
        roomsComplimentary: b?.complimentary ?? 0,
      })
    }
    const r = byDate.get(date)
    return dayRow(s, date, 'closed', {
      roomsInService: Number(r?.rooms_in_service ?? 0),
      roomsOutOfOrder: Number(r?.rooms_out_of_order ?? 0),
      roomNightsSold: Number(r?.rooms_sold ?? 0),
      roomsComplimentary: Number(r?.rooms_complimentary ?? 0),
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
    roomNightsSold: sum('roomNightsSold'),
    roomsComplimentary: sum('roomsComplimentary'),
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
