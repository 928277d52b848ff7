// Under the 'close' rule the night audit closes the cashier shifts still open: counted as expected (no over or
// short), marked as closed by the audit, before the day's figures are frozen.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { expectedByMethod } from '../shifts/drawer.ts'
import type { AuditDay } from './day.ts'

export async function closeOpenShifts(tx: Db, d: AuditDay): Promise<{ closed: number }> {
  const open = rowsOf<{ shift_id: number }>(
    await tx.execute(sql`SELECT shift_id FROM pms_shift WHERE property_id = ${d.propertyId} AND state = 'open'
      FOR UPDATE`),
  )
  for (const s of open) {
    const expected = await expectedByMethod(tx, Number(s.shift_id), d.now)
    await tx.execute(sql`UPDATE pms_shift SET state = 'closed', close_time = ${d.now.toISOString()}::timestamptz,
      counted = ${JSON.stringify(expected)}::jsonb, expected = ${JSON.stringify(expected)}::jsonb,
      over_short_cents = 0, closed_by = 'audit' WHERE shift_id = ${Number(s.shift_id)}`)
  }
  return { closed: open.length }
}
