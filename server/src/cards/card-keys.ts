// Each property's card secret and card-key configuration: created lazily on first use, rotated on demand.
import { randomBytes } from 'node:crypto'
import { AuthMode, fromHex, propertyCardSecret } from '@pms/protocol'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { cardConfig, cardKey } from '../db/schema/index.ts'

export type CardKeyRow = typeof cardKey.$inferSelect

/** The config record SPEC §3 saves beside the card-key configuration. */
export const V3_CLIENT_AUTH = { type: 'v3_client_auth_data', name: 'V3 client authorization config' } as const

const newSecret = () => randomBytes(32).toString('hex')

/** The property's card-key row, made with a fresh random secret when the property has none yet. */
export async function ensureCardKey(db: Db, propertyId: number): Promise<CardKeyRow> {
  await db.insert(cardKey).values({ propertyId, cardSecret: newSecret() }).onConflictDoNothing()
  const [row] = await db.select().from(cardKey).where(eq(cardKey.propertyId, propertyId))
  return row!
}

/** Replaces the secret: every card sealed with the old one now reads as foreign (see updateZgTmKey). */
export async function rotateCardSecret(db: Db, propertyId: number): Promise<CardKeyRow> {
  await ensureCardKey(db, propertyId)
  const [row] = await db
    .update(cardKey)
    .set({
      cardSecret: newSecret(),
      secretVersion: sql`${cardKey.secretVersion} + 1`,
      updateTime: new Date(),
    })
    .where(eq(cardKey.propertyId, propertyId))
    .returning()
  return row!
}

/** What cards are sealed with: the card secret derived from the property secret, as the locks get it at init. */
export function cardSealingSecret(row: CardKeyRow): Uint8Array {
  return propertyCardSecret(fromHex(row.cardSecret))
}

/** The configuration as the API shows it: never the secret. */
export function presentCardKey(row: CardKeyRow) {
  return {
    propertyId: row.propertyId,
    sector: row.sector,
    sectorNum: row.sectorNum,
    authMode: row.authMode,
    authModeName: row.authMode === AuthMode.KEY_B ? 'B' : 'A',
    endTime: row.endTime,
    secretVersion: row.secretVersion,
    updateTime: row.updateTime,
  }
}

/** Saves the v3_client_auth_data config record of the property (insert or replace). */
export async function saveClientAuthConfig(db: Db, row: CardKeyRow): Promise<void> {
  const value = JSON.stringify({
    sector: row.sector,
    sectorNum: row.sectorNum,
    authMode: row.authMode,
    endTime: row.endTime,
  })
  await db
    .insert(cardConfig)
    .values({
      propertyId: row.propertyId,
      configType: V3_CLIENT_AUTH.type,
      configName: V3_CLIENT_AUTH.name,
      configValue: value,
    })
    .onConflictDoUpdate({
      target: [cardConfig.propertyId, cardConfig.configType],
      set: { configValue: value, configName: V3_CLIENT_AUTH.name, updateTime: new Date() },
    })
}
