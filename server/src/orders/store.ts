// Shared pieces of every order action: loading an order or stay of the property (locked), the order number, the
// history record, room and room-type checks, and the transaction that maps a double booking to a clear 409.
import { hasPermission, ResultCode } from '@pms/protocol'
import type { OrderAction, OrderState, ReserveState, StayState } from '@pms/protocol/api/orders'
import type { PropertyConfig } from '@pms/protocol/api/properties'
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import type { AuthContext } from '../auth/auth-context.ts'
import { type AtCommit, aheadOfTransaction, answeredAtCommit, sentTogether } from '../db/answered.ts'
import { builtOnce, slot, sqlBuiltOnce } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { refusalOf } from '../db/refusal.ts'
import { rowsOf } from '../db/rows.ts'
import { order, orderGuest, orderRoom, room, roomType } from '../db/schema/index.ts'
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { clockColumns, clockOf, type PropertyClock, propertyClock } from '../properties/clock.ts'
import { mergeConfig, type StoredConfig } from '../properties/config.ts'
import { OrderPermission } from './menus.ts'
import type { StayRange } from './timing.ts'

export type OrderRow = typeof order.$inferSelect & { state: OrderState }
export type StayRow = typeof orderRoom.$inferSelect & { state: StayState; start: Date; end: Date }
export type RoomRow = typeof room.$inferSelect
export type RoomTypeRow = typeof roomType.$inferSelect

/** Who acts, in which property, at what time: passed to every service. */
export interface Actor {
  auth: AuthContext
  propertyId: number
  now: Date
}

/** The order of the property, locked for the rest of the transaction; 404 when it is not there (or not ours). */
export async function lockOrder(tx: Db, propertyId: number, orderId: number): Promise<OrderRow> {
  return findOrder(tx, propertyId, orderId, true)
}

const orderWhere = and(eq(order.orderId, slot('orderId')), eq(order.propertyId, slot('propertyId')))
const orderById = builtOnce((db) => db.select().from(order).where(orderWhere).prepare(''))
const lockedOrderById = builtOnce((db) => db.select().from(order).where(orderWhere).for('update').prepare(''))
const lockedOrderWithClock = builtOnce((db) =>
  db
    .select({ ...getTableColumns(order), ...clockColumns(slot('propertyId')) })
    .from(order)
    .where(orderWhere)
    .for('update')
    .prepare(''),
)

/**
 * lockOrder with the property's clock read by the same statement (a check-in asks both). The clock is the
 * statement's snapshot, taken before the order's lock was granted: a night audit that moved the business date while
 * the check-in waited for the order shows at the desk's next call, as it would had the check-in come a moment earlier.
 */
export async function lockOrderWithClock(
  tx: Db,
  propertyId: number,
  orderId: number,
  now: Date,
): Promise<[OrderRow, PropertyClock]> {
  const [row] = await lockedOrderWithClock(tx, { orderId, propertyId })
  if (!row) throw new AppError(ResultCode.notFound, 'orders.orderNotFound')
  const { clockDay, clockZone, ...found } = row
  return [found as OrderRow, await clockOf(tx, propertyId, { clockDay, clockZone }, now)]
}

/** The order of the property; 404 'Order Not Found' when it is not there or belongs to another property. */
export async function findOrder(
  db: Db,
  propertyId: number,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  const [row] = await (lock ? lockedOrderById : orderById)(db, { orderId, propertyId })
  if (!row) throw new AppError(ResultCode.notFound, 'orders.orderNotFound')
  return row as OrderRow
}

const stayFields = {
  orderRoomId: orderRoom.orderRoomId,
  orderId: orderRoom.orderId,
  propertyId: orderRoom.propertyId,
  roomId: orderRoom.roomId,
  roomTypeId: orderRoom.roomTypeId,
  priceCents: orderRoom.priceCents,
  stay: orderRoom.stay,
  state: orderRoom.state,
  mainRoomId: orderRoom.mainRoomId,
  checkedInAt: orderRoom.checkedInAt,
  checkedOutAt: orderRoom.checkedOutAt,
  createTime: orderRoom.createTime,
  updateTime: orderRoom.updateTime,
  start: sql<Date>`lower(${orderRoom.stay})`,
  end: sql<Date>`upper(${orderRoom.stay})`,
}

