// Reading properties (SPEC §7): the owner lists, the platform-admin lists, the admin-or-creator list, one property.

import { UserType } from '@pms/protocol'
import { PropertyPermission as P } from '@pms/protocol/api/properties'
import type { Static } from '@sinclair/typebox'
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../auth/auth-context.ts'
import type { Db } from '../db/client.ts'
import { property, propertyUser } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { accessProperty } from './access.ts'
import { describe, describeForAdmin, describeWithUsers } from './present.ts'
import { PropertyListQuery } from './schemas.ts'

const live = eq(property.delFlag, false)

/** Properties the user is bound to (type 2); every live property for a platform user. */
function visibleTo(auth: AuthContext): SQL | undefined {
  if (auth.userType === UserType.platform) return live
  return and(
    live,
    inArray(
      property.propertyId,
      sql`(SELECT ${propertyUser.propertyId} FROM ${propertyUser} WHERE ${propertyUser.userId} = ${auth.userId})`,
    ),
  )
}

function filters(query: Static<typeof PropertyListQuery>): SQL[] {
  const where: SQL[] = []
  const like = (v: string) => `%${escapeLike(v)}%`
  if (query.propertyName) where.push(ilike(property.propertyName, like(query.propertyName)))
  if (query.propertyCode) where.push(ilike(property.propertyCode, like(query.propertyCode)))
  if (query.address) where.push(ilike(property.address, like(query.address)))
  if (query.authState) where.push(eq(property.authState, Number(query.authState)))
  return where
}

async function pageOf(db: Db, where: SQL | undefined, query: Static<typeof PropertyListQuery>) {
  const { limit, offset } = paging(query)
  const [rows, totals] = await Promise.all([
    db.select().from(property).where(where).orderBy(asc(property.propertyId)).limit(limit).offset(offset),
    db.select({ total: count() }).from(property).where(where),
  ])
  return { rows, total: Number(totals[0]?.total ?? 0) }
}

export function propertyListRoutes(app: FastifyInstance, db: Db) {
  const all = (where: SQL | undefined) =>
    db.select().from(property).where(where).orderBy(asc(property.propertyId))

  /** The properties the user works in, unpaged: the property picker and 'my properties'. */
  app.get('/pms/pmsProperty/listAll', async (request) =>
    ok(await describe(db, await all(visibleTo(authOf(request))))),
  )

  /** The session's current property. */
  app.get('/pms/pmsProperty/info', async (request) => {
    const propertyId = requireProperty(authOf(request))
    const [row] = await db
      .select()
      .from(property)
      .where(and(eq(property.propertyId, propertyId), live))
    if (!row) throw notFound('entity.property')
    return ok((await describe(db, [row]))[0])
  })

  app.get(
    '/pms/pmsProperty/list',
    { config: { permission: P.list }, schema: { querystring: PropertyListQuery } },
    async (request) => {
      const query = request.query as Static<typeof PropertyListQuery>
      const { rows, total } = await pageOf(db, and(visibleTo(authOf(request)), ...filters(query)), query)
      return page(await describe(db, rows), total)
    },
  )

  app.get(
    '/pms/pmsProperty/listByAdmin',
    {
      config: { permission: P.list, userTypes: [UserType.platform] },
      schema: { querystring: PropertyListQuery },
    },
    async (request) => {
      const query = request.query as Static<typeof PropertyListQuery>
      const { rows, total } = await pageOf(db, and(live, ...filters(query)), query)
      return page(await describeForAdmin(db, rows), total)
    },
  )

  app.get(
    '/pms/pmsProperty/listAllByAdmin',
    { config: { permission: P.list, userTypes: [UserType.platform] } },
    async () => ok(await describeForAdmin(db, await all(live))),
  )

  /** Platform users: every property; property users: those they administer or created. Each with its bound users. */
  app.get('/pms/pmsProperty/listAllByAdminOrCreator', { config: { permission: P.list } }, async (request) => {
    const auth = authOf(request)
    const where =
      auth.userType === UserType.platform
        ? live
        : and(
            live,
            or(
              eq(property.createBy, auth.userId),
              inArray(
                property.propertyId,
                sql`(SELECT ${propertyUser.propertyId} FROM ${propertyUser}
                     WHERE ${propertyUser.userId} = ${auth.userId} AND ${propertyUser.isAdmin})`,
              ),
            ),
          )
    return ok(await describeWithUsers(db, await all(where)))
  })

  app.get(
    '/pms/pmsProperty/:id',
    { config: { permission: P.query }, schema: { params: IdParam } },
    async (request) => {
      const auth = authOf(request)
      const row = await accessProperty(db, auth, (request.params as Static<typeof IdParam>).id)
      const [view] =
        auth.userType === UserType.platform ? await describeForAdmin(db, [row]) : await describe(db, [row])
      return ok(view)
    },
  )
}
