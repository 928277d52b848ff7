// Creating and changing properties (SPEC §3, §5, §7): add (owner, platform, company), edit, code and name, online
// visibility, soft delete, and handing the admin role to another registered user.
import { randomBytes } from 'node:crypto'
import { UserType } from '@pms/protocol'
import { PropertyPermission as P, PROPERTY_CODE_MAX } from '@pms/protocol/api/properties'
import type { Static } from '@sinclair/typebox'
import { and, count, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { RevocationReason } from '../auth/revocations.ts'
import type { AuthContext } from '../auth/sessions.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { dictData, property, propertyUser, role, room, user } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { parseIds } from '../http/schemas.ts'
import { accessProperties, accessProperty, type PropertyRow } from './access.ts'
import { describe, describeForAdmin, PROPERTY_CODE_PREFIX } from './present.ts'
import {
  CodeParams,
  CodeQuery,
  IdsParam,
  PropertyAddByAdminBody,
  PropertyAddByCompanyBody,
  PropertyEditBody,
  PropertyFields,
  PropertyNameBody,
  ReplaceAdminParams,
  ShowParams,
} from './schemas.ts'

type Fields = Partial<Static<typeof PropertyFields>>

/** SPEC §5: every space is removed; at most 50 characters remain; '' means no code (the fallback is shown). */
export function normalizePropertyCode(raw: string): string | null {
  const code = raw.replace(/\s+/g, '')
  if (code.length > PROPERTY_CODE_MAX)
    throw badRequest('validation.maxLength', ['propertyCode', PROPERTY_CODE_MAX])
  return code || null
}

/** A code must be free among live properties, and may not look like another property's derived fallback code. */
async function checkCode(db: Db, code: string | null, selfId?: number): Promise<void> {
  if (!code) return
  const fallback = new RegExp(`^${PROPERTY_CODE_PREFIX}(\\d{10})$`).exec(code)
  if (fallback && Number(fallback[1]) !== selfId) throw conflict('property.codeTaken', [code])
  const [taken] = await db
    .select({ id: property.propertyId })
    .from(property)
    .where(
      and(
        eq(property.propertyCode, code),
        eq(property.delFlag, false),
        selfId ? ne(property.propertyId, selfId) : undefined,
      ),
    )
  if (taken) throw conflict('property.codeTaken', [code])
}

/** Turns request fields into column values: code normalised and free, types known to the dictionary. */
async function columns(db: Db, fields: Fields, selfId?: number) {
  const { propertyTypes, propertyCode, ...rest } = fields
  const values: Partial<typeof property.$inferInsert> = { ...rest }
  if (propertyCode !== undefined) {
    values.propertyCode = normalizePropertyCode(propertyCode)
    await checkCode(db, values.propertyCode, selfId)
  }
  if (propertyTypes !== undefined) {
    const known = new Set(
      (
        await db
          .select({ v: dictData.dictValue })
          .from(dictData)
          .where(and(eq(dictData.dictType, 'pms_property_type'), eq(dictData.status, '0')))
      ).map((r) => r.v),
    )
    const unknown = propertyTypes.find((t) => !known.has(t))
    if (unknown !== undefined) throw badRequest('property.unknownType', ['propertyTypes', unknown])
    values.propertyType = propertyTypes.join(',')
  }
  return values
}

async function merchantAdminRoleId(db: Db): Promise<number> {
  const [r] = await db.select({ id: role.roleId }).from(role).where(eq(role.roleKey, 'merchant_admin'))
  if (!r) throw new Error('role merchant_admin is not seeded')
  return r.id
}

/** A live registered (type-2) user, or a 400 naming the field. */
async function registeredUser(db: Db, userId: number, field: string) {
  const [row] = await db
    .select()
    .from(user)
    .where(and(eq(user.userId, userId), eq(user.delFlag, false), eq(user.userType, UserType.registered)))
  if (!row) throw badRequest('property.notRegisteredUser', [field, userId])
  return row
}

/** Makes the user the property's admin (bound with role merchant_admin); a user without a default gets this one. */
async function bindAdmin(db: Db, propertyId: number, userId: number) {
  const roleId = await merchantAdminRoleId(db)
  await db
    .insert(propertyUser)
    .values({ propertyId, userId, roleId, isAdmin: true })
    .onConflictDoUpdate({
      target: [propertyUser.propertyId, propertyUser.userId],
      set: { roleId, isAdmin: true },
    })
  await db
    .update(user)
    .set({ defaultPropertyId: propertyId })
    .where(and(eq(user.userId, userId), eq(user.defaultPropertyId, 0)))
}

async function create(
  db: Db,
  auth: AuthContext,
  fields: Fields & { propertyName: string },
  options: { adminUserId?: number; authState?: number },
): Promise<PropertyRow> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const values = await columns(tx, fields)
    const [row] = await tx
      .insert(property)
      .values({
        ...values,
        propertyName: fields.propertyName,
        openKey: randomBytes(16).toString('hex'),
        authState: options.authState ?? 0,
        createBy: auth.userId,
      })
      .returning()
    if (options.adminUserId) await bindAdmin(tx, row!.propertyId, options.adminUserId)
    return row!
  })
}