function asStay(row: Record<string, unknown>): StayRow {
  return Object.assign(row, {
    start: new Date(row.start as string),
    end: new Date(row.end as string),
  }) as StayRow
}

const staysByOrder = builtOnce((db) =>
  db
    .select(stayFields)
    .from(orderRoom)
    .where(eq(orderRoom.orderId, slot('orderId')))
    .orderBy(orderRoom.orderRoomId)
    .prepare(''),
)

/** The rooms (stays) of an order, oldest first. */
export async function staysOf(tx: Db, orderId: number): Promise<StayRow[]> {
  return (await staysByOrder(tx, { orderId })).map(asStay)
}

/**
 * The property's order of the stay `stayId` names (a slot, or a subquery finding it), locked: found through the stay by
 * the lock's own statement.
 */
const lockedOrderOf = (stayId: SQL) =>
  builtOnce((db) =>
    db
      .select()
      .from(order)
      .where(
        and(
          eq(order.propertyId, slot('propertyId')),
          sql`${order.orderId} = (SELECT s.order_id FROM ${orderRoom} s
            WHERE s.order_room_id = ${stayId} AND s.property_id = ${slot('propertyId')})`,
        ),
      )
      .for('update')
      .prepare(''),
  )
/** The property's stay `stayId` names (a slot, or a subquery finding it), locked. */
const lockedStayOf = (stayId: SQL) =>
  builtOnce((db) =>
    db
      .select(stayFields)
      .from(orderRoom)
      .where(and(eq(orderRoom.propertyId, slot('propertyId')), sql`${orderRoom.orderRoomId} = ${stayId}`))
      .for('update')
      .prepare(''),
  )
const lockedOrderOfStay = lockedOrderOf(sql`${slot('orderRoomId')}`)
const lockedStay = lockedStayOf(sql`${slot('orderRoomId')}`)

/**
 * One stay of the property with its order, both locked — the order first, as every order action locks them — in one
 * round trip (the stay's lock waits in PostgreSQL for the order's); 404 otherwise.
 */
export async function lockStay(
  tx: Db,
  propertyId: number,
  orderRoomId: number,
): Promise<{ stay: StayRow; order: OrderRow }> {
  const [locked] = await lockStayWith(tx, propertyId, orderRoomId)
  return locked
}

/**
 * lockStay, with `reads` that need neither lock's answer sent after the locks in the same write (each runs once they
 * are granted, on a fresh snapshot): answers the locked stay and order, then the reads' answers in order. A read's
 * answer is used only once the stay is known to be the property's (404 first otherwise).
 */
