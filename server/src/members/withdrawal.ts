// Refunding a recharge (issue 12: "Refunding a recharge returns at most the unspent base; its gift is withdrawn"): the
// base the recharge paid in goes back by a desk payment method, with its own receipt number, as far as it is not
// spent; the gift the recharge brought is taken back once, as far as the gift account still holds it.
import type { MemberRecordView } from '@pms/protocol/api/members'
import { formatMoney, type PaymentMethod } from '@pms/protocol/billing/index'
import { splitWithdrawal } from '@pms/protocol/members/ledger'
import { and, eq, sql } from 'drizzle-orm'
import { nextReceiptNo } from '../billing/folio.ts'
import type { Db } from '../db/client.ts'
import { memberRecord } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { postStoredValueVoucher } from './books.ts'
import { type Actor, lastRecord, lockMember, writeRecord } from './flows.ts'

type RecordRow = typeof memberRecord.$inferSelect

/** Step: the recharge record of the property, or 404. */
async function findRecharge(tx: Db, propertyId: number, recordId: number): Promise<RecordRow> {
  const [row] = await tx
    .select()
    .from(memberRecord)
    .where(
      and(
        eq(memberRecord.recordId, recordId),
        eq(memberRecord.propertyId, propertyId),
        eq(memberRecord.kind, 'recharge'),
      ),
    )
  if (!row) throw notFound('members.entity.recharge')
  return row
}

/** Step: the gift that came with a recharge (its 'gift' record under the same receipt), 0 without one. */
async function giftOf(tx: Db, recharge: RecordRow): Promise<number> {
  if (!recharge.receiptNo) return 0
  const [gift] = await tx
    .select({ cents: memberRecord.giftDelta })
    .from(memberRecord)
    .where(
      and(
        eq(memberRecord.memberId, recharge.memberId),
        eq(memberRecord.kind, 'gift'),
        eq(memberRecord.receiptNo, recharge.receiptNo),
      ),
    )
  return gift?.cents ?? 0
}

/** Step: what earlier refunds of this recharge took out (positive cents). */
async function withdrawnOf(tx: Db, rechargeRecordId: number) {
  const [row] = (await tx
    .select({
      base: sql<string>`coalesce(-sum(${memberRecord.baseDelta}), 0)`,
      gift: sql<string>`coalesce(-sum(${memberRecord.giftDelta}), 0)`,
    })
    .from(memberRecord)
    .where(
      and(eq(memberRecord.kind, 'withdrawal'), eq(memberRecord.rechargeRecordId, rechargeRecordId)),
    )) as [{ base: string; gift: string }]
  return { baseCents: Number(row.base), giftCents: Number(row.gift) }
}

/**
 * Flow: refund a recharge. Locks the member, works out what may go back (splitWithdrawal), pays the base back by the
 * method given under a new receipt number and withdraws the gift, as one 'withdrawal' record naming the recharge;
 * the money paid back is booked as its voucher (books.ts).
 */
export async function refundRecharge(
  tx: Db,
  actor: Actor,
  input: { recordId: number; amountCents?: number; method: PaymentMethod; reason: string },
): Promise<MemberRecordView> {
  const reason = input.reason.trim()
  if (!reason) throw badRequest('validation.required', ['reason'])
  const recharge = await findRecharge(tx, actor.propertyId, input.recordId)
  const m = await lockMember(tx, actor.propertyId, recharge.memberId)
  const earlier = await withdrawnOf(tx, recharge.recordId)
  const parts = splitWithdrawal(
    m,
    { baseCents: recharge.baseDelta, giftCents: await giftOf(tx, recharge) },
    earlier,
    input.amountCents,
  )
  if (!parts) {
    const refundable = Math.max(0, Math.min(recharge.baseDelta - earlier.baseCents, m.baseCents))
    throw badRequest('members.withdrawOver', [
      formatMoney(input.amountCents ?? refundable),
      formatMoney(refundable),
    ])
  }
  const receiptNo = parts.baseCents > 0 ? await nextReceiptNo(tx, actor.propertyId) : null
  await writeRecord(tx, actor, m, {
    kind: 'withdrawal',
    delta: { baseCents: -parts.baseCents, giftCents: -parts.giftCents, points: 0 },
    method: parts.baseCents > 0 ? input.method : null,
    receiptNo,
    rechargeTypeId: recharge.rechargeTypeId,
    rechargeRecordId: recharge.recordId,
    remark: reason,
  })
  if (receiptNo)
    await postStoredValueVoucher(tx, actor, {
      kind: 'withdrawal',
      receiptNo,
      method: input.method,
      cardNo: m.cardNo,
    })
  return lastRecord(tx, m.memberId)
}
