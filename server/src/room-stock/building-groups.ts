// Building groups (SPEC §1, §6): named sets of buildings with the staff assigned to them. Buildings must be of the
// group's property and users must work in it. DELETE /pms/pmsBuildingGroup/user/{userId} unlinks a user from every
// group of the current property.
import { Type } from '@sinclair/typebox'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { buildingGroup, buildingGroupBuilding, buildingGroupUser, propertyUser } from '../db/schema/index.ts'
import { defineCrud } from '../http/crud.ts'
import { badRequest } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'
import { RoomStockPermission } from './menus.ts'
import { Owned } from './owned.ts'
import { requireOwned } from './references.ts'
import { BuildingGroupFields } from './schemas.ts'

async function requireStaff(db: Db, userIds: number[], propertyId: number) {
  const rows = await db
    .select({ userId: propertyUser.userId })
    .from(propertyUser)
    .where(and(eq(propertyUser.propertyId, propertyId), inArray(propertyUser.userId, userIds)))
  const found = new Set(rows.map((r) => Number(r.userId)))
  const missing = userIds.find((id) => !found.has(id))
  if (missing !== undefined) throw badRequest('roomStock.userNotInProperty', [missing])
}

export function buildingGroupRoutes(app: FastifyInstance, db: Db) {
  app.delete(
    '/pms/pmsBuildingGroup/user/:userId',
    {
      config: { permission: `${RoomStockPermission.buildingGroup}:remove` },
      schema: { params: Type.Object({ userId: Type.Integer({ minimum: 1 }) }) },
    },
    async (request) => {
      const propertyId = requireProperty(
        authOf(request),
        Number((request.query as any)?.propertyId) || undefined,
      )
      const { userId } = request.params as { userId: number }
      await db
        .delete(buildingGroupUser)
        .where(
          and(
            eq(buildingGroupUser.userId, userId),
            inArray(
              buildingGroupUser.groupId,
              db
                .select({ id: buildingGroup.groupId })
                .from(buildingGroup)
                .where(eq(buildingGroup.propertyId, propertyId)),
            ),
          ),
        )
      return ok(undefined, 'common.deleteSuccess')
    },
  )

  defineCrud(app, db, {
    base: '/pms/pmsBuildingGroup',
    table: buildingGroup,
    id: { column: buildingGroup.groupId, name: 'groupId' },
    entity: 'entity.buildingGroup',
    permission: RoomStockPermission.buildingGroup,
    fields: BuildingGroupFields,
    filters: { groupName: { column: buildingGroup.groupName, match: 'like' } },
    propertyColumn: buildingGroup.propertyId,
    children: {
      fields: ['buildingIds', 'userIds'],
      // Each list sent replaces the group's links of that kind; a list not sent is left as it is.
      save: async (row, body, { db }) => {
        const groupId = row.groupId as number
        const propertyId = row.propertyId as number
        const buildingIds = body.buildingIds as number[] | undefined
        const userIds = body.userIds as number[] | undefined
        if (buildingIds) {
          await requireOwned(db, Owned.building, buildingIds, propertyId)
          await db.delete(buildingGroupBuilding).where(eq(buildingGroupBuilding.groupId, groupId))
          if (buildingIds.length)
            await db
              .insert(buildingGroupBuilding)
              .values(buildingIds.map((buildingId) => ({ groupId, buildingId })))
        }
        if (userIds) {
          await requireStaff(db, userIds, propertyId)
          await db.delete(buildingGroupUser).where(eq(buildingGroupUser.groupId, groupId))
          if (userIds.length)
            await db.insert(buildingGroupUser).values(userIds.map((userId) => ({ groupId, userId })))
        }
      },
      load: async (row, { db }) => {
        const groupId = row.groupId as number
        const [buildings, users] = await Promise.all([
          db.select().from(buildingGroupBuilding).where(eq(buildingGroupBuilding.groupId, groupId)),
          db.select().from(buildingGroupUser).where(eq(buildingGroupUser.groupId, groupId)),
        ])
        return { buildingIds: buildings.map((b) => b.buildingId), userIds: users.map((u) => u.userId) }
      },
    },
  })
}
