// Making an order: a reservation (rooms by type, assigned now or later) or a walk-in (rooms checked in at once).
import { type PushRecord, PushRecordType } from '@pms/protocol'
import {
  OrderAction,
  type OrderState,
  type OrderType,
  type OrderView,
  StayState,
} from '@pms/protocol/api/orders'
import { INITIAL_STATE } from '@pms/protocol/orders/state-machine'
import { sql } from 'drizzle-orm'
import type { ServerContext } from '../context.ts'
import { type AtCommit, writeBehind } from '../db/answered.ts'
import { builtOnce, slot, valueSlot } from '../db/built-once.ts'
import { type Db, transactionsRunAlone } from '../db/client.ts'
import { order, orderEvent, orderGuest, orderRoom, pushRecord } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { Records } from '../http/property-records.ts'
import { rememberCreated } from '../http/references.ts'
import {
  announcePushRecord,
  formatTime,
  type NewPushRecord,
  presentPushRecord,
  pushRecordValues,
} from '../notifications/push.ts'
import {
  checkNewStayGuests,
  insertNewStayGuests,
  NEW_GUEST_FIELDS,
  type NewGuest,
  refreshOccupancy,
  requirePhone,
} from './guests.ts'
import { guestPeople, postOrderDeposit, runPersonGuards } from './hooks.ts'
import { requireTypeNights } from './inventory.ts'
import type { ReserveBody, WalkInBody } from './schemas.ts'
import {
  type Actor,
  inTransactionAnswered,
  lockRoomsWithTypes,
  nextOrderNo,
  type OrderNumbers,
  orderNumbersAhead,
  type RoomRow,
  type RoomTypeRow,
  requireEnterable,
  requireHourlyFit,
  requireRoomOfType,
  resolvePrice,
  roomTypesOf,
} from './store.ts'
import { rangeLiteral, type StayRange, type StayRules, stayRange, timingOf } from './timing.ts'
import { orderView } from './views.ts'

/** One stay to create in an order: type, optional room, price, guests. */
export interface NewStay {
  roomTypeId: number
  roomId?: number
  priceCents?: number
  guests?: ReserveBody['rooms'][number]['guests']
  mainRoomId?: number
}

/** How a new stay runs: hourly or not, and the state it starts in. */
interface StayTarget {
  hourly: boolean
  state: StayState
}

/** A new stay once its rules are checked: the type it is sold as, its room (if assigned) and its price. */
interface CheckedStay {
  input: NewStay
  field: string
  type: RoomTypeRow
  room: RoomRow | null
  priceCents: number
}

/**
 * The rules of one new stay, on rows already read (no statement): the room type is the property's and enabled,
 * hourly stays only in hourly room types, the room (when given) is of that type and in service; a stay checked in at
 * once needs an empty room. A room held by another stay over the range is refused by the exclusion constraint at the
 * insert (inTransaction answers 409 naming the room): no read ahead of it. The caller then checks that the type has a
 * room left for every moment of the range (requireTypeNights, inventory.ts), once for all the stays it writes.
 */
function checkStay(
  actor: Actor,
  target: StayTarget,
  input: NewStay,
  field: string,
  found: { room: RoomRow | null; type: RoomTypeRow },
): CheckedStay {
  const { room: theRoom, type } = found
  if (theRoom) {
    requireRoomOfType(theRoom, type)
    if (theRoom.locked || theRoom.maintain) throw conflict('orders.roomOutOfService', [theRoom.roomNo])
    if (target.state === StayState.checkIn) requireEnterable(theRoom)
  } else if (target.state === StayState.checkIn) throw badRequest('validation.required', [`${field}.roomId`])
  if (type.state !== '0') throw conflict('orders.roomTypeDisabled', [type.typeName])
  requireHourlyFit(type, target.hourly)
  return {
    input,
    field,
    type,
    room: theRoom,
    priceCents: resolvePrice(actor, type, target.hourly, input.priceCents),
  }
}

