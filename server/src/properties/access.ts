// Tenancy of property administration: which property ids a caller may read or change. A platform user (type 1)
// reaches every live property; a property user (type 2) only those it is bound to, and a change needs the permission
// in the target property's own role (the route guard checked it in the session's property only).
import { hasPermission, UserType } from '@pms/protocol'
import { and, eq } from 'drizzle-orm'
import type { AuthContext } from '../auth/auth-context.ts'
import { loadAuthority } from '../auth/authority.ts'
import type { Db } from '../db/client.ts'
import { property, propertyUser } from '../db/schema/index.ts'
import { forbidden, notFound } from '../http/errors.ts'

export type PropertyRow = typeof property.$inferSelect

/**
 * The live property `propertyId` as the caller may see it; 404 when it does not exist or a type-2 caller is not bound
 * to it (another tenant's id is answered as absent). With `permission`, a type-2 caller must hold it in that property.
 */
export async function accessProperty(
  db: Db,
  auth: AuthContext,
  propertyId: number,
  permission?: string,
): Promise<PropertyRow> {
  const [row] = await db
    .select()
    .from(property)
    .where(and(eq(property.propertyId, propertyId), eq(property.delFlag, false)))
  if (!row) throw notFound('entity.property')
  if (auth.userType === UserType.platform) return row
  const [binding] = await db
    .select({ userId: propertyUser.userId })
    .from(propertyUser)
    .where(and(eq(propertyUser.propertyId, propertyId), eq(propertyUser.userId, auth.userId)))
  if (!binding) throw notFound('entity.property')
  if (permission && propertyId !== auth.propertyId) {
    const authority = await loadAuthority(db, auth.userId, propertyId)
    if (!hasPermission(authority, [permission], () => {})) throw forbidden()
  }
  return row
}

/** Several properties at once (a delete of many ids): all or nothing. */
export async function accessProperties(
  db: Db,
  auth: AuthContext,
  ids: number[],
  permission?: string,
): Promise<PropertyRow[]> {
  const rows: PropertyRow[] = []
  for (const id of new Set(ids)) rows.push(await accessProperty(db, auth, id, permission))
  return rows
}

/** Ids of the live properties a type-2 user is bound to (optionally only as their admin). */
export async function boundPropertyIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ propertyId: propertyUser.propertyId })
    .from(propertyUser)
    .innerJoin(property, eq(property.propertyId, propertyUser.propertyId))
    .where(and(eq(propertyUser.userId, userId), eq(property.delFlag, false)))
  return rows.map((r) => r.propertyId)
}
