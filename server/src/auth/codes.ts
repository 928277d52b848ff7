// One-time codes sent by email or sms: 6 digits, 5 minutes, single use, 5 tries, one send per minute per target.
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { verifyCode } from '../db/schema/index.ts'
import { badRequest, tooMany } from '../http/errors.ts'
import { numericCode, sameHash, sha256 } from './tokens.ts'

export const CODE_TTL_MS = 5 * 60_000
export const CODE_RESEND_MS = 60_000
export const CODE_MAX_ATTEMPTS = 5
export const CODE_PURPOSES = ['login', 'register', 'reset'] as const
export type CodePurpose = (typeof CODE_PURPOSES)[number]

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/

export const isEmail = (text: string) => EMAIL.test(text) && text.length <= 100

/** Phone numbers are kept as '<4-digit area code>-<number>' (SPEC §5). Checks the per-country length rules. */
export function normalisePhone(areaCode: string | undefined, number: string): string {
  if (!areaCode) throw badRequest('auth.areaCodeRequired')
  if (!/^\d{4}$/.test(areaCode)) throw badRequest('auth.areaCodeFormat')
  const digits = number.replace(/[\s-]/g, '')
  const valid =
    areaCode === '0086'
      ? /^1[3-9]\d{9}$/.test(digits)
      : ['0852', '0853', '0886'].includes(areaCode)
        ? /^\d{6,10}$/.test(digits)
        : /^\d{6,13}$/.test(digits)
  if (!valid) throw badRequest('auth.phoneFormat')
  return `${areaCode}-${digits}`
}

/** Splits 'area-number' as the code request sends it. */
export function parsePhoneParam(text: string): string {
  const match = /^(\d{1,4})-(\d[\d\s]*)$/.exec(text.trim())
  if (!match) throw badRequest(text.includes('-') ? 'auth.phoneFormat' : 'auth.areaCodeRequired')
  return normalisePhone(match[1]!.padStart(4, '0'), match[2]!)
}

export async function issueCode(db: Db, target: string, purpose: CodePurpose): Promise<string> {
  const [last] = await db
    .select({ createTime: verifyCode.createTime })
    .from(verifyCode)
    .where(and(eq(verifyCode.target, target), eq(verifyCode.purpose, purpose)))
    .orderBy(desc(verifyCode.createTime))
    .limit(1)
  if (last && Date.now() - last.createTime.getTime() < CODE_RESEND_MS)
    throw tooMany('auth.codeTooFrequent', [60])
  const code = numericCode(6)
  await db
    .insert(verifyCode)
    .values({ target, purpose, codeHash: sha256(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) })
  return code
}

/** Checks and consumes a code; a wrong try counts against the code's 5 attempts. */
export async function consumeCode(db: Db, target: string, purpose: CodePurpose, code: string | undefined) {
  if (!code?.trim()) throw badRequest('auth.codeEmpty')
  const [row] = await db
    .select()
    .from(verifyCode)
    .where(
      and(
        eq(verifyCode.target, target),
        eq(verifyCode.purpose, purpose),
        isNull(verifyCode.usedAt),
        gt(verifyCode.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verifyCode.createTime))
    .limit(1)
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) throw badRequest('auth.codeExpired')
  if (!sameHash(row.codeHash, sha256(code.trim()))) {
    await db
      .update(verifyCode)
      .set({ attempts: row.attempts + 1 })
      .where(eq(verifyCode.id, row.id))
    throw badRequest('auth.codeWrong')
  }
  const used = await db
    .update(verifyCode)
    .set({ usedAt: new Date() })
    .where(and(eq(verifyCode.id, row.id), isNull(verifyCode.usedAt)))
    .returning({ id: verifyCode.id })
  if (used.length === 0) throw badRequest('auth.codeExpired')
}

/** Removes the unused codes of a target, when they could not be delivered. */
export async function withdrawCode(db: Db, target: string, purpose: CodePurpose) {
  await db
    .delete(verifyCode)
    .where(and(eq(verifyCode.target, target), eq(verifyCode.purpose, purpose), isNull(verifyCode.usedAt)))
}
