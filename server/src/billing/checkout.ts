// The check-out bill: each checked-in room's charge as of now (nights at its price, plus overtime past the booked
// end; or hour units for an hourly order) from the property's timing and overtime rules (protocol/src/billing/stay.ts), less what the folio
// already holds for that room. `checkoutBill` only computes; `postCheckoutCharges` posts the difference, once.
import type { CheckoutBill, CheckoutBillRoom } from '@pms/protocol/api/billing'
import type { PropertyConfig } from '@pms/protocol/api/properties'
import {
  folioTotals,
  hourlyStayCharge,
  type OvertimeRules,
  overtimeCharge,
  type StayTiming,
  stayCharge,
} from '@pms/protocol/billing/index'
import { offsetMinutes } from '@pms/protocol/time/zone'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { sentTogether, writeBehind } from '../db/answered.ts'
import { builtOnce, slot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { orderRoom, room, roomType } from '../db/schema/index.ts'
import { memberDelayHoursOf } from '../members/orders.ts'
import { formatTime } from '../notifications/push.ts'
import { readPropertyConfig } from '../properties/config.ts'
import {
  chainUp,
  type FolioOrder,
  findOrder,
  folioEntries,
  folioOrderOf,
  type HeldFolio,
  holdFolio,
  type NewEntry,
  postEntry,
  postEntryBehind,
} from './folio.ts'
import { accountOfRoom, jointRoomsInHouse } from './joint-rooms.ts'

/** Stays that are billed: checked in now, or checked out already (their check-out time ends the stay). */
const BILLED_STATES = ['checkIn', 'checkOut']

export function overtimeRulesOf(config: PropertyConfig): OvertimeRules {
  const o = config.overtime
  return {
    hourly:
      o.mode === 'hourly'
        ? { afterMinutes: o.graceMinutes, feePerHourCents: o.hourlyCents, capCents: o.capCents }
        : null,
    startingFee: o.mode === 'startingFee' ? { afterMinutes: o.afterMinutes, feeCents: o.feeCents } : null,
    fullDay: config.fullDayAfterMinutes === null ? null : { afterMinutes: config.fullDayAfterMinutes },
  }
}

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)))

interface BillOptions {
  /** Only these rooms of the order (all billed rooms when omitted). */
  orderRoomIds?: number[]
}

/** What the folio holds already of one kind of charge for the stay. */
const posted = (kind: string) =>
  sql<number>`(SELECT coalesce(sum(f.amount_cents), 0) FROM pms_folio_entry f WHERE f.property_id = ${slot('propertyId')}
    AND f.order_room_id = ${orderRoom.orderRoomId} AND f.kind = ${kind})`.mapWith(Number)

/** Which of an order's billed stays a bill reads: all, those named, or those a check-out takes (billedStays). */
type BilledKind = 'all' | 'named' | 'leaving'

/**
 * The billed stays of an order (all of them, those named: `orderRoomIds`, or those a check-out asked for takes: its
 * checked-in stays, those named when `orderRoomIds` is not null) with what the bill needs of each, the folio each posts
 * to (up its own joint-room chain, as postEntry finds it) and the order's member's late check-out hours (the same on
 * every row): statements built once.
 */
