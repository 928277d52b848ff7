// Member flows as named steps (DESIGN §4): recharge, spend (pay a folio from stored value), refund to balance,
// adjustment and earning points. Each step is a function with its rule visible; a flow runs its steps in the
// caller's transaction. A flow that touches a folio locks the folio's order first, then the member row (the order the
// check-out takes them in), so concurrent spends are checked one after another and no two flows wait on each other.
import type { MemberPayResult, MemberRecordView } from '@pms/protocol/api/members'
import { formatMoney, type PaymentMethod } from '@pms/protocol/billing/index'
import {
  applyDelta,
  type MemberBalances,
  type MemberDelta,
  type MemberRecordKind,
  type MemberSettings,
  pointsFor,
  refuseMemberUse,
  splitRefund,
  splitSpend,
} from '@pms/protocol/members/ledger'
import { and, eq, sql } from 'drizzle-orm'
import {
  findOrder,
  folioChargedCents,
  folioOrderOf,
  type HeldFolio,
  holdFolio,
  nextReceiptNo,
  postEntry,
} from '../billing/folio.ts'
import { sentTogether } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { folioEntry, member, memberRecord, orderMember, rechargeType, user } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { formatTime } from '../notifications/push.ts'
import { timeZoneColumn, zoneOrDefault } from '../properties/clock.ts'
import { readPropertyConfig } from '../properties/config.ts'
import { type MemberRow, memberDay } from './accounts.ts'
import { postStoredValueVoucher } from './books.ts'

/** Who acts and when. */
export interface Actor {
  propertyId: number
  userId: number | null
  now: Date
}

/** Step: the member of the property, locked for the rest of the transaction; 404 otherwise. */
export async function lockMember(tx: Db, propertyId: number, memberId: number): Promise<MemberRow> {
  const [row] = await tx
    .select()
    .from(member)
    .where(and(eq(member.memberId, memberId), eq(member.propertyId, propertyId)))
    .for('update')
  if (!row) throw notFound('members.entity.member')
  return row
}

/** Step: the folio an order bills to, locked (its order row) before any member row; answers the folio's order id. */
export async function lockFolio(tx: Db, propertyId: number, orderId: number): Promise<number> {
  const folioOrderId = await folioOrderOf(tx, await findOrder(tx, propertyId, orderId))
  await findOrder(tx, propertyId, folioOrderId, true)
  return folioOrderId
}

/**
 * Step: a reported-lost, disabled, blacklisted or expired member (past its expiry on the property's business date)
 * cannot pay or earn (409 naming why).
 */
export async function requireUsable(tx: Db, m: MemberRow): Promise<void> {
  const refusal = refuseMemberUse(m, await memberDay(tx, m.propertyId))
  if (refusal) throw conflict(refusal, [m.cardNo])
}

/**
 * Step of every member payment: the folio held (holdFolio: the order read, its folio's order locked, the property's
 * rules read, in one statement), then the member locked, then the business date the member's use is judged on — in
 * that order (every money flow locks the folio before the member), in one round trip; refused when the member may not
 * use the card. The payment posts to `held` without reading the folio again.
 */
export async function holdForPayment(
  tx: Db,
  propertyId: number,
  input: { orderId: number; memberId: number },
): Promise<{ held: HeldFolio; m: MemberRow }> {
  const [held, m, day] = await sentTogether(
    tx,
    () => holdFolio(tx, propertyId, input.orderId),
    () => lockMember(tx, propertyId, input.memberId),
    () => memberDay(tx, propertyId),
  )
  const refusal = refuseMemberUse(m, day)
  if (refusal) throw conflict(refusal, [m.cardNo])
  return { held, m }
}

