// Joint rooms (联房, jointRoom): a room joined to another room's account. The rules, as Opera's routing and 西软/绿云's
// 联房 (付费关系) keep them — charges are routed to the account, money and closing stay with each order:
//
// 1. A joined room's charges (the night audit's room charges, check-out room and overtime charges, extras) post to
//    the folio of the account it is joined to (up its own chain: night-audit/room-charges.ts, billing/folio.ts
//    stayFolioOf): the account pays them; a room of the order that is not joined bills to its own order. When the
//    order's own main-account room is the joined one, its order-level entries (deposits, payments named to no room)
//    post there too (billing/folio.ts folioOrderOf).
// 2. The account cannot check out or settle while a room of another order joined to it is in house or still to
//    arrive (409 billing.jointRoomInHouse naming it): that room's charges would post to a folio that is closing (a
//    booked room checked in later would bill to a closed account). The desk cancels the joint room (the room bills to
//    its own order again) or checks that room out first. A joined room's check-out is cancelled only while its
//    account is open (rule 4's guard).
// 3. The joined room leaves without the account: the check-out of an order whose rooms are joined to another order's
//    account posts the leaving rooms' due room and overtime charges to that account, where they stay to be paid with
//    it, and never asks for the account's balance. Its check-out bill and settling are of the order's OWN folio — the
//    entries posted to the order itself (a deposit taken before it was joined, a room of it not joined) — handled as
//    any folio: its balance is paid or refunded (payments and refunds name `ownFolio`) and it is settled; settling it
//    never settles the account, which stays open for its guests in house.
// 4. A room is joined only to an open account: joining to an account whose folio is settled is refused (409
//    billing.jointAccountSettled naming it). Settling is the cashier closing that account (balance zero, receipts
//    given); a join must not reopen a closed bill behind the cashier's back, and a joined room whose every charge
//    would be refused cannot stay. Opera routes only to an open in-house folio and 西软 joins only unsettled
//    accounts likewise. The desk joins the rooms the other way round, or once a new charge has reopened the account
//    (a check-out charge or the night audit's room charge reopens a settled folio).
import type { JointAccount, JointRoomInHouse } from '@pms/protocol/api/billing'
import { sql } from 'drizzle-orm'
import { slot, sqlBuiltOnce } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { conflict, notFound } from '../http/errors.ts'
import { chainUp, MAX_CHAIN } from './folio.ts'

/**
 * jointRoomsInHouse's statement, built once (db/built-once.ts): migration 0069's function, which keeps the recursive
 * query's plan for the connection (sent as it is, PostgreSQL planned it at every check-out, 25 times its own run).
 * `roomIds` is an array literal, or NULL for every stay of the order.
 */
const joinedTo = sqlBuiltOnce(sql`SELECT order_room_id, order_id, order_no, room_no
  FROM pms_joint_rooms_in_house(${slot('propertyId')}, ${slot('orderId')}, ${slot('roomIds')}::bigint[], ${MAX_CHAIN})`)

/** A row of migration 0069's or 0071's function, as billing names it. */
type JointRow = { order_room_id: unknown; order_id: unknown; order_no: unknown; room_no: unknown }
const jointRoomOf = (r: JointRow): JointRoomInHouse => ({
  orderRoomId: Number(r.order_room_id),
  orderId: Number(r.order_id),
  orderNo: String(r.order_no),
  roomNo: r.room_no == null ? null : String(r.room_no),
})

/**
 * The active stays (in house or still to arrive) of orders other than `orderId` joined (down any joint-room chain) to
 * one of `mainRoomIds`, or, when `mainRoomIds` is omitted, to any stay of `orderId`.
 */
export async function jointRoomsInHouse(
  tx: Db,
  propertyId: number,
  orderId: number,
  mainRoomIds?: readonly number[],
): Promise<JointRoomInHouse[]> {
  if (mainRoomIds && !mainRoomIds.length) return []
  const rows = rowsOf<JointRow>(
    await joinedTo(tx, { propertyId, orderId, roomIds: mainRoomIds ? `{${mainRoomIds.join(',')}}` : null }),
  )
  return rows.map(jointRoomOf)
}

/** jointRoomsOfCheckOut's statement, built once: migration 0071's function (`askedIds` an array literal or NULL). */
const joinedToLeaving = sqlBuiltOnce(sql`SELECT order_room_id, order_id, order_no, room_no
  FROM pms_check_out_joint_rooms(${slot('propertyId')}, ${slot('orderId')}, ${slot('askedIds')}::bigint[], ${MAX_CHAIN})`)

