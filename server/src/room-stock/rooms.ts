// Rooms and room attributes of the current property. A room's building, floor, unit, type and attributes must all
// be of the room's property; its floor and unit must be in its building; its number is unique in the property.
// Occupancy and the dirty/locked/maintain flags are not written here but through the state route (status-chart.ts).
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import {
  building,
  floor,
  room,
  roomAttribute,
  roomAttributeLink,
  roomType,
  unit,
} from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { RoomStockPermission } from './menus.ts'
import { Owned } from './owned.ts'
import { requireOwned } from './references.ts'
import { RoomAttributeFields, RoomFields } from './schemas.ts'

type Placement = { buildingId: number; floorId: number; unitId: number | null; roomTypeId: number }

/** Checks the room's references, for a new room or with an edit's changes laid over the stored room. */
async function checkRoom(
  db: Db,
  fields: Record<string, unknown>,
  propertyId: number | undefined,
  id?: number,
) {
  const [stored] = id ? await db.select().from(room).where(eq(room.roomId, id)) : []
  const at = { ...stored, ...fields } as Placement & { roomNo: string }
  const [floorRow] = await requireOwned(db, Owned.floor, [at.floorId], propertyId)
  await requireOwned(db, Owned.building, [at.buildingId], propertyId)
  await requireOwned(db, Owned.roomType, [at.roomTypeId], propertyId)
  if (floorRow!.buildingId !== at.buildingId)
    throw badRequest('roomStock.floorNotInBuilding', [floorRow!.floorName, at.buildingId])
  if (at.unitId) {
    const [unitRow] = await requireOwned(db, Owned.unit, [at.unitId], propertyId)
    if (unitRow!.buildingId !== at.buildingId)
      throw badRequest('roomStock.unitNotInBuilding', [unitRow!.unitName, at.buildingId])
  }
  if (typeof fields.roomNo === 'string' && propertyId !== undefined) {
    const [taken] = await db
      .select({ id: room.roomId })
      .from(room)
      .where(
        and(
          eq(room.propertyId, propertyId),
          eq(room.roomNo, fields.roomNo),
          id ? ne(room.roomId, id) : undefined,
        ),
      )
    if (taken) throw conflict('roomStock.roomNoTaken', [fields.roomNo])
  }
}

const ids = (rows: Record<string, unknown>[], key: string) => [
  ...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number')),
]

/**
 * The names of each listed room's building, floor, unit and type: whoever may list rooms (the front desk) reads
 * them here, without needing the right to manage buildings and floors.
 */
async function describeRooms(rows: Record<string, unknown>[], db: Db) {
  if (rows.length === 0) return rows
  const [buildings, floors, units, types] = await Promise.all([
    db
      .select({ id: building.buildingId, name: building.buildingName })
      .from(building)
      .where(inArray(building.buildingId, ids(rows, 'buildingId'))),
    db
      .select({ id: floor.floorId, name: floor.floorName })
      .from(floor)
      .where(inArray(floor.floorId, ids(rows, 'floorId'))),
    ids(rows, 'unitId').length
      ? db
          .select({ id: unit.unitId, name: unit.unitName })
          .from(unit)
          .where(inArray(unit.unitId, ids(rows, 'unitId')))
      : [],
    db
      .select({ id: roomType.roomTypeId, name: roomType.typeName })
      .from(roomType)
      .where(inArray(roomType.roomTypeId, ids(rows, 'roomTypeId'))),
  ])
  const named = (list: { id: number; name: string | null }[]) => new Map(list.map((x) => [x.id, x.name]))
  const [b, f, u, t] = [named(buildings), named(floors), named(units), named(types)]
  return rows.map((r) => ({
    ...r,
    buildingName: b.get(r.buildingId as number) ?? null,
    floorName: f.get(r.floorId as number) ?? null,
    unitName: r.unitId ? (u.get(r.unitId as number) ?? null) : null,
    typeName: t.get(r.roomTypeId as number) ?? null,
  }))
}

export function roomRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsRoom',
    table: room,
    id: { column: room.roomId, name: 'roomId' },
    entity: 'entity.room',
    permission: RoomStockPermission.room,
    fields: RoomFields,
    filters: {
      roomNo: { column: room.roomNo, match: 'like' },
      buildingId: { column: room.buildingId, match: 'eq' },
      floorId: { column: room.floorId, match: 'eq' },
      unitId: { column: room.unitId, match: 'eq' },
      roomTypeId: { column: room.roomTypeId, match: 'eq' },
    },
    orderBy: { column: room.roomNo },
    propertyColumn: room.propertyId,
    describe: (rows, { db }) => describeRooms(rows, db),
    prepare: async (fields, { db, propertyId, id }) => {
      await checkRoom(db, fields, propertyId, id)
      return fields
    },
    children: {
      fields: ['attributeIds'],
      save: async (row, body, { db }) => {
        const ids = body.attributeIds as number[] | undefined
        if (!ids) return
        const roomId = row.roomId as number
        await requireOwned(db, Owned.roomAttribute, ids, row.propertyId as number)
        await db.delete(roomAttributeLink).where(eq(roomAttributeLink.roomId, roomId))
        if (ids.length)
          await db.insert(roomAttributeLink).values(ids.map((attributeId) => ({ roomId, attributeId })))
      },
      load: async (row, { db }) => ({
        attributeIds: (
          await db
            .select({ id: roomAttributeLink.attributeId })
            .from(roomAttributeLink)
            .where(eq(roomAttributeLink.roomId, row.roomId as number))
        ).map((r) => r.id),
      }),
    },
  })

  defineCrud(app, db, {
    base: '/pms/pmsRoomAttribute',
    table: roomAttribute,
    id: { column: roomAttribute.attributeId, name: 'attributeId' },
    entity: 'entity.roomAttribute',
    permission: RoomStockPermission.roomAttribute,
    fields: RoomAttributeFields,
    filters: { attributeName: { column: roomAttribute.attributeName, match: 'like' } },
    propertyColumn: roomAttribute.propertyId,
  })
}
