// The personal center's sessions (issue 17): where I am signed in (device, IP, last seen) and signing out one of them.
// GET /system/{user|regUser}/profile/sessions, DELETE /system/{user|regUser}/profile/sessions/:id.
import { UserType } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { RevocationReason } from '../auth/revocations.ts'
import { revokeSession } from '../auth/sessions.ts'
import type { ServerContext } from '../context.ts'
import { session } from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { Id } from '../http/schemas.ts'

const SessionParam = Type.Object({ sessionId: Id() })

export function profileSessionRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx
  const live = (userId: number) =>
    and(eq(session.userId, userId), isNull(session.revokedAt), gt(session.expiresAt, new Date()))
  for (const [segment, userType] of [
    ['user', UserType.platform],
    ['regUser', UserType.registered],
  ] as const) {
    const config = { userTypes: [userType] }
    app.get(`/system/${segment}/profile/sessions`, { config }, async (request) => {
      const auth = authOf(request)
      const rows = await db
        .select({
          sessionId: session.sessionId,
          ip: session.ip,
          userAgent: session.userAgent,
          createdAt: session.createdAt,
          lastSeenAt: session.lastSeenAt,
        })
        .from(session)
        .where(live(auth.userId))
        .orderBy(desc(session.lastSeenAt), desc(session.sessionId))
      return ok(rows.map((r) => ({ ...r, current: r.sessionId === auth.sessionId })))
    })

    app.delete(
      `/system/${segment}/profile/sessions/:sessionId`,
      // A session belongs to a user, not to a property: the route finds it among the caller's own.
      { config: { ...config, refs: { sessionId: false } }, schema: { params: SessionParam } },
      async (request) => {
        const auth = authOf(request)
        const { sessionId } = request.params as { sessionId: number }
        // Another user's session is answered as absent, like one that has ended.
        const [row] = await db
          .select({ sessionId: session.sessionId, tokenHash: session.tokenHash })
          .from(session)
          .where(and(live(auth.userId), eq(session.sessionId, sessionId)))
        if (!row) throw notFound('entity.session')
        await revokeSession(ctx, { ...row, userId: auth.userId }, RevocationReason.logout)
        return ok(undefined, 'profile.sessionEnded')
      },
    )
  }
}
