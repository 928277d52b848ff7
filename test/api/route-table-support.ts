// Reading the app's own route table in tests: which routes there are, who may call them, and a request body that
// satisfies a route's schema as cheaply as possible. The route-table fuzz and the foreign-reference walk build on it,
// so a route added later is covered without anyone listing it.
import type { DeclaredRoute } from '@pms/server/http/guard'

export type Schema = Record<string, any>

/** An id that no record has: writes built around it end in 404, never touch the demo data a suite relies on. */
export const ABSENT_ID = 987654

export const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])

/** A value that satisfies the schema as far as cheaply possible (ids point at nothing). */
export function sample(s: Schema | undefined, name = ''): unknown {
  if (!s) return undefined
  if (s.const !== undefined) return s.const
  if (s.enum) return s.enum[0]
  if (s.default !== undefined) return s.default
  for (const key of ['anyOf', 'oneOf']) if (s[key]) return sample(s[key][0], name)
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x: Schema) => sample(x, name)))
  const [type] = typesOf(s)
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, child] of Object.entries<Schema>(s.properties ?? {})) out[key] = sample(child, key)
      return out
    }
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items, name)) : []
    case 'integer':
    case 'number': {
      const want = /ids?$/i.test(name) ? ABSENT_ID : 1
      return Math.min(Math.max(want, s.minimum ?? -Infinity), s.maximum ?? Infinity)
    }
    case 'boolean':
      return false
    case 'null':
      return null
    case 'string':
      if (s.format === 'email') return 'fuzz@example.com'
      if (s.format === 'date') return '2026-01-01'
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z'
      return 'x'.repeat(Math.max(1, s.minLength ?? 1))
    default:
      return 'x'
  }
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Routes only a platform user (type 1) may call. */
export const platformOnly = (route: DeclaredRoute) =>
  Boolean(route.access.userTypes?.includes(1) && !route.access.userTypes.includes(2))

/** Every route of the table but HEAD and OPTIONS. */
export const routesOf = (routes: readonly DeclaredRoute[]) =>
  routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