const billedStays = (kind: BilledKind) =>
  builtOnce((db) =>
    db
      .select({
        orderRoomId: orderRoom.orderRoomId,
        roomNo: room.roomNo,
        typeName: roomType.typeName,
        // A complimentary or house-use stay (night-audit/stay-marks.ts) is not charged.
        priceCents:
          sql<number>`CASE WHEN ${orderRoom}.stay_mark <> '' THEN 0 ELSE ${orderRoom.priceCents} END`.mapWith(
            Number,
          ),
        checkedInAt: orderRoom.checkedInAt,
        checkedOutAt: orderRoom.checkedOutAt,
        stayStart: sql<unknown>`lower(${orderRoom.stay})`,
        stayEnd: sql<unknown>`upper(${orderRoom.stay})`,
        postedRoomCents: posted('roomCharge'),
        postedOvertimeCents: posted('overtimeCharge'),
        // A member's grade may allow a later check-out: the departure is charged as if that many hours earlier.
        delayHours: memberDelayHoursOf(orderRoom.orderId),
        folioOrderId: sql<number>`(WITH RECURSIVE ${chainUp(sql`c0.order_room_id = ${orderRoom.orderRoomId}`)}
          SELECT order_id FROM chain ORDER BY depth DESC LIMIT 1)`.mapWith(Number),
      })
      .from(orderRoom)
      .innerJoin(roomType, eq(roomType.roomTypeId, orderRoom.roomTypeId))
      .leftJoin(room, eq(room.roomId, orderRoom.roomId))
      .where(
        and(
          eq(orderRoom.orderId, slot('orderId')),
          inArray(orderRoom.state, BILLED_STATES),
          kind === 'named'
            ? sql`${orderRoom.orderRoomId} = ANY(${slot('orderRoomIds')}::bigint[])`
            : undefined,
          kind === 'leaving'
            ? sql`${orderRoom.state} = 'checkIn' AND (${slot('orderRoomIds')}::bigint[] IS NULL
                OR ${orderRoom.orderRoomId} = ANY(${slot('orderRoomIds')}::bigint[]))`
            : undefined,
        ),
      )
      .orderBy(asc(orderRoom.orderRoomId))
      .prepare(''),
  )
const allBilledStays = billedStays('all')
const billedStaysOf = billedStays('named')
const leavingBilledStays = billedStays('leaving')

export async function checkoutBill(
  tx: Db,
  propertyId: number,
  orderId: number,
  now: Date,
  options: BillOptions = {},
): Promise<CheckoutBill> {
  const asked = await findOrder(tx, propertyId, orderId)
  // The order's own folio, also when it bills to another order's account: that account's balance is not this
  // check-out's to take, nor its folio this check-out's to settle (joint-rooms.ts rule 3).
  const [bill] = await billOf(tx, asked, asked, now, options)
  const account =
    asked.mainAccount && (await folioOrderOf(tx, asked)) !== orderId
      ? await accountOfRoom(tx, propertyId, asked.mainAccount)
      : null
  // What would refuse the order's check-out and settling: rooms of other orders joined to it, still in house.
  return Object.assign(bill, { account, joinedInHouse: await jointRoomsInHouse(tx, propertyId, orderId) })
}

/** Step: the read a bill of `asked` needs: its billed stays (all, or those named), with the folio each posts to. */
function billedStaysRead(tx: Db, asked: Pick<FolioOrder, 'propertyId' | 'orderId'>, options: BillOptions) {
  const readStays = options.orderRoomIds?.length ? billedStaysOf : allBilledStays
  const { propertyId, orderId } = asked
  return () => readStays(tx, { propertyId, orderId, orderRoomIds: options.orderRoomIds })
}

type BilledStay = Awaited<ReturnType<typeof allBilledStays>>[number]

/** What checkoutChargeReads answers: the folio locked, the billed stays. */
export type CheckoutChargeReads = [HeldFolio, BilledStay[]]

