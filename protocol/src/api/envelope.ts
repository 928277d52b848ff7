// The response shapes of SPEC §7 (RuoYi style). `code` is authoritative; the HTTP status mirrors it.

export const ResultCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooMany: 429,
  serverError: 500,
} as const
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode]

export interface Result<T = unknown> {
  code: number
  msg: string
  data?: T
}

export interface PageResult<T> {
  code: number
  msg: string
  rows: T[]
  total: number
}

/** Paging query of every list call: page 1 and size 20 by default, size at most 500. */
export interface PageQuery {
  pageNum?: number
  pageSize?: number
}
export const PAGE_DEFAULTS = { pageNum: 1, pageSize: 20, maxPageSize: 500 } as const
/** Page size used by "fetch all" loops (SPEC §9). */
export const FETCH_ALL_PAGE_SIZE = 100
