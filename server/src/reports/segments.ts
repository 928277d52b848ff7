// A day's room-nights sold and room revenue by the attributes of the orders they belong to (order source, customer
// source, channel, salesman), in one set-based statement: each room charge or overtime entry is counted once per
// attribute, under the value its stay's order holds. The night audit freezes them with the day's snapshot
// (pms_daily_segment_snapshot); the open day is computed live by the same statement.
import type { RevenueDimension } from '@pms/protocol/api/reports'
import type { DayText } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
export interface SegmentSums {
  segment: string
  roomsSold: number
  roomRevenueCents: number
}

// The stay's own order (a joint room bills to the main account's folio order, but keeps its order's attributes);
// a room charge without a stay belongs to its folio's order.
const dayBySegment = (propertyId: number, businessDate: DayText) => sql`
  SELECT a.dimension, a.segment, count(DISTINCT x.room_id) FILTER (WHERE x.night_charge) AS sold,
    sum(x.amount_cents) AS revenue
  FROM (SELECT e.amount_cents, e.night_charge, s.room_id, o.order_source, o.customer_source, o.channel, o.salesman
    FROM pms_folio_entry e
    -- Looked up per entry by key (LIMIT 1 keeps the planner from hash joins over every stay and order of the
    -- property: a day's few hundred entries, hundreds of thousands of stays).
    LEFT JOIN LATERAL (SELECT room_id, order_id FROM pms_order_room WHERE order_room_id = e.order_room_id LIMIT 1) s
      ON true
    JOIN LATERAL (SELECT order_source, customer_source, channel, salesman FROM pms_order
      WHERE order_id = COALESCE(s.order_id, e.order_id) LIMIT 1) o ON true
    WHERE e.property_id = ${propertyId} AND e.business_date = ${businessDate}::date
      AND e.kind IN ('roomCharge', 'overtimeCharge')) x
  CROSS JOIN LATERAL (VALUES ('orderSource', x.order_source), ('customerSource', x.customer_source),
    ('channel', x.channel), ('salesman', x.salesman)) a (dimension, segment)
  GROUP BY 1, 2`

/** The open day's figures of one dimension, live. */
export async function segmentDay(
  db: Db,
  propertyId: number,
  businessDate: DayText,
  dimension: RevenueDimension,
): Promise<SegmentSums[]> {
  return rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT * FROM (${dayBySegment(propertyId, businessDate)}) d WHERE d.dimension = ${dimension}`,
    ),
  ).map((r) => ({
    segment: String(r.segment),
    roomsSold: Number(r.sold),
    roomRevenueCents: Number(r.revenue),
  }))
}

/** Freezes the day's figures by segment (after the day's snapshot row, in the night audit's transaction). */
export async function freezeSegments(tx: Db, propertyId: number, businessDate: DayText): Promise<void> {
  await tx.execute(sql`INSERT INTO pms_daily_segment_snapshot (property_id, dimension, business_date, segment,
      rooms_sold, room_revenue_cents)
    SELECT ${propertyId}, dimension, ${businessDate}::date, segment, sold, revenue
    FROM (${dayBySegment(propertyId, businessDate)}) d`)
}

/**
 * The closed days' figures of one dimension over [from, to] (days before `open` only), by segment and by step of
 * the trend (a day, or the month 'YYYY-MM'): one range read of the snapshot's key.
 */
export async function closedSegments(
  db: Db,
  propertyId: number,
  dimension: RevenueDimension,
  from: DayText,
  to: DayText,
  open: DayText,
  step: 'day' | 'month',
): Promise<Array<SegmentSums & { key: string }>> {
  const key =
    step === 'day' ? sql`to_char(business_date, 'YYYY-MM-DD')` : sql`to_char(business_date, 'YYYY-MM')`
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${key} AS key, segment, sum(rooms_sold) AS sold, sum(room_revenue_cents) AS revenue
      FROM pms_daily_segment_snapshot WHERE property_id = ${propertyId} AND dimension = ${dimension}
        AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${open}::date
      GROUP BY 1, 2`),
  )
  return rows.map((r) => ({
    key: String(r.key),
    segment: String(r.segment),
    roomsSold: Number(r.sold),
    roomRevenueCents: Number(r.revenue),
  }))
}