/** Step: each billed stay's charge as of `now` and what of it the folio does not hold yet (no statement). */
function billedRooms(
  asked: Pick<FolioOrder, 'orderId' | 'hourly'>,
  config: PropertyConfig,
  now: Date,
  stays: BilledStay[],
): CheckoutBillRoom[] {
  const { orderId, hourly } = asked
  const rules = overtimeRulesOf(config)
  // The member's later check-out (none for an hourly order): the same on every stay.
  const delayMs = (stays[0]?.delayHours ?? 0) * 3_600_000
  return stays.map((s) => {
    const checkIn = (s.checkedInAt ?? toDate(s.stayStart)).getTime()
    const departure = (s.checkedOutAt ?? now).getTime()
    let nights = 0
    let units = 0
    let roomCents: number
    let overtime = overtimeCharge(0, {}, 0)
    if (hourly) {
      const charge = hourlyStayCharge({
        checkIn,
        at: departure,
        unitMinutes: config.hourUnitMinutes,
        firstUnitCents: s.priceCents,
        unitCents: s.priceCents,
      })
      units = charge.units
      roomCents = charge.cents
    } else {
      const timing: StayTiming = {
        checkOutTime: config.checkOutTime,
        checkOutMode: config.checkOutMode,
        utcOffsetMinutes: offsetMinutes(checkIn, config.timeZone),
      }
      const charge = stayCharge({
        checkIn,
        at: Math.max(checkIn, departure - delayMs),
        nightlyCents: s.priceCents,
        timing,
        overtime: rules,
        plannedEnd: toDate(s.stayEnd).getTime(),
      })
      nights = charge.nights
      roomCents = charge.roomCents
      overtime = charge.overtime
    }
    const { postedRoomCents, postedOvertimeCents } = s
    return {
      orderRoomId: s.orderRoomId,
      orderId,
      roomNo: s.roomNo,
      typeName: s.typeName,
      hourly,
      priceCents: s.priceCents,
      checkIn: formatTime(new Date(checkIn), config.timeZone),
      departure: formatTime(new Date(departure), config.timeZone),
      nights,
      units,
      roomCents,
      overtime,
      postedRoomCents,
      postedOvertimeCents,
      dueRoomCents: Math.max(0, roomCents - postedRoomCents),
      dueOvertimeCents: Math.max(0, overtime.cents - postedOvertimeCents),
    }
  })
}

const dueOf = (r: CheckoutBillRoom) => r.dueRoomCents + r.dueOvertimeCents

/**
 * The bill of an order read already (`asked`) on the folio of `folio`'s order, with the folio each billed stay posts
 * to (up its own joint-room chain, as postEntry finds it). `known`: the property's configuration when read already.
 */
async function billOf(
  tx: Db,
  asked: FolioOrder,
  folio: Pick<FolioOrder, 'orderId' | 'settled'>,
  now: Date,
  options: BillOptions,
  known?: PropertyConfig,
): Promise<[CheckoutBill, Map<number, number>]> {
  const { orderId } = asked
  const config = known ?? (await readPropertyConfig(tx, asked.propertyId))
  // Two reads, neither waiting for the other: one round trip (db/answered.ts).
  const [stays, entries] = await sentTogether(tx, billedStaysRead(tx, asked, options), () =>
    folioEntries(tx, folio.orderId, config.timeZone),
  )
  const rooms = billedRooms(asked, config, now, stays)
  const folioOrderId = folio.orderId
  const totals = folioTotals(entries)
  const dueCents = rooms.reduce((s, r) => s + dueOf(r), 0)
  // A joined room's due charges post to its account, not to this folio: they do not change this folio's balance.
  const stayFolio = new Map(stays.map((s) => [s.orderRoomId, s.folioOrderId]))
  const dueHereCents = rooms
    .filter((r) => stayFolio.get(r.orderRoomId) === folioOrderId)
    .reduce((s, r) => s + dueOf(r), 0)
  const bill: CheckoutBill = {
    orderId,
    folioOrderId,
    settled: folio.settled,
    at: formatTime(now, config.timeZone),
    timing: {
      checkOutTime: config.checkOutTime,
      checkOutMode: config.checkOutMode,
      hourUnitMinutes: config.hourUnitMinutes,
    },
    rooms,
    totals,
    dueCents,
    balanceAfterCents: totals.balanceCents + dueHereCents,
    posted: [],
  }
  return [bill, stayFolio]
}

/**
 * Posts the check-out bill's due room and overtime charges to the folio, in the caller's transaction, and answers
 * the bill with the entries posted. Calling it again posts nothing more (it posts only what is not on the folio
 * yet). A settled folio that gets new charges is no longer settled: the desk settles again once they are paid.
 *
 * The front desk's check-out calls it inside its own transaction, before or after moving the rooms to checkOut
 * (a room's checked_out_at, when set, ends its stay; otherwise `now` does):
 *   await postCheckoutCharges(tx, propertyId, orderId, now, { orderRoomIds, createBy: actor.userId })
 * An order of another property is answered 404.
 */
