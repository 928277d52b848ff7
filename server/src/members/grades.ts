// Automatic grade upgrades (issue 12: "Upgrades happen automatically when a settled stay takes the member past a
// threshold within the effective window"). A settled stay is an order of the member that is checked out (the one
// being checked out counts too); amount grades count its room revenue (room and overtime charges), frequency grades
// its stays (orders). Each grade looks back over its own effective months (0: ever). Only upgrades happen here;
// a lower grade is a manual change.
import type { GradeProgressView } from '@pms/protocol/api/members'
import { type GradeRule, upgradeTarget } from '@pms/protocol/members/ledger'
import { dayRange } from '@pms/protocol/time/zone'
import { and, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm'
import { sentTogether } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { folioEntry, member, memberGrade, order, orderMember } from '../db/schema/index.ts'
import { type PropertyClock, propertyClock } from '../properties/clock.ts'
import { logChange, type MemberRow } from './accounts.ts'
import type { Actor } from './flows.ts'
import { monthsBeforeDay } from './points.ts'

/**
 * Where a grade's window of `months` effective months starts: the start, on the property's clock, of its business date
 * that many months back (null: no window, everything counts). The server's clock plays no part.
 */
function windowStart(clock: PropertyClock, months: number): Date | null {
  if (months <= 0) return null
  return dayRange(monthsBeforeDay(clock.businessDate, months), clock.timeZone).start
}

/**
 * What counts towards a grade: room revenue (cents) and stays of the member's settled orders since `since`, in one
 * statement (the orders and their charges; was two, the second waiting for the first's order ids).
 */
export async function gradeProgress(
  tx: Db,
  memberId: number,
  since: Date | null,
  settling?: number,
): Promise<{ amountCents: number; stays: number }> {
  const settled: SQL = settling
    ? (or(eq(order.state, 'checkOut'), eq(order.orderId, settling)) as SQL)
    : eq(order.state, 'checkOut')
  const [row] = await tx
    .select({
      stays: sql<string>`count(*)`,
      cents: sql<string>`coalesce(sum((SELECT sum(${folioEntry.amountCents}) FROM ${folioEntry}
        WHERE ${folioEntry.orderId} = ${order.orderId} AND ${inArray(folioEntry.kind, ['roomCharge', 'overtimeCharge'])})), 0)`,
    })
    .from(orderMember)
    .innerJoin(order, eq(order.orderId, orderMember.orderId))
    .where(
      and(
        eq(orderMember.memberId, memberId),
        settled,
        since
          ? or(gte(order.updateTime, since), settling ? eq(order.orderId, settling) : undefined)
          : undefined,
      ),
    )
  return { amountCents: Number(row?.cents ?? 0), stays: Number(row?.stays ?? 0) }
}

/** The property's grades as the upgrade rule reads them (upgradeTarget). */
export async function gradeRules(tx: Db, propertyId: number): Promise<GradeRule[]> {
  const rows = await tx
    .select({
      gradeId: memberGrade.gradeId,
      gradeRank: memberGrade.gradeRank,
      upgradeWay: memberGrade.upgradeWay,
      threshold: memberGrade.threshold,
      effectiveMonths: memberGrade.effectiveMonths,
      state: memberGrade.state,
    })
    .from(memberGrade)
    .where(eq(memberGrade.propertyId, propertyId))
  return rows.map((g) => ({ ...g, upgradeWay: g.upgradeWay as GradeRule['upgradeWay'] }))
}

/**
 * Step: upgrades the locked member to the best grade its settled stays reach (upgradeTarget) among the property's
 * `grades` (gradeRules), each counted over its window back from the business date on `clock`, recording the change
 * (who: the user whose check-out settled it; reason 'auto'). Answers the new grade id, or null when it stays.
 */
export async function upgradeGrade(
  tx: Db,
  actor: Actor,
  m: MemberRow,
  { grades, clock }: { grades: GradeRule[]; clock: PropertyClock },
  settlingOrderId?: number,
): Promise<number | null> {
  const current = grades.find((g) => g.gradeId === m.gradeId)
  // The figures over each window a grade asks for, read once per window, every window in one round trip.
  const windows = [...new Set(grades.map((g) => g.effectiveMonths))]
  const figures = await sentTogether(
    tx,
    ...windows.map(
      (months) => () => gradeProgress(tx, m.memberId, windowStart(clock, months), settlingOrderId),
    ),
  )
  const progress = new Map(windows.map((months, i) => [months, figures[i]!]))
  const target = upgradeTarget(current?.gradeRank ?? null, grades, (months) => progress.get(months)!)
  if (!target) return null
  await tx
    .update(member)
    .set({ gradeId: target.gradeId, updateTime: actor.now })
    .where(eq(member.memberId, m.memberId))
  await logChange(
    tx,
    m.memberId,
    { field: 'grade', from: String(m.gradeId ?? ''), to: String(target.gradeId), reason: 'auto' },
    actor.userId,
  )
  return target.gradeId
}

/** The member's progress towards the next enabled grade above its own (the lowest such rank), or null at the top. */
export async function nextGradeProgress(
  db: Db,
  propertyId: number,
  m: Pick<MemberRow, 'memberId' | 'gradeId'>,
): Promise<GradeProgressView | null> {
  const grades = await db.select().from(memberGrade).where(eq(memberGrade.propertyId, propertyId))
  const rank = grades.find((g) => g.gradeId === m.gradeId)?.gradeRank ?? null
  const next = grades
    .filter((g) => g.state === '0' && (rank === null || g.gradeRank > rank))
    .sort((a, b) => a.gradeRank - b.gradeRank)[0]
  if (!next) return null
  const since = windowStart(await propertyClock(db, propertyId), next.effectiveMonths)
  const p = await gradeProgress(db, m.memberId, since)
  return {
    gradeId: next.gradeId,
    gradeName: next.gradeName,
    upgradeWay: next.upgradeWay as GradeProgressView['upgradeWay'],
    threshold: next.threshold,
    current: next.upgradeWay === 'amount' ? p.amountCents : p.stays,
    effectiveMonths: next.effectiveMonths,
  }
}