async function update(db: Db, row: PropertyRow, fields: Fields): Promise<PropertyRow> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db
    const values = await columns(tx, fields, row.propertyId)
    const [updated] = await tx
      .update(property)
      .set({ ...values, updateTime: new Date() })
      .where(eq(property.propertyId, row.propertyId))
      .returning()
    return updated!
  })
}

const shown = async (db: Db, auth: AuthContext, row: PropertyRow) =>
  (auth.userType === UserType.platform ? await describeForAdmin(db, [row]) : await describe(db, [row]))[0]

export function propertyWriteRoutes(app: FastifyInstance, { db, revocations }: ServerContext) {
  const owner = { userTypes: [UserType.registered] }
  const platform = { userTypes: [UserType.platform] }

  /** A property user opens a property of its own and becomes its admin. */
  app.post(
    '/pms/pmsProperty',
    { config: { permission: P.add, ...owner }, schema: { body: PropertyFields } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof PropertyFields>
      const row = await create(db, auth, body, { adminUserId: auth.userId })
      return ok((await describe(db, [row]))[0], 'common.addSuccess')
    },
  )

  /** A company's property: the hotel manager is its contact. The creator becomes its admin. */
  app.post(
    '/pms/pmsProperty/addByCompany',
    { config: { permission: P.add, ...owner }, schema: { body: PropertyAddByCompanyBody } },
    async (request) => {
      const auth = authOf(request)
      const body = request.body as Static<typeof PropertyAddByCompanyBody>
      const row = await create(
        db,
        auth,
        { ...body, contact: body.hotelManager, contactPhone: body.hotelManagerPhone },
        { adminUserId: auth.userId },
      )
      return ok((await describe(db, [row]))[0], 'common.addSuccess')
    },
  )

  /** A platform admin adds a property, already authorised, optionally for a registered user who becomes its admin. */
  app.post(
    '/pms/pmsProperty/addByAdmin',
    { config: { permission: P.add, ...platform }, schema: { body: PropertyAddByAdminBody } },
    async (request) => {
      const { adminUserId, ...fields } = request.body as Static<typeof PropertyAddByAdminBody>
      if (adminUserId) await registeredUser(db, adminUserId, 'adminUserId')
      const row = await create(db, authOf(request), fields, { adminUserId, authState: 2 })
      return ok((await describeForAdmin(db, [row]))[0], 'common.addSuccess')
    },
  )

  app.put(
    '/pms/pmsProperty',
    { config: { permission: P.edit, ...owner }, schema: { body: PropertyEditBody } },
    async (request) => {
      const auth = authOf(request)
      const { propertyId, ...fields } = request.body as Static<typeof PropertyEditBody>
      const row = await accessProperty(db, auth, propertyId, P.edit)
      return ok((await describe(db, [await update(db, row, fields)]))[0], 'common.editSuccess')
    },
  )

  app.put(
    '/pms/pmsProperty/editByAdmin',
    { config: { permission: P.edit, ...platform }, schema: { body: PropertyEditBody } },
    async (request) => {
      const { propertyId, ...fields } = request.body as Static<typeof PropertyEditBody>
      const row = await accessProperty(db, authOf(request), propertyId)
      return ok((await describeForAdmin(db, [await update(db, row, fields)]))[0], 'common.editSuccess')
    },
  )

  app.put(
    '/pms/pmsProperty/propertyCode/:propertyId',
    { config: { permission: P.edit }, schema: { params: CodeParams, querystring: CodeQuery } },
    async (request) => {
      const auth = authOf(request)
      const { propertyId } = request.params as Static<typeof CodeParams>
      const { propertyCode } = request.query as Static<typeof CodeQuery>
      const row = await accessProperty(db, auth, propertyId, P.edit)
      if (!normalizePropertyCode(propertyCode)) throw badRequest('validation.required', ['propertyCode'])
      return ok(await shown(db, auth, await update(db, row, { propertyCode })), 'common.editSuccess')
    },
  )

  app.put(
    '/pms/pmsProperty/updatePropertyName',
    { config: { permission: P.edit }, schema: { body: PropertyNameBody } },
    async (request) => {
      const auth = authOf(request)
      const { propertyId, propertyName } = request.body as Static<typeof PropertyNameBody>
      const row = await accessProperty(db, auth, propertyId, P.edit)
      return ok(await shown(db, auth, await update(db, row, { propertyName })), 'common.editSuccess')
    },
  )

  /** '0' shows the property to online bookers (the default), '1' hides it from online listings. */
  app.put(
    '/pms/pmsProperty/show/:id/:flag',
    { config: { permission: P.edit, refs: { id: false } }, schema: { params: ShowParams } },
    async (request) => {
      const auth = authOf(request)
      const { id, flag } = request.params as Static<typeof ShowParams>
      await accessProperty(db, auth, id, P.edit)
      const [row] = await db
        .update(property)
        .set({ showFlag: Number(flag), updateTime: new Date() })
        .where(eq(property.propertyId, id))
        .returning()
      return ok(await shown(db, auth, row!), 'common.editSuccess')
    },
  )

  /**
   * Soft delete (del_flag): the row, its photos and bindings stay for the record; lists, reads and the code's
   * uniqueness forget it. A property that still has rooms is refused — delete its room stock first.
   */
  app.delete(
    '/pms/pmsProperty/:ids',
    { config: { permission: P.remove, refs: { ids: false } }, schema: { params: IdsParam } },
    async (request) => {
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      const rows = await accessProperties(db, authOf(request), ids, P.remove)
      await db.transaction(async (tx) => {
        const rooms = await tx
          .select({ propertyId: room.propertyId, n: count() })
          .from(room)
          .where(inArray(room.propertyId, ids))
          .groupBy(room.propertyId)
        const busy = rooms.find((r) => Number(r.n) > 0)
        if (busy) {
          const name = rows.find((r) => r.propertyId === busy.propertyId)?.propertyName
          throw conflict('property.hasRooms', [name, Number(busy.n)])
        }
        await tx
          .update(property)
          .set({ delFlag: true, updateTime: new Date() })
          .where(inArray(property.propertyId, ids))
      })
      // Staff of a deleted property lose it: their live connections listening to it are closed.
      const bound = await db
        .select({ userId: propertyUser.userId, propertyId: propertyUser.propertyId })
        .from(propertyUser)
        .where(inArray(propertyUser.propertyId, ids))
      for (const b of bound)
        revocations.emit({ userId: b.userId, propertyId: b.propertyId, reason: RevocationReason.unbound })
      return ok(undefined, 'common.deleteSuccess')
    },
  )

  /**
   * Hands the property's admin role from one registered user to another: the new one is bound as admin (role
   * merchant_admin), the old one's binding to this property is removed.
   */
  app.put(
    '/pms/pmsPropertyUser/replacePropertyAdmin/:oldRegUser/:newRegUser/:propertyId',
    { config: { permission: P.edit }, schema: { params: ReplaceAdminParams } },
    async (request) => {
      const p = request.params as Static<typeof ReplaceAdminParams>
      await accessProperty(db, authOf(request), p.propertyId, P.edit)
      if (p.oldRegUser === p.newRegUser) throw badRequest('property.sameAdmin', ['newRegUser'])
      const [old] = await db
        .select()
        .from(propertyUser)
        .where(and(eq(propertyUser.propertyId, p.propertyId), eq(propertyUser.userId, p.oldRegUser)))
      if (!old?.isAdmin) throw badRequest('property.notAdmin', ['oldRegUser', p.oldRegUser])
      await registeredUser(db, p.newRegUser, 'newRegUser')
      await db.transaction(async (txn) => {
        const tx = txn as unknown as Db
        await bindAdmin(tx, p.propertyId, p.newRegUser)
        await tx
          .delete(propertyUser)
          .where(and(eq(propertyUser.propertyId, p.propertyId), eq(propertyUser.userId, p.oldRegUser)))
      })
      revocations.emit({ userId: p.oldRegUser, propertyId: p.propertyId, reason: RevocationReason.unbound })
      // The new admin's sessions in that property now hold the admin role.
      revocations.emit({ userId: p.newRegUser, reason: RevocationReason.authorityChanged })
      return ok(undefined, 'common.editSuccess')
    },
  )
}
