// Login and registration rules of SPEC §5, pure: account kind, code-request checks, password checks.
import { checkPhoneLength, DEFAULT_AREA_CODE } from '@pms/protocol/geo/area-codes'

export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 20

const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/
const DIGITS = /^\d{5,20}$/
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/

export type AccountKind = 'email' | 'phone'

/** Which way a code is sent is decided by the username's format. */
export function accountKind(account: string): AccountKind | null {
  const v = account.trim()
  if (EMAIL.test(v)) return 'email'
  if (DIGITS.test(v)) return 'phone'
  return null
}

/** An i18n key and its parameters. */
export interface Problem {
  key: string
  params?: unknown[]
}

/** Checks before asking for an email or phone code; null when the request may go. */
export function checkCodeRequest(account: string, areaCode: string | undefined): Problem | null {
  const v = account.trim()
  if (!v) return { key: 'console.login.phoneOrEmailEmpty' }
  if (v.includes('@')) return EMAIL.test(v) ? null : { key: 'console.login.emailFormat' }
  const kind = accountKind(v)
  if (!kind)
    return /^\d+$/.test(v) ? { key: 'console.login.phoneFormat' } : { key: 'console.login.formatWrong' }
  if (!areaCode) return { key: 'console.login.areaCodeEmpty' }
  if (areaCode === DEFAULT_AREA_CODE && !MAINLAND_MOBILE.test(v)) return { key: 'console.login.phoneFormat' }
  const length = checkPhoneLength(areaCode, v)
  if (!length.ok) return { key: 'console.login.phoneLength', params: [length.min, length.max] }
  return null
}

/** The phone parameter of a code request: area code, a dash, then the number. */
export function phoneParam(areaCode: string, phone: string): string {
  return `${areaCode}-${phone.trim()}`
}

export function checkPassword(password: string): Problem | null {
  if (!password) return { key: 'console.login.passwordEmpty' }
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    return { key: 'console.register.passwordLength' }
  return null
}

export function checkPasswordPair(password: string, confirm: string): Problem | null {
  return (
    checkPassword(password) ?? (password === confirm ? null : { key: 'console.register.passwordMismatch' })
  )
}

export function checkPasswordLogin(
  username: string,
  password: string,
  captcha: string | null,
): Problem | null {
  if (!username.trim()) return { key: 'console.login.accountEmpty' }
  if (!password) return { key: 'console.login.passwordEmpty' }
  if (captcha !== null && !captcha.trim()) return { key: 'console.login.captchaEmpty' }
  return null
}