/** Step of every member payment: the folio's payment in `method`, posted to the folio held (holdForPayment). */
export function postMemberPayment(
  tx: Db,
  actor: Actor,
  held: HeldFolio,
  input: { orderId: number; orderRoomId?: number; amountCents: number },
  payment: { method: 'memberCard' | 'points'; remark: string },
) {
  return postEntry(
    tx,
    {
      propertyId: actor.propertyId,
      orderId: input.orderId,
      orderRoomId: input.orderRoomId,
      kind: 'payment',
      amountCents: input.amountCents,
      method: payment.method,
      remark: payment.remark,
      createBy: actor.userId,
    },
    held,
  )
}

const balancesOf = (m: MemberRow): MemberBalances => ({
  baseCents: m.baseCents,
  giftCents: m.giftCents,
  points: m.points,
})

export interface RecordInput {
  kind: MemberRecordKind
  delta: MemberDelta
  method?: string | null
  rechargeTypeId?: number | null
  receiptNo?: string | null
  entryId?: number | null
  orderId?: number | null
  /** A refund: the member payment it returns. */
  paymentEntryId?: number | null
  /** A withdrawal: the recharge record it returns. */
  rechargeRecordId?: number | null
  remark?: string
}

/**
 * Step: moves the locked member's balances by `delta` and writes the record with the balances after it. Refuses
 * ('Insufficient balance of membership card.') when an account would go below zero; the database's check
 * constraints refuse it too.
 */
export async function writeRecord(
  tx: Db,
  actor: Actor,
  m: MemberRow,
  input: RecordInput,
): Promise<MemberRow> {
  const after = applyDelta(balancesOf(m), input.delta)
  if (!after)
    throw badRequest(input.delta.points < 0 ? 'members.insufficientPoints' : 'members.insufficientBalance')
  // The balances and their record, in one round trip (the record's figures are known before the update answers).
  const [[updated]] = await sentTogether(
    tx,
    () =>
      tx
        .update(member)
        .set({
          baseCents: after.baseCents,
          giftCents: after.giftCents,
          points: after.points,
          updateTime: actor.now,
        })
        .where(eq(member.memberId, m.memberId))
        .returning(),
    () =>
      tx.insert(memberRecord).values({
        propertyId: actor.propertyId,
        memberId: m.memberId,
        kind: input.kind,
        baseDelta: input.delta.baseCents,
        giftDelta: input.delta.giftCents,
        pointsDelta: input.delta.points,
        baseAfter: after.baseCents,
        giftAfter: after.giftCents,
        pointsAfter: after.points,
        method: input.method ?? null,
        rechargeTypeId: input.rechargeTypeId ?? null,
        receiptNo: input.receiptNo ?? null,
        entryId: input.entryId ?? null,
        orderId: input.orderId ?? null,
        paymentEntryId: input.paymentEntryId ?? null,
        rechargeRecordId: input.rechargeRecordId ?? null,
        remark: input.remark ?? '',
        createBy: actor.userId,
        createTime: actor.now,
      }),
  )
  return updated!
}

/** Step: what a recharge credits: a recharge type in force (its amount and gift), or a free amount without gift. */
export async function rechargeAmounts(
  tx: Db,
  propertyId: number,
  input: { rechargeTypeId?: number; amountCents?: number },
): Promise<{ amountCents: number; giftCents: number; rechargeTypeId: number | null }> {
  if (input.rechargeTypeId === undefined) {
    if (input.amountCents === undefined) throw badRequest('validation.required', ['amountCents'])
    return { amountCents: input.amountCents, giftCents: 0, rechargeTypeId: null }
  }
  if (input.amountCents !== undefined) throw badRequest('members.amountWithType', ['amountCents'])
  const [type] = await tx
    .select()
    .from(rechargeType)
    .where(
      and(eq(rechargeType.rechargeTypeId, input.rechargeTypeId), eq(rechargeType.propertyId, propertyId)),
    )
  if (!type) throw notFound('members.entity.rechargeType')
  if (type.state !== '0') throw conflict('members.rechargeTypeDisabled', [type.typeName])
  return { amountCents: type.amountCents, giftCents: type.giftCents, rechargeTypeId: type.rechargeTypeId }
}

