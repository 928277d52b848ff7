// GET /system/menu/getRouters: the signed-in user's menu tree as console routes (SPEC §3 route item).
import type { RouteItem } from '@pms/protocol'
import { ALL_PERMISSION, SUPER_ROLE } from '@pms/protocol'
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../auth/auth-context.ts'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { menu } from '../db/schema/index.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'

type MenuRow = typeof menu.$inferSelect

/** Directories and screens this user may see: its user type, and (unless super) a granted button or screen below. */
export async function visibleMenus(db: Db, auth: AuthContext): Promise<MenuRow[]> {
  const rows = await db
    .select()
    .from(menu)
    .where(and(eq(menu.status, '0'), ne(menu.menuType, 'F')))
    .orderBy(asc(menu.parentId), asc(menu.orderNum))
  const typed = rows.filter((m) => m.userTypes.split(',').includes(String(auth.userType)))
  if (auth.roles.includes(SUPER_ROLE) || auth.permissions.includes(ALL_PERMISSION)) return typed
  // A screen is shown when the user holds its permission (or, without one, a button of it); a directory when a child is.
  const buttons = await db
    .select({ parentId: menu.parentId, perms: menu.perms })
    .from(menu)
    .where(and(eq(menu.menuType, 'F'), inArray(menu.parentId, typed.map((m) => m.menuId).concat(0))))
  const held = new Set(auth.permissions)
  const shown = new Set<number>()
  // A screen without a permission of its own but with buttons below is shown through those buttons only.
  const hasButtons = new Set(buttons.map((b) => b.parentId))
  for (const m of typed) {
    if (m.menuType === 'C' && (m.perms ? held.has(m.perms) : !hasButtons.has(m.menuId))) shown.add(m.menuId)
  }
  for (const b of buttons) if (b.perms && held.has(b.perms)) shown.add(b.parentId)
  let grew = true
  while (grew) {
    grew = false
    for (const m of typed) {
      if (
        shown.has(m.menuId) &&
        m.parentId &&
        !shown.has(m.parentId) &&
        typed.some((p) => p.menuId === m.parentId)
      ) {
        shown.add(m.parentId)
        grew = true
      }
    }
  }
  return typed.filter((m) => shown.has(m.menuId))
}

export function buildRoutes(rows: MenuRow[], parentId = 0): RouteItem[] {
  return rows
    .filter((m) => m.parentId === parentId)
    .map((m) => {
      const children = buildRoutes(rows, m.menuId)
      const item: RouteItem = {
        name: m.path ? m.path.charAt(0).toUpperCase() + m.path.slice(1) : `Menu${m.menuId}`,
        path: parentId === 0 ? `/${m.path}` : m.path,
        hidden: m.visible === '1',
        component:
          m.menuType === 'M' ? (parentId === 0 ? 'Layout' : 'ParentView') : (m.component ?? undefined),
        meta: { title: m.menuName, icon: m.icon, affix: m.affix || undefined },
      }
      if (children.length) {
        item.children = children
        item.alwaysShow = children.length > 1 || undefined
        item.redirect = 'noRedirect'
      }
      return item
    })
}

export function menuRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/system/menu/getRouters', async (request) =>
    ok(buildRoutes(await visibleMenus(db, authOf(request)))),
  )
}