/** A stay's row as inserted: its order, room, type, price, range and state (checked in now for a walk-in). */
function stayValues(actor: Actor, target: StayTarget & { range: StayRange }, stay: CheckedStay) {
  return {
    propertyId: actor.propertyId,
    roomId: stay.room?.roomId ?? null,
    roomTypeId: stay.type.roomTypeId,
    priceCents: stay.priceCents,
    stay: rangeLiteral(target.range),
    state: target.state,
    mainRoomId: stay.input.mainRoomId ?? null,
    checkedInAt: target.state === StayState.checkIn ? actor.now : null,
    createTime: actor.now,
    updateTime: actor.now,
  }
}

/** Step: a new stay's guests, screened by the person guards and checked (checkNewStayGuests); nothing written. */
async function stayGuests(tx: Db, actor: Actor, stay: CheckedStay): Promise<NewGuest[]> {
  const guests = stay.input.guests ?? []
  await runPersonGuards(tx, actor, guestPeople(guests, `${stay.field}.guests`))
  return checkNewStayGuests(tx, stayOfRoom(stay), guests, `${stay.field}.guests`, stay.type.maxOccupancy)
}

/** What the guests' checks need of a checked stay: its room (named in a refusal) and type. */
const stayOfRoom = (stay: CheckedStay) => ({
  roomId: stay.room?.roomId ?? null,
  roomTypeId: stay.type.roomTypeId,
})

/** Step: a checked-in new stay's room shows its occupancy, behind, with the next statement (after its guests). */
async function seatCheckedIn(tx: Db, stay: CheckedStay, state: StayState) {
  if (state === StayState.checkIn)
    await writeBehind(tx, () => refreshOccupancy(tx, stay.room?.roomId ?? null))
}

/** Inserts one stay into an existing order after its checks (checkStays), with its guests; answers its id. */
export async function insertStay(
  tx: Db,
  actor: Actor,
  target: StayTarget & { orderId: number; range: StayRange },
  input: NewStay,
  field: string,
): Promise<number> {
  const [stay] = await checkStays(tx, actor, target, [input], () => field)
  const [row] = await tx
    .insert(orderRoom)
    .values({ orderId: target.orderId, ...stayValues(actor, target, stay!) })
    .returning({ orderRoomId: orderRoom.orderRoomId })
  const guests = await stayGuests(tx, actor, stay!)
  await insertNewStayGuests(
    tx,
    { orderRoomId: row!.orderRoomId, orderId: target.orderId, propertyId: actor.propertyId },
    guests,
  )
  await seatCheckedIn(tx, stay!, target.state)
  return row!.orderRoomId
}

/**
 * Places an order, a reservation or a walk-in, in named steps: (1) the order number and the new rows' ids, issued in
 * their own short statement outside the transaction (nextOrderNo: the day's counter row is never held through the
 * reservation), on PostgreSQL written just ahead of its BEGIN with its first statement (orderNumbersAhead); (2) one
 * transaction that writes the order, its stays, its history and the push record telling the property's desks
 * (createOrder), whose last statement reads the order as placed and goes with its COMMIT; (3) once committed, the order
 * and its stays are known to be the property's (the reference check of the next write naming them, a check-in say,
 * asks no statement) and the record is announced live. Answers the order's view.
 */
export async function placeOrder(
  ctx: Pick<ServerContext, 'db' | 'live' | 'config'>,
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
): Promise<OrderView> {
  const stays = body.rooms.length
  // PGlite runs a transaction alone: the number is drawn before it. On PostgreSQL it goes just ahead of the BEGIN.
  const drawnBefore = transactionsRunAlone(ctx.db)
    ? await nextOrderNo(ctx.db, actor.propertyId, actor.now, stays)
    : null
  const { done: placed, answer: view } = await inTransactionAnswered(
    ctx.db,
    actor.propertyId,
    async (tx, atCommit) => {
      const numbers = drawnBefore
        ? () => Promise.resolve(drawnBefore)
        : await orderNumbersAhead(tx, actor.propertyId, actor.now, stays)
      return createOrder(tx, actor, orderType, body, numbers, atCommit)
    },
    (tx, placed) => orderView(tx, actor.propertyId, placed.orderId, actor.now),
  )
  rememberCreated(ctx.db, Records.order, [placed.orderId], actor.propertyId)
  rememberCreated(ctx.db, Records.orderRoom, placed.stayIds, actor.propertyId)
  await announcePushRecord(ctx, placed.push)
  return view
}

