// Room types (SPEC §3): prices, deposit and contract price in integer cents, occupancy, hour-room flag, state,
// pictures, and their cost items saved with them. A room type still used by rooms cannot be deleted (409).
import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { room, roomType, roomTypeCost } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { conflict } from '../http/errors.ts'
import { RoomStockPermission } from './menus.ts'
import { countUsers } from './references.ts'
import { RoomTypeFields } from './schemas.ts'

type CostItem = { costName: string; amount: number; checkInCost: boolean }

export function roomTypeRoutes(app: FastifyInstance, db: Db) {
  defineCrud(app, db, {
    base: '/pms/pmsRoomType',
    table: roomType,
    id: { column: roomType.roomTypeId, name: 'roomTypeId' },
    entity: 'entity.roomType',
    permission: RoomStockPermission.roomType,
    fields: RoomTypeFields,
    filters: {
      typeName: { column: roomType.typeName, match: 'like' },
      state: { column: roomType.state, match: 'eq' },
    },
    propertyColumn: roomType.propertyId,
    children: {
      fields: ['costItems'],
      // Sent cost items replace the type's list; an edit without them leaves the list as it is.
      save: async (row, body, { db }) => {
        const items = body.costItems as CostItem[] | undefined
        if (!items) return
        const roomTypeId = row.roomTypeId as number
        await db.delete(roomTypeCost).where(eq(roomTypeCost.roomTypeId, roomTypeId))
        if (items.length)
          await db.insert(roomTypeCost).values(items.map((item, sort) => ({ ...item, roomTypeId, sort })))
      },
      load: async (row, { db }) => ({
        costItems: await db
          .select({
            costName: roomTypeCost.costName,
            amount: roomTypeCost.amount,
            checkInCost: roomTypeCost.checkInCost,
          })
          .from(roomTypeCost)
          .where(eq(roomTypeCost.roomTypeId, row.roomTypeId as number))
          .orderBy(asc(roomTypeCost.sort)),
      }),
    },
    beforeDelete: async (ids, { db }) => {
      const used = await countUsers(db, room, room.roomTypeId, ids)
      if (used.size === 0) return
      const names = await db
        .select({ id: roomType.roomTypeId, name: roomType.typeName })
        .from(roomType)
        .where(inArray(roomType.roomTypeId, [...used.keys()]))
      const [first] = names
      throw conflict('roomStock.roomTypeInUse', [first!.name, used.get(first!.id)])
    },
  })
}
