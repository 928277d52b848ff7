// Turns a verified user into a session and the login result of SPEC §3.
import { type LoginResult, UserType } from '@pms/protocol'
import { asc, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { propertyUser, user } from '../db/schema/index.ts'
import { createSession } from './sessions.ts'

type UserRow = typeof user.$inferSelect

/** A staff user's property: its saved default when still bound, else the last property it is bound to, else 0. */
export async function resolveDefaultProperty(
  db: Db,
  row: Pick<UserRow, 'userId' | 'userType' | 'defaultPropertyId'>,
) {
  if (row.userType !== UserType.registered) return 0
  const bound = await db
    .select({ propertyId: propertyUser.propertyId })
    .from(propertyUser)
    .where(eq(propertyUser.userId, row.userId))
    .orderBy(asc(propertyUser.createTime), asc(propertyUser.propertyId))
  if (bound.some((b) => b.propertyId === row.defaultPropertyId)) return row.defaultPropertyId
  return bound.at(-1)?.propertyId ?? 0
}

export async function signIn(db: Db, request: FastifyRequest, row: UserRow): Promise<LoginResult> {
  const propertyId = await resolveDefaultProperty(db, row)
  const { token, expiresIn } = await createSession(db, {
    userId: row.userId,
    propertyId,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  })
  await db.update(user).set({ loginIp: request.ip, loginDate: new Date() }).where(eq(user.userId, row.userId))
  return {
    access_token: token,
    userType: row.userType as UserType,
    expires_in: expiresIn,
    defaultPropertyId: propertyId,
  }
}