/**
 * What the property's desks are told of an order booked or checked in: its number, who (the contact, else the first
 * guest), its rooms (numbers, or types not yet assigned) and its times on the property's clock. Kept as keys and
 * parameters: each desk reads it in its own language, not the language of who booked.
 */
export function orderPushRecord(
  propertyId: number,
  key: 'orders.push.reserved' | 'orders.push.checkedIn',
  o: {
    orderNo: string
    contactName: string
    firstGuest?: string
    rooms: string[]
    start: string
    end: string
  },
): NewPushRecord {
  return {
    propertyId,
    recordType: PushRecordType.order,
    title: { key, params: [o.orderNo] },
    body: {
      key: 'orders.push.body',
      params: [o.contactName || o.firstGuest || '-', o.rooms.join(', '), o.start, o.end],
    },
  }
}

/** Step: the push record of a new order (orderPushRecord), from what the order is made of. */
function orderPush(
  actor: Actor,
  plan: OrderPlan,
  body: ReserveBody | WalkInBody,
  orderNo: string,
  stays: CheckedStay[],
): NewPushRecord {
  return orderPushRecord(actor.propertyId, plan.walkIn ? 'orders.push.checkedIn' : 'orders.push.reserved', {
    orderNo,
    contactName: body.contactName ?? '',
    firstGuest: stays.flatMap((s) => s.input.guests ?? [])[0]?.name,
    rooms: stays.map((s) => s.room?.roomNo ?? s.type.typeName),
    start: formatTime(plan.range.start, plan.rules.timeZone),
    end: formatTime(plan.range.end, plan.rules.timeZone),
  })
}

/** Where and when an order's stays run, and in which states it starts. */
interface OrderPlan {
  walkIn: boolean
  hourly: boolean
  range: StayRange
  action: typeof OrderAction.walkIn | typeof OrderAction.reserve
  state: OrderState
  stayState: StayState
  /** The property's overbooking allowance per room type and night. */
  rules: { overbookRooms: number; timeZone: string }
}

/** How a new order's stays run: hourly or not, and checked in at once (a walk-in) or booked. */
function stayTargetOf(orderType: OrderType, body: ReserveBody | WalkInBody): StayTarget {
  return {
    hourly: body.hourly ?? false,
    state: orderType === 'walkIn' ? StayState.checkIn : StayState.booking,
  }
}

/** Step: the stay range from the hotel timing; a stay wholly in the past is refused. */
function planOrder(
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  timing: StayRules,
): OrderPlan {
  const walkIn = orderType === 'walkIn'
  const { hourly, state: stayState } = stayTargetOf(orderType, body)
  const range = stayRange(body, hourly, timing, actor.now, walkIn)
  if (range.end <= actor.now) throw badRequest('orders.stayInPast', ['startTime'])
  const action = walkIn ? OrderAction.walkIn : OrderAction.reserve
  return {
    walkIn,
    hourly,
    range,
    action,
    state: INITIAL_STATE[action],
    stayState,
    rules: { overbookRooms: timing.overbookRooms, timeZone: timing.timeZone },
  }
}

/** Step: the deposit typed on a new order is posted to its folio (a deposit with its method and receipt number). */
async function takeDeposit(tx: Db, actor: Actor, orderId: number, body: ReserveBody | WalkInBody) {
  const amountCents = body.depositCents ?? 0
  if (amountCents <= 0) return
  if (!body.depositMethod) throw badRequest('validation.required', ['depositMethod'])
  await postOrderDeposit(tx, actor, {
    orderId,
    amountCents,
    method: body.depositMethod,
    receiptType: body.depositReceiptType,
  })
}

