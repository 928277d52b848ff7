// Points as money at the desk and points that expire (SPEC §9 points rule; the property's member settings): paying a
// folio with points at the property's rate up to its cap, and expiring points older than the property's validity,
// first in, first out. Both are records of the member ledger like every balance change.
import type { MemberPayResult } from '@pms/protocol/api/members'
import { formatMoney } from '@pms/protocol/billing/index'
import {
  type MemberSettings,
  pointsForPayment,
  pointsPayRoom,
  pointsToExpire,
} from '@pms/protocol/members/ledger'
import { addDays, type DayText } from '@pms/protocol/time/zone'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { postEntry } from '../billing/folio.ts'
import type { Db } from '../db/client.ts'
import { folioEntry, member, memberRecord } from '../db/schema/index.ts'
import { badRequest } from '../http/errors.ts'
import { readPropertyConfig } from '../properties/config.ts'
import { type MemberRow, memberDay } from './accounts.ts'
import {
  type Actor,
  holdForPayment,
  lastRecord,
  lockMember,
  paymentToRefund,
  postMemberPayment,
  refundToBalance,
  writeRecord,
} from './flows.ts'

/** The day `months` months before `day` ('YYYY-MM-DD'; the same day of the month, or that month's last day). */
export function monthsBeforeDay(day: DayText, months: number): DayText {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) - months
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(dd, last)).padStart(2, '0')}`
}

// A day as an instant that orders like the day (UTC midnight), to compare business dates with pointsToExpire.
const dayInstant = (day: DayText) => new Date(`${day}T00:00:00Z`)

/**
 * Step: the locked member's points earned longer ago than the property's points validity and not used since expire
 * (one 'expiry' record). Nothing happens when points never expire (validity 0) or none are due. Without `closing`
 * (at the desk) points credited on a business date before the property's open business date − validity are due (the
 * server's clock plays no part); the night audit closing business date `closing` passes it, and points credited on a
 * business date up to `closing` − validity are due (they last until the close of their day + validity).
 */
export async function expirePoints(
  tx: Db,
  actor: Actor,
  m: MemberRow,
  settings: MemberSettings,
  closing?: DayText,
): Promise<MemberRow> {
  if (settings.pointsValidityMonths <= 0 || m.points <= 0) return m
  const moves = await tx
    .select({
      points: memberRecord.pointsDelta,
      // The business date the trigger of migration 0017 gives every record (not in the Drizzle table).
      day: sql<string>`to_char(business_date, 'YYYY-MM-DD')`,
    })
    .from(memberRecord)
    .where(and(eq(memberRecord.memberId, m.memberId), ne(memberRecord.pointsDelta, 0)))
  const cutoff = closing
    ? addDays(monthsBeforeDay(closing, settings.pointsValidityMonths), 1)
    : monthsBeforeDay(await memberDay(tx, actor.propertyId), settings.pointsValidityMonths)
  const due = pointsToExpire(
    moves.map((move) => ({ points: move.points, time: dayInstant(move.day) })),
    dayInstant(cutoff),
    m.points,
  )
  if (due <= 0) return m
  return writeRecord(tx, actor, m, {
    kind: 'expiry',
    delta: { baseCents: 0, giftCents: 0, points: -due },
    remark: `${settings.pointsValidityMonths}m`,
  })
}

/**
 * Flow: expire the due points of one member, or of every member of the property holding points; answers how many.
 * `closing`: the business date the night audit closes (see expirePoints); `known`: the property's member settings
 * when the caller has read them in this transaction.
 */
export async function expireDuePoints(
  tx: Db,
  actor: Actor,
  memberId?: number,
  closing?: DayText,
  known?: MemberSettings,
): Promise<number> {
  const settings = known ?? (await readPropertyConfig(tx, actor.propertyId)).members
  if (settings.pointsValidityMonths <= 0) return 0
  const ids = memberId
    ? [memberId]
    : (
        await tx
          .select({ id: member.memberId })
          .from(member)
          .where(and(eq(member.propertyId, actor.propertyId), sql`${member.points} > 0`))
          .orderBy(member.memberId)
      ).map((r) => r.id)
  let expired = 0
  for (const id of ids) {
    const m = await lockMember(tx, actor.propertyId, id)
    const after = await expirePoints(tx, actor, m, settings, closing)
    expired += m.points - after.points
  }
  return expired
}

/** Step: the cents a folio's charges allow points to pay still (the cap percent, less what points paid already). */
async function pointsRoomOf(tx: Db, folioOrderId: number, capPercent: number): Promise<number> {
  const [row] = (await tx
    .select({
      charges: sql<string>`coalesce(sum(${folioEntry.amountCents}) FILTER (WHERE ${inArray(folioEntry.kind, ['roomCharge', 'overtimeCharge', 'extraCharge'])}), 0)`,
      paid: sql<string>`coalesce(sum(CASE WHEN ${folioEntry.method} = 'points' AND ${folioEntry.kind} = 'payment' THEN ${folioEntry.amountCents} WHEN ${folioEntry.method} = 'points' AND ${folioEntry.kind} = 'refund' THEN -${folioEntry.amountCents} ELSE 0 END), 0)`,
    })
    .from(folioEntry)
    .where(eq(folioEntry.orderId, folioOrderId))) as [{ charges: string; paid: string }]
  return pointsPayRoom(Number(row.charges), Number(row.paid), capPercent)
}

/**
 * Flow: pay a folio with points. The member is locked and usable, its due points expire first, the amount is within
 * the property's cap for this folio, the points it takes (the property's points per currency unit) are there; then
 * the folio takes a payment with method `points` and the member a 'spend' record of those points — one transaction.
 */
export async function payWithPoints(
  tx: Db,
  actor: Actor,
  input: { memberId: number; orderId: number; orderRoomId?: number; amountCents: number; remark?: string },
): Promise<MemberPayResult & { points: number }> {
  const { held, m: locked } = await holdForPayment(tx, actor.propertyId, input)
  const settings = held.config.members
  const points = pointsForPayment(input.amountCents, settings.pointsPerUnit)
  if (points === null) throw badRequest('members.pointsPayOff')
  const m = await expirePoints(tx, actor, locked, settings)
  const room = await pointsRoomOf(tx, held.folio.orderId, settings.pointsPayCapPercent)
  if (input.amountCents > room)
    throw badRequest('members.pointsOverCap', [formatMoney(input.amountCents), formatMoney(room)])
  if (points > m.points) throw badRequest('members.pointsShort', [points, m.points])
  const entry = await postMemberPayment(tx, actor, held, input, {
    method: 'points',
    remark: input.remark ?? `${m.cardNo} · ${points}`,
  })
  await writeRecord(tx, actor, m, {
    kind: 'spend',
    delta: { baseCents: 0, giftCents: 0, points: -points },
    entryId: entry.entryId,
    orderId: entry.orderId,
    receiptNo: entry.receiptNo,
    remark: input.remark,
  })
  return {
    entryId: entry.entryId,
    receiptNo: entry.receiptNo,
    points,
    record: await lastRecord(tx, m.memberId),
  }
}

/**
 * Flow: refund (part of) a points payment. The folio takes a refund with method `points` and the member gets back the
 * points in the same share as the cents (the last refund returns exactly what is left), never more than the payment
 * took and has not had back.
 */
export async function refundPointsPayment(
  tx: Db,
  actor: Actor,
  paid: typeof folioEntry.$inferSelect,
  input: { amountCents: number; reason: string },
): Promise<MemberPayResult> {
  const { spent, member: m, returned: back } = await paymentToRefund(tx, actor, paid)
  const leftCents = paid.amountCents - back.cents
  const leftPoints = -spent.pointsDelta - back.points
  if (input.amountCents > leftCents)
    throw badRequest('members.refundOverSpent', [formatMoney(input.amountCents), formatMoney(leftCents)])
  const points =
    input.amountCents === leftCents
      ? leftPoints
      : Math.floor((-spent.pointsDelta * input.amountCents) / paid.amountCents)
  const entry = await postEntry(tx, {
    propertyId: actor.propertyId,
    orderId: paid.orderId,
    orderRoomId: paid.orderRoomId,
    kind: 'refund',
    amountCents: input.amountCents,
    method: 'points',
    reason: input.reason.trim(),
    createBy: actor.userId,
  })
  if (points > 0)
    await writeRecord(tx, actor, m, {
      kind: 'refund',
      delta: { baseCents: 0, giftCents: 0, points },
      entryId: entry.entryId,
      orderId: entry.orderId,
      paymentEntryId: paid.entryId,
      remark: input.reason.trim(),
    })
  return { entryId: entry.entryId, receiptNo: null, record: await lastRecord(tx, m.memberId) }
}

/** Flow: refund a member payment, stored value (refundToBalance) or points (refundPointsPayment), by its method. */
export async function refundMemberPayment(
  tx: Db,
  actor: Actor,
  input: { entryId: number; amountCents: number; reason: string },
): Promise<MemberPayResult> {
  const [paid] = await tx
    .select()
    .from(folioEntry)
    .where(and(eq(folioEntry.entryId, input.entryId), eq(folioEntry.propertyId, actor.propertyId)))
  if (paid?.kind === 'payment' && paid.method === 'points') return refundPointsPayment(tx, actor, paid, input)
  return refundToBalance(tx, actor, input)
}
