// Login and registration rules of SPEC §5, pure: account kind and password checks (the code-request checks, which
// need the dial codes' table, are in codeRules.ts, off the password sign-in's download).
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 20

export const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/
const DIGITS = /^\d{5,20}$/

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
