// Guests of a room stay: validation (a mainland ID card is checked with the protocol validator), the room's maximum
// occupancy (SPEC §5), one main guest per room, and the room occupancy a checked-in stay gives its room.
import { isChineseIdCard } from '@pms/protocol'
import type { GuestView } from '@pms/protocol/api/orders'
import { checkGuestPhone } from '@pms/protocol/orders/phone'
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm'
import { writeBehind } from '../db/answered.ts'
import { builtOnce, slot, sqlBuiltOnce, valueSlot } from '../db/built-once.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/rows.ts'
import { orderGuest, orderRoom, room, roomType } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import type { GuestFields } from './schemas.ts'
import type { StayRow } from './store.ts'

export type GuestRow = typeof orderGuest.$inferSelect

export function presentGuest(g: GuestRow): GuestView {
  return {
    guestId: g.guestId,
    orderId: g.orderId,
    orderRoomId: g.orderRoomId,
    name: g.name,
    idType: g.idType as GuestView['idType'],
    idNo: g.idNo,
    phone: g.phone,
    main: g.main,
  }
}

/** Trims and checks one guest; `field` names it in a 400 (e.g. 'rooms[0].guests[1].idNo'). */
export function cleanGuest<T extends Partial<GuestFields>>(g: T, field: string): T {
  const out = { ...g }
  if (out.name !== undefined) {
    out.name = out.name.trim()
    if (!out.name) throw badRequest('validation.required', [`${field}name`])
  }
  if (out.idNo !== undefined) out.idNo = out.idNo.trim().toUpperCase()
  if (out.phone !== undefined) out.phone = requirePhone(out.phone, `${field}phone`)
  if ((out.idType ?? 'idCard') === 'idCard' && out.idNo && !isChineseIdCard(out.idNo))
    throw badRequest('orders.badIdCard', [`${field}idNo`])
  return out
}

/** A guest or contact phone, trimmed; 400 naming the field when it breaks the rules of SPEC §5 (orders/phone.ts). */
export function requirePhone(text: string, field: string): string {
  const phone = text.trim()
  const verdict = checkGuestPhone(phone)
  if (verdict) throw badRequest(verdict.key, [field, ...('params' in verdict ? verdict.params : [])])
  return phone
}

/** How a stay is named in messages: its room's number, else its room type's name ('' when neither is found). */
const labelOf = (roomId: SQL, roomTypeId: SQL) => sql`coalesce(
  (SELECT r.room_no FROM ${room} r WHERE r.room_id = ${roomId}),
  (SELECT t.type_name FROM ${roomType} t WHERE t.room_type_id = ${roomTypeId}), '')`

/** How a stay read already is named in messages (labelOf): its room number, or its type while no room is assigned. */
export async function stayLabel(tx: Db, stay: Pick<StayRow, 'roomId' | 'roomTypeId'>): Promise<string> {
  const [row] = rowsOf<{ label: unknown }>(
    await tx.execute(
      sql`SELECT ${labelOf(sql`${stay.roomId}::bigint`, sql`${stay.roomTypeId}::bigint`)} AS label`,
    ),
  )
  return String(row?.label ?? '')
}

/** stayLabel of the stay `orderRoomId`, from its id alone (a read that can go with the stay's locks); '' when none. */
export async function stayLabelOf(tx: Db, orderRoomId: number): Promise<string> {
  const [row] = rowsOf<{ label: unknown }>(
    await tx.execute(
      sql`SELECT ${labelOf(sql`s.room_id`, sql`s.room_type_id`)} AS label FROM ${orderRoom} s
        WHERE s.order_room_id = ${orderRoomId}`,
    ),
  )
  return String(row?.label ?? '')
}

export async function guestCount(tx: Db, orderRoomId: number, exceptGuestId?: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orderGuest)
    .where(
      and(
        eq(orderGuest.orderRoomId, orderRoomId),
        exceptGuestId ? ne(orderGuest.guestId, exceptGuestId) : undefined,
      ),
    )
  return Number(row?.n ?? 0)
}

/** Refuses `adding` more guests in a stay of `existing` past the type's maximum occupancy (SPEC §5). */
async function requireRoomFor(
  tx: Db,
  stay: Pick<StayRow, 'roomId' | 'roomTypeId'>,
  existing: number,
  adding: number,
  max: number,
) {
  if (existing + adding <= max) return
  const label = await stayLabel(tx, stay)
  if (adding === 1) throw conflict('orders.maxOccupancy', [label, max])
  throw conflict('orders.canOnlyAdd', [label, Math.max(0, max - existing)])
}

/** What a stay's guests are now: how many, the most its type takes, its main guest (null: none). */
export interface StayGuestsNow {
  existing: number
  max: number
  mainGuestId: number | null
}