export async function postCheckoutCharges(
  tx: Db,
  propertyId: number,
  orderId: number,
  now: Date,
  options: BillOptions & { createBy?: number | null } = {},
): Promise<CheckoutBill> {
  // Lock the folio first: two check-outs at once must not both see the charges as still due.
  const held = await holdFolio(tx, propertyId, orderId)
  const [bill, stayFolios] = await billOf(tx, held.asked, held.folio, now, options, held.config)
  held.stayFolios = stayFolios
  const posted = await postDue(tx, held, bill.rooms, options.createBy ?? null, postEntry)
  return Object.assign(bill, { settled: held.folio.settled, posted })
}

/**
 * The reads of a check-out's charges, from what the check-out asks alone (the front desk's check-out sends them with the
 * order's lock, in its first round trip): the folio locked (holdFolio: two check-outs at once must not both see the
 * charges as still due), then the billed stays leaving (the order's checked-in stays, or those of them named; the
 * check-out refuses named stays that are not checked in before these answers are used).
 */
export function checkoutChargeReads(
  tx: Db,
  asked: { propertyId: number; orderId: number; orderRoomIds: readonly number[] | null },
) {
  const { propertyId, orderId } = asked
  const orderRoomIds = asked.orderRoomIds ? [...asked.orderRoomIds] : null
  return [
    () => holdFolio(tx, propertyId, orderId),
    () => leavingBilledStays(tx, { propertyId, orderId, orderRoomIds }),
  ] as const
}

/**
 * Posts the front desk's check-out charges from what checkoutChargeReads read, as postCheckoutCharges does; the
 * check-out reads nothing of the entries, so each goes with the transaction's next statement (postEntryBehind).
 */
export async function postReadCheckoutCharges(
  tx: Db,
  [held, stays]: CheckoutChargeReads,
  now: Date,
  createBy: number | null,
): Promise<void> {
  held.stayFolios = new Map(stays.map((s) => [s.orderRoomId, s.folioOrderId]))
  await postDue(tx, held, billedRooms(held.asked, held.config, now, stays), createBy, postEntryBehind)
}

/**
 * Step: posts the due room and overtime charges of `rooms` to the folio `held` locked; a settled folio that gets new
 * charges is no longer settled. `post` is postEntry (answering each entry) or postEntryBehind.
 */
async function postDue<T>(
  tx: Db,
  held: HeldFolio,
  rooms: CheckoutBillRoom[],
  createBy: number | null,
  post: (tx: Db, input: NewEntry, held: HeldFolio) => Promise<T>,
): Promise<T[]> {
  const { asked, folio } = held
  if (rooms.some((r) => dueOf(r) > 0) && folio.settled) {
    await writeBehind(tx, () =>
      tx.execute(sql`UPDATE pms_order SET settled = false, settled_at = NULL, settled_by = NULL
        WHERE order_id = ${folio.orderId} AND settled`),
    )
    held.folio = Object.assign({}, folio, { settled: false, settledAt: null })
    if (asked.orderId === folio.orderId) held.asked = held.folio
  }
  const posted: T[] = []
  for (const r of rooms) {
    const remark = `${r.checkIn} – ${r.departure}`
    const common = {
      propertyId: asked.propertyId,
      orderId: asked.orderId,
      orderRoomId: r.orderRoomId,
      createBy,
      remark,
    }
    if (r.dueRoomCents > 0)
      posted.push(
        await post(
          tx,
          Object.assign({}, common, { kind: 'roomCharge' as const, amountCents: r.dueRoomCents }),
          held,
        ),
      )
    if (r.dueOvertimeCents > 0)
      posted.push(
        await post(
          tx,
          Object.assign({}, common, { kind: 'overtimeCharge' as const, amountCents: r.dueOvertimeCents }),
          held,
        ),
      )
  }
  return posted
}
