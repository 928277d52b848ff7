// Roles (SPEC §6) for platform users: list/get/add/edit/delete, changeStatus, and the menus (permissions) each holds.
// The seeded roles are what the code relies on: they cannot be deleted or renamed, and `admin` cannot be disabled.
import { SUPER_ROLE } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { RevocationReason } from '../auth/revocations.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { menu, role, roleMenu } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { ok, page, paging } from '../http/reply.ts'
import { IdParam, IdsParam, PageQuery, parseIds } from '../http/schemas.ts'
import { ROLE_SEED } from '../seed/base.ts'

export const BUILT_IN_ROLES: readonly string[] = ROLE_SEED.map((r) => r.roleKey)

const Status = Type.Union([Type.Literal('0'), Type.Literal('1')])
const MenuIds = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 2000 })
const RoleFields = {
  roleName: Type.String({ minLength: 1, maxLength: 30 }),
  roleKey: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
  roleType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  roleSort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  status: Type.Optional(Status),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
  menuIds: Type.Optional(MenuIds),
}
const AddRole = Type.Object(RoleFields)
const EditRole = Type.Object({
  roleId: Type.Integer({ minimum: 1 }),
  ...Type.Partial(Type.Object(RoleFields)).properties,
})
const RoleQuery = Type.Composite([
  PageQuery,
  Type.Object({
    roleName: Type.Optional(Type.String({ maxLength: 30 })),
    roleKey: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(Status),
    roleType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  }),
])
const ChangeStatus = Type.Object({ roleId: Type.Integer({ minimum: 1 }), status: Status })
const AuthMenu = Type.Object({ roleId: Type.Integer({ minimum: 1 }), menuIds: MenuIds })

const access = (action: string) => ({ permission: `system:role:${action}`, userTypes: [1] })
type RoleRow = typeof role.$inferSelect

export async function findRole(db: Db, roleId: number): Promise<RoleRow> {
  const [row] = await db.select().from(role).where(eq(role.roleId, roleId))
  if (!row) throw notFound('entity.role')
  return row
}

export async function roleMenuIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ menuId: roleMenu.menuId })
    .from(roleMenu)
    .where(eq(roleMenu.roleId, roleId))
    .orderBy(asc(roleMenu.menuId))
  return rows.map((r) => r.menuId)
}

/** Replaces a role's menus; every id must be a menu. */
async function setMenus(db: Db, roleId: number, menuIds: number[]) {
  const ids = [...new Set(menuIds)]
  if (ids.length) {
    const [found] = await db.select({ n: count() }).from(menu).where(inArray(menu.menuId, ids))
    if (Number(found?.n) !== ids.length) throw badRequest('role.menuUnknown')
  }
  await db.delete(roleMenu).where(eq(roleMenu.roleId, roleId))
  if (ids.length) await db.insert(roleMenu).values(ids.map((menuId) => ({ roleId, menuId })))
}

async function assertKeyFree(db: Db, roleKey: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: role.roleId })
    .from(role)
    .where(and(eq(role.roleKey, roleKey), exceptId ? ne(role.roleId, exceptId) : undefined))
  if (taken) throw conflict('role.keyTaken', [roleKey])
}

