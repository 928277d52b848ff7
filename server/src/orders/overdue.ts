// The overdue sweep (SPEC §4 Order overdue): an order checked in with a stay past its end becomes overdue. Lists and
// details already compute it; the night audit calls this to make it a state (and a line of history).
import { OrderAction, OrderState } from '@pms/protocol/api/orders'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { orderEvent } from '../db/schema/index.ts'
import { requireTransition } from './state-machine.ts'
/** Marks overdue every checked-in order (of one property, or all) with a stay past its end; returns their ids. */
export async function sweepOverdue(db: Db, now: Date, propertyId?: number): Promise<number[]> {
  const next = requireTransition(OrderState.checkIn, OrderAction.overdue)
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const rows = rowsOf<{ orderId: number; propertyId: number }>(
      await tx.execute(sql`
        UPDATE pms_order o SET state = ${next}, update_time = ${now.toISOString()}::timestamptz
        WHERE o.state = ${OrderState.checkIn}
          ${propertyId ? sql`AND o.property_id = ${propertyId}` : sql``}
          AND EXISTS (SELECT 1 FROM pms_order_room r WHERE r.order_id = o.order_id AND r.state = 'checkIn'
            AND upper(r.stay) <= ${now.toISOString()}::timestamptz)
        RETURNING o.order_id AS "orderId", o.property_id AS "propertyId"`),
    )
    if (rows.length)
      await tx.insert(orderEvent).values(
        rows.map((r) => ({
          orderId: Number(r.orderId),
          propertyId: Number(r.propertyId),
          action: OrderAction.overdue,
          stateBefore: OrderState.checkIn,
          stateAfter: next,
          createTime: now,
        })),
      )
    return rows.map((r) => Number(r.orderId))
  })
}
