// The actor of a front-desk request: the signed-in user, the property derived from the session, and one `now`.
import { hasPermission } from '@pms/protocol'
import type { FastifyRequest } from 'fastify'
import { authOf } from '../http/guard.ts'
import { requireProperty } from '../http/tenancy.ts'
import type { Actor } from './store.ts'

export function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request)
  return { auth, propertyId: requireProperty(auth), now: new Date() }
}

/** Full phone and ID numbers were asked for (`full`) by a user holding `permission`; anyone else reads them masked. */
export function mayReadFull(actor: Actor, query: { full?: boolean }, permission: string): boolean {
  return query.full === true && hasPermission(actor.auth, [permission], () => {})
}