/** The order row's values (its id and main account are drawn by writeOrder). */
function orderValues(
  actor: Actor,
  plan: OrderPlan,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  orderNo: string,
) {
  return {
    propertyId: actor.propertyId,
    orderNo,
    externalNo: body.externalNo ?? '',
    orderSource: body.orderSource ?? 'frontDesk',
    orderType,
    customerSource: body.customerSource ?? '',
    state: plan.state,
    reserveState: plan.walkIn ? 'checkInAll' : 'reserving',
    contactName: body.contactName ?? '',
    contactPhone: requirePhone(body.contactPhone ?? '', 'contactPhone'),
    salesman: body.salesman ?? '',
    channel: body.channel ?? '',
    secret: body.secret ?? false,
    remark: body.remark ?? '',
    depositCents: body.depositCents ?? 0,
    checkInAt: plan.range.start,
    checkOutAt: plan.range.end,
    hourly: plan.hourly,
    createBy: actor.auth.userId,
    createTime: actor.now,
    updateTime: actor.now,
  }
}

/**
 * Step: the rooms and room types new stays ask for, in at most two statements: the rooms with their own types,
 * locked in room order (two orders taking the same rooms never wait on each other crosswise), then the types asked
 * that are not among those. Then each stay's rules, in the order of the stays (checkStay); `fieldOf` names a stay
 * in errors.
 */
async function checkStays(
  tx: Db,
  actor: Actor,
  target: StayTarget,
  stays: NewStay[],
  fieldOf: (index: number) => string,
): Promise<CheckedStay[]> {
  const roomIds = [...new Set(stays.flatMap((r) => (r.roomId ? [r.roomId] : [])))]
  const locked = await lockRoomsWithTypes(tx, actor.propertyId, roomIds)
  const types = new Map(locked.map((l) => [l.type.roomTypeId, l.type]))
  const missing = [...new Set(stays.map((r) => r.roomTypeId))].filter((id) => !types.has(id))
  for (const type of await roomTypesOf(tx, actor.propertyId, missing)) types.set(type.roomTypeId, type)
  return stays.map((r, i) => {
    const theRoom = r.roomId ? locked.find((l) => l.room.roomId === r.roomId)?.room : null
    if (theRoom === undefined) throw notFound('entity.room')
    const type = types.get(r.roomTypeId)
    if (!type) throw notFound('entity.roomType')
    return checkStay(actor, target, r, fieldOf(i), { room: theRoom, type })
  })
}

/** The order row's fields as written by writeOrder (orderValues), each filled from a slot of the same name. */
const ORDER_FIELDS = [
  'propertyId',
  'orderNo',
  'externalNo',
  'orderSource',
  'orderType',
  'customerSource',
  'state',
  'reserveState',
  'contactName',
  'contactPhone',
  'salesman',
  'channel',
  'secret',
  'remark',
  'depositCents',
  'checkInAt',
  'checkOutAt',
  'hourly',
  'createBy',
  'createTime',
  'updateTime',
] as const satisfies ReadonlyArray<keyof ReturnType<typeof orderValues>>
/** Every field of orderValues has its slot (a field added there and not here fails the type check). */
const everyOrderField: [
  Exclude<keyof ReturnType<typeof orderValues>, (typeof ORDER_FIELDS)[number]>,
] extends [never]
  ? true
  : never = true
void everyOrderField

/**
 * writeOrder's statement for an order of `count` stays and `guests` guests in all, built once per shape
 * (db/built-once.ts; an order of one room with a guest or two is the desk's everyday one). The ids were drawn with the
 * order number (nextOrderNo), so the order names its first stay as its main account (the folio owner) as it is
 * inserted, and the history lists the stays; foreign keys are checked at the statement's end, when all are written. Stay i's values fill the slots suffixed i, guest j's the slots
 * suffixed `G${j}` (with its stay's id); a value that may be null (a stay's room, main room, check-in time) is cast
 * from a plain slot. It answers nothing: it goes with the transaction's next statement (writeBehind).
 */
