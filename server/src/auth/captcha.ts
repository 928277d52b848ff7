// Image captcha of GET /code: a uuid, a picture, 2 minutes of life, checked case-insensitively, used once.
import { randomUUID } from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { captcha } from '../db/schema/index.ts'
import { badRequest } from '../http/errors.ts'
import { sha256 } from './tokens.ts'

export const CAPTCHA_TTL_MS = 2 * 60_000
/** Letters and digits that cannot be mistaken for one another. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export async function createCaptcha(db: Db): Promise<{ uuid: string; img: string; answer: string }> {
  // Loaded on the first captcha (the embedded demo never draws one): it parses a font when it loads.
  const { default: svgCaptcha } = await import('svg-captcha')
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 3,
    charPreset: ALPHABET,
    width: 120,
    height: 40,
    background: '#f3f6fb',
  })
  const uuid = randomUUID()
  const now = Date.now()
  await db.delete(captcha).where(lt(captcha.expiresAt, new Date(now)))
  await db
    .insert(captcha)
    .values({ uuid, answerHash: sha256(drawn.text.toUpperCase()), expiresAt: new Date(now + CAPTCHA_TTL_MS) })
  return {
    uuid,
    img: `data:image/svg+xml;base64,${Buffer.from(drawn.data).toString('base64')}`,
    answer: drawn.text,
  }
}

/** Checks and consumes a captcha answer; throws a clear 400 when missing, expired or wrong. */
export async function checkCaptcha(db: Db, uuid: string | undefined, answer: string | undefined) {
  if (!answer?.trim()) throw badRequest('auth.captchaEmpty')
  if (!uuid || !/^[0-9a-f-]{36}$/i.test(uuid)) throw badRequest('auth.captchaExpired')
  const [row] = await db.delete(captcha).where(eq(captcha.uuid, uuid)).returning()
  if (!row || row.expiresAt.getTime() < Date.now()) throw badRequest('auth.captchaExpired')
  if (row.answerHash !== sha256(answer.trim().toUpperCase())) throw badRequest('auth.captchaWrong')
}
