// Idempotency keys of money-moving requests (DESIGN §4). The key is claimed, the work done and its answer stored in
// one transaction: a replay finds the stored answer and posts nothing; a concurrent twin waits on the key's row
// (PostgreSQL) or on the single connection (PGlite) and then finds the answer; a failed first attempt rolls back,
// leaving the key free for a retry.
import { createHash } from 'node:crypto'
import { IDEMPOTENCY_HEADER } from '@pms/protocol/api/billing'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { writeBehind } from '../db/answered.ts'
import type { Db } from '../db/client.ts'
import { idempotency } from '../db/schema/index.ts'
import { badRequest, conflict } from '../http/errors.ts'

const MAX_KEY = 100

/** The request's key: the Idempotency-Key header, else the body's idempotencyKey; 400 naming it when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
  const fromBody = (request.body as { idempotencyKey?: unknown } | undefined)?.idempotencyKey
  const key = (typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : '').trim()
  if (!key) throw badRequest('validation.required', [IDEMPOTENCY_HEADER])
  if (key.length > MAX_KEY) throw badRequest('validation.maxLength', [IDEMPOTENCY_HEADER, MAX_KEY])
  return key
}

/** Canonical JSON (keys sorted) so that the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

export function requestHash(route: string, request: unknown): string {
  const { idempotencyKey: _key, ...rest } = (request ?? {}) as Record<string, unknown>
  return createHash('sha256')
    .update(`${route}\n${canonical(rest)}`)
    .digest('hex')
}

/**
 * Runs `work` once per (property, key): inside one transaction, claims the key, runs the work and stores its
 * answer. A replay of the same request answers the stored result with `replayed: true`; the same key on another
 * request is refused with 409.
 */
export async function once<T>(
  db: Db,
  scope: { propertyId: number; key: string; route: string; request: unknown },
  work: (tx: Db) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = requestHash(scope.route, scope.request)
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotency)
      .values({
        propertyId: scope.propertyId,
        idemKey: scope.key,
        route: scope.route,
        requestHash: hash,
        response: {},
      })
      .onConflictDoNothing()
      .returning({ key: idempotency.idemKey })
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotency)
        .where(and(eq(idempotency.propertyId, scope.propertyId), eq(idempotency.idemKey, scope.key)))
      if (!stored || stored.route !== scope.route || stored.requestHash !== hash)
        throw conflict('billing.idempotencyMismatch', [scope.key])
      return { result: stored.response as T, replayed: true }
    }
    const result = await work(tx as unknown as Db)
    // The answer stored goes with the COMMIT, in one write (its failure fails the COMMIT: nothing is kept).
    await writeBehind(tx as unknown as Db, () =>
      tx
        .update(idempotency)
        .set({ response: result as object })
        .where(and(eq(idempotency.propertyId, scope.propertyId), eq(idempotency.idemKey, scope.key))),
    )
    return { result, replayed: false }
  })
}
