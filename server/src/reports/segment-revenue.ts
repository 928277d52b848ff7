// Revenue analysis by order source, customer source, channel or salesman over a period and the same period a year
// earlier, with the trend by day or month: closed days from the segment snapshot (one range read per period), the
// open day live and provisional; available room-nights from the daily snapshot (and the room stock now for the open
// day). KPIs by the one definition (kpi.ts); sums over at most a few hundred grouped rows.
import type {
  RevenueDimension,
  SegmentFigures,
  SegmentRevenueReport,
  SegmentTrendPoint,
} from '@pms/protocol/api/reports'
import { sameDayLastYear } from '@pms/protocol/reports/figures'
import { adr, availableRoomNights, ratio, revpar } from '@pms/protocol/reports/kpi'
import { addDays, type DayText, daysBetween } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { roomStockNow } from './occupancy.ts'
import type { ReportScope } from './scope.ts'
import { closedSegments, type SegmentSums, segmentDay } from './segments.ts'

/** Periods up to this many days trend by day, longer ones by month. */
const DAILY_TREND_DAYS = 62

type Sums = Omit<SegmentSums, 'segment'>

function figuresOf(c: Sums, total: Sums, available: number): SegmentFigures {
  return {
    roomNightsSold: c.roomsSold,
    roomRevenueCents: c.roomRevenueCents,
    adrCents: adr(c.roomRevenueCents, c.roomsSold),
    revparCents: revpar(c.roomRevenueCents, available),
    revenueShareBp: ratio(c.roomRevenueCents, total.roomRevenueCents, 10_000),
    roomNightsShareBp: ratio(c.roomsSold, total.roomsSold, 10_000),
  }
}

const sumBy = (rows: SegmentSums[]) => {
  const out = new Map<string, Sums>()
  for (const r of rows) {
    const had = out.get(r.segment) ?? { roomsSold: 0, roomRevenueCents: 0 }
    out.set(r.segment, {
      roomsSold: had.roomsSold + r.roomsSold,
      roomRevenueCents: had.roomRevenueCents + r.roomRevenueCents,
    })
  }
  return out
}

const totalOf = (rows: SegmentSums[]): Sums =>
  rows.reduce(
    (t, r) => ({
      roomsSold: t.roomsSold + r.roomsSold,
      roomRevenueCents: t.roomRevenueCents + r.roomRevenueCents,
    }),
    {
      roomsSold: 0,
      roomRevenueCents: 0,
    },
  )

/** Available room-nights over the closed days of [from, to] by the property's rule, plus the open day's stock. */
async function availableOver(db: Db, s: ReportScope, from: DayText, to: DayText): Promise<number> {
  const open = s.clock.businessDate
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT COALESCE(sum(rooms_in_service), 0) AS ins, COALESCE(sum(rooms_out_of_order), 0) AS ooo,
        COALESCE(sum(rooms_long_term_closed), 0) AS lt
      FROM pms_daily_snapshot WHERE property_id = ${s.propertyId}
        AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${open}::date`),
  )
  const closed = {
    roomsInService: Number(r?.ins ?? 0),
    roomsOutOfOrder: Number(r?.ooo ?? 0),
    roomsLongTermClosed: Number(r?.lt ?? 0),
  }
  const live = open >= from && open <= to ? await roomStockNow(db, s.propertyId) : null
  return availableRoomNights(s.rule, {
    roomsInService: closed.roomsInService + (live?.roomsInService ?? 0),
    roomsOutOfOrder: closed.roomsOutOfOrder + (live?.roomsOutOfOrder ?? 0),
    roomsLongTermClosed: closed.roomsLongTermClosed + (live?.roomsLongTermClosed ?? 0),
  })
}

export async function segmentRevenueReport(
  db: Db,
  s: ReportScope,
  dimension: RevenueDimension,
  from: DayText,
  to: DayText,
): Promise<SegmentRevenueReport> {
  const open = s.clock.businessDate
  const provisional = open >= from && open <= to
  const step = daysBetween(from, to) + 1 <= DAILY_TREND_DAYS ? 'day' : 'month'
  const live = provisional
    ? (await segmentDay(db, s.propertyId, open, dimension)).map((r) => ({
        ...r,
        key: step === 'day' ? open : open.slice(0, 7),
      }))
    : []
  const current = [...(await closedSegments(db, s.propertyId, dimension, from, to, open, step)), ...live]
  const lyFrom = sameDayLastYear(from)
  const lyTo = sameDayLastYear(to)
  const previous = await closedSegments(db, s.propertyId, dimension, lyFrom, lyTo, open, 'month')
  const available = await availableOver(db, s, from, to)
  const availableLastYear = await availableOver(db, s, lyFrom, lyTo)
  const now = sumBy(current)
  const before = sumBy(previous)
  const total = totalOf(current)
  const totalLastYear = totalOf(previous)
  const segments = [...new Set([...now.keys(), ...before.keys()])].sort(
    (a, b) =>
      (now.get(b)?.roomRevenueCents ?? 0) - (now.get(a)?.roomRevenueCents ?? 0) ||
      (before.get(b)?.roomRevenueCents ?? 0) - (before.get(a)?.roomRevenueCents ?? 0) ||
      a.localeCompare(b),
  )
  const zero = { roomsSold: 0, roomRevenueCents: 0 }
  // Every step of the period up to the open day, those without figures at 0.
  const last = to < open ? to : open
  const keys = Array.from({ length: Math.max(0, daysBetween(from, last) + 1) }, (_, i) =>
    addDays(from, i),
  ).map((d) => (step === 'day' ? d : d.slice(0, 7)))
  const points = new Map<string, SegmentTrendPoint>(
    keys.map((key) => [key, { key, roomRevenueCents: 0, bySegment: {} }]),
  )
  for (const r of current) {
    const p = points.get(r.key) ?? { key: r.key, roomRevenueCents: 0, bySegment: {} }
    p.roomRevenueCents += r.roomRevenueCents
    p.bySegment[r.segment] = (p.bySegment[r.segment] ?? 0) + r.roomRevenueCents
    points.set(r.key, p)
  }
  return {
    beginDate: from,
    endDate: to,
    openBusinessDate: open,
    rule: s.rule,
    dimension,
    provisional,
    availableRoomNights: available,
    availableRoomNightsLastYear: availableLastYear,
    rows: segments.map((segment) => ({
      segment,
      figures: figuresOf(now.get(segment) ?? zero, total, available),
      lastYear: figuresOf(before.get(segment) ?? zero, totalLastYear, availableLastYear),
    })),
    total: figuresOf(total, total, available),
    totalLastYear: figuresOf(totalLastYear, totalLastYear, availableLastYear),
    trend: { step, points: [...points.values()].sort((a, b) => a.key.localeCompare(b.key)) },
  }
}
