// Session calls: POST /auth/refresh, PUT /auth/refreshRole, PUT /auth/switchProperty/{id}, DELETE /auth/logout.
import { type PropertyChangeMessage, topics, UserType } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { propertyUser, user } from '../db/schema/index.ts'
import { forbidden } from '../http/errors.ts'
import { authOf, bearerToken } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { RevocationReason } from './revocations.ts'
import { refreshSession, resolveSession, revokeSession, setUserProperty } from './sessions.ts'

const PropertyParam = Type.Object({ id: Type.Integer({ minimum: 0 }) })

export function sessionRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, live, config } = ctx
  app.post('/auth/refresh', async (request) => {
    const auth = authOf(request)
    const expiresIn = await refreshSession(db, auth.sessionId)
    return ok({ access_token: bearerToken(request.headers.authorization), expires_in: expiresIn })
  })

  app.put('/auth/refreshRole', async (request) => {
    const auth = authOf(request)
    return ok({ roles: auth.roles, pRoles: auth.pRoles, permissions: auth.permissions })
  })

  app.put(
    '/auth/switchProperty/:id',
    { config: { userTypes: [UserType.registered], refs: { id: false } }, schema: { params: PropertyParam } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = (request.params as { id: number }).id
      if (propertyId !== 0) {
        const [binding] = await db
          .select()
          .from(propertyUser)
          .where(and(eq(propertyUser.userId, auth.userId), eq(propertyUser.propertyId, propertyId)))
        if (!binding) throw forbidden('property.notBound')
      }
      await db.transaction(async (tx) => {
        await setUserProperty(tx as unknown as typeof db, auth.userId, propertyId)
        await tx.update(user).set({ defaultPropertyId: propertyId }).where(eq(user.userId, auth.userId))
      })
      // The user's sessions act in another property now, with that property's role.
      ctx.revocations.emit({ userId: auth.userId, reason: RevocationReason.authorityChanged })
      const message: PropertyChangeMessage = { propertyId, tokenHash: auth.tokenHash }
      await live.publish(topics.propertyChange(auth.userId, config.topicPrefix), message)
      return ok({ propertyId })
    },
  )

  app.delete('/auth/logout', { config: { auth: 'public' } }, async (request) => {
    const token = bearerToken(request.headers.authorization)
    const auth = token ? await resolveSession(ctx, token) : null
    if (auth) await revokeSession(ctx, auth)
    return ok(undefined, 'auth.logoutSuccess')
  })
}
