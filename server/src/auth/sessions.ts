// Server-side sessions: opaque tokens stored hashed, sliding expiry, revocation on logout, password change, disable.
import { TOKEN_EXPIRES_IN, type UserType } from '@pms/protocol'
import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { session, user } from '../db/schema/index.ts'
import type { AuthContext } from './auth-context.ts'
import { loadAuthority } from './authority.ts'
import { RevocationReason, type RevocationSignal } from './revocations.ts'
import type { SessionCache } from './session-cache.ts'
import { newToken, sha256 } from './tokens.ts'

/** Extending the expiry is a write; do it at most once a minute per session. */
const SLIDE_EVERY_MS = 60_000

export async function createSession(
  db: Db,
  input: { userId: number; propertyId: number; ip: string; userAgent: string },
): Promise<{ token: string; expiresIn: number }> {
  const token = newToken()
  await db.insert(session).values({
    tokenHash: sha256(token),
    userId: input.userId,
    propertyId: input.propertyId,
    ip: input.ip.slice(0, 128),
    userAgent: input.userAgent.slice(0, 500),
    expiresAt: new Date(Date.now() + TOKEN_EXPIRES_IN * 1000),
  })
  return { token, expiresIn: TOKEN_EXPIRES_IN }
}

/** What resolving a token needs: the database, and this instance's session cache (none: every lookup reads). */
export interface SessionSource {
  db: Db
  sessions?: SessionCache
}

/**
 * The live session a bearer token names, with its user and what it may do; null when it is unknown, revoked, expired
 * or its user is disabled. A cached answer sends no statement (session-cache.ts says why it cannot be stale). The
 * session's expiry slides with each use (at most once a minute) unless `slide` is false: a call nobody asked for (an
 * unattended console's automatic read, protocol UNATTENDED_HEADER) or a live channel's reconnection.
 */
export async function resolveSession(
  { db, sessions }: SessionSource,
  token: string,
  { slide: slides = true }: { slide?: boolean } = {},
): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null
  const tokenHash = sha256(token)
  const now = Date.now()
  const cached = sessions?.lookup(tokenHash, now)
  if (cached) {
    if (slides && now - cached.lastSeenAt > SLIDE_EVERY_MS) {
      cached.lastSeenAt = now
      cached.expiresAt = now + TOKEN_EXPIRES_IN * 1000
      await slide(db, cached.auth.sessionId, now)
    }
    return cached.auth
  }
  const generation = sessions?.generation ?? 0
  const [row] = await db
    .select({
      sessionId: session.sessionId,
      userId: session.userId,
      propertyId: session.propertyId,
      expiresAt: session.expiresAt,
      lastSeenAt: session.lastSeenAt,
      userName: user.userName,
      userType: user.userType,
    })
    .from(session)
    .innerJoin(user, eq(user.userId, session.userId))
    .where(
      and(
        eq(session.tokenHash, tokenHash),
        isNull(session.revokedAt),
        gt(session.expiresAt, new Date(now)),
        eq(user.status, '0'),
        eq(user.delFlag, false),
      ),
    )
  if (!row) return null
  let expiresAt = row.expiresAt.getTime()
  let lastSeenAt = row.lastSeenAt.getTime()
  if (slides && now - lastSeenAt > SLIDE_EVERY_MS) {
    await slide(db, row.sessionId, now)
    lastSeenAt = now
    expiresAt = now + TOKEN_EXPIRES_IN * 1000
  }
  const authority = await loadAuthority(db, row.userId, row.propertyId)
  const auth: AuthContext = {
    sessionId: row.sessionId,
    tokenHash,
    userId: row.userId,
    userName: row.userName,
    userType: row.userType as UserType,
    propertyId: row.propertyId,
    ...authority,
  }
  sessions?.store(generation, { auth, expiresAt, lastSeenAt }, now)
  return auth
}

/** Pushes a session's expiry forward (sliding refresh); never shortens it, so it tells no cache anything. */
async function slide(db: Db, sessionId: number, now: number) {
  await db
    .update(session)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + TOKEN_EXPIRES_IN * 1000) })
    .where(eq(session.sessionId, sessionId))
}

/** Restarts the expiry window (POST /auth/refresh). */
export async function refreshSession(db: Db, sessionId: number): Promise<number> {
  await db
    .update(session)
    .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + TOKEN_EXPIRES_IN * 1000) })
    .where(eq(session.sessionId, sessionId))
  return TOKEN_EXPIRES_IN
}

/** What a revocation needs: the database, and the signal that tells live connections and caches. */
export interface Revoker {
  db: Db
  revocations: RevocationSignal
}

/** Ends one session (logout) and tells the revocation listeners. */
export async function revokeSession(
  { db, revocations }: Revoker,
  auth: { sessionId: number; userId: number; tokenHash: string },
  reason: RevocationReason = RevocationReason.logout,
) {
  await db.update(session).set({ revokedAt: new Date() }).where(eq(session.sessionId, auth.sessionId))
  revocations.emit({ userId: auth.userId, tokenHashes: [auth.tokenHash], reason })
}

/**
 * Revokes every live session of a user, except optionally the one making the change, and tells the revocation
 * listeners (only the revoked sessions when one is kept, otherwise the whole user).
 */
export async function revokeUserSessions(
  { db, revocations }: Revoker,
  userId: number,
  reason: RevocationReason,
  exceptSessionId?: number,
) {
  const live = and(eq(session.userId, userId), isNull(session.revokedAt))
  const revoked = await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(exceptSessionId ? and(live, ne(session.sessionId, exceptSessionId)) : live)
    .returning({ tokenHash: session.tokenHash })
  revocations.emit(
    exceptSessionId ? { userId, tokenHashes: revoked.map((r) => r.tokenHash), reason } : { userId, reason },
  )
}

/**
 * A user lost its binding to a property: the sessions acting in that property end; its live connections are closed
 * (they reconnect with what the remaining sessions allow).
 */
export async function revokePropertySessions(
  { db, revocations }: Revoker,
  userId: number,
  propertyId: number,
) {
  await db
    .update(session)
    .set({ revokedAt: new Date() })
    .where(and(eq(session.userId, userId), eq(session.propertyId, propertyId), isNull(session.revokedAt)))
  revocations.emit({ userId, propertyId, reason: RevocationReason.unbound })
}

/**
 * Moves every live session of a user into a property: a user works in one property at a time, and its other open
 * consoles reload on the property-change message (SPEC §4) and must come back in the property just chosen.
 */
export async function setUserProperty(db: Db, userId: number, propertyId: number) {
  await db
    .update(session)
    .set({ propertyId })
    .where(and(eq(session.userId, userId), isNull(session.revokedAt)))
}
