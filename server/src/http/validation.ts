// How requests are validated, for every route of the API at once: JSON bodies are checked exactly as sent (never
// coerced), query strings and path parameters are parsed from text strictly, every number has a bound, unknown body
// fields are dropped, and no text may carry a NUL character.
import { Ajv, type Options, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyInstance, FastifySchema } from 'fastify'
import { badRequest } from './errors.ts'
import { ID_MAX } from './schemas.ts'

const common: Options = {
  useDefaults: true,
  // Drops the properties an object schema does not list (see `harden`), so unknown fields are ignored consistently.
  removeAdditional: true,
  addUsedSchema: false,
  allErrors: false,
}

/** JSON bodies: a boolean, an array or a string where a number is required is a type error, never converted. */
const bodies = addFormats(new Ajv({ ...common, coerceTypes: false }))
/** Query strings and path parameters are text by nature: converted to the declared type, or refused. */
const texts = addFormats(new Ajv({ ...common, coerceTypes: 'array' }))

const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else'])

/**
 * A copy of a route schema with the bounds a database needs: every integer or number without a maximum (minimum) gets
 * ±ID_MAX, so 1e308 or 99999999999999999999 is a 400, never a database error; in bodies every object that lists its
 * properties and says nothing about others drops unknown fields (not inside anyOf/oneOf/allOf, where removing
 * fields while trying one branch would spoil the next).
 */
export function harden(schema: unknown, body: boolean, inCombinator = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => harden(s, body, inCombinator))
  if (!schema || typeof schema !== 'object') return schema
  const node: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    node[key] =
      key === 'enum' || key === 'const' || key === 'default' || key === 'examples'
        ? value
        : harden(value, body, inCombinator || COMBINATORS.has(key))
  }
  const types = Array.isArray(node.type) ? node.type : [node.type]
  if (types.includes('integer') || types.includes('number')) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = ID_MAX
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = -ID_MAX
  }
  if (
    body &&
    !inCombinator &&
    types.includes('object') &&
    node.properties &&
    node.additionalProperties === undefined &&
    node.patternProperties === undefined
  )
    node.additionalProperties = false
  return node
}

/** First text holding a NUL character, as the field path the 400 names (`body.remark`, `query.userName`). */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (!value || typeof value !== 'object' || depth > 32) return undefined
  if (Buffer.isBuffer(value)) return undefined
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key}`
    if (key.includes('\u0000')) return path
    const found = findNul(item, at, depth + 1)
    if (found) return found
  }
  return undefined
}

/**
 * A route's validator, compiled on the route's first request, not at start: compiling ~500 schemas up front was a
 * fifth of a desk bridge's start. (Every route is called by the route-table fuzz test, so a schema Ajv refuses still
 * fails a test run.)
 */
function compiledOnFirstUse(compile: () => ValidateFunction) {
  let validate: ValidateFunction | undefined
  const lazy = (data: unknown) => {
    validate ??= compile()
    const valid = validate(data)
    lazy.errors = validate.errors
    return valid
  }
  lazy.errors = null as ValidateFunction['errors']
  return lazy
}

/**
 * Validation as Fastify's own compiler does it (every part's types coerced from text, defaults, unknown fields
 * dropped), compiled on each route's first request: for apps outside the API, such as the bridge's device routes.
 */
export function installPlainValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => compiledOnFirstUse(() => texts.compile(schema as FastifySchema)))
}

export function installValidation(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const isBody = httpPart === 'body'
    return compiledOnFirstUse(() =>
      (isBody ? bodies : texts).compile(harden(schema, isBody) as FastifySchema),
    )
  })
  // Before the schemas run: PostgreSQL cannot store NUL, and a query filter holding one would fail in the database.
  app.addHook('preValidation', async (request) => {
    const field =
      findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body')
    if (field) throw badRequest('validation.nul', [field.replace(/^(params|query|body)\./, '')])
  })
}