/**
 * Flow: recharge. The money paid in (by a desk payment method, with a receipt number like the folio's) credits the
 * base account; the recharge type's gift credits the gift account as its own record; the money is booked as its
 * voucher (books.ts).
 */
export async function recharge(
  tx: Db,
  actor: Actor,
  input: {
    memberId: number
    rechargeTypeId?: number
    amountCents?: number
    method: PaymentMethod
    remark?: string
  },
): Promise<number[]> {
  let m = await lockMember(tx, actor.propertyId, input.memberId)
  if (m.state !== '0') await requireUsable(tx, m)
  const amounts = await rechargeAmounts(tx, actor.propertyId, input)
  const receiptNo = await nextReceiptNo(tx, actor.propertyId)
  const common = {
    method: input.method,
    rechargeTypeId: amounts.rechargeTypeId,
    receiptNo,
    remark: input.remark,
  }
  m = await writeRecord(tx, actor, m, {
    kind: 'recharge',
    delta: { baseCents: amounts.amountCents, giftCents: 0, points: 0 },
    ...common,
  })
  if (amounts.giftCents > 0)
    await writeRecord(tx, actor, m, {
      kind: 'gift',
      delta: { baseCents: 0, giftCents: amounts.giftCents, points: 0 },
      ...common,
    })
  await postStoredValueVoucher(tx, actor, {
    kind: 'recharge',
    receiptNo,
    method: input.method,
    cardNo: m.cardNo,
  })
  return recordIdsOfReceipt(tx, actor.propertyId, receiptNo)
}

async function recordIdsOfReceipt(tx: Db, propertyId: number, receiptNo: string): Promise<number[]> {
  const rows = await tx
    .select({ id: memberRecord.recordId })
    .from(memberRecord)
    .where(and(eq(memberRecord.propertyId, propertyId), eq(memberRecord.receiptNo, receiptNo)))
    .orderBy(memberRecord.recordId)
  return rows.map((r) => r.id)
}

/**
 * Flow: spend. Pays a folio from the member's stored value: the member is locked and usable, the balance covers the
 * amount (split base first or gift first, as the property's member settings say), the folio takes a payment with method memberCard under its own rules, and the member
 * record names that folio entry — all in one transaction, so nothing is posted when any step refuses.
 */
export async function spend(
  tx: Db,
  actor: Actor,
  input: { memberId: number; orderId: number; orderRoomId?: number; amountCents: number; remark?: string },
): Promise<MemberPayResult> {
  const { held, m } = await holdForPayment(tx, actor.propertyId, input)
  const parts = splitSpend(m, input.amountCents, held.config.members.spendOrder)
  if (!parts) throw badRequest('members.insufficientBalance')
  const entry = await postMemberPayment(tx, actor, held, input, {
    method: 'memberCard',
    remark: input.remark ?? m.cardNo,
  })
  await writeRecord(tx, actor, m, {
    kind: 'spend',
    delta: { baseCents: -parts.baseCents, giftCents: -parts.giftCents, points: 0 },
    entryId: entry.entryId,
    orderId: entry.orderId,
    receiptNo: entry.receiptNo,
    remark: input.remark,
  })
  return { entryId: entry.entryId, receiptNo: entry.receiptNo, record: await lastRecord(tx, m.memberId) }
}

/** What earlier refunds of one member payment gave back: folio cents, base and gift cents, points. */
export interface RefundedSoFar {
  cents: number
  baseCents: number
  giftCents: number
  points: number
}

/**
 * Step of every member refund: the payment's spend record, the folio and the member locked (in that order, as every
 * money flow locks them), and what earlier refunds of this payment already returned.
 */
