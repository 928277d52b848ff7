// Room types (SPEC §3): prices, deposit and contract price in integer cents, occupancy, hour-room flag, state,
// pictures, and their cost items saved with them. A room type still used by rooms cannot be deleted (409).
// POST /pms/pmsRoomType/upload stores one picture (multipart field `file`) and answers its path for `pictures`.
import { hasPermission } from '@pms/protocol'
import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { room, roomType, roomTypeCost } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { conflict, forbidden } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { saveImage } from '../system/uploads.ts'
import { RoomStockPermission } from './menus.ts'
import { countUsers } from './references.ts'
import { RoomTypeFields } from './schemas.ts'

type CostItem = { costName: string; amount: number; checkInCost: boolean }

export function roomTypeRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  // Pictures are uploaded while adding or editing a type: either permission will do.
  const writers = [`${RoomStockPermission.roomType}:add`, `${RoomStockPermission.roomType}:edit`]
  app.post('/pms/pmsRoomType/upload', async (request) => {
    if (!hasPermission(authOf(request), writers, () => {})) throw forbidden()
    const url = await saveImage(ctx, request, 'room', 'file')
    return ok({ url }, 'common.success')
  })

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
