// The timing rules of a property (SPEC §9 hotel timing options, overtime and points rules) as the texts a form edits,
// and back to the propertyConfig body, checked with the packs' messages. Amounts are integer cents.
import {
  CheckOutMode,
  MAX_STAY_NIGHTS,
  type OvertimeRule,
  type PropertyConfig,
  type PropertyConfigBody,
} from '@pms/protocol/api/properties'
import { AVAILABILITY_RULES, type AvailabilityRule } from '@pms/protocol/reports/kpi'
import type { Translate } from '../i18n/translate.ts'
import { moneyInput, parseMoney } from '../ui/crud/money.ts'

export interface TimingForm {
  checkOutTime: string
  hourUnitMinutes: string
  checkOutMode: CheckOutMode
  overtimeMode: OvertimeRule['mode']
  graceMinutes: string
  hourly: string
  cap: string
  afterMinutes: string
  fee: string
  /** Empty: a late guest is never charged a full day. */
  fullDayAfterMinutes: string
  points: string
  per: string
  maxOnlineRooms: string
  onlineBooking: boolean
  /** Deposits, payments and refunds at the desk only within the cashier's open shift. */
  requireShift: boolean
  /** Longest stay a reservation or check-in may ask for (1 to MAX_STAY_NIGHTS). */
  maxNights: string
  /** Rooms per type and night that may be booked beyond those for sale (0: never overbook). */
  overbookRooms: string
  /** Which out-of-order rooms the reports deduct from the available room-nights (protocol/src/reports/kpi.ts). */
  availabilityRule: AvailabilityRule
}

export type TimingErrors = Partial<Record<keyof TimingForm, string>>
export type TimingBody = Omit<PropertyConfigBody, 'propertyId'>

/** Bounds of the whole-number fields (minutes at most a week, rooms and points sensible). */
const LIMITS = {
  hourUnitMinutes: [1, 1440],
  graceMinutes: [0, 10080],
  afterMinutes: [0, 10080],
  fullDayAfterMinutes: [0, 10080],
  points: [0, 1_000_000],
  per: [1, 1_000_000],
  maxOnlineRooms: [0, 100_000],
  maxNights: [1, MAX_STAY_NIGHTS],
  overbookRooms: [0, 100],
} as const satisfies Partial<Record<keyof TimingForm, readonly [number, number]>>

export const label = (field: keyof TimingForm) => `propertyConsole.timing.${field}`

export function timingForm(config: PropertyConfig): TimingForm {
  const o = config.overtime
  return {
    checkOutTime: config.checkOutTime,
    hourUnitMinutes: String(config.hourUnitMinutes),
    checkOutMode: config.checkOutMode,
    overtimeMode: o.mode,
    graceMinutes: o.mode === 'hourly' ? String(o.graceMinutes) : '30',
    hourly: o.mode === 'hourly' ? moneyInput(o.hourlyCents) : '0.00',
    cap: o.mode === 'hourly' ? moneyInput(o.capCents) : '0.00',
    afterMinutes: o.mode === 'startingFee' ? String(o.afterMinutes) : '30',
    fee: o.mode === 'startingFee' ? moneyInput(o.feeCents) : '0.00',
    fullDayAfterMinutes: config.fullDayAfterMinutes === null ? '' : String(config.fullDayAfterMinutes),
    points: String(config.points.points),
    per: String(config.points.per),
    maxOnlineRooms: String(config.maxOnlineRooms),
    onlineBooking: config.onlineBooking,
    requireShift: config.requireShift,
    maxNights: String(config.maxNights),
    overbookRooms: String(config.overbookRooms),
    availabilityRule: config.availabilityRule,
  }
}

/** Checks the form; the body holds only the timing fields (the rest of the configuration is left as stored). */
export function timingBody(
  form: TimingForm,
  t: Translate,
): { ok: true; body: TimingBody } | { ok: false; errors: TimingErrors } {
  const errors: TimingErrors = {}
  const integer = (field: keyof typeof LIMITS, optional = false): number | null => {
    const text = String(form[field]).trim()
    const name = t(label(field))
    if (text === '') {
      if (!optional) errors[field] = t('validation.required', [name])
      return null
    }
    if (!/^\d+$/.test(text)) {
      errors[field] = t('crud.validation.integer', [name])
      return null
    }
    const n = Number(text)
    const [min, max] = LIMITS[field]
    if (n < min) errors[field] = t('validation.minimum', [name, min])
    else if (n > max) errors[field] = t('validation.maximum', [name, max])
    return n
  }
  const money = (field: 'hourly' | 'cap' | 'fee'): number => {
    const parsed = parseMoney(form[field])
    if (parsed.ok) return parsed.cents
    const name = t(label(field))
    errors[field] =
      parsed.reason === 'empty'
        ? t('validation.required', [name])
        : t(parsed.reason === 'tooLarge' ? 'crud.validation.moneyTooLarge' : 'crud.validation.money', [name])
    return 0
  }

  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.checkOutTime.trim()))
    errors.checkOutTime = t('validation.format', [t(label('checkOutTime'))])
  const hourUnitMinutes = integer('hourUnitMinutes')
  const overtime: OvertimeRule =
    form.overtimeMode === 'hourly'
      ? {
          mode: 'hourly',
          graceMinutes: integer('graceMinutes') ?? 0,
          hourlyCents: money('hourly'),
          capCents: money('cap'),
        }
      : { mode: 'startingFee', afterMinutes: integer('afterMinutes') ?? 0, feeCents: money('fee') }
  const fullDayAfterMinutes = integer('fullDayAfterMinutes', true)
  const points = integer('points')
  const per = integer('per')
  const maxOnlineRooms = integer('maxOnlineRooms')
  const maxNights = integer('maxNights')
  const overbookRooms = integer('overbookRooms')
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    body: {
      checkOutTime: form.checkOutTime.trim(),
      hourUnitMinutes: hourUnitMinutes!,
      checkOutMode: form.checkOutMode,
      overtime,
      fullDayAfterMinutes,
      points: { points: points!, per: per! },
      maxOnlineRooms: maxOnlineRooms!,
      onlineBooking: form.onlineBooking,
      requireShift: form.requireShift,
      maxNights: maxNights!,
      overbookRooms: overbookRooms!,
      availabilityRule: form.availabilityRule,
    },
  }
}

export const CHECK_OUT_MODES = Object.values(CheckOutMode)
export { AVAILABILITY_RULES }
export const OVERTIME_MODES: readonly OvertimeRule['mode'][] = ['hourly', 'startingFee']
