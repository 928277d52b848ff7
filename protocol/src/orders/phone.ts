// Guest and contact phones at check-in and reservation (SPEC §5): a number alone is a mainland mobile (11 digits,
// 1 then 3-9); one written with its area code ('+852 91234567', '00852-91234567') follows that country's length
// rule (checked only where SPEC §5 gives one), and +86 / 0086 is the mainland rule again.
import { isMainlandPhone } from '../format/validators.ts'
import { checkPhoneLength, findAreaCode } from '../geo/area-codes.ts'

/** Why a phone is refused: a language-pack key (desk-chart pack) with its parameters; null when it is fine or empty. */
export type PhoneVerdict =
  | null
  | { key: 'deskChart.phoneMainland' }
  | { key: 'deskChart.phoneLength'; params: [number, number] }
  | { key: 'deskChart.phoneAreaCode' }

const WITH_AREA = /^(?:\+|00)(\d{1,4})[\s-]+([\d\s-]+)$/

export function checkGuestPhone(text: string): PhoneVerdict {
  const value = text.trim()
  if (!value) return null
  const withArea = WITH_AREA.exec(value)
  if (!withArea) return isMainlandPhone(value) ? null : { key: 'deskChart.phoneMainland' }
  const areaCode = withArea[1]!.padStart(4, '0')
  const number = withArea[2]!.replace(/[\s-]/g, '')
  if (areaCode === '0086') return isMainlandPhone(number) ? null : { key: 'deskChart.phoneMainland' }
  if (!findAreaCode(areaCode)) return { key: 'deskChart.phoneAreaCode' }
  if (!/^\d+$/.test(number)) return { key: 'deskChart.phoneLength', params: [6, 13] }
  const verdict = checkPhoneLength(areaCode, number)
  if (verdict.ok) return number.length >= 6 ? null : { key: 'deskChart.phoneLength', params: [6, 13] }
  return { key: 'deskChart.phoneLength', params: [verdict.min, verdict.max] }
}
