// The checks before an email or SMS code is sent (SPEC §5), pure; apart from rules.ts because they need the dial
// codes' table, which the password sign-in does not.
import { checkPhoneLength, DEFAULT_AREA_CODE } from '@pms/protocol/geo/area-codes'
import { accountKind, EMAIL, type Problem } from './rules.ts'

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/

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
