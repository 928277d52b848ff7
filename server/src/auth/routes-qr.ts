// QR-code sign-in: the console shows a code and polls it; a signed-in device scans and confirms it.
// The session is created only when the console that holds the poll secret collects it, so no token waits in the database.
import { randomUUID } from 'node:crypto'
import { type QrLoginCode, QrLoginState, type QrLoginStatus } from '@pms/protocol'
import { Type } from '@sinclair/typebox'
import { and, eq, lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import { qrLogin, user } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { signIn } from './sign-in.ts'
import { newToken, sameHash, sha256 } from './tokens.ts'

export const QR_TTL_SECONDS = 120
const UuidParam = Type.Object({ uuid: Type.String({ format: 'uuid' }) })
const PollQuery = Type.Object({ secret: Type.String({ minLength: 20, maxLength: 100 }) })

export function qrRoutes(app: FastifyInstance, { db }: ServerContext) {
  app.get('/auth/qrLoginCode', { config: { auth: 'public' } }, async () => {
    await db.delete(qrLogin).where(lt(qrLogin.expiresAt, new Date()))
    const uuid = randomUUID()
    const secret = newToken()
    await db.insert(qrLogin).values({
      uuid,
      pollSecretHash: sha256(secret),
      expiresAt: new Date(Date.now() + QR_TTL_SECONDS * 1000),
    })
    return ok<QrLoginCode & { secret: string }>({
      uuid,
      content: `pms-login:${uuid}`,
      expiresIn: QR_TTL_SECONDS,
      secret,
    })
  })

  app.get(
    '/auth/qrLogin/:uuid',
    { config: { auth: 'public' }, schema: { params: UuidParam, querystring: PollQuery } },
    async (request) => {
      const { uuid } = request.params as { uuid: string }
      const [row] = await db.select().from(qrLogin).where(eq(qrLogin.uuid, uuid))
      if (!row || !sameHash(row.pollSecretHash, sha256((request.query as { secret: string }).secret)))
        throw notFound('entity.qrCode')
      if (row.expiresAt.getTime() < Date.now()) return ok<QrLoginStatus>({ state: QrLoginState.expired })
      if (row.state !== QrLoginState.confirmed || !row.userId)
        return ok<QrLoginStatus>({ state: row.state as QrLoginState })
      // Collect once: the row goes, the session is made.
      const taken = await db
        .delete(qrLogin)
        .where(and(eq(qrLogin.uuid, uuid), eq(qrLogin.state, 'confirmed')))
        .returning()
      if (taken.length === 0) return ok<QrLoginStatus>({ state: QrLoginState.expired })
      const [account] = await db.select().from(user).where(eq(user.userId, row.userId))
      if (!account) throw notFound('entity.user')
      if (account.status !== '0') throw badRequest('auth.disabled')
      return ok<QrLoginStatus>({ state: QrLoginState.confirmed, login: await signIn(db, request, account) })
    },
  )

  const advance = (to: 'scanned' | 'confirmed') => async (request: any) => {
    const auth = authOf(request)
    const { uuid } = request.params as { uuid: string }
    const [row] = await db.select().from(qrLogin).where(eq(qrLogin.uuid, uuid))
    if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest('auth.qrInvalid')
    if (row.userId && row.userId !== auth.userId) throw badRequest('auth.qrInvalid')
    await db.update(qrLogin).set({ state: to, userId: auth.userId }).where(eq(qrLogin.uuid, uuid))
    return ok()
  }
  app.put('/auth/qrLogin/:uuid/scan', { schema: { params: UuidParam } }, advance('scanned'))
  app.put('/auth/qrLogin/:uuid/confirm', { schema: { params: UuidParam } }, advance('confirmed'))
}
