// Menu administration for platform users (SPEC §6): the flat list, one menu, add/edit/delete (refused while it has
// children), and the trees the role editor shows. The signed-in user's own routes are in menus.ts (getRouters).
import { type Static, Type } from '@sinclair/typebox'
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { RevocationReason } from '../auth/revocations.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { menu } from '../db/schema/index.ts'
import { escapeLike } from '../http/crud.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { findRole, roleMenuIds } from './roles.ts'

const Flag = Type.Union([Type.Literal('0'), Type.Literal('1')])
const MenuFields = {
  menuName: Type.String({ minLength: 1, maxLength: 100 }),
  parentId: Type.Optional(Type.Integer({ minimum: 0 })),
  orderNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  path: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z0-9_/:.-]*$' })),
  component: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  query: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  menuType: Type.Union([Type.Literal('M'), Type.Literal('C'), Type.Literal('F')]),
  visible: Type.Optional(Flag),
  status: Type.Optional(Flag),
  /** One permission or several separated by commas. */
  perms: Type.Optional(
    Type.Union([Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_*:,]*$' }), Type.Null()]),
  ),
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  userTypes: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('1,2')])),
  affix: Type.Optional(Type.Boolean()),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
}
const AddMenu = Type.Object(MenuFields)
const EditMenu = Type.Object({
  menuId: Type.Integer({ minimum: 1 }),
  ...Type.Partial(Type.Object(MenuFields)).properties,
})
const MenuQuery = Type.Object({
  menuName: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Flag),
  menuType: Type.Optional(Type.Union([Type.Literal('M'), Type.Literal('C'), Type.Literal('F')])),
})
const RoleIdParam = Type.Object({ roleId: Type.Integer({ minimum: 1 }) })

const access = (permission: string) => ({ permission, userTypes: [1] })
type MenuRow = typeof menu.$inferSelect
export interface MenuTreeNode {
  id: number
  label: string
  children?: MenuTreeNode[]
}

export function menuTree(rows: MenuRow[], parentId = 0): MenuTreeNode[] {
  return rows
    .filter((m) => m.parentId === parentId)
    .map((m) => {
      const children = menuTree(rows, m.menuId)
      return children.length
        ? { id: m.menuId, label: m.menuName, children }
        : { id: m.menuId, label: m.menuName }
    })
}

const allMenus = (db: Db) =>
  db.select().from(menu).orderBy(asc(menu.parentId), asc(menu.orderNum), asc(menu.menuId))

/** The parent must exist (0 is the root) and must not be the menu itself or one of its descendants. */
async function checkParent(db: Db, parentId: number, menuId?: number) {
  if (parentId === 0) return
  const rows = await db.select({ menuId: menu.menuId, parentId: menu.parentId }).from(menu)
  const byId = new Map(rows.map((r) => [r.menuId, r.parentId]))
  if (!byId.has(parentId)) throw badRequest('menu.parentUnknown')
  for (let cur: number | undefined = parentId; cur; cur = byId.get(cur)) {
    if (cur === menuId) throw badRequest('menu.parentSelf')
  }
}

const cleanPerms = <T extends { perms?: string | null }>(fields: T): T =>
  fields.perms === '' ? { ...fields, perms: null } : fields

export function menuManageRoutes(app: FastifyInstance, { db, revocations }: ServerContext) {
  /** A menu carries a permission: sessions on every instance read theirs again. */
  const permissionsChanged = () => revocations.emit({ reason: RevocationReason.authorityChanged })

  app.get(
    '/system/menu/list',
    { config: access('system:menu:list'), schema: { querystring: MenuQuery } },
    async (request) => {
      const q = request.query as Static<typeof MenuQuery>
      const conditions: SQL[] = []
      if (q.menuName) conditions.push(ilike(menu.menuName, `%${escapeLike(q.menuName)}%`))
      if (q.status) conditions.push(eq(menu.status, q.status))
      if (q.menuType) conditions.push(eq(menu.menuType, q.menuType))
      const rows = await db
        .select()
        .from(menu)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(menu.parentId), asc(menu.orderNum), asc(menu.menuId))
      return ok(rows)
    },
  )

  app.get('/system/menu/treeselect', { config: access('system:menu:list') }, async () =>
    ok(menuTree(await allMenus(db))),
  )

  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    { config: access('system:role:query'), schema: { params: RoleIdParam } },
    async (request) => {
      const { roleId } = request.params as Static<typeof RoleIdParam>
      await findRole(db, roleId)
      const [menus, checkedKeys] = await Promise.all([allMenus(db), roleMenuIds(db, roleId)])
      return ok({ menus: menuTree(menus), checkedKeys })
    },
  )

  app.get(
    '/system/menu/:id',
    { config: access('system:menu:query'), schema: { params: IdParam } },
    async (request) => {
      const [row] = await db
        .select()
        .from(menu)
        .where(eq(menu.menuId, (request.params as Static<typeof IdParam>).id))
      if (!row) throw notFound('entity.menu')
      return ok(row)
    },
  )

  app.post(
    '/system/menu',
    { config: access('system:menu:add'), schema: { body: AddMenu } },
    async (request) => {
      const body = cleanPerms(request.body as Static<typeof AddMenu>)
      await checkParent(db, body.parentId ?? 0)
      const [row] = await db.insert(menu).values(body).returning()
      return ok(row, 'common.addSuccess')
    },
  )

  app.put(
    '/system/menu',
    { config: access('system:menu:edit'), schema: { body: EditMenu } },
    async (request) => {
      const { menuId, ...fields } = cleanPerms(request.body as Static<typeof EditMenu>)
      const [current] = await db.select({ menuId: menu.menuId }).from(menu).where(eq(menu.menuId, menuId))
      if (!current) throw notFound('entity.menu')
      if (fields.parentId !== undefined) await checkParent(db, fields.parentId, menuId)
      const [row] = await db
        .update(menu)
        .set({ ...fields, updateTime: new Date() })
        .where(eq(menu.menuId, menuId))
        .returning()
      permissionsChanged()
      return ok(row, 'common.editSuccess')
    },
  )

  app.delete(
    '/system/menu/:id',
    { config: access('system:menu:remove'), schema: { params: IdParam } },
    async (request) => {
      const { id } = request.params as Static<typeof IdParam>
      const [row] = await db.select({ menuId: menu.menuId }).from(menu).where(eq(menu.menuId, id))
      if (!row) throw notFound('entity.menu')
      const [child] = await db
        .select({ menuId: menu.menuId })
        .from(menu)
        .where(eq(menu.parentId, id))
        .limit(1)
      if (child) throw badRequest('menu.hasChildren')
      // Role links go with it (ON DELETE CASCADE): the permission it carried is withdrawn at once.
      await db.delete(menu).where(eq(menu.menuId, id))
      permissionsChanged()
      return ok(undefined, 'common.deleteSuccess')
    },
  )
}
