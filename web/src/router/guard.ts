// The route guard of SPEC §2.2 as a pure decision.
import { UserType } from '@pms/protocol'

/** Paths an anonymous visitor may open. */
export const WHITE_LIST: readonly string[] = [
  '/login',
  '/admin',
  '/auth-redirect',
  '/bind',
  '/register',
  '/zrender-test',
  '/export/bleLock',
  '/http/card-test',
  '/ygs/qrcode/hk',
  '/ygs/qrcode/hk/print',
  '/ygs/qrcode/kk/gw',
  '/ygs/qrcode/kk/gw/print',
]
export const WHITE_PREFIXES: readonly string[] = ['/private', '/doc/open/', '/file']

export function isWhiteListed(path: string): boolean {
  return WHITE_LIST.includes(path) || WHITE_PREFIXES.some((p) => path.startsWith(p))
}

export interface GuardInput {
  /** Path without query, e.g. /system/user. */
  path: string
  /** Path with query, as the redirect parameter carries it. */
  fullPath: string
  hasToken: boolean
  /** From the session cookie; it outlives the token. */
  userType: number | undefined
  /** Menu routes from getRouters are in place. */
  routesLoaded: boolean
  /** The path matches a console route or a menu route. */
  known: boolean
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadRoutes' }

export function decide(input: GuardInput): GuardDecision {
  if (input.hasToken) {
    if (input.path === '/login') return { kind: 'redirect', to: '/' }
    if (!input.routesLoaded) return { kind: 'loadRoutes' }
    if (!input.known) return { kind: 'redirect', to: '/index' }
    return { kind: 'allow' }
  }
  if (isWhiteListed(input.path)) return { kind: 'allow' }
  if (input.userType === UserType.platform) return { kind: 'redirect', to: '/admin' }
  return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(input.fullPath)}` }
}

/** Where to go after signing in: the redirect parameter when it is a local path, else home. */
export function afterLogin(search: string): string {
  const target = new URLSearchParams(search).get('redirect')
  if (!target?.startsWith('/') || target.startsWith('//')) return '/'
  return target
}
