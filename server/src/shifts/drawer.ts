// The cash drawer of a cashier shift: what its cashier took in and paid out per method while it was open (folio
// deposits and payments in, refunds and expenses out, member recharges in), the opening float in cash, and what the
// drawer should therefore hold. Entries belong to a shift by who posted them, in which property, and when.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'

export interface DrawerEntry {
  source: 'folio' | 'member'
  entryId: number
  kind: string
  method: string
  /** Signed: money in is positive, money out negative. */
  cents: number
  orderNo: string | null
  receiptNo: string | null
  createTime: Date
}

/** The shift's money entries, oldest first, up to `until` (its close time, or now while open). */
export async function drawerEntries(tx: Db, shiftId: number, until: Date): Promise<DrawerEntry[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH s AS (SELECT * FROM pms_shift WHERE shift_id = ${shiftId})
      SELECT 'folio' AS source, e.entry_id AS "entryId", e.kind, e.method,
        CASE WHEN e.kind IN ('deposit', 'payment') THEN e.amount_cents ELSE -e.amount_cents END AS cents,
        o.order_no AS "orderNo", e.receipt_no AS "receiptNo", e.create_time AS "createTime"
      FROM pms_folio_entry e JOIN s ON e.property_id = s.property_id AND e.create_by = s.user_id
      JOIN pms_order o ON o.order_id = e.order_id
      WHERE e.kind IN ('deposit', 'payment', 'refund', 'expense') AND e.method <> 'memberCard'
        AND e.create_time >= s.open_time AND e.create_time < COALESCE(s.close_time, ${until.toISOString()}::timestamptz)
      UNION ALL
      SELECT 'member', r.record_id, 'recharge', r.method, r.base_delta, NULL, r.receipt_no, r.create_time
      FROM pms_member_record r JOIN s ON r.property_id = s.property_id AND r.create_by = s.user_id
      WHERE r.kind = 'recharge' AND r.base_delta > 0 AND r.method IS NOT NULL
        AND r.create_time >= s.open_time AND r.create_time < COALESCE(s.close_time, ${until.toISOString()}::timestamptz)
      ORDER BY 8, 2`),
  )
  return rows.map((r) => ({
    source: r.source as 'folio' | 'member',
    entryId: Number(r.entryId),
    kind: String(r.kind),
    method: String(r.method),
    cents: Number(r.cents),
    orderNo: r.orderNo ? String(r.orderNo) : null,
    receiptNo: r.receiptNo ? String(r.receiptNo) : null,
    createTime: new Date(String(r.createTime)),
  }))
}

/** Sums by method (pure). */
export function sumByMethod(
  entries: Pick<DrawerEntry, 'method' | 'cents'>[],
  floatCents = 0,
): Record<string, number> {
  const out: Record<string, number> = {}
  if (floatCents) out.cash = floatCents
  for (const e of entries) out[e.method] = (out[e.method] ?? 0) + e.cents
  return out
}

/** What the drawer should hold per method: the opening float in cash plus the shift's takings. */
export async function expectedByMethod(
  tx: Db,
  shiftId: number,
  until: Date,
): Promise<Record<string, number>> {
  const [shift] = rowsOf<{ f: number | string }>(
    await tx.execute(sql`SELECT opening_float_cents AS f FROM pms_shift WHERE shift_id = ${shiftId}`),
  )
  return sumByMethod(await drawerEntries(tx, shiftId, until), Number(shift?.f ?? 0))
}