function orderWriter(count: number, guests: number) {
  return builtOnce((tx) => {
    const orderRow = tx.$with('order_row').as(
      tx
        .insert(order)
        .values({
          ...(Object.fromEntries(ORDER_FIELDS.map((f) => [f, valueSlot(f)])) as ReturnType<
            typeof orderValues
          >),
          orderId: valueSlot<number>('orderId'),
          mainAccount: valueSlot<number>('stayId0'),
        })
        .returning({ orderId: order.orderId }),
    )
    const stayRows = tx.$with('stay_rows').as(
      tx
        .insert(orderRoom)
        .values(
          Array.from({ length: count }, (_, i) => ({
            orderRoomId: valueSlot<number>(`stayId${i}`),
            orderId: valueSlot<number>('orderId'),
            propertyId: valueSlot<number>('propertyId'),
            roomId: sql`${slot(`roomId${i}`)}::bigint`,
            roomTypeId: valueSlot<number>(`roomTypeId${i}`),
            priceCents: valueSlot<number>(`priceCents${i}`),
            stay: valueSlot<string>('stay'),
            state: valueSlot<string>('stayState'),
            mainRoomId: sql`${slot(`mainRoomId${i}`)}::bigint`,
            checkedInAt: sql`${slot('checkedInAt')}::timestamptz`,
            createTime: valueSlot<Date>('createTime'),
            updateTime: valueSlot<Date>('createTime'),
          })),
        )
        .returning({ orderRoomId: orderRoom.orderRoomId }),
    )
    const pushRow = tx.$with('push_row').as(
      tx
        .insert(pushRecord)
        .values({
          recordId: valueSlot<number>('pushId'),
          propertyId: valueSlot<number>('propertyId'),
          recordType: valueSlot<string>('pushType'),
          recordTitle: valueSlot<string>('pushTitleText'),
          recordBody: valueSlot<string>('pushBodyText'),
          title: sql`${slot('pushTitle')}::jsonb`,
          body: sql`${slot('pushBody')}::jsonb`,
          createTime: valueSlot<Date>('createTime'),
        })
        .returning({ recordId: pushRecord.recordId }),
    )
    // The guests, of the stays above: guest j's stay id fills the slot guestStay{j}.
    const guestRows = (n: number) =>
      tx.$with('guest_rows').as(
        tx
          .insert(orderGuest)
          .values(
            Array.from({ length: n }, (_, j) => ({
              orderId: valueSlot<number>('orderId'),
              orderRoomId: valueSlot<number>(`guestStay${j}`),
              propertyId: valueSlot<number>('propertyId'),
              ...(Object.fromEntries(NEW_GUEST_FIELDS.map((f) => [f, valueSlot(`${f}G${j}`)])) as NewGuest),
            })),
          )
          .returning({ guestId: orderGuest.guestId }),
      )
    return tx
      .with(...(guests ? [orderRow, stayRows, pushRow, guestRows(guests)] : [orderRow, stayRows, pushRow]))
      .insert(orderEvent)
      .values({
        orderId: valueSlot<number>('orderId'),
        propertyId: valueSlot<number>('propertyId'),
        action: valueSlot<string>('action'),
        stateAfter: valueSlot<string>('state'),
        detail: sql`${slot('detail')}::jsonb`,
        createBy: valueSlot<number>('createBy'),
        createTime: valueSlot<Date>('createTime'),
      })
      .prepare('')
  })
}
const orderWriters = new Map<string, ReturnType<typeof orderWriter>>()

/**
 * Step: the order, its stays, their guests, its history line and its push record in one statement (orderWriter), under
 * the ids drawn with its number; written behind, with the transaction's next statement (a double booking refused by it is that
 * statement's error). Answers the push record as readers see it (announced once the transaction has committed).
 */
