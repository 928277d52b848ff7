// The stays of a member (issue 12, member detail): the orders bound to the member (pms_order_member, at booking,
// check-in or from the folio), newest first, with their stay times on the property's clock, rooms, and what their
// folio charged and was paid. A member of another property answers 404.
import type { MemberStayView } from '@pms/protocol/api/members'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { member } from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import { propertyTime, propertyTimeZone } from '../properties/clock.ts'

interface StayRow {
  order_id: string | number
  order_no: string
  state: string
  check_in_at: Date | string
  check_out_at: Date | string
  room_nos: string | null
  charges: string | number
  paid: string | number
}

export async function memberStays(
  db: Db,
  propertyId: number,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ rows: MemberStayView[]; total: number }> {
  const [owner] = await db
    .select({ id: member.memberId })
    .from(member)
    .where(and(eq(member.memberId, memberId), eq(member.propertyId, propertyId)))
  if (!owner) throw notFound('members.entity.member')
  const timeZone = await propertyTimeZone(db, propertyId)
  const rows = rowsOf<StayRow>(
    await db.execute(sql`
      SELECT o.order_id, o.order_no, o.state, o.check_in_at, o.check_out_at,
        (SELECT string_agg(DISTINCT r.room_no, ',') FROM pms_order_room orr JOIN pms_room r ON r.room_id = orr.room_id
          WHERE orr.order_id = o.order_id) AS room_nos,
        (SELECT COALESCE(sum(e.amount_cents), 0) FROM pms_folio_entry e WHERE e.order_id = o.order_id
          AND e.kind IN ('roomCharge', 'overtimeCharge', 'extraCharge')) AS charges,
        (SELECT COALESCE(sum(CASE WHEN e.kind = 'payment' THEN e.amount_cents ELSE -e.amount_cents END), 0)
          FROM pms_folio_entry e WHERE e.order_id = o.order_id AND e.kind IN ('payment', 'refund')) AS paid
      FROM pms_order_member om JOIN pms_order o ON o.order_id = om.order_id AND o.property_id = om.property_id
      WHERE om.member_id = ${memberId} AND om.property_id = ${propertyId}
      ORDER BY o.check_in_at DESC, o.order_id DESC
      LIMIT ${limit} OFFSET ${offset}`),
  )
  const [count] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM pms_order_member om JOIN pms_order o ON o.order_id = om.order_id
      AND o.property_id = om.property_id WHERE om.member_id = ${memberId} AND om.property_id = ${propertyId}`),
  )
  return {
    rows: rows.map((r) => ({
      orderId: Number(r.order_id),
      orderNo: r.order_no,
      state: r.state,
      checkInAt: propertyTime(new Date(r.check_in_at), timeZone),
      checkOutAt: propertyTime(new Date(r.check_out_at), timeZone),
      roomNos: r.room_nos ? r.room_nos.split(',').sort() : [],
      chargesCents: Number(r.charges),
      paidCents: Number(r.paid),
    })),
    total: Number(count?.n ?? 0),
  }
}
