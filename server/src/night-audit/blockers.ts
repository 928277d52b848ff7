// What the overview lists before a run (issue 13): reservations due and not checked in, stays due out and still in
// house, cashier shifts still open, unsettled folios of departed guests. Only an open shift under the 'block' rule
// stops the run; the others are decisions the run takes (no-show or keep; overdue) or reminders with a link.
import { BlockerKind, type NightAuditBlocker } from '@pms/protocol/api/night-audit'
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { formatTime } from '../notifications/push.ts'
import { type AuditDay, iso } from './day.ts'
import { openShiftBlockers } from './shift-blockers.ts'

type Day = Pick<AuditDay, 'propertyId' | 'day' | 'timeZone'> & { openShiftRule: 'close' | 'block' }

const at = (v: unknown, timeZone: string) => (v ? formatTime(new Date(String(v)), timeZone) : null)

export async function listBlockers(db: Db, d: Day): Promise<NightAuditBlocker[]> {
  const p = d.propertyId
  const end = iso(d.day.end)
  const arrivals = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT o.order_id AS "orderId", o.order_no AS "orderNo", o.contact_name AS name, o.check_in_at AS time,
        (SELECT rm.room_no FROM pms_order_room r JOIN pms_room rm ON rm.room_id = r.room_id
          WHERE r.order_id = o.order_id ORDER BY r.order_room_id LIMIT 1) AS "roomNo"
      FROM pms_order o
      WHERE o.property_id = ${p} AND o.state = 'booking' AND o.check_in_at < ${end}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM pms_order_room r WHERE r.order_id = o.order_id AND r.state = 'checkIn')
      ORDER BY o.check_in_at, o.order_id`),
  )
  /** Stays matching `where`, each with its order, room, main guest (or the contact) and `time` (its start or end). */
  const staysWhere = async (time: SQL, where: SQL) =>
    rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        SELECT o.order_id AS "orderId", o.order_no AS "orderNo", rm.room_no AS "roomNo", ${time} AS time,
          COALESCE((SELECT g.name FROM pms_order_guest g WHERE g.order_room_id = s.order_room_id
            ORDER BY g.main DESC, g.guest_id LIMIT 1), o.contact_name) AS name
        FROM pms_order_room s JOIN pms_order o ON o.order_id = s.order_id
        LEFT JOIN pms_room rm ON rm.room_id = s.room_id
        WHERE s.property_id = ${p} AND ${time} < ${end}::timestamptz AND ${where}
        ORDER BY ${time}, s.order_room_id`),
    )
  // Rooms of orders whose other guests came (a group's rooms still to arrive, a room added to an order in house).
  const stayArrivals = await staysWhere(sql`lower(s.stay)`, sql`s.state = 'booking' AND o.state <> 'booking'`)
  const dueOut = await staysWhere(sql`upper(s.stay)`, sql`s.state = 'checkIn'`)
  const unsettled = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT o.order_id AS "orderId", o.order_no AS "orderNo", o.contact_name AS name, b.balance AS balance,
        -- When the guests left (not the planned departure), and the room they left.
        (SELECT max(r.checked_out_at) FROM pms_order_room r WHERE r.order_id = o.order_id) AS time,
        (SELECT rm.room_no FROM pms_order_room r JOIN pms_room rm ON rm.room_id = r.room_id
          WHERE r.order_id = o.order_id AND r.state = 'checkOut' ORDER BY r.checked_out_at DESC LIMIT 1) AS "roomNo"
      FROM pms_order o
      JOIN (SELECT order_id, sum(CASE WHEN kind IN ('deposit', 'payment') THEN -amount_cents ELSE amount_cents END)
          AS balance FROM pms_folio_entry WHERE property_id = ${p} GROUP BY order_id) b ON b.order_id = o.order_id
      WHERE o.property_id = ${p} AND o.state = 'checkOut' AND NOT o.settled AND b.balance <> 0
      ORDER BY o.check_out_at, o.order_id`),
  )
  const row = (kind: NightAuditBlocker['kind'], r: Record<string, unknown>): NightAuditBlocker => ({
    kind,
    blocking: false,
    orderId: Number(r.orderId),
    orderNo: String(r.orderNo),
    roomNo: r.roomNo ? String(r.roomNo) : null,
    name: String(r.name ?? ''),
    time: at(r.time, d.timeZone),
    balanceCents: r.balance === undefined ? null : Number(r.balance),
  })
  return [
    ...[...arrivals, ...stayArrivals].map((r) => row(BlockerKind.arrivalDue, r)),
    ...dueOut.map((r) => row(BlockerKind.dueOut, r)),
    ...(await openShiftBlockers(db, d)),
    ...unsettled.map((r) => row(BlockerKind.unsettledFolio, r)),
  ]
}
