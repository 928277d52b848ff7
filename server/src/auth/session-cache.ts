// What an authenticated request costs: the token's session, user and permissions, kept per server instance so a
// request that is not the first of its session sends no statement to authenticate. Never stale by design:
// - this instance's own changes (logout, password, disabling, roles, bindings, property switch) drop the entries they
//   touch synchronously, through the RevocationSignal, before their answer leaves;
// - every change committed anywhere (another instance of a chain, a script, a migration) reaches it through the
//   database's LISTEN/NOTIFY channel (auth-channel.ts, fed by the triggers of migration 0023);
// - while that channel is down nothing is cached, and a reconnection starts from an empty cache;
// - a lookup racing a change is not stored: every drop bumps a generation the store compares against.
import type { AuthContext } from './auth-context.ts'

interface Entry {
  auth: AuthContext
  expiresAt: number
  /** When the session's expiry was last pushed forward (the sliding refresh writes at most once a minute). */
  lastSeenAt: number
  cachedAt: number
}

export interface SessionCacheOptions {
  /** An entry is read again from the database after this long, whatever happens (a safety net, not the mechanism). */
  ttlMs?: number
  maxEntries?: number
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>()
  readonly #ttlMs: number
  readonly #maxEntries: number
  #generation = 0
  #enabled = false

  constructor({ ttlMs = 5 * 60_000, maxEntries = 10_000 }: SessionCacheOptions = {}) {
    this.#ttlMs = ttlMs
    this.#maxEntries = maxEntries
  }

  /** Taken before a lookup in the database; `store` refuses the answer if anything was dropped in between. */
  get generation(): number {
    return this.#generation
  }

  get size(): number {
    return this.#entries.size
  }

  /** Caching is on only while every change can reach this instance (the notification channel listens). */
  enable(on: boolean): void {
    this.#enabled = on
    this.clear()
  }

  lookup(tokenHash: string, now: number): Entry | undefined {
    const entry = this.#entries.get(tokenHash)
    if (!entry) return undefined
    if (entry.expiresAt <= now || now - entry.cachedAt > this.#ttlMs) {
      this.#entries.delete(tokenHash)
      return undefined
    }
    return entry
  }

  store(
    generation: number,
    entry: { auth: AuthContext; expiresAt: number; lastSeenAt: number },
    now: number,
  ): void {
    if (!this.#enabled || generation !== this.#generation) return
    if (this.#entries.size >= this.#maxEntries) {
      // Maps iterate in insertion order: the oldest entry goes first.
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(entry.auth.tokenHash, { ...entry, cachedAt: now })
  }

  forgetTokens(tokenHashes: readonly string[]): void {
    this.#generation++
    for (const hash of tokenHashes) this.#entries.delete(hash)
  }

  forgetUser(userId: number): void {
    this.#generation++
    for (const [hash, entry] of this.#entries) if (entry.auth.userId === userId) this.#entries.delete(hash)
  }

  clear(): void {
    this.#generation++
    this.#entries.clear()
  }
}
