// Step 4 of the night audit: the day's figures frozen into pms_daily_snapshot (the reports read them, never the live
// tables again). Revenue is the sum of the folio charges booked to the business date, by construction and by the
// table's check; money moved is by method and kind. Set-based statements over the property's day.
import type { DailySnapshot, SnapshotDetail } from '@pms/protocol/api/night-audit'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { dayOf } from '../properties/clock.ts'
import { freezeFloors } from '../reports/floors.ts'
import { freezeRoomTypes } from '../reports/room-types.ts'
import { freezeSegments } from '../reports/segments.ts'
import { type AuditDay, iso } from './day.ts'

const CHARGES = `('roomCharge', 'overtimeCharge', 'extraCharge')`

type Breakdown = Exclude<
  keyof SnapshotDetail,
  'memberRechargeCents' | 'memberSpentCents' | 'pointsEarned' | 'pointsUsed'
>

/**
 * The day's folio entries summed by every breakdown of the snapshot at once — revenue by item, room type, order
 * source, customer source and salesman (of the entry's folio order), money by method and kind — in one pass over the
 * day's entries: { breakdown: { name: cents } }.
 */
async function breakdownsOf(tx: Db, d: AuditDay): Promise<Record<Breakdown, Record<string, number>>> {
  const rows = rowsOf<{ b: Breakdown; k: string | null; cents: number | string }>(
    await tx.execute(sql`
      SELECT b.name AS b, b.k, sum(x.amount_cents) AS cents
      FROM (SELECT e.kind, e.method, e.amount_cents, e.item_name, t.type_name, o.order_source, o.customer_source,
          o.salesman, e.kind IN ${sql.raw(CHARGES)} AS charge
        FROM pms_folio_entry e
        -- Looked up per entry by key (LIMIT 1 keeps the planner from a hash join over every order of the property:
        -- a day holds a few hundred entries, the property hundreds of thousands of orders).
        JOIN LATERAL (SELECT order_source, customer_source, salesman FROM pms_order
          WHERE order_id = e.order_id LIMIT 1) o ON true
        LEFT JOIN LATERAL (SELECT t.type_name FROM pms_order_room s JOIN pms_room_type t ON t.room_type_id = s.room_type_id
          WHERE s.order_room_id = e.order_room_id LIMIT 1) t ON true
        WHERE e.property_id = ${d.propertyId} AND e.business_date = ${d.businessDate}::date) x
      CROSS JOIN LATERAL (VALUES
        ('revenueByItem', CASE WHEN x.item_name <> '' THEN x.item_name ELSE x.kind END, x.charge),
        ('revenueByRoomType', COALESCE(x.type_name, ''), x.charge),
        ('revenueByOrderSource', x.order_source, x.charge),
        ('revenueByCustomerSource', x.customer_source, x.charge),
        ('revenueBySalesman', x.salesman, x.charge),
        ('paymentsByMethod', x.method, x.kind = 'payment'),
        ('depositsByMethod', x.method, x.kind = 'deposit'),
        ('refundsByMethod', x.method, x.kind = 'refund'),
        ('expensesByMethod', x.method, x.kind = 'expense')) b (name, k, applies)
      WHERE b.applies
      GROUP BY 1, 2 ORDER BY 1, 2`),
  )
  const out = Object.fromEntries(
    (
      [
        'revenueByItem',
        'revenueByRoomType',
        'revenueByOrderSource',
        'revenueByCustomerSource',
        'revenueBySalesman',
        'paymentsByMethod',
        'depositsByMethod',
        'refundsByMethod',
        'expensesByMethod',
      ] as const
    ).map((b) => [b, {} as Record<string, number>]),
  ) as Record<Breakdown, Record<string, number>>
  for (const r of rows) out[r.b][r.k ?? ''] = Number(r.cents)
  return out
}

const count = async (tx: Db, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await tx.execute(query))[0]?.n ?? 0)

const SIGNED = sql.raw(`CASE WHEN kind IN ('deposit', 'payment') THEN -amount_cents ELSE amount_cents END`)

/**
 * What guests owe on every folio up to the close of the day (charges, expenses and refunds less money received): the
 * day before's frozen figure plus the day's entries when that day is closed (no entry is ever posted to a closed
 * day), else the sum of every entry up to the day.
 */
