// The manager's morning view: the last closed day beside the same day last year, the open day so far (provisional)
// with the desk's counts as they are now, the next 7 days on the books and the 30 days before the open one.
import type { Dashboard } from '@pms/protocol/api/reports'
import { sameDayLastYear, sumFigures } from '@pms/protocol/reports/figures'
import { addDays } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { reportDays } from './days.ts'
import { occupancyDays } from './occupancy.ts'
import type { ReportScope } from './scope.ts'

async function deskCounts(db: Db, s: ReportScope, now: Date) {
  const end = s.clock.day.end.toISOString()
  const [r] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`SELECT
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${s.propertyId} AND state = 'booking'
          AND lower(stay) < ${end}::timestamptz AND upper(stay) > ${now.toISOString()}::timestamptz) AS arrivals,
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${s.propertyId} AND state = 'checkIn'
          AND upper(stay) < ${end}::timestamptz) AS departures,
        (SELECT count(*) FROM pms_order_room WHERE property_id = ${s.propertyId} AND state = 'checkIn') AS "inHouse",
        (SELECT count(*) FROM pms_room WHERE property_id = ${s.propertyId} AND dirty) AS dirty`),
  )
  return {
    arrivalsDue: Number(r?.arrivals ?? 0),
    departuresDue: Number(r?.departures ?? 0),
    inHouseRooms: Number(r?.inHouse ?? 0),
    roomsDirty: Number(r?.dirty ?? 0),
  }
}

export async function dashboard(db: Db, s: ReportScope, now = new Date()): Promise<Dashboard> {
  const open = s.clock.businessDate
  const yesterday = addDays(open, -1)
  const days = await reportDays(db, s.propertyId, s.clock, addDays(open, -30), open)
  const ly = sameDayLastYear(yesterday)
  const lastYear = await reportDays(db, s.propertyId, s.clock, ly, ly)
  const on = (date: string) => days.filter((d) => d.snapshot.businessDate === date)
  return {
    openBusinessDate: open,
    rule: s.rule,
    yesterday: {
      businessDate: yesterday,
      figures: sumFigures(s.rule, on(yesterday)),
      lastYear: sumFigures(s.rule, lastYear),
    },
    today: { figures: sumFigures(s.rule, on(open)), ...(await deskCounts(db, s, now)) },
    next7: await occupancyDays(db, s, open, addDays(open, 6)),
    last30: Array.from({ length: 30 }, (_, i) => addDays(open, i - 30)).map((date) => {
      const f = sumFigures(s.rule, on(date))
      return {
        date,
        occupancyBp: f.kpis.occupancyBp,
        totalRevenueCents: f.totalRevenueCents,
        closed: f.days > 0,
      }
    }),
  }
}
