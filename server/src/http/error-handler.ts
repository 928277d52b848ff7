// The one error handler: domain errors and schema violations become translated envelopes; anything unexpected
// is logged with its details and answered with a generic 500.
import { formatMoney } from '@pms/protocol/billing/index'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { causeChain } from '../db/refusal.ts'
import { AppError } from './errors.ts'
import { localize, requestLanguage } from './language.ts'

interface AjvError {
  keyword: string
  instancePath: string
  params: Record<string, unknown>
}

/** Names the field a schema violation is about: `body.userName`, `query.pageSize`… shown as the field name. */
export function describeValidation(
  error: AjvError,
  context: string | undefined,
): { key: string; params: unknown[] } {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const missing = error.params.missingProperty as string | undefined
  const field = missing ? (path ? `${path}.${missing}` : missing) : path || context || 'body'
  switch (error.keyword) {
    case 'required':
      return { key: 'validation.required', params: [field] }
    case 'type':
      return { key: 'validation.type', params: [field, error.params.type] }
    case 'minLength':
      return error.params.limit === 1
        ? { key: 'validation.required', params: [field] }
        : { key: 'validation.minLength', params: [field, error.params.limit] }
    case 'maxLength':
      return { key: 'validation.maxLength', params: [field, error.params.limit] }
    case 'pattern':
      return { key: 'validation.pattern', params: [field] }
    case 'format':
      return { key: 'validation.format', params: [field] }
    case 'minimum':
    case 'exclusiveMinimum':
      return { key: 'validation.minimum', params: [field, limitOf(field, error.params.limit)] }
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: 'validation.maximum', params: [field, limitOf(field, error.params.limit)] }
    case 'enum':
    case 'const':
    case 'anyOf':
      return { key: 'validation.enum', params: [field] }
    default:
      return { key: 'validation.invalid', params: [field] }
  }
}

/** A limit on an amount in cents (`amountCents`, `priceCents`) is shown as money: '100,000,000.00', not cents. */
function limitOf(field: string, limit: unknown): unknown {
  return /Cents$/.test(field) && Number.isSafeInteger(limit) ? formatMoney(limit as number) : limit
}

export function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: number,
  key: string,
  params?: unknown,
  data?: unknown,
  status = code,
) {
  const msg = localize(requestLanguage(request), key, params as never)
  const body: Record<string, unknown> = { code, msg }
  if (data !== undefined) body.data = data
  return reply.status(status).type('application/json; charset=utf-8').send(body)
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
      if (error instanceof AppError)
        return send(reply, request, error.code, error.key, error.params, error.data, error.httpStatus)
      if (error.validation?.length) {
        const { key, params } = describeValidation(error.validation[0]!, error.validationContext)
        return send(reply, request, 400, key, params)
      }
      const database = databaseRefusal(error)
      if (database) return send(reply, request, database.code, database.key, database.params)
      const status = error.statusCode ?? 500
      if (status < 500) {
        const key =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'error.badJson'
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'error.tooLarge'
              : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
                ? 'error.unsupportedMedia'
                : status === 401
                  ? 'error.401'
                  : status === 403
                    ? 'error.403'
                    : status === 404
                      ? 'error.404'
                      : status === 429
                        ? 'error.tooMany'
                        : 'error.badJson'
        const code = [400, 401, 403, 404, 409, 429].includes(status) ? status : 400
        return send(reply, request, code, key)
      }
      request.log.error({ err: error }, 'unexpected error')
      return send(reply, request, 500, 'error.500')
    },
  )
  app.setNotFoundHandler((request, reply) =>
    send(reply, request, 404, 'error.routeNotFound', [request.url.split('?')[0]]),
  )
}

/**
 * The field and value a unique key refused, from PostgreSQL's detail ('Key (property_id, type_name)=(1, Suite) already
 * exists.'): the last column that is not the tenant's, named as the API names it (typeName), and its value. Undefined
 * when the detail says otherwise (several values with commas, an expression index).
 */
export function duplicateOf(detail: unknown): [string, string] | undefined {
  const m = typeof detail === 'string' ? /^Key \((.+)\)=\((.*)\) already exists\.$/.exec(detail) : null
  if (!m) return undefined
  const columns = m[1]!.split(', ')
  const values = m[2]!.split(', ')
  if (columns.length !== values.length || columns.some((c) => !/^[a-z_]+$/.test(c))) return undefined
  const i = columns.findLastIndex((c) => c !== 'property_id')
  if (i < 0) return undefined
  return [columns[i]!.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), values[i]!]
}

/**
 * The database's own integrity checks are the last line against races two requests can win together (a duplicate
 * name, a row deleted while referenced, a double booking): answer them as the conflicts they are, not as 500s.
 */
export function databaseRefusal(
  error: unknown,
): { code: number; key: string; params?: string[] } | undefined {
  for (const e of causeChain(error)) {
    switch (e.code) {
      case '23505': {
        const taken = duplicateOf(e.detail)
        return taken
          ? { code: 409, key: 'error.duplicateOf', params: taken }
          : { code: 409, key: 'error.duplicate' }
      }
      case '23503':
        return { code: 409, key: 'error.inUse' }
      case '23P01':
        return { code: 409, key: 'error.overlap' }
      case '22001':
        return { code: 400, key: 'error.tooLong' }
      // A value the schemas let through but the column cannot hold: out of range, not a number, NUL in text.
      case '22003':
      case '2201W':
      case '2201X':
      case '22008':
        return { code: 400, key: 'error.outOfRange' }
      case '22P02':
      case '22007':
      case '22021':
      case '22P05':
        return { code: 400, key: 'error.badValue' }
      case '40001':
      case '40P01':
        return { code: 409, key: 'error.conflict' }
    }
  }
  return undefined
}
