// The property's card-key configuration (SPEC §3, §5, §7): updateBc01Key, getPropertyBc01Key, updateZgTmKey.
import { AuthMode, cardKeyEndTime } from '@pms/protocol'
import { type Static, Type } from '@sinclair/typebox'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../context.ts'
import type { Db } from '../db/client.ts'
import { cardKey, property } from '../db/schema/index.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { authOf } from '../http/guard.ts'
import { ok } from '../http/reply.ts'
import { IdParam } from '../http/schemas.ts'
import { requireProperty } from '../http/tenancy.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { ensureCardKey, presentCardKey, rotateCardSecret, saveClientAuthConfig } from './card-keys.ts'
import { CardPermission } from './permissions.ts'

const Bc01Params = Type.Object({
  propertyId: Type.Integer({ minimum: 1 }),
  sector: Type.Integer(),
  sectorNum: Type.Integer(),
  authMode: Type.String({ pattern: '^([AaBb01])$' }),
  endTime: Type.String({ minLength: 1, maxLength: 19 }),
})

/** MIFARE Classic 1K layout limits the card library enforces: sectors 1..15, at least 2, ending by sector 15. */
function checkSectors(sector: number, sectorNum: number): void {
  if (sector < 1 || sector > 14) throw badRequest('cardRecord.sectorRange', ['sector'])
  if (sectorNum < 2 || sector + sectorNum > 16) throw badRequest('cardRecord.sectorRange', ['sectorNum'])
}

async function existingProperty(db: Db, propertyId: number): Promise<void> {
  const [found] = await db
    .select({ id: property.propertyId })
    .from(property)
    .where(eq(property.propertyId, propertyId))
  if (!found) throw notFound('entity.property')
}

export function cardKeyRoutes(app: FastifyInstance, { db }: ServerContext) {
  /**
   * Sets sector, sector count, key A/B mode and the card-key end time (§5: a date alone gets 23:59:59; seconds,
   * capped at 4294967295), then saves the 'V3 client authorization config' record; a failure of that save is logged
   * and ignored, as SPEC §7 says.
   */
  app.put(
    '/pms/pmsProperty/updateBc01Key/:propertyId/:sector/:sectorNum/:authMode/:endTime',
    { config: { permission: CardPermission.keyEdit }, schema: { params: Bc01Params } },
    async (request) => {
      const p = request.params as Static<typeof Bc01Params>
      const propertyId = requireProperty(authOf(request), p.propertyId)
      checkSectors(p.sector, p.sectorNum)
      const text = p.endTime.trim()
      const endTime = cardKeyEndTime(
        /^\d{1,12}$/.test(text) ? Number(text) : text,
        await propertyTimeZone(db, propertyId),
      )
      if (endTime === undefined) throw badRequest('cardRecord.badTime', ['endTime'])
      const authMode = /^[Bb1]$/.test(p.authMode) ? AuthMode.KEY_B : AuthMode.KEY_A
      await existingProperty(db, propertyId)
      const row = await db.transaction(async (txn) => {
        const tx = txn as unknown as Db
        await ensureCardKey(tx, propertyId)
        const [updated] = await tx
          .update(cardKey)
          .set({ sector: p.sector, sectorNum: p.sectorNum, authMode, endTime, updateTime: new Date() })
          .where(eq(cardKey.propertyId, propertyId))
          .returning()
        return updated!
      })
      try {
        await saveClientAuthConfig(db, row)
      } catch (error) {
        request.log.warn({ err: error, propertyId }, 'card-key config record not saved')
      }
      return ok(presentCardKey(row), 'common.editSuccess')
    },
  )

  /** The current property's card-key configuration; never the secret. */
  app.get(
    '/pms/pmsProperty/getPropertyBc01Key',
    { config: { permission: CardPermission.keyQuery } },
    async (request) => {
      const propertyId = requireProperty(authOf(request))
      return ok(presentCardKey(await ensureCardKey(db, propertyId)))
    },
  )

  /**
   * Rotates the property's card secret (the Z-M/Tm family's key). Consequence: every card issued before, of every
   * protocol, now reads as foreign ('card.decode.foreign') and locks initialised with the old card secret refuse new
   * cards until they are initialised again. Only the new secret version is answered, never the secret.
   */
  app.put(
    '/pms/pmsProperty/updateZgTmKey/:id',
    { config: { permission: CardPermission.keyEdit, refs: { id: false } }, schema: { params: IdParam } },
    async (request) => {
      const propertyId = requireProperty(authOf(request), (request.params as Static<typeof IdParam>).id)
      await existingProperty(db, propertyId)
      const row = await db.transaction((tx) => rotateCardSecret(tx as unknown as Db, propertyId))
      return ok(presentCardKey(row), 'common.editSuccess')
    },
  )
}
