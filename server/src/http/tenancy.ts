// Tenancy: a type-2 user acts only inside its current property, which the server derives from the session.
import { UserType } from '@pms/protocol'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { AuthContext } from '../auth/sessions.ts'
import type { Db } from '../db/client.ts'
import { building, order, orderRoom, room, roomType } from '../db/schema/index.ts'
import { AppError, forbidden, notFound } from './errors.ts'

/**
 * The property a request acts in. Staff (type 2) always get their session's property; a platform user (type 1)
 * may name one explicitly (`requested`), otherwise none.
 */
export function propertyScope(auth: AuthContext, requested?: number): number | undefined {
  if (auth.userType === UserType.platform) return requested && requested > 0 ? requested : undefined
  if (!auth.propertyId) throw new AppError(400, 'property.noneSelected')
  if (requested && requested !== auth.propertyId) throw forbidden()
  return auth.propertyId
}

/** Same as propertyScope, but a property is required for everyone. */
export function requireProperty(auth: AuthContext, requested?: number): number {
  const id = propertyScope(auth, requested)
  if (!id) throw new AppError(400, 'property.noneSelected')
  return id
}

/** The property-scoped records a write body may point at, with the key naming each in messages. */
const SCOPED = {
  orderId: { table: order, id: order.orderId, property: order.propertyId, entity: 'billing.entity.order' },
  orderRoomId: {
    table: orderRoom,
    id: orderRoom.orderRoomId,
    property: orderRoom.propertyId,
    entity: 'orders.entity.orderRoom',
  },
  roomId: { table: room, id: room.roomId, property: room.propertyId, entity: 'entity.room' },
  buildingId: {
    table: building,
    id: building.buildingId,
    property: building.propertyId,
    entity: 'entity.building',
  },
  roomTypeId: {
    table: roomType,
    id: roomType.roomTypeId,
    property: roomType.propertyId,
    entity: 'entity.roomType',
  },
} as const
export type ScopedRef = keyof typeof SCOPED

/**
 * Every id a write body names that points at a property-scoped record must belong to the caller's property: another
 * property's order, room… is answered 404, as if absent, and never stored as a reference. Pass the body's ids as they
 * are (undefined and null are skipped; arrays are checked whole).
 */
export async function assertOwnRefs(
  db: Db,
  propertyId: number,
  refs: Partial<Record<ScopedRef, number | readonly number[] | null | undefined>>,
): Promise<void> {
  for (const [name, value] of Object.entries(refs) as [ScopedRef, number | number[] | null | undefined][]) {
    if (value === undefined || value === null) continue
    const ids = [...new Set(Array.isArray(value) ? value : [value])]
    if (ids.length === 0) continue
    const s = SCOPED[name]
    const [found] = await db
      .select({ n: count() })
      .from(s.table as typeof room)
      .where(and(inArray(s.id, ids), eq(s.property, propertyId)))
    if (Number(found?.n ?? 0) !== ids.length) throw notFound(s.entity)
  }
}
