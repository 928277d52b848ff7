// The properties a signed-in user works in: GET /pms/pmsProperty/listAll and GET /pms/pmsProperty/info (SPEC §3, §7).
// Property administration (add, edit, authorisation, images) belongs to the room-stock area.
import { UserType } from '@pms/protocol'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../auth/sessions.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { dictData, property, propertyComp, propertyCompLink, propertyUser } from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { requireProperty } from '../http/tenancy.ts'

/** SPEC §3: a property without a code shows a fixed prefix plus its id zero-padded to 10 digits. */
export const PROPERTY_CODE_PREFIX = 'PMS'
export const displayCode = (row: { propertyId: number; propertyCode: string | null }) =>
  row.propertyCode || `${PROPERTY_CODE_PREFIX}${String(row.propertyId).padStart(10, '0')}`

type PropertyRow = typeof property.$inferSelect

async function describe(db: Db, rows: PropertyRow[]) {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.propertyId)
  const [types, flags] = await Promise.all([
    db
      .select()
      .from(dictData)
      .where(and(eq(dictData.dictType, 'pms_property_type'), eq(dictData.status, '0'))),
    db
      .select({ propertyId: propertyCompLink.propertyId, component: propertyComp.component })
      .from(propertyCompLink)
      .innerJoin(propertyComp, eq(propertyComp.id, propertyCompLink.compId))
      .where(
        and(
          inArray(propertyCompLink.propertyId, ids),
          eq(propertyComp.compType, 99),
          eq(propertyComp.status, '0'),
        ),
      ),
  ])
  return rows.map((r) => {
    const propertyTypes = r.propertyType ? r.propertyType.split(',').filter(Boolean) : []
    return {
      propertyId: r.propertyId,
      propertyName: r.propertyName,
      propertyCode: displayCode(r),
      address: r.address,
      contact: r.contact,
      contactPhone: r.contactPhone,
      hotelManager: r.hotelManager,
      hotelManagerPhone: r.hotelManagerPhone,
      authState: r.authState,
      propertyTypes,
      types: propertyTypes.map((v) => types.find((t) => t.dictValue === v)?.dictLabel ?? v),
      flags: flags.filter((f) => f.propertyId === r.propertyId).map((f) => f.component),
      // Property photos arrive with property administration; until a photo is uploaded the list is empty.
      fileList: [] as Array<{ filePath: string }>,
    }
  })
}

async function visibleProperties(db: Db, auth: AuthContext) {
  const live = eq(property.delFlag, false)
  if (auth.userType === UserType.platform)
    return db.select().from(property).where(live).orderBy(asc(property.propertyId))
  return db
    .select()
    .from(property)
    .where(
      and(
        live,
        inArray(
          property.propertyId,
          sql`(SELECT ${propertyUser.propertyId} FROM ${propertyUser} WHERE ${propertyUser.userId} = ${auth.userId})`,
        ),
      ),
    )
    .orderBy(asc(property.propertyId))
}

export function propertyRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/pms/pmsProperty/listAll', async (request) =>
    ok(await describe(db, await visibleProperties(db, authOf(request)))),
  )

  app.get('/pms/pmsProperty/info', async (request) => {
    const propertyId = requireProperty(authOf(request))
    const [row] = await db
      .select()
      .from(property)
      .where(and(eq(property.propertyId, propertyId), eq(property.delFlag, false)))
    if (!row) throw notFound('entity.property')
    return ok((await describe(db, [row]))[0])
  })
}
