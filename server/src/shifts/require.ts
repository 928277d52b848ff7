// The property setting "open a shift before taking money" (PropertyConfig.requireShift): when on, money that moves
// through a cashier's drawer at the desk (deposits, payments, refunds; not member-card payments, which move no money)
// is refused to a cashier without an open shift in the property. Off, the desk posts as it always did.
import type { PropertyConfig } from '@pms/protocol/api/properties'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { conflict } from '../http/errors.ts'
import { readPropertyConfig } from '../properties/config.ts'

const DRAWER_KINDS = new Set(['deposit', 'payment', 'refund'])

export async function requireOpenShift(
  tx: Db,
  posting: { propertyId: number; kind: string; method: string | null; createBy: number | null },
  /** The property's configuration when the caller read it in this transaction. */
  known?: PropertyConfig,
): Promise<void> {
  if (posting.createBy === null || !DRAWER_KINDS.has(posting.kind) || posting.method === 'memberCard') return
  if (!(known ?? (await readPropertyConfig(tx, posting.propertyId))).requireShift) return
  const result = await tx.execute(sql`SELECT 1 FROM pms_shift WHERE property_id = ${posting.propertyId}
    AND user_id = ${posting.createBy} AND state = 'open'`)
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
  if (!rows.length) throw conflict('shift.required')
}