export async function lockStayWith<T extends unknown[]>(
  tx: Db,
  propertyId: number,
  orderRoomId: number,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<[{ stay: StayRow; order: OrderRow }, ...T]> {
  const [[theOrder], [row], ...answers] = (await sentTogether<unknown[]>(
    tx,
    () => lockedOrderOfStay(tx, { propertyId, orderRoomId }),
    () => lockedStay(tx, { propertyId, orderRoomId }),
    ...(reads as Array<() => PromiseLike<unknown>>),
  )) as [unknown[], Array<Record<string, unknown>>, ...T]
  if (!row) throw notFound('orders.entity.orderRoom')
  if (!theOrder) throw new AppError(ResultCode.notFound, 'orders.orderNotFound')
  return [{ stay: asStay(row), order: theOrder as OrderRow }, ...answers]
}

/** The stays of the order of the property's stay `orderRoomId`, oldest first (statement built once). */
const staysOfStaysOrder = builtOnce((db) =>
  db
    .select(stayFields)
    .from(orderRoom)
    .where(
      sql`${orderRoom.orderId} = (SELECT s.order_id FROM ${orderRoom} s
        WHERE s.order_room_id = ${slot('orderRoomId')} AND s.property_id = ${slot('propertyId')})`,
    )
    .orderBy(orderRoom.orderRoomId)
    .prepare(''),
)

/** The stays of the order of a stay of the property, oldest first: a read that can go with the stay's lock. */
export async function staysWithStay(tx: Db, propertyId: number, orderRoomId: number): Promise<StayRow[]> {
  return (await staysOfStaysOrder(tx, { propertyId, orderRoomId })).map(asStay)
}

/** The stay of the property's guest `guestId`: its id, read from the guest's row by the statement that uses it. */
const stayOfGuest = sql`(SELECT g.order_room_id FROM ${orderGuest} g
  WHERE g.guest_id = ${slot('guestId')} AND g.property_id = ${slot('propertyId')})`
const lockedOrderOfGuest = lockedOrderOf(stayOfGuest)
const lockedStayOfGuest = lockedStayOf(stayOfGuest)
const guestOfProperty = builtOnce((db) =>
  db
    .select()
    .from(orderGuest)
    .where(and(eq(orderGuest.guestId, slot('guestId')), eq(orderGuest.propertyId, slot('propertyId'))))
    .prepare(''),
)

/**
 * A guest of the property with its stay and order, both locked as lockStay locks them, in one round trip: the locks
 * found through the guest's row by their own statements, then the guest read once they are granted (a statement of
 * its own, on a fresh snapshot). A guest moved to another stay in between is locked again through the stay it is in
 * now. 404 when the guest is not the property's.
 */
export async function lockGuestStay(
  tx: Db,
  propertyId: number,
  guestId: number,
): Promise<{ guest: typeof orderGuest.$inferSelect; stay: StayRow; order: OrderRow }> {
  const [[theOrder], [row], [guest]] = await sentTogether(
    tx,
    () => lockedOrderOfGuest(tx, { propertyId, guestId }),
    () => lockedStayOfGuest(tx, { propertyId, guestId }),
    () => guestOfProperty(tx, { propertyId, guestId }),
  )
  if (!guest) throw notFound('orders.entity.guest')
  if (!row || !theOrder || row.orderRoomId !== guest.orderRoomId)
    return { guest, ...(await lockStay(tx, propertyId, guest.orderRoomId)) }
  return { guest, stay: asStay(row), order: theOrder as OrderRow }
}

/** A new order's number, the property's configuration read with it, and the ids its rows are written under. */
export interface OrderNumbers {
  orderNo: string
  config: PropertyConfig
  orderId: number
  /** One per stay, in the order of the stays. */
  stayIds: number[]
  /** The push record telling the property's desks. */
  pushId: number
}

/**
 * The statement of nextOrderNo: the day's counter raised, with the property's configuration and the new rows' ids
 * drawn from their sequences (ids are never reused; an order that fails leaves a gap there too, as any insert does).
 */
const drawOrderNumbers = sqlBuiltOnce(sql`
  WITH unhurried AS (SELECT set_config('synchronous_commit',
    CASE WHEN ${slot('unhurried')}::boolean THEN 'off' ELSE current_setting('synchronous_commit') END, true))
  INSERT INTO pms_order_sequence (property_id, day, last_no)
  SELECT property_id, to_char(business_date, 'YYYYMMDD'), 1 FROM pms_business_date, unhurried
  WHERE property_id = ${slot('propertyId')}
  ON CONFLICT (property_id, day) DO UPDATE SET last_no = pms_order_sequence.last_no + 1
  RETURNING day, last_no AS value,
    (SELECT config FROM pms_property_config WHERE property_id = ${slot('propertyId')}) AS config,
    nextval(pg_get_serial_sequence('pms_order', 'order_id')) AS order_id,
    ARRAY(SELECT nextval(pg_get_serial_sequence('pms_order_room', 'order_room_id'))
      FROM generate_series(1, ${slot('stays')}::int)) AS stay_ids,
    nextval(pg_get_serial_sequence('pms_push_record', 'record_id')) AS push_id`)

type NumbersRow = {
  day: string
  value: number
  config: unknown
  order_id: number
  stay_ids: unknown
  push_id: number
}

/** The numbers of drawOrderNumbers' row; null when the property has no business date yet. */
function numbersOf(propertyId: number, result: unknown): OrderNumbers | null {
  const [row] = rowsOf<NumbersRow>(result)
  if (!row) return null
  // The property's configuration comes with the number (the reservation's timing), read by the same statement.
  const stored = (typeof row.config === 'string' ? JSON.parse(row.config) : row.config) as StoredConfig | null
  // node-postgres answers a bigint[] as text ('{1,2}'), PGlite as numbers.
  const stayIds = Array.isArray(row.stay_ids)
    ? row.stay_ids.map(Number)
    : String(row.stay_ids).replace(/[{}]/g, '').split(',').map(Number)
  return {
    orderNo: `R${row.day}${String(row.value).padStart(4, '0')}`,
    config: mergeConfig(propertyId, stored ?? undefined, null),
    orderId: Number(row.order_id),
    stayIds,
    pushId: Number(row.push_id),
  }
}

/**
 * The next order number of the property: R + its business date yyyymmdd + a 4-digit daily counter, in one atomic
 * upsert run on its own (autocommit), never inside an order's transaction: the counter row is the one row every
 * reservation of the property's day writes, so it is locked for this statement only. The business date is read by the
 * same statement; a property that has none yet gets it first (propertyClock). The order's, its stays' and its push
 * record's ids are drawn by it too, so the order's own statement needs no answer (it goes with the commit). A
 * reservation that fails afterwards leaves a gap in the day's numbers: order numbers identify orders, they are not
 * fiscal documents (receipt numbers are; see billing/folio.ts nextReceiptNo).
 *
 * Its commit does not wait for the disk (synchronous_commit off for this statement's own transaction): the row stays
 * locked until its commit ends, and a flush of the log (about a millisecond on the machines measured) made every
 * reservation of the property's day wait for the one before it to reach the disk. Nothing is risked: an order that
 * uses the number commits after it and waits for the log up to its own commit, which takes the counter's with it; a
 * crash can only lose a number no committed order has. (Called in a transaction, it would make that transaction's
 * commit unhurried too: it takes the pool, or goes ahead of the transaction's BEGIN — orderNumbersAhead — never
 * inside a transaction.)
 */
export async function nextOrderNo(
  db: Db,
  propertyId: number,
  now: Date,
  stays: number,
): Promise<OrderNumbers> {
  const numbers = numbersOf(propertyId, await drawOrderNumbers(db, { propertyId, stays, unhurried: true }))
  if (numbers) return numbers
  await propertyClock(db, propertyId, now)
  return nextOrderNo(db, propertyId, now, stays)
}

/**
 * nextOrderNo inside the order's transaction, where it could not go ahead of it: its commit waits for the disk as the
 * order's must, and the day's counter row stays locked to it. Only a property's first order ever comes here (its
 * business date is set in the same transaction): a wait on another pooled connection from inside a transaction could
 * leave the pool with none free.
 */
async function numbersInside(tx: Db, propertyId: number, now: Date, stays: number): Promise<OrderNumbers> {
  const numbers = numbersOf(propertyId, await drawOrderNumbers(tx, { propertyId, stays, unhurried: false }))
  if (numbers) return numbers
  await propertyClock(tx, propertyId, now)
  return numbersInside(tx, propertyId, now, stays)
}

/**
 * nextOrderNo for an order whose transaction `tx` has just begun (PostgreSQL): the statement is written just ahead of
 * the transaction's BEGIN, with its first statement (answered.ts aheadOfTransaction), so it costs no write of its own
 * and still runs outside the transaction. Answers a function reading the numbers. PGlite's single session runs the
 * transaction alone: its caller draws the number before the transaction instead (nextOrderNo).
 */
export async function orderNumbersAhead(
  tx: Db,
  propertyId: number,
  now: Date,
  stays: number,
): Promise<() => Promise<OrderNumbers>> {
  const ahead = await aheadOfTransaction(tx, () =>
    drawOrderNumbers(tx, { propertyId, stays, unhurried: true }),
  )
  return async () =>
    (ahead && numbersOf(propertyId, await ahead())) || numbersInside(tx, propertyId, now, stays)
}

/** One line of an order's history. */
export interface OrderEventInput {
  orderId: number
  orderRoomId?: number | null
  action: OrderAction
  before?: string | null
  after?: string | null
  detail?: Record<string, unknown>
}

/**
 * The order's new state written by the history's own statement (a data-modifying WITH), to save it a statement: the
 * state alone, or with the reserve state and the span refreshed from the stays still booked or checked in (kept as it
 * was when none is).
 */
export interface OrderStateChange {
  state: OrderState
  reserveState?: ReserveState
}

/** Writes one line of an order's history (with its order's new state, when given). */
export async function recordEvent(
  tx: Db,
  actor: Actor,
  input: OrderEventInput,
  change?: OrderStateChange,
): Promise<void> {
  await recordEvents(tx, actor, [input], change)
}

/** The lines, as the history's statements read them (jsonb_to_recordset, in the order given). */
const HISTORY_LINES = sql`INSERT INTO pms_order_event
    (order_id, property_id, order_room_id, action, state_before, state_after, detail, create_by, create_time)
  SELECT e.order_id, ${slot('propertyId')}::bigint, e.order_room_id, e.action, e.state_before, e.state_after,
    coalesce(e.detail, '{}'), ${slot('createBy')}::bigint, ${slot('now')}::timestamptz
  FROM jsonb_to_recordset(${slot('lines')}::jsonb) AS e(n int, order_id bigint, order_room_id bigint, action text,
    state_before text, state_after text, detail jsonb)
  ORDER BY e.n`

/** The history alone, with the order's state, or with its state, reserve state and span: statements built once. */
const writeHistory = sqlBuiltOnce(HISTORY_LINES)
const writeHistoryAndState = sqlBuiltOnce(sql`WITH order_state AS (
    UPDATE pms_order SET state = ${slot('state')}, update_time = ${slot('now')}::timestamptz
    WHERE order_id = ${slot('orderId')} RETURNING order_id
  ) ${HISTORY_LINES}`)
const writeHistoryStateAndSpan = sqlBuiltOnce(sql`WITH order_state AS (
    UPDATE pms_order o SET state = ${slot('state')}, reserve_state = ${slot('reserveState')},
      update_time = ${slot('now')}::timestamptz,
      check_in_at = coalesce(span.a, o.check_in_at), check_out_at = coalesce(span.b, o.check_out_at)
    FROM (SELECT min(lower(stay)) AS a, max(upper(stay)) AS b
      FROM pms_order_room WHERE order_id = ${slot('orderId')} AND state IN ('booking', 'checkIn')) span
    WHERE o.order_id = ${slot('orderId')}
    RETURNING o.order_id
  ) ${HISTORY_LINES}`)

/**
 * Writes lines of an order's history in one statement, with the order's new state when given (`change`, of the first
 * line's order). At least one line: the state written alongside must never be skipped silently.
 */
export async function recordEvents(
  tx: Db,
  actor: Actor,
  inputs: OrderEventInput[],
  change?: OrderStateChange,
): Promise<void> {
  if (!inputs.length) throw new Error('recordEvents needs at least one history line')
  const lines = inputs.map((input, n) => ({
    n,
    order_id: input.orderId,
    order_room_id: input.orderRoomId ?? null,
    action: input.action,
    state_before: input.before ?? null,
    state_after: input.after ?? null,
    detail: input.detail ?? {},
  }))
  const values = {
    propertyId: actor.propertyId,
    createBy: actor.auth.userId,
    now: actor.now.toISOString(),
    lines: JSON.stringify(lines),
    orderId: inputs[0]!.orderId,
    ...change,
  }
  const write = !change ? writeHistory : change.reserveState ? writeHistoryStateAndSpan : writeHistoryAndState
  await write(tx, values)
}

export async function requireRoomType(tx: Db, propertyId: number, roomTypeId: number): Promise<RoomTypeRow> {
  const [row] = await tx
    .select()
    .from(roomType)
    .where(and(eq(roomType.roomTypeId, roomTypeId), eq(roomType.propertyId, propertyId)))
  if (!row) throw notFound('entity.roomType')
  return row
}

/** The room of the property, locked (occupancy is written by the actions). */
export async function lockRoom(tx: Db, propertyId: number, roomId: number): Promise<RoomRow> {
  const [row] = await tx
    .select()
    .from(room)
    .where(and(eq(room.roomId, roomId), eq(room.propertyId, propertyId)))
    .for('update')
  if (!row) throw notFound('entity.room')
  return row
}

/** The property's rooms that `which` keeps, with their own room types, locked in room order (to build once). */
const lockedWithTypes = (db: Db, which: SQL) =>
  db
    .select({ room, type: roomType })
    .from(room)
    .innerJoin(roomType, eq(roomType.roomTypeId, room.roomTypeId))
    .where(and(which, eq(room.propertyId, slot('propertyId'))))
    .orderBy(room.roomId)
    .for('update', { of: room })
    .prepare('')

const lockedRoomsWithTypes = builtOnce((db) =>
  lockedWithTypes(db, sql`${room.roomId} = ANY(${slot('roomIds')}::bigint[])`),
)

/** Rooms of the property with their own room types, locked in room order; rooms not found are left out. */
export async function lockRoomsWithTypes(
  tx: Db,
  propertyId: number,
  roomIds: number[],
): Promise<Array<{ room: RoomRow; type: RoomTypeRow }>> {
  if (!roomIds.length) return []
  return lockedRoomsWithTypes(tx, { roomIds, propertyId })
}

/**
 * The rooms a check-in takes, with their own room types, locked in room order (as lockRoomsWithTypes): the rooms named
 * (`roomIds`) and those assigned to the order's booked stays (all of them, or those of `stayIds`), read from the
 * stays by the same statement, so it goes with the order's own reads, in their round trip. A booked stay's room may
 * be locked though the desk moves it to another: it is only held to the transaction's end.
 */
const lockedCheckInRooms = builtOnce((db) =>
  lockedWithTypes(
    db,
    sql`(${room.roomId} = ANY(${slot('roomIds')}::bigint[]) OR ${room.roomId} IN (SELECT s.room_id
      FROM pms_order_room s WHERE s.order_id = ${slot('orderId')} AND s.state = 'booking'
        AND (${slot('allStays')}::boolean OR s.order_room_id = ANY(${slot('stayIds')}::bigint[]))))`,
  ),
)

/** lockedCheckInRooms: `stayIds` null takes every booked stay's room. */
export function lockRoomsForCheckIn(
  tx: Db,
  at: { propertyId: number; orderId: number },
  roomIds: number[],
  stayIds: number[] | null,
): Promise<Array<{ room: RoomRow; type: RoomTypeRow }>> {
  return lockedCheckInRooms(
    tx,
    Object.assign({}, at, { roomIds, allStays: stayIds === null, stayIds: stayIds ?? [] }),
  )
}

/** Room types of the property among `roomTypeIds` (none read when none is asked). */
export async function roomTypesOf(tx: Db, propertyId: number, roomTypeIds: number[]): Promise<RoomTypeRow[]> {
  if (!roomTypeIds.length) return []
  return tx
    .select()
    .from(roomType)
    .where(and(inArray(roomType.roomTypeId, roomTypeIds), eq(roomType.propertyId, propertyId)))
}

/** The price a stay gets: the room type's unless the actor may change prices (pms:pmsOrder:changePrice). */
export function resolvePrice(actor: Actor, type: RoomTypeRow, hourly: boolean, asked?: number): number {
  const listed = hourly ? type.hourlyPrice : type.dailyPrice
  if (asked === undefined || asked === listed) return listed
  if (!hasPermission(actor.auth, [OrderPermission.changePrice], () => {}))
    throw forbidden('orders.priceNeedsPermission')
  return asked
}

/** Rooms that are not hourly rooms cannot be checked in or reserved as hourly (SPEC §5). */
export function requireHourlyFit(type: RoomTypeRow, hourly: boolean) {
  if (hourly && !type.hourRoom) throw badRequest('orders.notHourlyRoom', [type.typeName])
}

/** The room must be of the stay's room type. */
export function requireRoomOfType(theRoom: RoomRow, type: RoomTypeRow) {
  if (theRoom.roomTypeId !== type.roomTypeId)
    throw conflict('orders.roomNotOfType', [theRoom.roomNo, type.typeName])
}

/**
 * Only empty rooms can be moved into now (SPEC §5: 'only empty rooms or hourly rooms'); a locked room or one under
 * maintenance is never sold. Dirty rooms may be checked into: the desk decides.
 */
export function requireEnterable(theRoom: RoomRow) {
  if (theRoom.locked || theRoom.maintain) throw conflict('orders.roomOutOfService', [theRoom.roomNo])
  if (theRoom.occupancy !== 'empty') throw conflict('orders.onlyEmptyRooms', [theRoom.roomNo])
}

/** Refuses a room held by another active stay overlapping the range (the exclusion constraint is the last guard). */
export async function requireRoomFree(
  tx: Db,
  theRoom: RoomRow,
  range: StayRange,
  exceptOrderRoomId?: number,
): Promise<void> {
  const rows = await tx.execute<{ id: number }>(sql`
    SELECT order_room_id AS id FROM pms_order_room
    WHERE room_id = ${theRoom.roomId} AND state IN ('booking', 'checkIn')
      AND stay && tstzrange(${range.start.toISOString()}::timestamptz, ${range.end.toISOString()}::timestamptz, '[)')
      ${exceptOrderRoomId ? sql`AND order_room_id <> ${exceptOrderRoomId}` : sql``}
    LIMIT 1`)
  if (rowsOf(rows).length) throw roomNotAvailable(theRoom.roomNo)
}

export const roomNotAvailable = (roomNo: string) => conflict('orders.roomNotAvailable', [roomNo])

/**
 * Runs an action in one transaction. A double booking two requests win together reaches the exclusion constraint
 * (SQLSTATE 23P01): answer it as 409 'room {0} is not available', naming the room from the constraint's detail.
 */
export async function inTransaction<T>(db: Db, propertyId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  return overlapAnswered(db, propertyId, () => db.transaction(async (tx) => work(tx as unknown as Db)))
}

/**
 * inTransaction, answered by a read of what the work wrote (one statement: the order view) sent with the COMMIT, one
 * round trip fewer than reading after it, with the checks the work handed to `atCommit` just before it
 * (db/answered.ts).
 */
export async function inTransactionAnswered<T, A>(
  db: Db,
  propertyId: number,
  work: (tx: Db, atCommit: AtCommit) => Promise<T>,
  answer: (tx: Db, done: T) => Promise<A>,
): Promise<{ done: T; answer: A }> {
  return overlapAnswered(db, propertyId, () => answeredAtCommit(db, work, answer))
}

/** Runs a transaction, answering a double booking (SQLSTATE 23P01) as 409 naming the room. */
async function overlapAnswered<T>(db: Db, propertyId: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const overlap = refusalOf(error, '23P01')
    if (!overlap) throw error
    const roomId = /\(room_id, stay\)=\((\d+),/.exec(overlap.detail ?? '')?.[1]
    const [found] = roomId
      ? await db
          .select({ roomNo: room.roomNo })
          .from(room)
          .where(and(eq(room.roomId, Number(roomId)), eq(room.propertyId, propertyId)))
      : []
    throw roomNotAvailable(found?.roomNo ?? '')
  }
}
