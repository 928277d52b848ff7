// What ties a user to properties (SPEC §6, issue 17): the roles a caller may hand out, a platform user's binding of a
// staff account to properties and its default, a property administrator's set/cancel admin and building groups.
// Roles and bindings take effect on the user's next request: authority is loaded per request.
import { UserType } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { revokePropertySessions } from '../auth/sessions.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { buildingGroup, buildingGroupUser, property, propertyUser, role, user } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { Records } from '../http/property-records.ts'
import { ok } from '../http/reply.ts'
import { Id, IdParam } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { checkRoles, findInScope } from './users.ts'

/** The role a property's administrator holds there, and the one an ordinary clerk falls back to when it is cancelled. */
export const PROPERTY_ADMIN_ROLE = 'merchant_admin'
export const PROPERTY_STAFF_ROLE = 'front_desk'
/** The property owner's role: never handed out from the users screen (the owner changes by the property's admin flow). */
const OWNER_ROLE = 'sys_mch_admin'

const platformOnly = (permission: string) => ({ permission, userTypes: [UserType.platform] })
const staffOnly = (permission: string) => ({ permission, userTypes: [UserType.registered] })

const Binding = Type.Object({ propertyId: Id(), roleId: Type.Optional(Type.Union([Id(), Type.Null()])) })
const SetProperties = Type.Object({
  userId: Id(),
  bindings: Type.Array(Binding, { maxItems: 200 }),
  /** One of the bound properties; 0 or left out: the first of them (none when unbound). */
  defaultPropertyId: Type.Optional(Type.Integer({ minimum: 0 })),
})
const SetAdmin = Type.Object({ userId: Id(), isAdmin: Type.Boolean() })
const SetGroups = Type.Object({ userId: Id(), groupIds: Type.Array(Id(), { maxItems: 500 }) })

async function roleIdOf(db: Db, roleKey: string): Promise<number> {
  const [row] = await db.select({ roleId: role.roleId }).from(role).where(eq(role.roleKey, roleKey))
  if (!row) throw badRequest('user.roleUnknown')
  return row.roleId
}