export async function paymentToRefund(
  tx: Db,
  actor: Actor,
  paid: typeof folioEntry.$inferSelect,
): Promise<{ spent: typeof memberRecord.$inferSelect; member: MemberRow; returned: RefundedSoFar }> {
  const [spent] = await tx
    .select()
    .from(memberRecord)
    .where(and(eq(memberRecord.entryId, paid.entryId), eq(memberRecord.kind, 'spend')))
  if (!spent) throw badRequest('members.notMemberPayment', ['entryId'])
  await lockFolio(tx, actor.propertyId, paid.orderId)
  const member = await lockMember(tx, actor.propertyId, spent.memberId)
  const [back] = (await tx
    .select({
      cents: sql<string>`coalesce(sum(${folioEntry.amountCents}), 0)`,
      base: sql<string>`coalesce(sum(${memberRecord.baseDelta}), 0)`,
      gift: sql<string>`coalesce(sum(${memberRecord.giftDelta}), 0)`,
      points: sql<string>`coalesce(sum(${memberRecord.pointsDelta}), 0)`,
    })
    .from(memberRecord)
    .innerJoin(folioEntry, eq(folioEntry.entryId, memberRecord.entryId))
    .where(and(eq(memberRecord.kind, 'refund'), eq(memberRecord.paymentEntryId, paid.entryId)))) as [
    { cents: string; base: string; gift: string; points: string },
  ]
  return {
    spent,
    member,
    returned: {
      cents: Number(back.cents),
      baseCents: Number(back.base),
      giftCents: Number(back.gift),
      points: Number(back.points),
    },
  }
}

/**
 * Flow: refund to balance. Returns (part of) a member-balance folio payment to the member: a folio refund with
 * method memberCard, and the same parts back to the same accounts — gift first back to gift only as far as the
 * payment took from it, the rest to base, never more than that payment spent and has not had back.
 */
export async function refundToBalance(
  tx: Db,
  actor: Actor,
  input: { entryId: number; amountCents: number; reason: string },
): Promise<MemberPayResult> {
  const [paid] = await tx
    .select()
    .from(folioEntry)
    .where(and(eq(folioEntry.entryId, input.entryId), eq(folioEntry.propertyId, actor.propertyId)))
  if (!paid) throw notFound('members.entity.payment')
  if (paid.kind !== 'payment' || paid.method !== 'memberCard')
    throw badRequest('members.notMemberPayment', ['entryId'])
  const { spent, member: m, returned: back } = await paymentToRefund(tx, actor, paid)
  const spentParts = { baseCents: -spent.baseDelta, giftCents: -spent.giftDelta }
  const returned = { baseCents: back.baseCents, giftCents: back.giftCents }
  const parts = splitRefund(spentParts, returned, input.amountCents)
  if (!parts) {
    const left = spentParts.baseCents + spentParts.giftCents - returned.baseCents - returned.giftCents
    throw badRequest('members.refundOverSpent', [formatMoney(input.amountCents), formatMoney(left)])
  }
  const entry = await postEntry(tx, {
    propertyId: actor.propertyId,
    orderId: paid.orderId,
    orderRoomId: paid.orderRoomId,
    kind: 'refund',
    amountCents: input.amountCents,
    method: 'memberCard',
    reason: input.reason.trim(),
    createBy: actor.userId,
  })
  await writeRecord(tx, actor, m, {
    kind: 'refund',
    delta: { baseCents: parts.baseCents, giftCents: parts.giftCents, points: 0 },
    entryId: entry.entryId,
    orderId: entry.orderId,
    paymentEntryId: paid.entryId,
    remark: input.reason.trim(),
  })
  return { entryId: entry.entryId, receiptNo: null, record: await lastRecord(tx, m.memberId) }
}

/** Flow: adjustment by a permitted user, with a reason; no account may go below zero. */
export async function adjust(
  tx: Db,
  actor: Actor,
  input: { memberId: number; baseCents?: number; giftCents?: number; points?: number; reason: string },
): Promise<MemberRecordView> {
  const delta = {
    baseCents: input.baseCents ?? 0,
    giftCents: input.giftCents ?? 0,
    points: input.points ?? 0,
  }
  if (!delta.baseCents && !delta.giftCents && !delta.points)
    throw badRequest('validation.required', ['baseCents'])
  const reason = input.reason.trim()
  if (!reason) throw badRequest('validation.required', ['reason'])
  const m = await lockMember(tx, actor.propertyId, input.memberId)
  await writeRecord(tx, actor, m, { kind: 'adjustment', delta, remark: reason })
  return lastRecord(tx, m.memberId)
}

