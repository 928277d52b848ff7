// Request schema building blocks shared by every module: ids, integers and money within their columns' range, text
// without NUL, paging. Use these rather than bare Type.Integer/Type.String so a route cannot forget a bound.
import { PAGE_DEFAULTS } from '@pms/protocol'
import { type StringOptions, Type } from '@sinclair/typebox'
import { badRequest } from './errors.ts'

/** The largest value of a PostgreSQL `integer` (int4) column. */
export const INT4_MAX = 2_147_483_647
/** Ids are `bigint` columns read as JS numbers: bounded by the largest exact integer (within int8). */
export const ID_MAX = Number.MAX_SAFE_INTEGER
/** Money is integer cents in `bigint` columns; one amount may not exceed 100 million yuan. */
export const MONEY_MAX_CENTS = 10_000_000_000
/** pageNum beyond this would page past any table we hold, and (pageNum-1)*pageSize stays far inside int8. */
export const PAGE_NUM_MAX = 1_000_000

/** A record id (bigint column): a positive integer. */
export const Id = (options: { description?: string } = {}) =>
  Type.Integer({ minimum: 1, maximum: ID_MAX, ...options })

/** A positive integer stored in an int4 column (a count, a sort order, a floor), at most `maximum`. */
export const PositiveInt = (maximum = INT4_MAX) => Type.Integer({ minimum: 1, maximum })

/** A non-negative integer stored in an int4 column, at most `maximum`. */
export const Count = (maximum = INT4_MAX) => Type.Integer({ minimum: 0, maximum })

/**
 * An amount of money in integer cents. JSON bodies are never coerced (see validation.ts): `true`, `[100]` or `"100"`
 * is a 400 naming the field. `minimum` 1 for a payment, 0 where zero is meaningful, negative for a correction.
 */
export const Money = (options: { minimum?: number; maximum?: number } = {}) =>
  Type.Integer({ minimum: options.minimum ?? 0, maximum: options.maximum ?? MONEY_MAX_CENTS })

/** Text without NUL characters (PostgreSQL cannot store them). The request hook refuses NUL everywhere anyway; this
 * states it in the schema, where clients read it. */
export const Text = (options: StringOptions & { maxLength: number }) =>
  Type.String({ pattern: '^[^\\u0000]*$', ...options })

export const PageQuery = Type.Object({
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_NUM_MAX })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_DEFAULTS.maxPageSize })),
})

export const IdParam = Type.Object({ id: Id() })

/** A comma-separated list of ids in a path (DELETE …/1,2,3): each at most 15 digits, so each fits ID_MAX. */
export const IdList = () => Type.String({ pattern: '^\\d{1,15}(,\\d{1,15})*$', maxLength: 2000 })
export const IdsParam = Type.Object({ ids: IdList() })

/** The ids of an IdList, distinct, in order. */
export function parseIds(list: string, field = 'ids'): number[] {
  const ids = [...new Set(list.split(',').map(Number))]
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1)) throw badRequest('validation.invalid', [field])
  return ids
}

/** Years a date may name: a database's (PostgreSQL knows no year 0) and a hotel's, 1900 to 9999. */
const YEAR = '(19|[2-9]\\d)\\d{2}'

/** A calendar day 'YYYY-MM-DD' that exists (30 February is refused, 29 February only in a leap year). */
export const Day = Type.String({ format: 'date', pattern: `^${YEAR}-\\d{2}-\\d{2}$` })
/** A month 'YYYY-MM'. */
export const Month = Type.String({ pattern: `^${YEAR}-(0[1-9]|1[0-2])$` })
/** An accounting period 'YYYYMM'. */
export const Period = Type.String({ pattern: `^${YEAR}(0[1-9]|1[0-2])$` })
/** A year 'YYYY'. */
export const Year = Type.String({ pattern: `^${YEAR}$` })
