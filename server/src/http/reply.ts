// The response envelopes of SPEC §7: {code,msg,data} and {code,msg,rows,total}. `msg` holds a language-pack key
// here; the app's preSerialization hook translates it into the request's language.
import { PAGE_DEFAULTS, type PageResult, type Result } from '@pms/protocol'

export function ok<T>(data?: T, msg = 'common.success'): Result<T> {
  return data === undefined ? { code: 200, msg } : { code: 200, msg, data }
}

export function page<T>(rows: T[], total: number): PageResult<T> {
  return { code: 200, msg: 'common.success', rows, total }
}

/** Reads pageNum/pageSize with the defaults of SPEC §9; the query schema already rejected sizes above the maximum. */
export function paging(query: { pageNum?: number; pageSize?: number }) {
  const pageNum = Math.max(1, query.pageNum ?? PAGE_DEFAULTS.pageNum)
  const pageSize = Math.max(1, query.pageSize ?? PAGE_DEFAULTS.pageSize)
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize, limit: pageSize }
}

/** Marks an envelope whose `msg` is data, not a language-pack key: the translation hook leaves it as it is. */
export const VERBATIM_MSG = Symbol('verbatim msg')

/**
 * An envelope whose `msg` carries a value verbatim (RuoYi's `configKey` answers the config value in `msg`); the value
 * is also in `data`. The flag is a symbol key, so it never reaches the JSON sent.
 */
export function verbatim<T>(msg: string, data: T): Result<T> & { [VERBATIM_MSG]: true } {
  return { code: 200, msg, data, [VERBATIM_MSG]: true }
}
