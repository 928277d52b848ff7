// The reservation form's rules: what a clerk typed (texts) checked against the availability the server reported,
// and turned into the ReserveRequest of the orders contract. Errors are language-pack keys with parameters.
import type { AvailabilityType, ReserveRequest } from '@pms/protocol/api/orders'
import { MAX_STAY_NIGHTS } from '@pms/protocol/api/properties'
import { checkGuestPhone, type PhoneVerdict } from '@pms/protocol/orders/phone'
import { parseMoney } from '../../ui/crud/money.ts'

/** One room of the booking: its type, a room now or later, its price as typed (yuan). */
export interface ReserveLine {
  key: string
  roomTypeId: number
  roomId?: number
  priceText: string
}

export interface ReserveForm {
  hourly: boolean
  /** 'YYYY-MM-DD'. */
  startDate: string
  /** 'hh:mm'. */
  startClock: string
  nights: string
  hours: string
  lines: ReserveLine[]
  contactName: string
  contactPhone: string
  depositText: string
  /** How the deposit was paid (PaymentMethod); posted to the folio with it. */
  depositMethod: string
  orderSource: string
  customerSource: string
  /** The distribution channel (ORDER_CHANNELS); '' for none. */
  channel: string
  salesman: string
  externalNo: string
  remark: string
  secret: boolean
}

export interface FieldError {
  key: string
  params?: Array<string | number>
}
export type ReserveErrors = Record<string, FieldError>

export const ORDER_SOURCES = ['frontDesk', 'phone', 'online', 'agency', 'contract'] as const
export const CUSTOMER_SOURCES = ['walkIn', 'member', 'company', 'travelAgency', 'other'] as const

const DATE = /^\d{4}-\d{2}-\d{2}$/
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

/** The usual arrival time a new reservation starts from. */
export const USUAL_ARRIVAL = '14:00'

/**
 * A new reservation's default arrival: the usual 14:00, or the property's check-out time when that is later — an
 * arrival before the last guest is due out would overlap their stay (the database refuses it for the same room).
 */
export function defaultArrival(checkOutTime: string | null): string {
  const later = checkOutTime !== null && CLOCK.test(checkOutTime) && checkOutTime > USUAL_ARRIVAL
  return later ? checkOutTime : USUAL_ARRIVAL
}

/**
 * What is wrong with the nights typed, or null: a whole number from 1 to 365 (the server applies the property's
 * own longest stay and says so). Shown while typing, so 0 is never taken as 1 and 400 never reads 'no room types'.
 */
export function nightsError(text: string): FieldError | null {
  return count(text, 1, MAX_STAY_NIGHTS) === null
    ? { key: 'deskChart.nightsRange', params: ['nights', MAX_STAY_NIGHTS] }
    : null
}

/** A phone verdict of orders/phone.ts as a field error naming the field (frontDeskConsole.field.<field>). */
export function phoneError(verdict: NonNullable<PhoneVerdict>, field: string): FieldError {
  return { key: verdict.key, params: [field, ...('params' in verdict ? verdict.params : [])] }
}

/** The room type's own price for the stay kind, in cents. */
export function typePrice(
  type: Pick<AvailabilityType, 'dailyPrice' | 'hourlyPrice'>,
  hourly: boolean,
): number {
  return hourly ? type.hourlyPrice : type.dailyPrice
}

/** The fewest rooms of a type free on any night of the range. */
export function freeOverRange(type: Pick<AvailabilityType, 'nights'>): number {
  return type.nights.length ? Math.min(...type.nights.map((n) => n.free)) : 0
}

function count(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null
  const n = Number(text.trim())
  return n >= min && n <= max ? n : null
}

export type ReserveBuild = { ok: true; body: ReserveRequest } | { ok: false; errors: ReserveErrors }

/**
 * Checks the form against `types` (the availability of the same range) and builds the request. A price other than
 * the type's needs `canChangePrice`; a type cannot take more rooms than it has free every night; a room chosen
 * must be free for the whole range and chosen once.
 */