/** stayGuestsNow's statement, built once: the stay's guests counted, its type's occupancy, its main guest. */
const guestsNowRead = sqlBuiltOnce(sql`
  SELECT (SELECT count(*) FROM pms_order_guest g WHERE g.order_room_id = ${slot('orderRoomId')})::int AS existing,
    (SELECT t.max_occupancy FROM pms_order_room s JOIN pms_room_type t ON t.room_type_id = s.room_type_id
      WHERE s.order_room_id = ${slot('orderRoomId')}) AS max,
    (SELECT g.guest_id FROM pms_order_guest g WHERE g.order_room_id = ${slot('orderRoomId')} AND g.main
      ORDER BY g.guest_id LIMIT 1) AS main_guest_id`)

/**
 * A stay's guests now (StayGuestsNow), in one statement: it can go with the stay's lock (lockStayWith), run once the
 * lock is granted. A stay not found has no guests and room for one.
 */
export async function stayGuestsNow(tx: Db, orderRoomId: number): Promise<StayGuestsNow> {
  const [row] = rowsOf<{ existing: number; max: number | null; main_guest_id: number | string | null }>(
    await guestsNowRead(tx, { orderRoomId }),
  )
  return {
    existing: Number(row?.existing ?? 0),
    max: row?.max ?? 1,
    mainGuestId: row?.main_guest_id == null ? null : Number(row.main_guest_id),
  }
}

/**
 * Adds guests to a stay. One guest past the maximum: 'Room {0} has a maximum occupancy of {1} people.'; several:
 * 'Room {0} can only add {1} guests at most' (the places left). The first main guest given replaces the room's main
 * guest; a room without one gets its first guest as main. `now` is the stay's guests as the caller read them with its
 * lock (stayGuestsNow, or a check-in's own reads).
 */
export async function addGuests(
  tx: Db,
  stay: Pick<StayRow, 'orderRoomId' | 'orderId' | 'propertyId' | 'roomId' | 'roomTypeId'>,
  guests: GuestFields[],
  field: string,
  now: StayGuestsNow,
): Promise<GuestRow[]> {
  if (!guests.length) return []
  // A single guest (the guest routes, field '') is named by its own fields.
  const cleaned = guests.map((g, i) => cleanGuest(g, field ? `${field}[${i}].` : ''))
  // The room's guests, its type's occupancy and its main guest, as the caller read them with the stay's lock.
  const { existing, max, mainGuestId } = now
  await requireRoomFor(tx, stay, existing, cleaned.length, max)
  let mainAt = cleaned.findIndex((g) => g.main)
  if (mainAt < 0 && mainGuestId === null) mainAt = 0
  if (mainAt >= 0 && mainGuestId !== null)
    await writeBehind(tx, () =>
      tx.update(orderGuest).set({ main: false }).where(eq(orderGuest.guestId, mainGuestId)),
    )
  const rows = await tx
    .insert(orderGuest)
    .values(cleaned.map((g, i) => guestValues(stay, g, i === mainAt)))
    .returning()
  // The room's occupancy goes behind, with the next statement.
  await writeBehind(tx, () => refreshOccupancy(tx, stay.roomId))
  return rows
}

/** A guest's row as inserted. */
const guestValues = (
  stay: Pick<StayRow, 'orderRoomId' | 'orderId' | 'propertyId'>,
  g: GuestFields,
  main: boolean,
) =>
  Object.assign(
    { orderId: stay.orderId, orderRoomId: stay.orderRoomId, propertyId: stay.propertyId },
    guestFields(g, main),
  )

/** The fields of a guest's row that are the guest's own. */
const guestFields = (g: GuestFields, main: boolean) => ({
  name: g.name,
  idType: g.idType ?? 'idCard',
  idNo: g.idNo ?? '',
  phone: g.phone ?? '',
  main,
})

/** A new stay's guest as its insert fills it (`NEW_GUEST_FIELDS`, the rest from the stay). */
export type NewGuest = ReturnType<typeof guestFields>

/** The guest fields a new stay's insert fills per guest, each from a slot suffixed with the guest's index. */
export const NEW_GUEST_FIELDS = ['name', 'idType', 'idNo', 'phone', 'main'] as const satisfies ReadonlyArray<
  keyof NewGuest
>

/**
 * The guests of a stay that has none yet (a new order's, or a room added to an order) whose type's maximum occupancy
 * the caller read with it: the same rules as addGuests with nothing to read. The first guest marked main is the main
 * guest, else the first. Answers the rows' guest fields (the stay's ids are filled by the insert).
 */
export async function checkNewStayGuests(
  tx: Db,
  stay: Pick<StayRow, 'roomId' | 'roomTypeId'>,
  guests: GuestFields[],
  field: string,
  maxOccupancy: number,
): Promise<NewGuest[]> {
  if (!guests.length) return []
  const cleaned = guests.map((g, i) => cleanGuest(g, `${field}[${i}].`))
  await requireRoomFor(tx, stay, 0, cleaned.length, maxOccupancy)
  const mainAt = Math.max(
    0,
    cleaned.findIndex((g) => g.main),
  )
  return cleaned.map((g, i) => guestFields(g, i === mainAt))
}

/**
 * The insert of `count` guests of a stay inserted in the same transaction, built once per count (db/built-once.ts).
 * It answers nothing (its caller writes it behind the next statement).
 */
