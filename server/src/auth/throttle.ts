// Login throttling kept in the database (any server instance sees it): 5 failures of an account lock it for
// 10 minutes; 20 failures from one client address lock that address, so one attacker cannot quietly lock every account.
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { loginThrottle } from '../db/schema/index.ts'
import { tooMany } from '../http/errors.ts'

export const ACCOUNT_MAX_FAILURES = 5
export const ADDRESS_MAX_FAILURES = 20
export const LOCK_MINUTES = 10
const WINDOW_MS = LOCK_MINUTES * 60_000

export const accountKey = (userName: string) => `account:${userName.toLowerCase()}`
export const addressKey = (ip: string) => `address:${ip}`

/** Throws 429 with the minutes left when the key is locked. */
export async function assertNotLocked(db: Db, key: string) {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.throttleKey, key))
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) {
    const minutes = Math.ceil((row.lockedUntil.getTime() - Date.now()) / 60_000)
    throw tooMany(key.startsWith('account:') ? 'auth.accountLocked' : 'auth.addressLocked', [
      ACCOUNT_MAX_FAILURES,
      minutes,
    ])
  }
}

/** Counts one failure; returns how many attempts remain before the lock. */
export async function recordFailure(db: Db, key: string, max: number): Promise<number> {
  const now = new Date()
  const windowStart = new Date(now.getTime() - WINDOW_MS)
  const [row] = await db
    .insert(loginThrottle)
    .values({ throttleKey: key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginThrottle.throttleKey,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.windowStart} < ${windowStart} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${loginThrottle.windowStart} < ${windowStart} THEN ${now} ELSE ${loginThrottle.windowStart} END`,
      },
    })
    .returning()
  const failures = row?.failures ?? 1
  if (failures >= max) {
    await db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(now.getTime() + WINDOW_MS), failures: 0, windowStart: now })
      .where(eq(loginThrottle.throttleKey, key))
  }
  return Math.max(0, max - failures)
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.throttleKey, key))
}