export function buildReserve(
  form: ReserveForm,
  types: readonly AvailabilityType[],
  canChangePrice: boolean,
): ReserveBuild {
  const errors: ReserveErrors = {}
  const e = 'frontDeskConsole.error'
  if (!DATE.test(form.startDate)) errors.startDate = { key: `${e}.required`, params: ['startDate'] }
  if (!CLOCK.test(form.startClock)) errors.startClock = { key: `${e}.required`, params: ['startClock'] }
  const nights = form.hourly ? null : count(form.nights, 1, 365)
  const hours = form.hourly ? count(form.hours, 1, 48) : null
  if (!form.hourly && nights === null) errors.nights = nightsError(form.nights)!
  if (form.hourly && hours === null) errors.hours = { key: `${e}.range`, params: [1, 48] }
  if (!form.contactName.trim()) errors.contactName = { key: `${e}.required`, params: ['contactName'] }
  else if (form.contactName.trim().length > 50) errors.contactName = { key: `${e}.tooLong`, params: [50] }
  const phone = checkGuestPhone(form.contactPhone)
  if (phone) errors.contactPhone = phoneError(phone, 'contactPhone')
  let depositCents: number | undefined
  if (form.depositText.trim()) {
    const parsed = parseMoney(form.depositText)
    if (parsed.ok) depositCents = parsed.cents
    else errors.depositText = { key: `${e}.money` }
  }
  if (form.remark.length > 500) errors.remark = { key: `${e}.tooLong`, params: [500] }
  if (form.salesman.trim().length > 50) errors.salesman = { key: `${e}.tooLong`, params: [50] }
  if (form.externalNo.trim().length > 64) errors.externalNo = { key: `${e}.tooLong`, params: [64] }
  if (form.lines.length === 0) errors.lines = { key: `${e}.noRooms` }

  const byType = new Map(types.map((t) => [t.roomTypeId, t]))
  const rooms: ReserveRequest['rooms'] = []
  const perType = new Map<number, number>()
  const chosen = new Set<number>()
  for (const line of form.lines) {
    const type = byType.get(line.roomTypeId)
    if (!type) {
      errors[`line.${line.key}`] = { key: `${e}.typeUnavailable` }
      continue
    }
    perType.set(type.roomTypeId, (perType.get(type.roomTypeId) ?? 0) + 1)
    if (form.hourly && !type.hourRoom) {
      errors[`line.${line.key}`] = { key: `${e}.notHourly`, params: [type.typeName] }
      continue
    }
    const parsed = parseMoney(line.priceText)
    if (!parsed.ok) {
      errors[`line.${line.key}`] = { key: `${e}.money` }
      continue
    }
    const own = typePrice(type, form.hourly)
    if (parsed.cents !== own && !canChangePrice) {
      errors[`line.${line.key}`] = { key: 'orders.priceNeedsPermission' }
      continue
    }
    if (line.roomId !== undefined) {
      const free = type.freeRooms.find((r) => r.roomId === line.roomId)
      if (!free || chosen.has(line.roomId)) {
        errors[`line.${line.key}`] = { key: `${e}.roomTaken` }
        continue
      }
      chosen.add(line.roomId)
    }
    rooms.push({
      roomTypeId: type.roomTypeId,
      ...(line.roomId !== undefined ? { roomId: line.roomId } : {}),
      ...(parsed.cents !== own ? { priceCents: parsed.cents } : {}),
    })
  }
  for (const [roomTypeId, wanted] of perType) {
    const type = byType.get(roomTypeId)!
    const free = freeOverRange(type)
    if (wanted > free)
      errors[`type.${roomTypeId}`] = { key: `${e}.notEnoughFree`, params: [type.typeName, free] }
  }
  if (Object.keys(errors).length) return { ok: false, errors }

  const text = (s: string) => (s.trim() ? s.trim() : undefined)
  const body: ReserveRequest = {
    startTime: `${form.startDate} ${form.startClock}:00`,
    ...(form.hourly ? { hourly: true, hours: hours! } : { nights: nights! }),
    rooms,
    contactName: form.contactName.trim(),
    secret: form.secret,
  }
  const optional = {
    contactPhone: text(form.contactPhone),
    orderSource: text(form.orderSource),
    customerSource: text(form.customerSource),
    channel: text(form.channel),
    salesman: text(form.salesman),
    externalNo: text(form.externalNo),
    remark: text(form.remark),
  }
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) Object.assign(body, { [k]: v })
  if (depositCents !== undefined && depositCents > 0) {
    body.depositCents = depositCents
    body.depositMethod = form.depositMethod as ReserveRequest['depositMethod']
  }
  return { ok: true, body }
}
