// Bulk room creation: a building's floors and rooms from a numbering pattern (floors 2–9, rooms 01–20 → 201…920).
// Preview answers the numbers and those already taken; create writes floors and rooms in one transaction, all or
// nothing, and refuses with 409 listing the taken numbers.
import { Type } from '@sinclair/typebox'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { floor, room } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { RoomStockPermission } from './menus.ts'
import { Owned } from './owned.ts'
import { requireOwned } from './references.ts'

export const BULK_LIMIT = 2000

export const BulkRooms = Type.Object({
  buildingId: Type.Integer({ minimum: 1 }),
  floorFrom: Type.Integer({ minimum: -20, maximum: 300 }),
  floorTo: Type.Integer({ minimum: -20, maximum: 300 }),
  roomFrom: Type.Integer({ minimum: 0, maximum: 9999 }),
  roomTo: Type.Integer({ minimum: 0, maximum: 9999 }),
  roomTypeId: Type.Integer({ minimum: 1 }),
  pattern: Type.Optional(
    Type.String({
      maxLength: 20,
      description: "Room number pattern with {floor} and {room}; default '{floor}{room}'",
    }),
  ),
})
type BulkRooms = typeof BulkRooms.static

interface Planned {
  floorNo: number
  roomNo: string
}

/** The room numbers a request makes; the room part is zero-padded to at least two digits. */
export function planRooms(body: BulkRooms): Planned[] {
  if (body.floorTo < body.floorFrom) throw badRequest('roomStock.bulk.range', ['floorTo', 'floorFrom'])
  if (body.roomTo < body.roomFrom) throw badRequest('roomStock.bulk.range', ['roomTo', 'roomFrom'])
  const pattern = body.pattern ?? '{floor}{room}'
  if (!pattern.includes('{floor}') || !pattern.includes('{room}')) throw badRequest('roomStock.bulk.pattern')
  const total = (body.floorTo - body.floorFrom + 1) * (body.roomTo - body.roomFrom + 1)
  if (total > BULK_LIMIT) throw badRequest('roomStock.bulk.tooMany', [BULK_LIMIT, total])
  const width = Math.max(2, String(body.roomTo).length)
  const planned: Planned[] = []
  for (let f = body.floorFrom; f <= body.floorTo; f++)
    for (let r = body.roomFrom; r <= body.roomTo; r++)
      planned.push({
        floorNo: f,
        roomNo: pattern.replace('{floor}', String(f)).replace('{room}', String(r).padStart(width, '0')),
      })
  return planned
}

async function takenNumbers(db: Db, propertyId: number, numbers: string[]): Promise<string[]> {
  const rows = await db
    .select({ roomNo: room.roomNo })
    .from(room)
    .where(and(eq(room.propertyId, propertyId), inArray(room.roomNo, numbers)))
  return rows.map((r) => r.roomNo).sort()
}

async function prepare(db: Db, request: any) {
  const propertyId = requireProperty(authOf(request))
  const body = request.body as BulkRooms
  const planned = planRooms(body)
  await requireOwned(db, Owned.building, [body.buildingId], propertyId)
  await requireOwned(db, Owned.roomType, [body.roomTypeId], propertyId)
  const conflicts = await takenNumbers(
    db,
    propertyId,
    planned.map((p) => p.roomNo),
  )
  return { propertyId, body, planned, conflicts }
}

export function bulkRoutes(app: FastifyInstance, db: Db) {
  const config = { permission: `${RoomStockPermission.room}:add` }

  app.post('/pms/pmsRoom/bulk/preview', { config, schema: { body: BulkRooms } }, async (request) => {
    const { planned, conflicts } = await prepare(db, request)
    return ok({ total: planned.length, rooms: planned, conflicts })
  })

  app.post('/pms/pmsRoom/bulk', { config, schema: { body: BulkRooms } }, async (request) => {
    const { propertyId, body, planned, conflicts } = await prepare(db, request)
    if (conflicts.length) throw conflict('roomStock.bulk.conflict', [conflicts.join(', ')])
    const created = await db.transaction(async (tx) => {
      const floorNos = [...new Set(planned.map((p) => p.floorNo))]
      const existing = await tx
        .select()
        .from(floor)
        .where(and(eq(floor.buildingId, body.buildingId), inArray(floor.floorNo, floorNos)))
      const missing = floorNos.filter((n) => !existing.some((f) => f.floorNo === n))
      const made = missing.length
        ? await tx
            .insert(floor)
            .values(
              missing.map((n) => ({
                propertyId,
                buildingId: body.buildingId,
                floorNo: n,
                floorName: `${n}F`,
              })),
            )
            .returning()
        : []
      const floorId = new Map([...existing, ...made].map((f) => [f.floorNo, f.floorId]))
      // A number taken meanwhile by another desk fails the unique key and rolls everything back.
      const rows = await tx
        .insert(room)
        .values(
          planned.map((p) => ({
            propertyId,
            buildingId: body.buildingId,
            floorId: floorId.get(p.floorNo)!,
            roomTypeId: body.roomTypeId,
            roomNo: p.roomNo,
          })),
        )
        .returning({ roomId: room.roomId })
      return { rooms: rows.length, floorsCreated: made.length }
    })
    return ok(created, 'common.addSuccess')
  })
}
