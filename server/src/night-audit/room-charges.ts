// Step 1 of the night audit: the night's room charge for every stay in house, at its price (a member's grade price
// is already the stay's price), once per stay and business date. Hourly stays are not charged nightly (their bill
// charges hour units at check-out); a stay checked in and out within the day is charged by its check-out bill; a
// complimentary or house-use stay (stay-marks.ts) is not charged. The
// unique index pms_folio_entry_night_uq (order room, business date) makes a second posting impossible, so a re-run
// after an interruption posts only what is missing. One statement for the whole property.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { type AuditDay, iso } from './day.ts'

/**
 * The folio each joined stay in house posts to: the order of the first room up its own joint-room chain, as its
 * check-out charges and extras post (billing/folio.ts stayFolioOf, billing/joint-rooms.ts rule 1). A stay joined to
 * nothing posts to its own order.
 */
const FOLIO_OF_JOINED_STAYS = (propertyId: number) => sql`
  WITH RECURSIVE chain AS (
    SELECT s.order_room_id AS start_stay, s.main_room_id, s.order_id, 0 AS depth
    FROM pms_order_room s
    WHERE s.property_id = ${propertyId} AND s.state = 'checkIn' AND s.main_room_id IS NOT NULL
    UNION ALL
    SELECT c.start_stay, r.main_room_id, r.order_id, c.depth + 1
    FROM pms_order_room r JOIN chain c ON r.order_room_id = c.main_room_id
    WHERE c.depth < 16
  ), folio AS (
    SELECT DISTINCT ON (start_stay) start_stay, order_id AS folio_order FROM chain ORDER BY start_stay, depth DESC
  )`

export async function postRoomCharges(tx: Db, d: AuditDay): Promise<{ charged: number; cents: number }> {
  const rows = rowsOf<{ orderId: number; amount: number }>(
    await tx.execute(sql`
      ${FOLIO_OF_JOINED_STAYS(d.propertyId)}
      INSERT INTO pms_folio_entry (property_id, order_id, order_room_id, kind, amount_cents, debit_account,
        credit_account, remark, business_date, night_charge, create_by)
      SELECT s.property_id, COALESCE(f.folio_order, s.order_id), s.order_room_id, 'roomCharge', s.price_cents,
        'guest', 'roomRevenue', ${`Night audit ${d.businessDate}`}, ${d.businessDate}::date, true, ${d.createBy}
      FROM pms_order_room s
      JOIN pms_order o ON o.order_id = s.order_id
      LEFT JOIN folio f ON f.start_stay = s.order_room_id
      WHERE s.property_id = ${d.propertyId} AND s.state = 'checkIn' AND NOT o.hourly AND s.price_cents > 0
        AND s.stay_mark = ''
        AND COALESCE(s.checked_in_at, lower(s.stay)) < ${iso(d.day.end)}::timestamptz
      ON CONFLICT (order_room_id, business_date) WHERE night_charge DO NOTHING
      RETURNING order_id AS "orderId", amount_cents AS amount`),
  )
  if (rows.length) {
    // A settled folio that gets a new charge is no longer settled (as at check-out).
    const orders = [...new Set(rows.map((r) => Number(r.orderId)))]
    await tx.execute(sql`UPDATE pms_order SET settled = false, settled_at = NULL, settled_by = NULL
      WHERE settled AND order_id IN (SELECT unnest(${`{${orders.join(',')}}`}::bigint[]))`)
  }
  return { charged: rows.length, cents: rows.reduce((s, r) => s + Number(r.amount), 0) }
}

/** How many stays the run would charge now (the overview shows it before the run). */
export async function inHouseToCharge(db: Db, d: Pick<AuditDay, 'propertyId' | 'businessDate' | 'day'>) {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      SELECT count(*) AS n FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
      WHERE s.property_id = ${d.propertyId} AND s.state = 'checkIn' AND NOT o.hourly AND s.price_cents > 0
        AND s.stay_mark = ''
        AND COALESCE(s.checked_in_at, lower(s.stay)) < ${iso(d.day.end)}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM pms_folio_entry e WHERE e.order_room_id = s.order_room_id
          AND e.business_date = ${d.businessDate}::date AND e.night_charge)`),
  )
  return Number(row?.n ?? 0)
}
