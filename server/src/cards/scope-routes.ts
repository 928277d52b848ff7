// GET /pms/pmsCardRecord/scopes: the buildings, floors and rooms of the current property that the issuing form names.
import { hasPermission } from '@pms/protocol'
import type { CardScopeView } from '@pms/protocol/api/card-scope'
import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { building, floor, room } from '../db/schema/index.ts'
import { forbidden } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { CardPermission } from './permissions.ts'

/** Any card-issue permission lets the form list the places a card can open. */
export const ISSUE_PERMISSIONS = [CardPermission.tmIssue, CardPermission.htIssue, CardPermission.bleV3Issue]

export function cardScopeRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/pms/pmsCardRecord/scopes', async (request) => {
    const auth = authOf(request)
    if (!hasPermission(auth, ISSUE_PERMISSIONS, () => {})) throw forbidden()
    const propertyId = requireProperty(auth)
    const [buildings, floors, rooms] = await Promise.all([
      db
        .select({ buildingId: building.buildingId, buildingName: building.buildingName })
        .from(building)
        .where(eq(building.propertyId, propertyId))
        .orderBy(asc(building.sort), asc(building.buildingId)),
      db
        .select({
          floorId: floor.floorId,
          buildingId: floor.buildingId,
          floorNo: floor.floorNo,
          floorName: floor.floorName,
        })
        .from(floor)
        .where(eq(floor.propertyId, propertyId))
        .orderBy(asc(floor.floorNo), asc(floor.floorId)),
      db
        .select({ roomId: room.roomId, floorId: room.floorId, roomNo: room.roomNo })
        .from(room)
        .where(eq(room.propertyId, propertyId))
        .orderBy(asc(room.roomNo), asc(room.roomId)),
    ])
    const view: CardScopeView = {
      buildings: buildings.map((b) => ({
        ...b,
        floors: floors
          .filter((f) => f.buildingId === b.buildingId)
          .map(({ buildingId: _, ...f }) => ({
            ...f,
            rooms: rooms.filter((r) => r.floorId === f.floorId).map(({ floorId: __, ...r }) => r),
          })),
      })),
    }
    return ok(view)
  })
}
