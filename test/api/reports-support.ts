// The reports suites' hotel: the demo hotel cut down to ten rooms — kings 101–104, twins 105–109 (109 under
// maintenance), the hourly room B101 — and closed days of last year written as the night audit would have frozen them.
import assert from 'node:assert/strict'
import type { TestProduct } from './harness.ts'
import { arrangeStaff, HOURLY, KING, type Staff, TWIN, typeOf } from './orders-support.ts'

export const ROOMS = ['101', '102', '103', '104', '105', '106', '107', '108', '109', 'B101']

export interface ReportHotel {
  staff: Staff
  kingId: number
  twinId: number
  hourlyId: number
}

export async function arrangeReportHotel(p: TestProduct): Promise<ReportHotel> {
  const staff = await arrangeStaff(p)
  const h = staff.hotel
  await p.query(`DELETE FROM pms_room WHERE property_id = $1 AND room_no <> ALL($2::text[])`, [h, ROOMS])
  const king = await typeOf(p, h, KING)
  const twin = await typeOf(p, h, TWIN)
  const hourly = await typeOf(p, h, HOURLY)
  assert.deepEqual([king.dailyPrice, twin.dailyPrice], [29800, 32800])
  await p.query(
    `UPDATE pms_room SET room_type_id = CASE WHEN room_no = 'B101' THEN $4::bigint
       WHEN room_no < '105' THEN $2::bigint ELSE $3::bigint END, maintain = (room_no = '109')
     WHERE property_id = $1`,
    [h, king.roomTypeId, twin.roomTypeId, hourly.roomTypeId],
  )
  const [{ n } = { n: '0' }] = await p.query<{ n: string }>(
    'SELECT count(*) AS n FROM pms_room WHERE property_id = $1',
    [h],
  )
  assert.equal(Number(n), 10)
  return { staff, kingId: king.roomTypeId, twinId: twin.roomTypeId, hourlyId: hourly.roomTypeId }
}

/** A closed day as the night audit freezes it (the day's row, then any breakdown rows of it). */
export async function closedDay(
  p: TestProduct,
  propertyId: number,
  date: string,
  day: { roomsInService: number; roomsSold: number; roomRevenueCents: number; detail?: object },
  breakdowns: {
    roomTypes?: Array<{
      roomTypeId: number
      typeName: string
      roomsInService: number
      sold: number
      cents: number
    }>
    segments?: Array<{ dimension: string; segment: string; sold: number; cents: number }>
  } = {},
) {
  const { roomsInService, roomsSold, roomRevenueCents } = day
  await p.query(
    `INSERT INTO pms_daily_snapshot (property_id, business_date, rooms_in_service, rooms_sold, rooms_complimentary,
       rooms_house_use, rooms_out_of_order, hourly_stays, arrivals, departures, in_house_guests, no_shows, cancellations,
       room_revenue_cents, other_revenue_cents, folio_charge_cents, receivables_cents, detail)
     VALUES ($1, $2, $3, $4, 0, 0, 0, 0, $4, 0, $4, 0, 0, $5, 0, $5, 0, $6)`,
    [propertyId, date, roomsInService, roomsSold, roomRevenueCents, JSON.stringify(day.detail ?? {})],
  )
  for (const t of breakdowns.roomTypes ?? [])
    await p.query(
      `INSERT INTO pms_daily_room_type_snapshot (property_id, business_date, room_type_id, type_name, rooms_in_service,
         rooms_out_of_order, rooms_sold, room_revenue_cents) VALUES ($1, $2, $3, $4, $5, 0, $6, $7)`,
      [propertyId, date, t.roomTypeId, t.typeName, t.roomsInService, t.sold, t.cents],
    )
  for (const s of breakdowns.segments ?? [])
    await p.query(
      `INSERT INTO pms_daily_segment_snapshot (property_id, dimension, business_date, segment, rooms_sold,
         room_revenue_cents) VALUES ($1, $2, $3, $4, $5, $6)`,
      [propertyId, s.dimension, date, s.segment, s.sold, s.cents],
    )
}

/** The same calendar day a year earlier (29 February falls back to the 28th). */
export const lastYearOf = (date: string) =>
  `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`.replace(/-02-29$/, '-02-28')
