// Domain errors: a result code plus a language-pack key; the one error handler translates and sends them.
import { ResultCode } from '@pms/protocol'

export class AppError extends Error {
  constructor(
    readonly code: number,
    /** Language-pack key of the message, e.g. 'auth.badPassword'. */
    readonly key: string,
    readonly params?: readonly unknown[] | Record<string, unknown>,
    /** Extra data sent beside the message (SPEC §8: appended by the console). */
    readonly data?: unknown,
    /** The HTTP status when it must differ from `code` (a user's mistake that SPEC answers with code 500). */
    readonly httpStatus?: number,
  ) {
    super(key)
  }
}

export const badRequest = (key: string, params?: readonly unknown[] | Record<string, unknown>) =>
  new AppError(ResultCode.badRequest, key, params)
export const unauthorized = (key = 'error.401') => new AppError(ResultCode.unauthorized, key)
export const forbidden = (key = 'error.403') => new AppError(ResultCode.forbidden, key)
/** `what` is a language-pack key naming the thing, e.g. 'entity.user'. */
export const notFound = (what = 'entity.record') =>
  new AppError(ResultCode.notFound, 'error.notFound', [`@${what}`])
export const conflict = (key = 'error.conflict', params?: readonly unknown[] | Record<string, unknown>) =>
  new AppError(ResultCode.conflict, key, params)
export const tooMany = (key = 'error.tooMany', params?: readonly unknown[] | Record<string, unknown>) =>
  new AppError(ResultCode.tooMany, key, params)
