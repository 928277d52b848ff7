// Authentication and permission checks, declared on each route's `config` and enforced here in one place.
import { hasPermission, UNATTENDED_HEADER } from '@pms/protocol'
import type { FastifyInstance } from 'fastify'
import type { AuthContext } from '../auth/auth-context.ts'
import { resolveSession, type SessionSource } from '../auth/sessions.ts'
import { forbidden, unauthorized } from './errors.ts'
import type { RouteRefs } from './property-records.ts'

export interface RouteAccess {
  /** 'public': no session needed; 'user' (default): any signed-in user; a permission adds its check. */
  auth?: 'public' | 'user'
  /** Permission string of SPEC §6, e.g. 'system:user:list'. */
  permission?: string
  /** Only these user types may call (1 platform, 2 property staff). */
  userTypes?: number[]
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

export interface DeclaredRoute {
  method: string
  url: string
  access: RouteAccess
  /** The request schemas (params, querystring, body) as declared: the route-table fuzz test builds its inputs from them. */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown }
  /** What the route's id fields name (property-records.ts): the foreign-reference walk test reads them. */
  refs?: RouteRefs
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const [scheme, value] = header.split(' ')
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined
}

/**
 * Installs the guard and fills `routes` with every route declared after it, as it is declared (tests walk the list
 * to prove every route is guarded). Pass the caller's array: a copy taken now would be empty.
 */
export function installGuard(
  app: FastifyInstance,
  source: SessionSource,
  routes: DeclaredRoute[] = [],
): DeclaredRoute[] {
  app.decorateRequest('auth', null)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) {
      if (method === 'HEAD') continue
      routes.push({
        method,
        url: route.url,
        access: (route.config ?? {}) as RouteAccess,
        schema: route.schema as DeclaredRoute['schema'],
        refs: (route.config as { refs?: RouteRefs } | undefined)?.refs,
      })
    }
  })
  app.addHook('onRequest', async (request) => {
    if (request.is404) return
    const access = request.routeOptions.config as RouteAccess
    const token = bearerToken(request.headers.authorization)
    request.auth = token
      ? await resolveSession(source, token, { slide: request.headers[UNATTENDED_HEADER] !== '1' })
      : null
    if (access.auth === 'public') return
    if (!request.auth) throw unauthorized()
    if (access.userTypes && !access.userTypes.includes(request.auth.userType)) throw forbidden()
    if (access.permission && !hasPermission(request.auth, [access.permission], () => {})) throw forbidden()
  })
  return routes
}

/** The signed-in user of a guarded route. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}
