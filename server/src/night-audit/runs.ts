// The history of closed days: each run with its step log, newest first.
import type { NightAuditRun, NightAuditStepLog } from '@pms/protocol/api/night-audit'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { paging } from '../http/reply.ts'
import { formatTime } from '../notifications/push.ts'
import { dayOf, propertyTimeZone } from '../properties/clock.ts'
export async function listRuns(
  db: Db,
  propertyId: number,
  query: { pageNum?: number; pageSize?: number },
): Promise<{ rows: NightAuditRun[]; total: number }> {
  const { limit, offset } = paging(query)
  const timeZone = await propertyTimeZone(db, propertyId)
  const [counted] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM pms_night_audit WHERE property_id = ${propertyId}`),
  )
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM pms_night_audit WHERE property_id = ${propertyId}
      ORDER BY business_date DESC LIMIT ${limit} OFFSET ${offset}`),
  )
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((r) => ({
      auditId: Number(r.audit_id),
      businessDate: dayOf(r.business_date),
      triggerKind: r.trigger_kind as 'manual' | 'schedule',
      steps: (typeof r.steps === 'string' ? JSON.parse(r.steps) : r.steps) as NightAuditStepLog[],
      voucherId: r.voucher_id === null ? null : Number(r.voucher_id),
      startTime: formatTime(new Date(String(r.start_time)), timeZone),
      endTime: formatTime(new Date(String(r.end_time)), timeZone),
      createByName: String(r.create_by_name ?? ''),
    })),
  }
}
