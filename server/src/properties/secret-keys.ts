// The property's API secret (SPEC §7, §9): never sent in plain text. An admin asks for a reveal code (valid 10 minutes,
// stored as its SHA-256), then fetches the secret sealed with AES-GCM under SHA-256(code), opened in the browser.
import { randomBytes, randomInt } from 'node:crypto'
import {
  API_SECRET_CODE_VALID_MS,
  type ApiSecretKeyCode,
  type ApiSecretRotated,
  PropertyPermission as P,
} from '@pms/protocol/api/properties'
import { encryptApiSecret, normalizeSecretKeyCode } from '@pms/protocol/properties/secret-key'
import type { Static } from '@sinclair/typebox'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sameHash, sha256 } from '../auth/tokens.ts'
import type { Db } from '../db/client.ts'
import { propertyApiSecret, propertyApiSecretCode } from '../db/schema/index.ts'
import { badRequest } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { accessProperty } from './access.ts'
import { SecretCodeParams } from './schemas.ts'

const newSecret = () => randomBytes(32).toString('hex')

/** The property's API secret row, made with a fresh random secret on first use. */
export async function ensureApiSecret(db: Db, propertyId: number) {
  await db.insert(propertyApiSecret).values({ propertyId, apiSecret: newSecret() }).onConflictDoNothing()
  const [row] = await db.select().from(propertyApiSecret).where(eq(propertyApiSecret.propertyId, propertyId))
  return row!
}

export function secretKeyRoutes(app: FastifyInstance, db: Db) {
  /** A new code replaces the property's previous one. Codes are up to 15 digits; the console pads and groups them. */
  app.get(
    '/pms/pmsProperty/createPmsApiSecretKeyCode/:id',
    { config: { permission: P.config }, schema: { params: IdParam } },
    async (request) => {
      const auth = authOf(request)
      const { id } = request.params as Static<typeof IdParam>
      await accessProperty(db, auth, id, P.config)
      const code = String(randomInt(0, 2 ** 48 - 1))
      const codeHash = sha256(normalizeSecretKeyCode(code)!)
      const createTime = new Date()
      await db
        .insert(propertyApiSecretCode)
        .values({ propertyId: id, codeHash, createdBy: auth.userId, createTime })
        .onConflictDoUpdate({
          target: propertyApiSecretCode.propertyId,
          set: { codeHash, createdBy: auth.userId, createTime },
        })
      const data: ApiSecretKeyCode = { code, timeStamp: createTime.getTime() }
      return ok(data)
    },
  )

  /** Valid for API_SECRET_CODE_VALID_MS after it was made, any number of times; a wrong or old code is refused. */
  app.get(
    '/pms/pmsApi/getPmsApiSecretKey/:id/:code',
    { config: { permission: P.config }, schema: { params: SecretCodeParams } },
    async (request) => {
      const { id, code } = request.params as Static<typeof SecretCodeParams>
      await accessProperty(db, authOf(request), id, P.config)
      const normal = normalizeSecretKeyCode(code)
      const [stored] = await db
        .select()
        .from(propertyApiSecretCode)
        .where(eq(propertyApiSecretCode.propertyId, id))
      if (!normal || !stored || !sameHash(stored.codeHash, sha256(normal)))
        throw badRequest('property.secretCode.wrong')
      if (Date.now() - stored.createTime.getTime() > API_SECRET_CODE_VALID_MS)
        throw badRequest('property.secretCode.expired', [API_SECRET_CODE_VALID_MS / 60_000])
      const secret = await ensureApiSecret(db, id)
      return ok(await encryptApiSecret(secret.apiSecret, normal))
    },
  )

  /** Rotates the current property's API secret: devices and integrations holding the old one must be given the new. */
  app.get(
    '/pms/pmsProperty/refreshPmsPropertyDeviceApiSecretKey',
    { config: { permission: P.config } },
    async (request) => {
      const auth = authOf(request)
      const propertyId = requireProperty(auth)
      await accessProperty(db, auth, propertyId, P.config)
      await ensureApiSecret(db, propertyId)
      const [row] = await db
        .update(propertyApiSecret)
        .set({
          apiSecret: newSecret(),
          secretVersion: sql`${propertyApiSecret.secretVersion} + 1`,
          updateTime: new Date(),
        })
        .where(eq(propertyApiSecret.propertyId, propertyId))
        .returning()
      const data: ApiSecretRotated = {
        propertyId,
        secretVersion: row!.secretVersion,
        updateTime: row!.updateTime.toISOString(),
      }
      return ok(data, 'common.success')
    },
  )
}
