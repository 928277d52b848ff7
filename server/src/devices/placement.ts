// Where a device may be put: its place (park, building, floor or room of its own property, at most one), the gateway a
// lock is behind, one lock per room. Shared by the device CRUD, the binding screen's calls and lock sync.
import { type DeviceKind, PLACE_FIELDS } from '@pms/protocol/api/devices'
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { dvcDevice, floor, park, room } from '../db/schema/index.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { assertOwnRefs } from '../http/references.ts'

export interface Placement {
  parkId?: number | null
  buildingId?: number | null
  floorId?: number | null
  roomId?: number | null
  gatewayId?: number | null
}

/** A property-scoped record of a table assertOwnRefs does not know (parks, floors). */
async function assertOwn(
  db: Db,
  table: typeof park | typeof floor,
  id: number,
  propertyId: number,
  entity: string,
) {
  const idColumn = 'parkId' in table ? table.parkId : table.floorId
  const [found] = await db
    .select({ id: idColumn })
    .from(table as typeof park)
    .where(and(eq(idColumn, id), eq(table.propertyId, propertyId)))
  if (!found) throw notFound(entity)
}

/**
 * Checks a device's placement in its property: at most one place, each of this property; a gateway only for a lock
 * and only a gateway of this property; a room's lock not taken by another lock. `selfId` is the device being saved.
 */
export async function checkPlacement(
  db: Db,
  propertyId: number,
  kind: DeviceKind,
  placement: Placement,
  selfId?: number,
): Promise<void> {
  const places = PLACE_FIELDS.filter((f) => placement[f] !== undefined && placement[f] !== null)
  if (places.length > 1) throw badRequest('devices.onePlace', [places.join(', ')])
  await assertOwnRefs(db, propertyId, { roomId: placement.roomId, buildingId: placement.buildingId })
  if (placement.parkId) await assertOwn(db, park, placement.parkId, propertyId, 'entity.park')
  if (placement.floorId) await assertOwn(db, floor, placement.floorId, propertyId, 'entity.floor')
  if (placement.gatewayId) {
    if (kind !== 'lock') throw badRequest('devices.gatewayOnlyForLocks')
    const [gateway] = await db
      .select({ kind: dvcDevice.kind })
      .from(dvcDevice)
      .where(and(eq(dvcDevice.deviceId, placement.gatewayId), eq(dvcDevice.propertyId, propertyId)))
    if (!gateway) throw notFound('devices.entity.gateway')
    if (gateway.kind !== 'gateway') throw badRequest('devices.notAGateway')
  }
  if (kind === 'lock' && placement.roomId) await assertRoomFree(db, placement.roomId, selfId)
}

/** One lock per room: another lock already there is a 409 naming the room. */
export async function assertRoomFree(db: Db, roomId: number, selfId?: number): Promise<void> {
  const [taken] = await db
    .select({ roomNo: room.roomNo })
    .from(dvcDevice)
    .innerJoin(room, eq(room.roomId, dvcDevice.roomId))
    .where(
      and(
        eq(dvcDevice.roomId, roomId),
        eq(dvcDevice.kind, 'lock'),
        selfId ? ne(dvcDevice.deviceId, selfId) : undefined,
      ),
    )
  if (taken) throw conflict('devices.roomHasLock', [taken.roomNo])
}

/** The placement a body asks for, with the other place fields cleared when one is named. */
export function placementOf(body: Record<string, unknown>): Placement | undefined {
  const named = PLACE_FIELDS.filter((f) => f in body)
  if (named.length === 0 && !('gatewayId' in body)) return undefined
  const placement: Placement = {}
  if (named.length > 0)
    for (const f of PLACE_FIELDS) placement[f] = (body[f] as number | null | undefined) ?? null
  if ('gatewayId' in body) placement.gatewayId = (body.gatewayId as number | null | undefined) ?? null
  return placement
}

export async function devicesOf(db: Db, propertyId: number, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select()
    .from(dvcDevice)
    .where(and(eq(dvcDevice.propertyId, propertyId), inArray(dvcDevice.deviceId, ids)))
}
