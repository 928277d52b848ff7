// Income by cashier and shift: the folio money of the period's business dates (payments + deposits − refunds, the
// income report's 'received') by who posted it and the shift it fell in — that cashier's shift in the property open at
// the entry's time (shifts/drawer.ts assigns entries the same way). One grouped statement.
import type { CashierReport, CashierShiftRow } from '@pms/protocol/api/reports'
import type { DayText } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'

const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString())

export async function cashierReport(
  db: Db,
  propertyId: number,
  openBusinessDate: DayText,
  from: DayText,
  to: DayText,
): Promise<CashierReport> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT e.create_by AS user_id, COALESCE(u.user_name, '') AS user_name, sh.shift_id, sh.open_time,
        sh.close_time, e.method,
        sum(CASE WHEN e.kind = 'refund' THEN -e.amount_cents ELSE e.amount_cents END) AS cents
      FROM pms_folio_entry e
      LEFT JOIN sys_user u ON u.user_id = e.create_by
      LEFT JOIN LATERAL (SELECT s.shift_id, s.open_time, s.close_time FROM pms_shift s
        WHERE s.property_id = e.property_id AND s.user_id = e.create_by AND s.open_time <= e.create_time
          AND (s.close_time IS NULL OR e.create_time < s.close_time)
        ORDER BY s.open_time DESC LIMIT 1) sh ON true
      WHERE e.property_id = ${propertyId} AND e.business_date BETWEEN ${from}::date AND ${to}::date
        AND e.kind IN ('deposit', 'payment', 'refund')
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 2, 1, 4 NULLS LAST, 3, 6`),
  )
  const out: CashierShiftRow[] = []
  for (const r of rows) {
    const userId = r.user_id == null ? null : Number(r.user_id)
    const shiftId = r.shift_id == null ? null : Number(r.shift_id)
    let row = out.find((x) => x.userId === userId && x.shiftId === shiftId)
    if (!row) {
      row = {
        userId,
        userName: String(r.user_name),
        shiftId,
        openTime: iso(r.open_time),
        closeTime: iso(r.close_time),
        receivedByMethod: {},
        receivedCents: 0,
      }
      out.push(row)
    }
    const method = String(r.method ?? '')
    row.receivedByMethod[method] = (row.receivedByMethod[method] ?? 0) + Number(r.cents)
    row.receivedCents += Number(r.cents)
  }
  const cashiers: CashierReport['cashiers'] = []
  const totalByMethod: Record<string, number> = {}
  for (const row of out) {
    let c = cashiers.find((x) => x.userId === row.userId)
    if (!c) {
      c = { userId: row.userId, userName: row.userName, receivedByMethod: {}, receivedCents: 0 }
      cashiers.push(c)
    }
    for (const [m, cents] of Object.entries(row.receivedByMethod)) {
      c.receivedByMethod[m] = (c.receivedByMethod[m] ?? 0) + cents
      totalByMethod[m] = (totalByMethod[m] ?? 0) + cents
    }
    c.receivedCents += row.receivedCents
  }
  return {
    beginDate: from,
    endDate: to,
    openBusinessDate,
    rows: out,
    cashiers,
    totalByMethod,
    totalCents: out.reduce((n, r) => n + r.receivedCents, 0),
  }
}