export function roleRoutes(app: FastifyInstance, { db, revocations }: ServerContext) {
  /** What any session may do can change with a role: every instance reads permissions again (the sessions stay). */
  const permissionsChanged = () => revocations.emit({ reason: RevocationReason.authorityChanged })

  app.get(
    '/system/role/list',
    { config: access('list'), schema: { querystring: RoleQuery } },
    async (request) => {
      const q = request.query as Static<typeof RoleQuery>
      const conditions: SQL[] = []
      if (q.roleName) conditions.push(ilike(role.roleName, `%${escapeLike(q.roleName)}%`))
      if (q.roleKey) conditions.push(ilike(role.roleKey, `%${escapeLike(q.roleKey)}%`))
      if (q.status) conditions.push(eq(role.status, q.status))
      if (q.roleType) conditions.push(eq(role.roleType, q.roleType))
      const where = conditions.length ? and(...conditions) : undefined
      const { limit, offset } = paging(q)
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(role)
          .where(where)
          .orderBy(asc(role.roleSort), asc(role.roleId))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(role).where(where),
      ])
      return page(rows, Number(totals[0]?.total ?? 0))
    },
  )

  app.get('/system/role/:id', { config: access('query'), schema: { params: IdParam } }, async (request) => {
    const row = await findRole(db, (request.params as Static<typeof IdParam>).id)
    return ok({ ...row, menuIds: await roleMenuIds(db, row.roleId) })
  })

  app.get(
    '/system/role/authMenu/:id',
    { config: access('query'), schema: { params: IdParam } },
    async (request) => {
      const row = await findRole(db, (request.params as Static<typeof IdParam>).id)
      return ok(await roleMenuIds(db, row.roleId))
    },
  )

  app.post('/system/role', { config: access('add'), schema: { body: AddRole } }, async (request) => {
    const { menuIds, ...fields } = request.body as Static<typeof AddRole>
    await assertKeyFree(db, fields.roleKey)
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(role).values(fields).returning()
      if (menuIds) await setMenus(tx as unknown as Db, row!.roleId, menuIds)
      return row!
    })
    return ok(created, 'common.addSuccess')
  })

  app.put('/system/role', { config: access('edit'), schema: { body: EditRole } }, async (request) => {
    const { roleId, menuIds, ...fields } = request.body as Static<typeof EditRole>
    const current = await findRole(db, roleId)
    if (fields.roleKey !== undefined && fields.roleKey !== current.roleKey) {
      if (BUILT_IN_ROLES.includes(current.roleKey)) throw badRequest('role.builtInKey', [current.roleKey])
      await assertKeyFree(db, fields.roleKey, roleId)
    }
    if (current.roleKey === SUPER_ROLE && (fields.status === '1' || menuIds))
      throw badRequest('role.superLocked')
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(role)
        .set({ ...fields, updateTime: new Date() })
        .where(eq(role.roleId, roleId))
        .returning()
      if (menuIds) await setMenus(tx as unknown as Db, roleId, menuIds)
      return row!
    })
    permissionsChanged()
    return ok(updated, 'common.editSuccess')
  })

  app.put(
    '/system/role/authMenu',
    { config: access('edit'), schema: { body: AuthMenu } },
    async (request) => {
      const { roleId, menuIds } = request.body as Static<typeof AuthMenu>
      const current = await findRole(db, roleId)
      if (current.roleKey === SUPER_ROLE) throw badRequest('role.superLocked')
      await db.transaction((tx) => setMenus(tx as unknown as Db, roleId, menuIds))
      permissionsChanged()
      return ok(undefined, 'common.editSuccess')
    },
  )

  app.put(
    '/system/role/changeStatus',
    { config: access('edit'), schema: { body: ChangeStatus } },
    async (request) => {
      const { roleId, status } = request.body as Static<typeof ChangeStatus>
      const current = await findRole(db, roleId)
      if (current.roleKey === SUPER_ROLE && status === '1') throw badRequest('role.superLocked')
      await db.update(role).set({ status, updateTime: new Date() }).where(eq(role.roleId, roleId))
      permissionsChanged()
      return ok(undefined, 'common.editSuccess')
    },
  )

  app.delete(
    '/system/role/:ids',
    { config: access('remove'), schema: { params: IdsParam } },
    async (request) => {
      const ids = parseIds((request.params as Static<typeof IdsParam>).ids)
      const rows = await db.select().from(role).where(inArray(role.roleId, ids))
      if (rows.length !== ids.length) throw notFound('entity.role')
      const builtIn = rows.find((r) => BUILT_IN_ROLES.includes(r.roleKey))
      if (builtIn) throw badRequest('role.builtInDelete', [builtIn.roleKey])
      // User and menu links go with the role (ON DELETE CASCADE); property bindings keep the user, without a role.
      await db.delete(role).where(inArray(role.roleId, ids))
      permissionsChanged()
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
