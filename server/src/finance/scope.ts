// The property a books request acts in: the session's property (a platform user may name one with ?propertyId).
import type { FastifyRequest } from 'fastify'
import { authOf } from '../http/guard.ts'
import { requireProperty } from '../http/tenancy.ts'

export function booksProperty(request: FastifyRequest): number {
  const requested = Number((request.query as { propertyId?: unknown } | undefined)?.propertyId) || undefined
  return requireProperty(authOf(request), requested)
}