async function writeOrder(
  tx: Db,
  actor: Actor,
  plan: OrderPlan,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  numbers: OrderNumbers,
  stays: CheckedStay[],
  guests: NewGuest[][],
): Promise<PushRecord> {
  const guestCount = guests.reduce((n, g) => n + g.length, 0)
  const shape = `${stays.length}/${guestCount}`
  let write = orderWriters.get(shape)
  if (!write) {
    write = orderWriter(stays.length, guestCount)
    orderWriters.set(shape, write)
  }
  const { orderNo, orderId, stayIds, pushId } = numbers
  const target = { hourly: plan.hourly, range: plan.range, state: plan.stayState }
  const push = pushRecordValues(orderPush(actor, plan, body, orderNo, stays))
  // The order's own values, extended in place (a fresh object): see server/src/db/README.md, "Objects on the hot path".
  const values: Record<string, unknown> = Object.assign(orderValues(actor, plan, orderType, body, orderNo), {
    orderId,
    pushId,
    stay: rangeLiteral(plan.range),
    stayState: plan.stayState,
    checkedInAt: plan.stayState === StayState.checkIn ? actor.now.toISOString() : null,
    pushType: push.recordType,
    pushTitleText: push.recordTitle,
    pushBodyText: push.recordBody,
    pushTitle: JSON.stringify(push.title),
    pushBody: push.body && JSON.stringify(push.body),
    action: plan.action,
    detail: JSON.stringify({
      orderNo,
      start: plan.range.start,
      end: plan.range.end,
      hourly: plan.hourly,
      rooms: stayIds,
    }),
  })
  for (const [i, stay] of stays.entries()) {
    const row = stayValues(actor, target, stay)
    values[`stayId${i}`] = stayIds[i]
    values[`roomId${i}`] = row.roomId
    values[`roomTypeId${i}`] = row.roomTypeId
    values[`priceCents${i}`] = row.priceCents
    values[`mainRoomId${i}`] = row.mainRoomId
  }
  let j = 0
  for (const [i, stayGuests] of guests.entries())
    for (const g of stayGuests) {
      values[`guestStay${j}`] = stayIds[i]
      for (const f of NEW_GUEST_FIELDS) values[`${f}G${j}`] = g[f]
      j++
    }
  await writeBehind(tx, () => write(tx, values))
  return presentPushRecord(
    Object.assign(push, { recordId: pushId, state: '0', createTime: actor.now }),
    plan.rules.timeZone,
  )
}

/**
 * Creates a reservation (state booking) or a walk-in order (state checkIn) in the caller's transaction: its rooms and
 * types checked, then under the number and ids drawn for it (`numbers`: nextOrderNo, read once the rooms are locked,
 * with the property's timing) its rows written; answers the order id, its stay ids and the push record written with
 * it, to announce once the transaction has committed. Its room types' nights are checked at the commit (`atCommit`,
 * db/answered.ts).
 */
export async function createOrder(
  tx: Db,
  actor: Actor,
  orderType: OrderType,
  body: ReserveBody | WalkInBody,
  numbers: () => Promise<OrderNumbers>,
  atCommit: AtCommit,
): Promise<{ orderId: number; stayIds: number[]; push: PushRecord }> {
  await runPersonGuards(tx, actor, [{ phone: body.contactPhone, field: 'contactPhone' }])
  const stays = await checkStays(tx, actor, stayTargetOf(orderType, body), body.rooms, (i) => `rooms[${i}]`)
  const guests: NewGuest[][] = []
  for (const stay of stays) guests.push(await stayGuests(tx, actor, stay))
  const numbered = await numbers()
  const plan = planOrder(actor, orderType, body, timingOf(numbered.config))
  const { orderId, stayIds } = numbered
  const push = await writeOrder(tx, actor, plan, orderType, body, numbered, stays, guests)
  for (const stay of stays) await seatCheckedIn(tx, stay, plan.stayState)
  await takeDeposit(tx, actor, orderId, body)
  // Last, after the answer and with the COMMIT in one write: the types' nights are locked for the COMMIT only (a
  // deposit's receipt counter, taken before, is held for PostgreSQL's work on that write).
  atCommit(() =>
    requireTypeNights(
      tx,
      actor.propertyId,
      body.rooms.map((r) => ({ roomTypeId: r.roomTypeId, range: plan.range })),
      plan.rules,
    ),
  )
  return { orderId, stayIds, push }
}
