// A guest as typed at check-in or in the guest dialog, checked before it is sent: a name, an ID number that a
// mainland ID card must pass (protocol validator), a phone per SPEC §5 (protocol/src/orders/phone.ts).
import { isChineseIdCard } from '@pms/protocol'
import { GUEST_ID_TYPES, type GuestIdType, type GuestInput } from '@pms/protocol/api/orders'
import { checkGuestPhone } from '@pms/protocol/orders/phone'
import { type FieldError, phoneError } from '../reservations/reserveForm.ts'

export interface GuestForm {
  name: string
  idType: GuestIdType
  idNo: string
  phone: string
  main: boolean
}

export const emptyGuest = (main = false): GuestForm => ({
  name: '',
  idType: 'idCard',
  idNo: '',
  phone: '',
  main,
})

export { GUEST_ID_TYPES }

export type GuestCheck = { ok: true; guest: GuestInput } | { ok: false; errors: Record<string, FieldError> }

export function checkGuest(form: GuestForm): GuestCheck {
  const errors: Record<string, FieldError> = {}
  const e = 'frontDeskConsole.error'
  const name = form.name.trim()
  const idNo = form.idNo.trim().toUpperCase()
  const phone = form.phone.trim()
  if (!name) errors.name = { key: `${e}.required`, params: ['guestName'] }
  else if (name.length > 50) errors.name = { key: `${e}.tooLong`, params: [50] }
  if (form.idType === 'idCard' && idNo && !isChineseIdCard(idNo)) errors.idNo = { key: `${e}.idCard` }
  else if (idNo.length > 30) errors.idNo = { key: `${e}.tooLong`, params: [30] }
  const phoneVerdict = checkGuestPhone(phone)
  if (phoneVerdict) errors.phone = phoneError(phoneVerdict, 'phone')
  if (Object.keys(errors).length) return { ok: false, errors }
  const guest: GuestInput = { name, idType: form.idType, main: form.main }
  if (idNo) guest.idNo = idNo
  if (phone) guest.phone = phone
  return { ok: true, guest }
}
