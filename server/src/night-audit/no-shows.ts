// Steps 2 and 3 of the night audit: reservations due on or before the business date and not checked in become
// no-shows (when the rule says so; kept as bookings otherwise), and orders in house past their departure become
// overdue. Each change is a line of the order's history, as when the desk does it; set-based for the property.
import { OrderAction, OrderState, ReserveState, StayState } from '@pms/protocol/api/orders'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { requireTransition } from '../orders/state-machine.ts'
import { type AuditDay, iso } from './day.ts'

/** Orders still booked whose every stay was due to arrive before the business date ended. */
const DUE_BOOKINGS = (d: Pick<AuditDay, 'propertyId' | 'day'>) => sql`
  SELECT o.order_id FROM pms_order o
  WHERE o.property_id = ${d.propertyId} AND o.state = ${OrderState.booking}
    AND o.check_in_at < ${iso(d.day.end)}::timestamptz
    AND NOT EXISTS (SELECT 1 FROM pms_order_room r WHERE r.order_id = o.order_id AND r.state = ${StayState.checkIn})`

/**
 * Stays still booked and due of orders whose other guests came (a group's rooms that never arrived, a room added to an
 * order in house): each is a no-show of its own; the order keeps its state.
 */
const DUE_STAYS = (d: Pick<AuditDay, 'propertyId' | 'day'>) => sql`
  SELECT s.order_room_id, s.order_id FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
  WHERE s.property_id = ${d.propertyId} AND s.state = ${StayState.booking}
    AND lower(s.stay) < ${iso(d.day.end)}::timestamptz AND o.state <> ${OrderState.booking}`

export async function markNoShows(tx: Db, d: AuditDay): Promise<{ noShows: number; kept: number }> {
  const stays = await markStayNoShows(tx, d)
  const due = rowsOf<{ order_id: number }>(await tx.execute(DUE_BOOKINGS(d))).map((r) => Number(r.order_id))
  if (d.noShowRule === 'keep' || !due.length) return { noShows: stays.noShows, kept: due.length + stays.kept }
  const next = requireTransition(OrderState.booking, OrderAction.noShow)
  const ids = sql`(SELECT unnest(${`{${due.join(',')}}`}::bigint[]))`
  await tx.execute(sql`UPDATE pms_order SET state = ${next}, reserve_state = ${ReserveState.noShow},
    update_time = ${iso(d.now)}::timestamptz WHERE order_id IN ${ids}`)
  await tx.execute(sql`UPDATE pms_order_room SET state = ${StayState.noShow}, update_time = ${iso(d.now)}::timestamptz
    WHERE order_id IN ${ids} AND state = ${StayState.booking}`)
  await tx.execute(sql`INSERT INTO pms_order_event (order_id, property_id, action, state_before, state_after, detail,
      create_by, create_time)
    SELECT id, ${d.propertyId}, ${OrderAction.noShow}, ${OrderState.booking}, ${next},
      ${JSON.stringify({ nightAudit: d.businessDate })}::jsonb, ${d.createBy}, ${iso(d.now)}::timestamptz
    FROM unnest(${`{${due.join(',')}}`}::bigint[]) AS id`)
  return { noShows: due.length + stays.noShows, kept: stays.kept }
}

/**
 * Step: the due stays of partly arrived orders become no-shows (under the 'noShow' rule), one history line per order
 * naming them; the orders keep their state (their guests in house check out as usual).
 */
export async function markStayNoShows(tx: Db, d: AuditDay): Promise<{ noShows: number; kept: number }> {
  const due = rowsOf<{ order_room_id: number; order_id: number }>(await tx.execute(DUE_STAYS(d)))
  if (d.noShowRule === 'keep' || !due.length) return { noShows: 0, kept: due.length }
  const stayIds = `{${due.map((r) => Number(r.order_room_id)).join(',')}}`
  const orderIds = `{${[...new Set(due.map((r) => Number(r.order_id)))].join(',')}}`
  await tx.execute(sql`UPDATE pms_order_room SET state = ${StayState.noShow}, update_time = ${iso(d.now)}::timestamptz
    WHERE order_room_id = ANY(${stayIds}::bigint[])`)
  await tx.execute(sql`INSERT INTO pms_order_event (order_id, property_id, action, state_before, state_after, detail,
      create_by, create_time)
    SELECT o.order_id, ${d.propertyId}, ${OrderAction.noShow}, o.state, o.state,
      jsonb_build_object('nightAudit', ${d.businessDate}::text, 'rooms',
        (SELECT jsonb_agg(s.order_room_id ORDER BY s.order_room_id) FROM pms_order_room s
          WHERE s.order_id = o.order_id AND s.order_room_id = ANY(${stayIds}::bigint[]))),
      ${d.createBy}, ${iso(d.now)}::timestamptz
    FROM pms_order o WHERE o.order_id = ANY(${orderIds}::bigint[])`)
  return { noShows: due.length, kept: 0 }
}

export async function markOverdue(tx: Db, d: AuditDay): Promise<{ overdue: number }> {
  const next = requireTransition(OrderState.checkIn, OrderAction.overdue)
  const rows = rowsOf<{ orderId: number }>(
    await tx.execute(sql`
      UPDATE pms_order o SET state = ${next}, update_time = ${iso(d.now)}::timestamptz
      WHERE o.property_id = ${d.propertyId} AND o.state = ${OrderState.checkIn}
        AND EXISTS (SELECT 1 FROM pms_order_room r WHERE r.order_id = o.order_id AND r.state = ${StayState.checkIn}
          AND upper(r.stay) <= LEAST(${iso(d.now)}::timestamptz, ${iso(d.day.end)}::timestamptz))
      RETURNING o.order_id AS "orderId"`),
  )
  if (rows.length)
    await tx.execute(sql`INSERT INTO pms_order_event (order_id, property_id, action, state_before, state_after, detail,
        create_by, create_time)
      SELECT id, ${d.propertyId}, ${OrderAction.overdue}, ${OrderState.checkIn}, ${next},
        ${JSON.stringify({ nightAudit: d.businessDate })}::jsonb, ${d.createBy}, ${iso(d.now)}::timestamptz
      FROM unnest(${`{${rows.map((r) => Number(r.orderId)).join(',')}}`}::bigint[]) AS id`)
  return { overdue: rows.length }
}