/**
 * Flow: earn points for an order at its check-out: the order's member (bound with bindOrder) gets the property's
 * points rule applied to the folio's room, overtime and extra charges, once per order. A member who cannot earn
 * (lost, disabled, blacklisted, expired) gets nothing; the check-out itself is not refused for it. Answers the points
 * earned, and the property's member settings when it read them (the check-out's next steps need not read them again).
 */
export async function earnPoints(
  tx: Db,
  actor: Actor,
  orderId: number,
  /** The order's member when the caller has read it (saves reading it again). */
  known?: number,
): Promise<{ points: number; settings?: MemberSettings }> {
  const memberId =
    known ?? (await tx.select().from(orderMember).where(eq(orderMember.orderId, orderId)))[0]?.memberId
  if (!memberId) return { points: 0 }
  // Read together, in one round trip (none waits for another): the member locked first, then (each on a snapshot taken
  // once the lock is granted) whether the order earned already, the business date, what the order's folio charged
  // and the property's rules. An order that earned already, or a member who may not use the card, reads them for
  // nothing; every other check-out of a member saved six round trips.
  const [m, earned, day, chargedCents, config] = await sentTogether(
    tx,
    () => lockMember(tx, actor.propertyId, memberId),
    () =>
      tx
        .select({ id: memberRecord.recordId })
        .from(memberRecord)
        .where(and(eq(memberRecord.orderId, orderId), eq(memberRecord.kind, 'earn'))),
    () => memberDay(tx, actor.propertyId),
    () => folioChargedCents(tx, actor.propertyId, orderId),
    () => readPropertyConfig(tx, actor.propertyId),
  )
  const settings = config.members
  if (earned.length || refuseMemberUse(m, day)) return { points: 0, settings }
  const points = pointsFor(chargedCents, config.points)
  if (points <= 0) return { points: 0, settings }
  await writeRecord(tx, actor, m, { kind: 'earn', delta: { baseCents: 0, giftCents: 0, points }, orderId })
  return { points, settings }
}

export async function lastRecord(tx: Db, memberId: number): Promise<MemberRecordView> {
  const [row] = await recordRows(tx, eq(memberRecord.memberId, memberId), 1, 0, 'desc')
  return row!
}

export async function recordRows(
  tx: Db,
  where: ReturnType<typeof eq> | undefined,
  limit: number,
  offset: number,
  direction: 'asc' | 'desc' = 'desc',
): Promise<MemberRecordView[]> {
  const rows = await tx
    .select({
      r: memberRecord,
      cardNo: member.cardNo,
      memberName: member.name,
      by: user.userName,
      // Times on the property's clock, its zone read by the same statement.
      timeZone: timeZoneColumn(memberRecord.propertyId),
    })
    .from(memberRecord)
    .innerJoin(member, eq(member.memberId, memberRecord.memberId))
    .leftJoin(user, eq(user.userId, memberRecord.createBy))
    .where(where)
    .orderBy(direction === 'desc' ? sql`${memberRecord.recordId} DESC` : memberRecord.recordId)
    .limit(limit)
    .offset(offset)
  return rows.map(({ r, cardNo, memberName, by, timeZone }) => ({
    recordId: r.recordId,
    memberId: r.memberId,
    cardNo,
    memberName,
    kind: r.kind as MemberRecordKind,
    baseDelta: r.baseDelta,
    giftDelta: r.giftDelta,
    pointsDelta: r.pointsDelta,
    baseAfter: r.baseAfter,
    giftAfter: r.giftAfter,
    pointsAfter: r.pointsAfter,
    method: r.method,
    receiptNo: r.receiptNo,
    entryId: r.entryId,
    orderId: r.orderId,
    remark: r.remark,
    createByName: by ?? '',
    createTime: formatTime(r.createTime, zoneOrDefault(timeZone)),
  }))
}
