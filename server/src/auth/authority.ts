// What a user may do: global roles, the role it holds in its current property, and the permissions they grant.
import { ALL_PERMISSION, DEFAULT_ROLE, SUPER_ROLE } from '@pms/protocol'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { menu, propertyUser, role, roleMenu, userRole } from '../db/schema/index.ts'

export interface Authority {
  /** Global role keys (ROLE_DEFAULT when none). */
  roles: string[]
  /** Role keys held in the current property. */
  pRoles: string[]
  permissions: string[]
}

export async function loadAuthority(db: Db, userId: number, propertyId: number): Promise<Authority> {
  const globalRoles = await db
    .select({ roleId: role.roleId, roleKey: role.roleKey })
    .from(userRole)
    .innerJoin(role, eq(role.roleId, userRole.roleId))
    .where(and(eq(userRole.userId, userId), eq(role.status, '0')))
  const propertyRoles =
    propertyId > 0
      ? await db
          .select({ roleId: role.roleId, roleKey: role.roleKey })
          .from(propertyUser)
          .innerJoin(role, eq(role.roleId, propertyUser.roleId))
          .where(
            and(
              eq(propertyUser.userId, userId),
              eq(propertyUser.propertyId, propertyId),
              eq(role.status, '0'),
            ),
          )
      : []
  const all = [...globalRoles, ...propertyRoles]
  const keys = all.map((r) => r.roleKey)
  let permissions: string[]
  if (keys.includes(SUPER_ROLE)) permissions = [ALL_PERMISSION]
  else if (all.length === 0) permissions = []
  else {
    const rows = await db
      .selectDistinct({ perms: menu.perms })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.menuId, roleMenu.menuId))
      .where(
        and(
          inArray(
            roleMenu.roleId,
            all.map((r) => r.roleId),
          ),
          isNotNull(menu.perms),
          eq(menu.status, '0'),
        ),
      )
    permissions = rows
      .flatMap((r) => (r.perms ? r.perms.split(',').map((p) => p.trim()) : []))
      .filter(Boolean)
  }
  return {
    roles: globalRoles.length ? globalRoles.map((r) => r.roleKey) : [DEFAULT_ROLE],
    pRoles: propertyRoles.map((r) => r.roleKey),
    permissions,
  }
}
