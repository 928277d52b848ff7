// Parks, buildings, units and floors of the current property: plain CRUD with references kept inside the property.
// A building or floor that still has rooms cannot be deleted (its rooms would go with it).
import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { building, floor, park, room, unit } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { conflict } from '../http/errors.ts'
import { RoomStockPermission } from './menus.ts'
import { Owned } from './owned.ts'
import { countUsers, requireOwned } from './references.ts'
import { BuildingFields, FloorFields, ParkFields, UnitFields } from './schemas.ts'

/** Refuses to delete buildings or floors that still hold rooms. */
async function refuseWithRooms(
  db: Db,
  ids: number[],
  by: typeof room.buildingId | typeof room.floorId,
  name: (id: number) => Promise<string>,
  entity: string,
) {
  const used = await countUsers(db, room, by, ids)
  for (const [id, n] of used) throw conflict('roomStock.hasRooms', [`@${entity}`, await name(id), n])
}

export function placeRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsPark',
    table: park,
    id: { column: park.parkId, name: 'parkId' },
    entity: 'entity.park',
    permission: RoomStockPermission.park,
    fields: ParkFields,
    filters: { parkName: { column: park.parkName, match: 'like' } },
    propertyColumn: park.propertyId,
  })

  defineCrud(app, db, {
    base: '/pms/pmsBuilding',
    table: building,
    id: { column: building.buildingId, name: 'buildingId' },
    entity: 'entity.building',
    permission: RoomStockPermission.building,
    fields: BuildingFields,
    filters: {
      buildingName: { column: building.buildingName, match: 'like' },
      parkId: { column: building.parkId, match: 'eq' },
    },
    orderBy: { column: building.sort },
    propertyColumn: building.propertyId,
    prepare: async (fields, { db, propertyId }) => {
      if (typeof fields.parkId === 'number') await requireOwned(db, Owned.park, [fields.parkId], propertyId)
      return fields
    },
    beforeDelete: (ids, { db }) =>
      refuseWithRooms(
        db,
        ids,
        room.buildingId,
        async (id) =>
          (await db.select().from(building).where(eq(building.buildingId, id)))[0]?.buildingName ?? `${id}`,
        'entity.building',
      ),
  })

  defineCrud(app, db, {
    base: '/pms/pmsUnit',
    table: unit,
    id: { column: unit.unitId, name: 'unitId' },
    entity: 'entity.unit',
    permission: RoomStockPermission.unit,
    fields: UnitFields,
    filters: {
      buildingId: { column: unit.buildingId, match: 'eq' },
      unitName: { column: unit.unitName, match: 'like' },
    },
    orderBy: { column: unit.sort },
    propertyColumn: unit.propertyId,
    prepare: async (fields, { db, propertyId }) => {
      if (typeof fields.buildingId === 'number')
        await requireOwned(db, Owned.building, [fields.buildingId], propertyId)
      return fields
    },
  })

  defineCrud(app, db, {
    base: '/pms/pmsFloor',
    table: floor,
    id: { column: floor.floorId, name: 'floorId' },
    entity: 'entity.floor',
    permission: RoomStockPermission.floor,
    fields: FloorFields,
    filters: { buildingId: { column: floor.buildingId, match: 'eq' } },
    orderBy: { column: floor.floorNo },
    propertyColumn: floor.propertyId,
    prepare: async (fields, { db, propertyId, id }) => {
      if (typeof fields.buildingId === 'number') {
        if (id !== undefined) {
          // Moving a floor to another building would leave its rooms behind in the old one.
          const rooms = await countUsers(db, room, room.floorId, [id])
          const [current] = await db.select().from(floor).where(eq(floor.floorId, id))
          if (rooms.size && current?.buildingId !== fields.buildingId)
            throw conflict('roomStock.hasRooms', ['@entity.floor', current?.floorName ?? id, rooms.get(id)])
        }
        await requireOwned(db, Owned.building, [fields.buildingId], propertyId)
      }
      return fields
    },
    beforeDelete: (ids, { db }) =>
      refuseWithRooms(
        db,
        ids,
        room.floorId,
        async (id) =>
          (
            await db
              .select()
              .from(floor)
              .where(inArray(floor.floorId, [id]))
          )[0]?.floorName ?? `${id}`,
        'entity.floor',
      ),
  })
}
