// A member on an order: binding the member the desk looked up prices the order's open stays at the grade's discount
// (list price × discount %), its delay check-out hours push back the free check-out time of the check-out bill, and
// the check-out credits its points (hooks registered with the front desk).
import type { OrderMemberSection } from '@pms/protocol/api/members'
import { OrderAction } from '@pms/protocol/api/orders'
import { refuseMemberUse } from '@pms/protocol/members/ledger'
import { and, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm'
import type { AuthContext } from '../auth/auth-context.ts'
import { sentTogether } from '../db/answered.ts'
import { builtOnce, slot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { member, memberGrade, order, orderMember, orderRoom, roomType } from '../db/schema/index.ts'
import { conflict, notFound } from '../http/errors.ts'
import { registerCheckOutGuard, registerDetailSection } from '../orders/hooks.ts'
import { type OrderRow, recordEvent, type StayRow } from '../orders/store.ts'
import { propertyClock } from '../properties/clock.ts'
import { type Actor, earnPoints, lockMember, requireUsable } from './flows.ts'
import { gradeRules, upgradeGrade } from './grades.ts'
import { expireDuePoints } from './points.ts'

/** The grade discount (percent) of a member; 100 without an enabled grade. */
async function gradeOf(tx: Db, gradeId: number | null) {
  if (!gradeId) return { discount: 100, delayHours: 0 }
  const [g] = await tx.select().from(memberGrade).where(eq(memberGrade.gradeId, gradeId))
  return g && g.state === '0'
    ? { discount: g.discount, delayHours: g.delayHours }
    : { discount: 100, delayHours: 0 }
}

/** The member's price for a list price: list × discount %, rounded to the cent. */
export const memberPrice = (listCents: number, discount: number) => Math.round((listCents * discount) / 100)

/**
 * The late check-out hours of the order `orderId`'s member's grade, as gradeOf grants them (an enabled grade's; 0
 * without a member, without a grade or with a disabled one): a scalar subquery for the statement that reads what a
 * bill needs of the order's stays (billing/checkout.ts), so a check-out asks it without a statement of its own. An
 * order has one member at most (pms_order_member's key is the order).
 */
export const memberDelayHoursOf = (orderId: SQLWrapper) =>
  sql<number>`coalesce((SELECT CASE WHEN g.state = '0' THEN g.delay_hours ELSE 0 END
    FROM pms_order_member om JOIN pms_member m ON m.member_id = om.member_id
    LEFT JOIN pms_member_grade g ON g.grade_id = m.grade_id
    WHERE om.order_id = ${orderId}), 0)`.mapWith(Number)

/** An order's member (statement built once: the last check-out of every order asks it). */
const memberOfOrder = builtOnce((db) =>
  db
    .select({ memberId: orderMember.memberId })
    .from(orderMember)
    .where(and(eq(orderMember.orderId, slot('orderId')), eq(orderMember.propertyId, slot('propertyId'))))
    .prepare(''),
)

export async function orderMemberId(tx: Db, propertyId: number, orderId: number): Promise<number | null> {
  const [row] = await memberOfOrder(tx, { orderId, propertyId })
  return row?.memberId ?? null
}

/**
 * Binds a usable member to an order that is booked or checked in, and prices its booked and checked-in stays at the
 * grade's discount of their room type's list price (each change recorded in the order's history).
 */
export async function bindOrder(
  tx: Db,
  actor: Actor & { auth: AuthContext },
  input: { orderId: number; memberId: number },
): Promise<void> {
  // Order first, then member: the order the check-out locks, in the same order as every member flow.
  const [o] = await tx
    .select()
    .from(order)
    .where(and(eq(order.orderId, input.orderId), eq(order.propertyId, actor.propertyId)))
    .for('update')
  if (!o) throw notFound('billing.entity.order')
  const m = await lockMember(tx, actor.propertyId, input.memberId)
  await requireUsable(tx, m)
  if (!['booking', 'checkIn', 'overdue'].includes(o.state)) throw conflict('members.orderClosed', [o.orderNo])
  const [existing] = await tx.select().from(orderMember).where(eq(orderMember.orderId, o.orderId))
  if (existing?.memberId === m.memberId) return
  if (existing) throw conflict('members.orderHasMember', [o.orderNo])
  await tx
    .insert(orderMember)
    .values({ orderId: o.orderId, memberId: m.memberId, propertyId: actor.propertyId })
  const { discount } = await gradeOf(tx, m.gradeId)
  const stays = await tx
    .select({ stay: orderRoom, type: roomType })
    .from(orderRoom)
    .innerJoin(roomType, eq(roomType.roomTypeId, orderRoom.roomTypeId))
    .where(and(eq(orderRoom.orderId, o.orderId), inArray(orderRoom.state, ['booking', 'checkIn'])))
  for (const { stay, type } of stays) {
    const list = o.hourly ? type.hourlyPrice : type.dailyPrice
    const price = memberPrice(list, discount)
    if (price === stay.priceCents) continue
    await tx
      .update(orderRoom)
      .set({ priceCents: price, updateTime: actor.now })
      .where(eq(orderRoom.orderRoomId, stay.orderRoomId))
    await recordEvent(
      tx,
      { auth: actor.auth, propertyId: actor.propertyId, now: actor.now },
      {
        orderId: o.orderId,
        orderRoomId: stay.orderRoomId,
        action: OrderAction.changePrice,
        detail: {
          listCents: list,
          discount,
          priceCents: price,
          before: stay.priceCents,
          memberCardNo: m.cardNo,
        },
      },
    )
  }
}

/**
 * Step of the check-out: the order's member (a usable one) is upgraded to the grade its settled stays now reach.
 */
export async function settleMemberGrade(
  tx: Db,
  actor: Actor,
  orderId: number,
  /** The order's member when the caller has read it. */
  known?: number,
): Promise<number | null> {
  const memberId = known ?? (await orderMemberId(tx, actor.propertyId, orderId))
  if (!memberId) return null
  // The member locked, the property's clock (its business date; where each grade's window starts) and its grades, in
  // one round trip.
  const [m, clock, grades] = await sentTogether(
    tx,
    () => lockMember(tx, actor.propertyId, memberId),
    () => propertyClock(tx, actor.propertyId),
    () => gradeRules(tx, actor.propertyId),
  )
  if (refuseMemberUse(m, clock.businessDate)) return null
  return upgradeGrade(tx, actor, m, { grades, clock }, orderId)
}

/**
 * At the check-out that leaves no room of the order checked in, the order's member earns its points and may move up
 * a grade.
 */
/** The order detail's member section: the member, its grade's discount, each stay's list and charged price. */
async function memberSection(db: Db, o: OrderRow, stays: StayRow[]): Promise<OrderMemberSection | null> {
  const [row] = await db
    .select({ m: member })
    .from(orderMember)
    .innerJoin(member, eq(member.memberId, orderMember.memberId))
    .where(eq(orderMember.orderId, o.orderId))
  if (!row) return null
  const grade = await gradeOf(db, row.m.gradeId)
  const [named] = row.m.gradeId
    ? await db
        .select({ name: memberGrade.gradeName })
        .from(memberGrade)
        .where(eq(memberGrade.gradeId, row.m.gradeId))
    : []
  const typeIds = [...new Set(stays.map((s) => s.roomTypeId))]
  const types = typeIds.length
    ? await db.select().from(roomType).where(inArray(roomType.roomTypeId, typeIds))
    : []
  return {
    memberId: row.m.memberId,
    cardNo: row.m.cardNo,
    name: row.m.name,
    gradeName: named?.name ?? null,
    discount: grade.discount,
    delayHours: grade.delayHours,
    rooms: stays.map((s) => {
      const type = types.find((t) => t.roomTypeId === s.roomTypeId)
      const listCents = type ? (o.hourly ? type.hourlyPrice : type.dailyPrice) : s.priceCents
      return { orderRoomId: s.orderRoomId, listCents, priceCents: s.priceCents }
    }),
  }
}

export function registerMemberHooks() {
  registerDetailSection('member', memberSection)
  registerCheckOutGuard<[number | null]>('members', {
    // Points and grade settle once the order's last checked-in room leaves (its rooms still to arrive are cancelled):
    // the order's member is read with the order's lock, once for the three steps (also when the check-out then turns
    // out not to be the last: one row by the order's index, in a round trip the check-out makes anyway).
    reads: (tx, _actor, asked) => [() => orderMemberId(tx, asked.propertyId, asked.orderId)],
    check: async (tx, actor, { order, lastOut }, [memberId]) => {
      // Not the last room out, or an order without a member: nothing to settle.
      if (!lastOut || !memberId) return
      const who = { propertyId: order.propertyId, userId: actor.auth.userId, now: actor.now }
      const { settings } = await earnPoints(tx, who, order.orderId, memberId)
      await settleMemberGrade(tx, who, order.orderId, memberId)
      // Points past the property's validity go at the member's next check-out too (and at any points payment).
      await expireDuePoints(tx, who, memberId, undefined, settings)
    },
  })
}
