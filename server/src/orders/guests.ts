// Guests of a room stay: validation (a mainland ID card is checked with the protocol validator), the room's maximum
// occupancy (SPEC §5), one main guest per room, and the room occupancy a checked-in stay gives its room.
import { isChineseIdCard } from '@pms/protocol'
import type { GuestView } from '@pms/protocol/api/orders'
import { and, count, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
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
  if (out.phone !== undefined) out.phone = out.phone.trim()
  if ((out.idType ?? 'idCard') === 'idCard' && out.idNo && !isChineseIdCard(out.idNo))
    throw badRequest('orders.badIdCard', [`${field}idNo`])
  return out
}

/** How a stay is named in messages: its room number, or its room type while no room is assigned. */
export async function stayLabel(tx: Db, stay: Pick<StayRow, 'roomId' | 'roomTypeId'>): Promise<string> {
  if (stay.roomId) {
    const [r] = await tx.select({ roomNo: room.roomNo }).from(room).where(eq(room.roomId, stay.roomId))
    if (r) return r.roomNo
  }
  const [t] = await tx
    .select({ typeName: roomType.typeName })
    .from(roomType)
    .where(eq(roomType.roomTypeId, stay.roomTypeId))
  return t?.typeName ?? ''
}

async function maxOccupancy(tx: Db, roomTypeId: number): Promise<number> {
  const [t] = await tx
    .select({ max: roomType.maxOccupancy })
    .from(roomType)
    .where(eq(roomType.roomTypeId, roomTypeId))
  return t?.max ?? 1
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

/**
 * Adds guests to a stay. One guest past the maximum: 'Room {0} has a maximum occupancy of {1} people.'; several:
 * 'Room {0} can only add {1} guests at most' (the places left). The first main guest given replaces the room's main
 * guest; a room without one gets its first guest as main.
 */
export async function addGuests(
  tx: Db,
  stay: Pick<StayRow, 'orderRoomId' | 'orderId' | 'propertyId' | 'roomId' | 'roomTypeId'>,
  guests: GuestFields[],
  field: string,
): Promise<GuestRow[]> {
  if (!guests.length) return []
  // A single guest (the guest routes, field '') is named by its own fields.
  const cleaned = guests.map((g, i) => cleanGuest(g, field ? `${field}[${i}].` : ''))
  const [existing, max] = [await guestCount(tx, stay.orderRoomId), await maxOccupancy(tx, stay.roomTypeId)]
  if (existing + cleaned.length > max) {
    const label = await stayLabel(tx, stay)
    if (cleaned.length === 1) throw conflict('orders.maxOccupancy', [label, max])
    throw conflict('orders.canOnlyAdd', [label, Math.max(0, max - existing)])
  }
  const [hasMain] = await tx
    .select({ id: orderGuest.guestId })
    .from(orderGuest)
    .where(and(eq(orderGuest.orderRoomId, stay.orderRoomId), eq(orderGuest.main, true)))
  let mainAt = cleaned.findIndex((g) => g.main)
  if (mainAt < 0 && !hasMain) mainAt = 0
  if (mainAt >= 0 && hasMain)
    await tx.update(orderGuest).set({ main: false }).where(eq(orderGuest.guestId, hasMain.id))
  const rows = await tx
    .insert(orderGuest)
    .values(
      cleaned.map((g, i) => ({
        orderId: stay.orderId,
        orderRoomId: stay.orderRoomId,
        propertyId: stay.propertyId,
        name: g.name,
        idType: g.idType ?? 'idCard',
        idNo: g.idNo ?? '',
        phone: g.phone ?? '',
        main: i === mainAt,
      })),
    )
    .returning()
  await refreshOccupancy(tx, stay.roomId)
  return rows
}

/**
 * The occupancy a room shows: empty without a checked-in stay; full when its checked-in guests reach the room type's
 * maximum occupancy (or none are registered yet); not full when some places are left.
 */
export async function refreshOccupancy(tx: Db, roomId: number | null): Promise<void> {
  if (!roomId) return
  const stays = await tx
    .select({ id: orderRoom.orderRoomId, roomTypeId: orderRoom.roomTypeId })
    .from(orderRoom)
    .where(and(eq(orderRoom.roomId, roomId), eq(orderRoom.state, 'checkIn')))
  let occupancy: 'empty' | 'full' | 'notFull' = 'empty'
  if (stays.length) {
    const [row] = await tx
      .select({ n: count() })
      .from(orderGuest)
      .where(
        inArray(
          orderGuest.orderRoomId,
          stays.map((s) => s.id),
        ),
      )
    const guests = Number(row?.n ?? 0)
    const max = await maxOccupancy(tx, stays[0]!.roomTypeId)
    occupancy = guests === 0 || guests >= max ? 'full' : 'notFull'
  }
  await tx.update(room).set({ occupancy, updateTime: new Date() }).where(eq(room.roomId, roomId))
}