export function userBindingRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx

  /** Roles this caller may hand out: platform users any enabled role; a property administrator its property's set. */
  app.get('/system/user/roleOptions', { config: { permission: 'system:user:list' } }, async (request) => {
    const auth = authOf(request)
    const conditions = [eq(role.status, '0')]
    if (auth.userType !== UserType.platform)
      conditions.push(eq(role.roleType, 2), ne(role.roleKey, OWNER_ROLE))
    const rows = await db
      .select({
        roleId: role.roleId,
        roleKey: role.roleKey,
        roleName: role.roleName,
        roleType: role.roleType,
      })
      .from(role)
      .where(and(...conditions))
      .orderBy(asc(role.roleSort), asc(role.roleId))
    return ok(rows)
  })

  app.get(
    '/system/user/:id/properties',
    { config: platformOnly('system:user:query'), schema: { params: IdParam } },
    async (request) => {
      const auth = authOf(request)
      const target = await findInScope(db, auth, (request.params as Static<typeof IdParam>).id)
      const bindings = await db
        .select({
          propertyId: propertyUser.propertyId,
          propertyName: property.propertyName,
          roleId: propertyUser.roleId,
          isAdmin: propertyUser.isAdmin,
        })
        .from(propertyUser)
        .innerJoin(property, eq(property.propertyId, propertyUser.propertyId))
        .where(and(eq(propertyUser.userId, target.userId), eq(property.delFlag, false)))
        .orderBy(asc(property.propertyId))
      return ok({ userId: target.userId, defaultPropertyId: target.defaultPropertyId, bindings })
    },
  )

  app.put(
    '/system/user/properties',
    { config: platformOnly('system:user:edit'), schema: { body: SetProperties } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof SetProperties>
      const target = await findInScope(db, auth, body.userId)
      if (target.userType !== UserType.registered) throw badRequest('user.bindPlatform')
      const propertyIds = body.bindings.map((b) => b.propertyId)
      if (new Set(propertyIds).size !== propertyIds.length) throw badRequest('user.bindDuplicate')
      if (propertyIds.length) {
        const found = await db
          .select({ propertyId: property.propertyId })
          .from(property)
          .where(and(inArray(property.propertyId, propertyIds), eq(property.delFlag, false)))
        if (found.length !== propertyIds.length) throw badRequest('user.bindPropertyUnknown')
      }
      await checkRoles(
        db,
        auth,
        body.bindings.flatMap((b) => (b.roleId ? [b.roleId] : [])),
      )
      const defaultPropertyId = body.defaultPropertyId || propertyIds[0] || 0
      if (defaultPropertyId && !propertyIds.includes(defaultPropertyId))
        throw badRequest('user.defaultUnbound')
      const before = await db
        .select({ propertyId: propertyUser.propertyId })
        .from(propertyUser)
        .where(eq(propertyUser.userId, target.userId))
      const dropped = before.map((b) => b.propertyId).filter((id) => !propertyIds.includes(id))
      await db.transaction(async (tx) => {
        if (dropped.length)
          await tx
            .delete(propertyUser)
            .where(and(eq(propertyUser.userId, target.userId), inArray(propertyUser.propertyId, dropped)))
        for (const b of body.bindings)
          await tx
            .insert(propertyUser)
            .values({ propertyId: b.propertyId, userId: target.userId, roleId: b.roleId ?? null })
            .onConflictDoUpdate({
              target: [propertyUser.propertyId, propertyUser.userId],
              set: { roleId: b.roleId ?? null },
            })
        await tx
          .update(user)
          .set({ defaultPropertyId, updateTime: new Date() })
          .where(eq(user.userId, target.userId))
      })
      for (const propertyId of dropped) await revokePropertySessions(ctx, target.userId, propertyId)
      return ok(undefined, 'common.editSuccess')
    },
  )

  app.put(
    '/system/user/admin',
    { config: staffOnly('system:user:edit'), schema: { body: SetAdmin } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const body = request.body as Static<typeof SetAdmin>
      await findInScope(db, auth, body.userId)
      // Cancelling one's own admin would lock the property out of its users screen.
      if (body.userId === auth.userId) throw badRequest('user.adminSelf')
      const roleId = await roleIdOf(db, body.isAdmin ? PROPERTY_ADMIN_ROLE : PROPERTY_STAFF_ROLE)
      await db
        .update(propertyUser)
        .set({ isAdmin: body.isAdmin, roleId })
        .where(and(eq(propertyUser.userId, body.userId), eq(propertyUser.propertyId, propertyId)))
      return ok(undefined, 'common.editSuccess')
    },
  )

  app.get(
    '/system/user/:id/buildingGroups',
    { config: staffOnly('system:user:query'), schema: { params: IdParam } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const target = await findInScope(db, auth, (request.params as Static<typeof IdParam>).id)
      const rows = await db
        .select({ groupId: buildingGroupUser.groupId })
        .from(buildingGroupUser)
        .innerJoin(buildingGroup, eq(buildingGroup.groupId, buildingGroupUser.groupId))
        .where(and(eq(buildingGroupUser.userId, target.userId), eq(buildingGroup.propertyId, propertyId)))
        .orderBy(asc(buildingGroupUser.groupId))
      return ok(rows.map((r) => r.groupId))
    },
  )

  /** Replaces the user's groups of the current property (an empty list deletes all its links at once). */
  app.put(
    '/system/user/buildingGroups',
    {
      config: { ...staffOnly('system:user:edit'), refs: { groupIds: Records.buildingGroup } },
      schema: { body: SetGroups },
    },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      const body = request.body as Static<typeof SetGroups>
      await findInScope(db, auth, body.userId)
      const groupIds = [...new Set(body.groupIds)]
      const own = groupIds.length
        ? await db
            .select({ groupId: buildingGroup.groupId })
            .from(buildingGroup)
            .where(and(inArray(buildingGroup.groupId, groupIds), eq(buildingGroup.propertyId, propertyId)))
        : []
      // Another property's group is answered as absent.
      if (own.length !== groupIds.length) throw notFound('entity.buildingGroup')
      const ofProperty = db
        .select({ id: buildingGroup.groupId })
        .from(buildingGroup)
        .where(eq(buildingGroup.propertyId, propertyId))
      await db.transaction(async (tx) => {
        await tx
          .delete(buildingGroupUser)
          .where(
            and(eq(buildingGroupUser.userId, body.userId), inArray(buildingGroupUser.groupId, ofProperty)),
          )
        if (groupIds.length)
          await tx
            .insert(buildingGroupUser)
            .values(groupIds.map((groupId) => ({ groupId, userId: body.userId })))
      })
      return ok(undefined, 'common.editSuccess')
    },
  )
}
