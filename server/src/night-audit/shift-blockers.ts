// Cashier shifts still open when the night audit runs (issue 13 shift handover): listed, and blocking the run when
// the property's rule is 'block'. Shifts arrive with migration 0027; until a property has any, nothing is listed.
import { BlockerKind, type NightAuditBlocker } from '@pms/protocol/api/night-audit'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { formatTime } from '../notifications/push.ts'
export async function openShiftBlockers(
  db: Db,
  d: { propertyId: number; timeZone: string; openShiftRule: 'close' | 'block' },
): Promise<NightAuditBlocker[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT s.shift_id AS "shiftId", s.user_name AS name, s.open_time AS time FROM pms_shift s
      WHERE s.property_id = ${d.propertyId} AND s.state = 'open' ORDER BY s.open_time`),
  )
  return rows.map((r) => ({
    kind: BlockerKind.openShift,
    blocking: d.openShiftRule === 'block',
    orderId: null,
    orderNo: null,
    roomNo: null,
    name: String(r.name ?? ''),
    time: formatTime(new Date(String(r.time)), d.timeZone),
    balanceCents: null,
  }))
}
