// The days a report covers: closed days read from the night audit's snapshots in one indexed range query, and the
// open business day computed live by the audit's own definition (dayFigures), marked provisional. Days after the
// open one have nothing.
import type { DailySnapshot, SnapshotDetail } from '@pms/protocol/api/night-audit'
import type { ReportDay } from '@pms/protocol/reports/figures'
import { type DayText, dayRange } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { dayFigures } from '../night-audit/snapshot.ts'
import { dayOf, type PropertyClock } from '../properties/clock.ts'

const detailOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as SnapshotDetail

/** Closed days' snapshots with from <= business date <= to, in order. */
async function readSnapshots(
  db: Db,
  propertyId: number,
  from: DayText,
  to: DayText,
): Promise<DailySnapshot[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT business_date, rooms_in_service, rooms_sold, rooms_complimentary, rooms_house_use,
        rooms_out_of_order, rooms_long_term_closed, hourly_stays, arrivals, departures, in_house_guests, no_shows, cancellations,
        room_revenue_cents, other_revenue_cents, folio_charge_cents, receivables_cents, detail
      FROM pms_daily_snapshot WHERE property_id = ${propertyId}
        AND business_date BETWEEN ${from}::date AND ${to}::date ORDER BY business_date`),
  )
  return rows.map((r) => {
    const n = (k: string) => Number(r[k])
    return {
      businessDate: dayOf(r.business_date),
      roomsInService: n('rooms_in_service'),
      roomsSold: n('rooms_sold'),
      roomsComplimentary: n('rooms_complimentary'),
      roomsHouseUse: n('rooms_house_use'),
      roomsOutOfOrder: n('rooms_out_of_order'),
      roomsLongTermClosed: n('rooms_long_term_closed'),
      hourlyStays: n('hourly_stays'),
      arrivals: n('arrivals'),
      departures: n('departures'),
      inHouseGuests: n('in_house_guests'),
      noShows: n('no_shows'),
      cancellations: n('cancellations'),
      roomRevenueCents: n('room_revenue_cents'),
      otherRevenueCents: n('other_revenue_cents'),
      folioChargeCents: n('folio_charge_cents'),
      receivablesCents: n('receivables_cents'),
      detail: detailOf(r.detail),
    }
  })
}

/** The report days from `from` to `to` (inclusive) for a property on its clock. */
export async function reportDays(
  db: Db,
  propertyId: number,
  clock: PropertyClock,
  from: DayText,
  to: DayText,
): Promise<ReportDay[]> {
  const days: ReportDay[] = (await readSnapshots(db, propertyId, from, to)).map((snapshot) => ({
    snapshot,
    provisional: false,
  }))
  const open = clock.businessDate
  if (open >= from && open <= to && !days.some((d) => d.snapshot.businessDate === open)) {
    const live = await dayFigures(db, {
      propertyId,
      businessDate: open,
      timeZone: clock.timeZone,
      day: dayRange(open, clock.timeZone),
      now: new Date(),
      createBy: null,
      noShowRule: 'keep',
    })
    days.push({ snapshot: live, provisional: true })
  }
  return days
}
