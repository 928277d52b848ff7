// Rooms of other orders joined to an account (jointRoom) and still in house. Their charges post to this account's
// folio, so the account may not leave or be settled while they stay: the desk cancels the joint room first (the
// room then bills to its own order's folio again). A room joined from the account's own order is not one of them:
// the order's own folio stays open until its last room leaves.
import type { JointRoomInHouse } from '@pms/protocol/api/billing'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { conflict } from '../http/errors.ts'
import { MAX_CHAIN } from './folio.ts'

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/**
 * The checked-in stays of orders other than `orderId` joined (down any joint-room chain) to one of `mainRoomIds`, or,
 * when `mainRoomIds` is omitted, to any stay of `orderId`.
 */
export async function jointRoomsInHouse(
  tx: Db,
  propertyId: number,
  orderId: number,
  mainRoomIds?: readonly number[],
): Promise<JointRoomInHouse[]> {
  if (mainRoomIds && !mainRoomIds.length) return []
  const roots = mainRoomIds
    ? sql`SELECT order_room_id, 0 AS depth FROM pms_order_room
        WHERE property_id = ${propertyId} AND order_room_id IN (${sql.join(
          mainRoomIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
    : sql`SELECT order_room_id, 0 AS depth FROM pms_order_room
        WHERE property_id = ${propertyId} AND order_id = ${orderId}`
  const rows = rowsOf<{ order_room_id: unknown; order_id: unknown; order_no: unknown; room_no: unknown }>(
    await tx.execute(sql`
      WITH RECURSIVE joined AS (
        ${roots}
        UNION ALL
        SELECT r.order_room_id, j.depth + 1 FROM pms_order_room r JOIN joined j ON r.main_room_id = j.order_room_id
        WHERE j.depth < ${MAX_CHAIN}
      )
      SELECT DISTINCT s.order_room_id, s.order_id, o.order_no, rm.room_no
      FROM joined j
      JOIN pms_order_room s ON s.order_room_id = j.order_room_id
      JOIN pms_order o ON o.order_id = s.order_id
      LEFT JOIN pms_room rm ON rm.room_id = s.room_id
      WHERE j.depth > 0 AND s.order_id <> ${orderId} AND s.state = 'checkIn'
      ORDER BY s.order_room_id`),
  )
  return rows.map((r) => ({
    orderRoomId: Number(r.order_room_id),
    orderId: Number(r.order_id),
    orderNo: String(r.order_no),
    roomNo: r.room_no == null ? null : String(r.room_no),
  }))
}

/** Step of check-out and settling: 409 naming the rooms of other orders still in house on this account. */
export async function refuseJointRoomsInHouse(
  tx: Db,
  propertyId: number,
  orderId: number,
  mainRoomIds?: readonly number[],
): Promise<void> {
  const joined = await jointRoomsInHouse(tx, propertyId, orderId, mainRoomIds)
  if (!joined.length) return
  const rooms = joined.map((j) => `${j.roomNo ?? ''} (${j.orderNo})`.trim()).join(', ')
  throw conflict('billing.jointRoomInHouse', [rooms])
}