async function receivablesAt(tx: Db, propertyId: number, businessDate: string): Promise<number> {
  const [before] = rowsOf<{ n: number | string }>(
    await tx.execute(sql`SELECT receivables_cents AS n FROM pms_daily_snapshot WHERE property_id = ${propertyId}
      AND business_date = ${businessDate}::date - 1`),
  )
  if (before)
    return (
      Number(before.n) +
      (await count(
        tx,
        sql`SELECT COALESCE(sum(${SIGNED}), 0) AS n FROM pms_folio_entry
          WHERE property_id = ${propertyId} AND business_date = ${businessDate}::date`,
      ))
    )
  return count(
    tx,
    sql`SELECT COALESCE(sum(${SIGNED}), 0) AS n FROM pms_folio_entry
      WHERE property_id = ${propertyId} AND business_date <= ${businessDate}::date`,
  )
}

/** Computes the day's figures (without writing them). */
export async function dayFigures(tx: Db, d: AuditDay): Promise<DailySnapshot> {
  const p = d.propertyId
  const start = iso(d.day.start)
  const end = iso(d.day.end)
  const charges = sql.raw(CHARGES)
  const [rooms] = rowsOf<Record<string, number | string>>(
    await tx.execute(sql`SELECT count(*) FILTER (WHERE NOT locked AND NOT maintain) AS "inService",
      count(*) FILTER (WHERE locked OR maintain) AS "outOfOrder",
      count(*) FILTER (WHERE (locked OR maintain) AND long_term_closed) AS "longTerm"
      FROM pms_room WHERE property_id = ${p}`),
  )
  const [sold] = rowsOf<Record<string, number | string>>(
    await tx.execute(sql`SELECT
        count(DISTINCT s.room_id) FILTER (WHERE e.entry_id IS NOT NULL) AS sold,
        count(DISTINCT s.room_id) FILTER (WHERE NOT o.hourly AND (s.stay_mark = 'complimentary'
          OR (s.stay_mark = '' AND s.price_cents = 0))) AS complimentary,
        count(DISTINCT s.room_id) FILTER (WHERE NOT o.hourly AND s.stay_mark = 'houseUse') AS "houseUse",
        (SELECT count(*) FROM pms_order_guest g JOIN pms_order_room gs ON gs.order_room_id = g.order_room_id
          WHERE g.property_id = ${p} AND gs.property_id = ${p} AND gs.state = 'checkIn') AS guests
      FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
      LEFT JOIN pms_folio_entry e ON e.order_room_id = s.order_room_id AND e.night_charge
        AND e.property_id = ${p} AND e.business_date = ${d.businessDate}::date
      WHERE s.property_id = ${p} AND s.state = 'checkIn'`),
  )
  const inDay = (column: string) =>
    sql`${sql.raw(column)} >= ${start}::timestamptz AND ${sql.raw(column)} < ${end}::timestamptz`
  const hourlyStays = await count(
    tx,
    sql`SELECT count(*) AS n FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
      WHERE s.property_id = ${p} AND o.hourly AND ${inDay('s.checked_in_at')}`,
  )
  const arrivals = await count(
    tx,
    sql`SELECT count(*) AS n FROM pms_order_room s WHERE s.property_id = ${p} AND ${inDay('s.checked_in_at')}`,
  )
  const departures = await count(
    tx,
    sql`SELECT count(*) AS n FROM pms_order_room s WHERE s.property_id = ${p} AND ${inDay('s.checked_out_at')}`,
  )
  // No-shows and cancellations of the day: the desk's actions within the day, and the audit's own for this date.
  const noShows = await count(
    tx,
    sql`SELECT count(*) AS n FROM pms_order_event ev WHERE ev.property_id = ${p} AND ev.action = 'noShow'
      AND (ev.detail ->> 'nightAudit' = ${d.businessDate} OR (ev.detail ->> 'nightAudit' IS NULL AND ${inDay('ev.create_time')}))`,
  )
  const cancellations = await count(
    tx,
    sql`SELECT count(*) AS n FROM pms_order_event ev WHERE ev.property_id = ${p} AND ev.action = 'cancelBooking'
      AND ${inDay('ev.create_time')}`,
  )
  const [money] = rowsOf<Record<string, number | string | null>>(
    await tx.execute(sql`SELECT
        COALESCE(sum(amount_cents) FILTER (WHERE kind IN ('roomCharge', 'overtimeCharge')), 0) AS room,
        COALESCE(sum(amount_cents) FILTER (WHERE kind = 'extraCharge'), 0) AS other,
        COALESCE(sum(amount_cents) FILTER (WHERE kind IN ${charges}), 0) AS charges
      FROM pms_folio_entry WHERE property_id = ${p} AND business_date = ${d.businessDate}::date`),
  )
  const receivables = await receivablesAt(tx, p, d.businessDate)
  const [members] = rowsOf<Record<string, number | string | null>>(
    await tx.execute(sql`SELECT
        COALESCE(sum(base_delta) FILTER (WHERE kind = 'recharge'), 0) AS recharge,
        COALESCE(-sum(base_delta + gift_delta) FILTER (WHERE kind = 'spend'), 0) AS spent,
        COALESCE(sum(points_delta) FILTER (WHERE points_delta > 0), 0) AS earned,
        COALESCE(-sum(points_delta) FILTER (WHERE points_delta < 0 AND kind <> 'expiry'), 0) AS used
      FROM pms_member_record WHERE property_id = ${p} AND business_date = ${d.businessDate}::date`),
  )
  const detail: SnapshotDetail = {
    ...(await breakdownsOf(tx, d)),
    memberRechargeCents: Number(members?.recharge ?? 0),
    memberSpentCents: Number(members?.spent ?? 0),
    pointsEarned: Number(members?.earned ?? 0),
    pointsUsed: Number(members?.used ?? 0),
  }
  return {
    businessDate: d.businessDate,
    roomsInService: Number(rooms?.inService ?? 0),
    roomsSold: Number(sold?.sold ?? 0),
    roomsComplimentary: Number(sold?.complimentary ?? 0),
    // Marked stays (stay-marks.ts) are not charged, so neither sold nor room revenue: counted apart here. An unmarked
    // stay at price 0 counts as complimentary.
    roomsHouseUse: Number(sold?.houseUse ?? 0),
    roomsOutOfOrder: Number(rooms?.outOfOrder ?? 0),
    roomsLongTermClosed: Number(rooms?.longTerm ?? 0),
    hourlyStays,
    arrivals,
    departures,
    inHouseGuests: Number(sold?.guests ?? 0),
    noShows,
    cancellations,
    roomRevenueCents: Number(money?.room ?? 0),
    otherRevenueCents: Number(money?.other ?? 0),
    folioChargeCents: Number(money?.charges ?? 0),
    receivablesCents: receivables,
    detail,
  }
}

