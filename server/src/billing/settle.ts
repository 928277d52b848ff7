// Settling a folio: the desk closes it to entries once its balance is zero and no room of another order joined to it
// is still in house. An order settles its own folio: one whose rooms are joined to another order's account never
// settles that account (billing/joint-rooms.ts rule 3).
import { type FolioLine, folioTotals, refuseSettle } from '@pms/protocol/billing/index'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { folioEntry } from '../db/schema/index.ts'
import { AppError, conflict } from '../http/errors.ts'
import { findOrder } from './folio.ts'
import { refuseJointRoomsInHouse } from './joint-rooms.ts'

/**
 * Marks the order's own folio settled; refused unless its balance is zero (400), when settled (409), or while a room
 * of another order joined to it is still in house (409 naming it).
 */
export async function settleFolio(
  tx: Db,
  propertyId: number,
  orderId: number,
  userId: number,
): Promise<void> {
  const owner = await findOrder(tx, propertyId, orderId, true)
  const folioOrderId = owner.orderId
  const lines = (await tx
    .select({ kind: folioEntry.kind, amountCents: folioEntry.amountCents })
    .from(folioEntry)
    .where(eq(folioEntry.orderId, folioOrderId))) as FolioLine[]
  const refusal = refuseSettle(folioTotals(lines), owner.settled)
  if (refusal?.key === 'billing.folioSettled') throw conflict(refusal.key)
  // Another order's room joined to this account and still in house posts here still: it is unjoined first (409).
  await refuseJointRoomsInHouse(tx, propertyId, folioOrderId)
  if (refusal) throw new AppError(400, refusal.key, refusal.params)
  await tx.execute(
    sql`UPDATE pms_order SET settled = true, settled_at = now(), settled_by = ${userId} WHERE order_id = ${folioOrderId}`,
  )
}
