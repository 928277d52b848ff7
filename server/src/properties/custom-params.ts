// Property custom params (SPEC §3, §5, §7): one JSON document per (property, type), e.g. print or integration
// settings. Saving without propertyId or type answers code 500 with SPEC §5's own messages.
import { PropertyPermission as P, type PropertyCustomParams } from '@pms/protocol/api/properties'
import type { Static } from '@sinclair/typebox'
import { and, asc, count, eq, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { propertyComp, propertyCustomParams } from '../db/schema/index.ts'
import { AppError, badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok, page, paging } from '../http/reply.ts'
import { propertyScope, requireProperty } from '../http/tenancy.ts'
import { accessProperty } from './access.ts'
import { CustomParamsBody, CustomParamsKey, CustomParamsQuery, TypeParam } from './schemas.ts'

type Row = typeof propertyCustomParams.$inferSelect

const present = (row: Row): PropertyCustomParams => ({
  propertyId: row.propertyId,
  type: row.type,
  disposition: row.disposition,
  updateTime: row.updateTime.toISOString(),
})

/** A disposition must be JSON text of an object or an array (a params object or labelled groups). */
function checkDisposition(text: string): object {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('property.customParams.badJson', ['disposition'])
  }
  if (value === null || typeof value !== 'object')
    throw badRequest('property.customParams.badJson', ['disposition'])
  return value
}

/**
 * SPEC §5 'Multiple parameters do not support fully customized components': a record whose type names a property
 * component (its tab or flag is then configured wholly by this record) holds one params object, never labelled groups.
 */
async function checkComponentParams(db: Db, type: string, value: object): Promise<void> {
  if (!Array.isArray(value)) return
  const [component] = await db
    .select({ id: propertyComp.id })
    .from(propertyComp)
    .where(eq(propertyComp.component, type))
    .limit(1)
  if (component) throw badRequest('property.customParams.multipleNotForComponent', [type])
}

export function customParamsRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/pms/pmsPropertyCustomParams/list',
    { config: { permission: P.customParamsList }, schema: { querystring: CustomParamsQuery } },
    async (request) => {
      const query = request.query as Static<typeof CustomParamsQuery>
      const propertyId = propertyScope(authOf(request), query.propertyId)
      const conditions: SQL[] = []
      if (propertyId !== undefined) conditions.push(eq(propertyCustomParams.propertyId, propertyId))
      if (query.type) conditions.push(eq(propertyCustomParams.type, query.type))
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(query)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(propertyCustomParams)
          .where(where)
          .orderBy(asc(propertyCustomParams.propertyId), asc(propertyCustomParams.type))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(propertyCustomParams).where(where),
      ])
      return page(rows.map(present), Number(totals[0]?.total ?? 0))
    },
  )

  /** Inserts or replaces the record of (propertyId, type). */
  app.post(
    '/pms/pmsPropertyCustomParams',
    { config: { permission: P.customParamsEdit }, schema: { body: CustomParamsBody } },
    async (request) => {
      const body = request.body as Static<typeof CustomParamsBody>
      // SPEC §5 answers these with code 500; the HTTP status says it is the caller's mistake, not a server fault.
      if (!body.propertyId)
        throw new AppError(500, 'property.customParams.propertyIdRequired', undefined, undefined, 400)
      const type = body.type?.trim()
      if (!type) throw new AppError(500, 'property.customParams.typeRequired', undefined, undefined, 400)
      const auth = authOf(request)
      const propertyId = propertyScope(auth, body.propertyId)!
      await accessProperty(db, auth, propertyId)
      await checkComponentParams(db, type, checkDisposition(body.disposition))
      const now = new Date()
      const [row] = await db
        .insert(propertyCustomParams)
        .values({ propertyId, type, disposition: body.disposition, updateTime: now })
        .onConflictDoUpdate({
          target: [propertyCustomParams.propertyId, propertyCustomParams.type],
          set: { disposition: body.disposition, updateTime: now },
        })
        .returning()
      return ok(present(row!), 'common.success')
    },
  )

  app.delete(
    '/pms/pmsPropertyCustomParams/:propertyId/:type',
    { config: { permission: P.customParamsRemove }, schema: { params: CustomParamsKey } },
    async (request) => {
      const p = request.params as Static<typeof CustomParamsKey>
      const propertyId = propertyScope(authOf(request), p.propertyId)!
      const gone = await db
        .delete(propertyCustomParams)
        .where(and(eq(propertyCustomParams.propertyId, propertyId), eq(propertyCustomParams.type, p.type)))
        .returning()
      if (gone.length === 0) throw notFound('entity.customParams')
      return ok(undefined, 'common.deleteSuccess')
    },
  )

  /** The current property's record of a type; data is null when the property has none. */
  app.get(
    '/pms/pmsPropertyCustomParams/type/:type',
    { config: { permission: P.customParamsQuery }, schema: { params: TypeParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      const { type } = request.params as Static<typeof TypeParam>
      const [row] = await db
        .select()
        .from(propertyCustomParams)
        .where(and(eq(propertyCustomParams.propertyId, propertyId), eq(propertyCustomParams.type, type)))
      return ok(row ? present(row) : null)
    },
  )
}