export async function freezeSnapshot(tx: Db, d: AuditDay): Promise<{ snapshot: DailySnapshot }> {
  const s = await dayFigures(tx, d)
  // A re-run after an interruption that rolled back never finds a row; the primary key refuses a second one.
  await tx.execute(sql`INSERT INTO pms_daily_snapshot (property_id, business_date, rooms_in_service, rooms_sold,
      rooms_complimentary, rooms_house_use, rooms_out_of_order, rooms_long_term_closed, hourly_stays, arrivals,
      departures, in_house_guests, no_shows, cancellations, room_revenue_cents, other_revenue_cents, folio_charge_cents,
      receivables_cents, detail)
    VALUES (${d.propertyId}, ${d.businessDate}::date, ${s.roomsInService}, ${s.roomsSold}, ${s.roomsComplimentary},
      ${s.roomsHouseUse}, ${s.roomsOutOfOrder}, ${s.roomsLongTermClosed}, ${s.hourlyStays}, ${s.arrivals}, ${s.departures}, ${s.inHouseGuests},
      ${s.noShows}, ${s.cancellations}, ${s.roomRevenueCents}, ${s.otherRevenueCents}, ${s.folioChargeCents},
      ${s.receivablesCents}, ${JSON.stringify(s.detail)}::jsonb)`)
  // The breakdowns the revenue analysis and the occupancy by floor read (each sums to the day's row).
  await freezeRoomTypes(tx, d.propertyId, d.businessDate)
  await freezeSegments(tx, d.propertyId, d.businessDate)
  await freezeFloors(tx, d.propertyId, d.businessDate)
  return { snapshot: s }
}

/** A closed day's snapshot, or null. */
export async function readSnapshot(
  db: Db,
  propertyId: number,
  businessDate: string,
): Promise<DailySnapshot | null> {
  const [r] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM pms_daily_snapshot WHERE property_id = ${propertyId}
      AND business_date = ${businessDate}::date`),
  )
  if (!r) return null
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
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as SnapshotDetail,
  }
}
