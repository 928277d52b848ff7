// The member report: set-based reads of the member accounts and their append-only records over business dates (a
// record keeps the business date it was posted on, so a closed day's member figures never change). New members are
// counted by their join day on the property's clock.
import type { MemberReport } from '@pms/protocol/api/reports'
import { maskPhone } from '@pms/protocol/format/mask'
import type { DayText } from '@pms/protocol/time/zone'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'

const TOP = 10

export async function memberReport(
  db: Db,
  propertyId: number,
  timeZone: string,
  from: DayText,
  to: DayText,
): Promise<MemberReport> {
  const joined = rowsOf<{ grade: string | null; source: string; n: number | string }>(
    await db.execute(sql`SELECT g.grade_name AS grade, m.source, count(*) AS n
      FROM pms_member m LEFT JOIN pms_member_grade g ON g.grade_id = m.grade_id
      WHERE m.property_id = ${propertyId}
        AND (m.create_time AT TIME ZONE ${timeZone})::date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2`),
  )
  const newByGrade: Record<string, number> = {}
  const newBySource: Record<string, number> = {}
  for (const r of joined) {
    newByGrade[r.grade ?? ''] = (newByGrade[r.grade ?? ''] ?? 0) + Number(r.n)
    newBySource[r.source] = (newBySource[r.source] ?? 0) + Number(r.n)
  }
  const [moved] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`SELECT
        COALESCE(sum(base_delta) FILTER (WHERE kind = 'recharge' AND business_date >= ${from}::date), 0) AS "rechargeBase",
        COALESCE(sum(gift_delta) FILTER (WHERE kind IN ('recharge', 'gift') AND business_date >= ${from}::date), 0)
          AS "rechargeGift",
        COALESCE(-sum(base_delta) FILTER (WHERE kind = 'spend' AND business_date >= ${from}::date), 0) AS "spentBase",
        COALESCE(-sum(gift_delta) FILTER (WHERE kind = 'spend' AND business_date >= ${from}::date), 0) AS "spentGift",
        COALESCE(sum(base_delta + gift_delta) FILTER (WHERE kind = 'refund' AND business_date >= ${from}::date), 0)
          AS refunded,
        COALESCE(sum(points_delta) FILTER (WHERE points_delta > 0 AND business_date >= ${from}::date), 0) AS earned,
        COALESCE(-sum(points_delta) FILTER (WHERE points_delta < 0 AND kind <> 'expiry' AND business_date >= ${from}::date), 0)
          AS used,
        COALESCE(-sum(points_delta) FILTER (WHERE kind = 'expiry' AND business_date >= ${from}::date), 0) AS expired,
        COALESCE(sum(base_delta), 0) AS "outstandingBase",
        COALESCE(sum(gift_delta), 0) AS "outstandingGift"
      FROM pms_member_record WHERE property_id = ${propertyId} AND business_date <= ${to}::date`),
  )
  const n = (k: string) => Number(moved?.[k] ?? 0)
  const top = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`SELECT m.member_id, m.card_no, m.name, m.phone, COALESCE(g.grade_name, '') AS grade_name,
        COALESCE(sum(r.base_delta + r.gift_delta) FILTER (WHERE r.kind IN ('recharge', 'gift')), 0) AS recharge,
        COALESCE(-sum(r.base_delta + r.gift_delta) FILTER (WHERE r.kind = 'spend'), 0) AS spent,
        COALESCE(sum(r.points_delta) FILTER (WHERE r.points_delta > 0), 0) AS earned
      FROM pms_member_record r JOIN pms_member m ON m.member_id = r.member_id
      LEFT JOIN pms_member_grade g ON g.grade_id = m.grade_id
      WHERE r.property_id = ${propertyId} AND r.business_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY m.member_id, m.card_no, m.name, m.phone, g.grade_name
      ORDER BY spent DESC, recharge DESC, m.member_id LIMIT ${TOP}`),
  )
  return {
    beginDate: from,
    endDate: to,
    newMembers: joined.reduce((s, r) => s + Number(r.n), 0),
    newByGrade,
    newBySource,
    rechargeBaseCents: n('rechargeBase'),
    rechargeGiftCents: n('rechargeGift'),
    spentBaseCents: n('spentBase'),
    spentGiftCents: n('spentGift'),
    refundedCents: n('refunded'),
    pointsEarned: n('earned'),
    pointsUsed: n('used'),
    pointsExpired: n('expired'),
    outstandingBaseCents: n('outstandingBase'),
    outstandingGiftCents: n('outstandingGift'),
    topMembers: top.map((r) => ({
      memberId: Number(r.member_id),
      cardNo: String(r.card_no),
      name: String(r.name),
      phone: maskPhone(String(r.phone)),
      gradeName: String(r.grade_name),
      rechargeCents: Number(r.recharge),
      spentCents: Number(r.spent),
      pointsEarned: Number(r.earned),
    })),
  }
}