/**
 * jointRoomsInHouse for a check-out, from what it asks alone (its order, the stays it names or null for every stay
 * checked in), so the read goes with the order's lock: the stays joined to the leaving stays, or to any stay of the
 * order when none of its stays stays checked in (migration 0071 decides which, from the stays as the order's lock
 * leaves them).
 */
export async function jointRoomsOfCheckOut(
  tx: Db,
  asked: { propertyId: number; orderId: number; orderRoomIds: readonly number[] | null },
): Promise<JointRoomInHouse[]> {
  const { propertyId, orderId, orderRoomIds } = asked
  const askedIds = orderRoomIds ? `{${orderRoomIds.join(',')}}` : null
  return rowsOf<JointRow>(await joinedToLeaving(tx, { propertyId, orderId, askedIds })).map(jointRoomOf)
}

/** Step of check-out and settling: 409 naming the rooms of other orders in house or to arrive on this account. */
export function refuseJoinedInHouse(joined: readonly JointRoomInHouse[]): void {
  if (!joined.length) return
  const rooms = joined.map((j) => `${j.roomNo ?? ''} (${j.orderNo})`.trim()).join(', ')
  throw conflict('billing.jointRoomInHouse', [rooms])
}

/** refuseJoinedInHouse on the rooms read now (jointRoomsInHouse). */
export async function refuseJointRoomsInHouse(
  tx: Db,
  propertyId: number,
  orderId: number,
  mainRoomIds?: readonly number[],
): Promise<void> {
  refuseJoinedInHouse(await jointRoomsInHouse(tx, propertyId, orderId, mainRoomIds))
}

/** The room at the top of `orderRoomId`'s joint-room chain, with its order (the account it bills to). */
export async function accountOfRoom(tx: Db, propertyId: number, orderRoomId: number): Promise<JointAccount> {
  const [row] = rowsOf<{ order_room_id: unknown; order_id: unknown; order_no: unknown; room_no: unknown }>(
    await tx.execute(sql`
      WITH RECURSIVE ${chainUp(sql`c0.order_room_id = ${orderRoomId} AND c0.property_id = ${propertyId}`)}
      SELECT s.order_room_id, s.order_id, o.order_no, rm.room_no
      FROM (SELECT order_room_id FROM chain ORDER BY depth DESC LIMIT 1) top
      JOIN pms_order_room s ON s.order_room_id = top.order_room_id
      JOIN pms_order o ON o.order_id = s.order_id
      LEFT JOIN pms_room rm ON rm.room_id = s.room_id`),
  )
  if (!row) throw notFound('billing.entity.orderRoom')
  return {
    orderRoomId: Number(row.order_room_id),
    orderId: Number(row.order_id),
    orderNo: String(row.order_no),
    roomNo: row.room_no == null ? null : String(row.room_no),
  }
}

/**
 * The order whose folio a room bills to (up its joint-room chain), locked for update, and whether it is settled: one
 * statement (was two: the chain, then the order locked). No row when that order is not the property's.
 */
const accountHeld = sqlBuiltOnce(sql`
  WITH RECURSIVE ${chainUp(sql`c0.order_room_id = ${slot('orderRoomId')}`)}
  SELECT o.settled FROM pms_order o
  WHERE o.property_id = ${slot('propertyId')} AND o.order_id = (SELECT order_id FROM chain ORDER BY depth DESC LIMIT 1)
  FOR UPDATE`)

/**
 * Step of joining rooms (rule 4), and of cancelling a joined room's check-out (`back`, rule 2): the account
 * `mainRoomId` bills to must be open; 409 naming it when its folio is settled.
 */
export async function refuseSettledAccount(
  tx: Db,
  propertyId: number,
  mainRoomId: number,
  back = false,
): Promise<void> {
  const [folio] = rowsOf<{ settled: unknown }>(await accountHeld(tx, { propertyId, orderRoomId: mainRoomId }))
  if (!folio) throw notFound('billing.entity.order')
  if (folio.settled !== true && folio.settled !== 't') return
  const account = await accountOfRoom(tx, propertyId, mainRoomId)
  const named = [`${account.roomNo ?? ''} (${account.orderNo})`.trim()]
  throw conflict(back ? 'billing.jointAccountSettledBack' : 'billing.jointAccountSettled', named)
}