function newGuestsWriter(count: number) {
  return builtOnce((tx) =>
    tx
      .insert(orderGuest)
      .values(
        Array.from({ length: count }, (_, i) => ({
          orderId: valueSlot<number>('orderId'),
          orderRoomId: valueSlot<number>('orderRoomId'),
          propertyId: valueSlot<number>('propertyId'),
          ...(Object.fromEntries(NEW_GUEST_FIELDS.map((f) => [f, valueSlot(`${f}${i}`)])) as NewGuest),
        })),
      )
      .prepare(''),
  )
}
const newGuestsWriters = new Map<number, ReturnType<typeof newGuestsWriter>>()

/**
 * Inserts the guests checkNewStayGuests answered for a stay inserted in this transaction (a room added to an order;
 * a new order writes its guests with the order itself, create.ts), behind, with the transaction's next statement.
 */
export async function insertNewStayGuests(
  tx: Db,
  stay: Pick<StayRow, 'orderRoomId' | 'orderId' | 'propertyId'>,
  guests: NewGuest[],
): Promise<void> {
  if (!guests.length) return
  let write = newGuestsWriters.get(guests.length)
  if (!write) {
    write = newGuestsWriter(guests.length)
    newGuestsWriters.set(guests.length, write)
  }
  const values: Record<string, unknown> = {
    orderId: stay.orderId,
    orderRoomId: stay.orderRoomId,
    propertyId: stay.propertyId,
  }
  for (const [i, g] of guests.entries()) for (const f of NEW_GUEST_FIELDS) values[`${f}${i}`] = g[f]
  await writeBehind(tx, () => write(tx, values))
}

/**
 * The occupancy of the room in the slot `roomId` from the stays `inHouse` names (a condition on the stays, `s`): its
 * rule is refreshOccupancy's.
 */
const occupancyOf = (inHouse: SQL) => sql`(
        SELECT CASE
          WHEN count(*) = 0 THEN 'empty'
          WHEN sum(g.n) > 0 AND coalesce((array_agg(t.sold_by_bed ORDER BY s.order_room_id))[1], false)
            AND sum(g.n) < coalesce((array_agg(t.max_occupancy ORDER BY s.order_room_id))[1], 1)
            THEN 'notFull'
          ELSE 'full' END
        FROM pms_order_room s
        LEFT JOIN pms_room_type t ON t.room_type_id = s.room_type_id
        CROSS JOIN LATERAL (SELECT count(*) AS n FROM pms_order_guest g WHERE g.order_room_id = s.order_room_id) g
        WHERE ${inHouse})`
/** The stays checked in in the room. */
const checkedInThere = sql`s.room_id = ${slot('roomId')} AND s.state = 'checkIn'`

/** refreshOccupancy's statement, built once (db/built-once.ts): the room's occupancy, and `set` before it. */
const occupancyStatement = (set: SQL) =>
  sqlBuiltOnce(sql`
    UPDATE pms_room SET update_time = now(), ${set} occupancy = ${occupancyOf(checkedInThere)}
    WHERE room_id = ${slot('roomId')}`)
const occupancyRefreshed = occupancyStatement(sql``)
const occupancyLeft = occupancyStatement(sql`dirty = true,`)

/**
 * The occupancy a room shows (SPEC §4; the chart's counters, protocol/src/api/room-status.ts): empty without a
 * checked-in stay. A room sold whole (a double with one guest) is full as soon as a stay is in house. 'Not full'
 * (未满) belongs to rooms and dormitories sold by bed (room type `soldByBed`): their checked-in guests have not yet
 * taken every bed (the type's maximum occupancy); with no guest registered yet the room counts as full.
 * One UPDATE; with `dirty`, the room is also marked dirty (a room left at check-out).
 */
export async function refreshOccupancy(
  tx: Db,
  roomId: number | null,
  options: { dirty?: true } = {},
): Promise<void> {
  if (!roomId) return
  await (options.dirty ? occupancyLeft : occupancyRefreshed)(tx, { roomId })
}

/**
 * A statement that moves the stay in the slot `orderRoomId` in or out of the room in the slot `roomId` (`moves`: a WITH
 * list whose last entry updates the stay) and writes the occupancy the move leaves the room with (refreshOccupancy's
 * rule, and `set` before it), built once. A WITH's update is not seen by the rest of its statement, so the count says
 * itself where the stay is: counted in when `arriving`, out when leaving.
 */
export function stayMovedWithOccupancy(moves: SQL, arriving: boolean, set: SQL = sql``) {
  const others = sql`${checkedInThere} AND s.order_room_id <> ${slot('orderRoomId')}`
  const inHouse = arriving ? sql`(${others}) OR s.order_room_id = ${slot('orderRoomId')}` : others
  return sqlBuiltOnce(sql`WITH ${moves}
    UPDATE pms_room SET update_time = now(), ${set} occupancy = ${occupancyOf(inHouse)}
    WHERE room_id = ${slot('roomId')}`)
}
