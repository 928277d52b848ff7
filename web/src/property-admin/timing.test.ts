import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { PROPERTY_CONFIG_DEFAULTS, type PropertyConfig } from '@pms/protocol/api/properties'
import { test } from 'vitest'
import type { Translate } from '../i18n/translate.ts'
import { timingBody, timingForm } from './timing.ts'

const en: Translate = (key, params) => translate('en-US', key, params)
const config: PropertyConfig = { ...PROPERTY_CONFIG_DEFAULTS, propertyId: 7, updateTime: null }

test('a stored configuration round-trips through the form, amounts in cents', () => {
  const stored: PropertyConfig = {
    ...config,
    checkOutTime: '13:30',
    checkOutMode: '24h',
    overtime: { mode: 'hourly', graceMinutes: 15, hourlyCents: 2550, capCents: 10000 },
    fullDayAfterMinutes: null,
    points: { points: 2, per: 10 },
    maxOnlineRooms: 25,
    onlineBooking: true,
    requireShift: true,
    maxNights: 180,
    overbookRooms: 2,
    availabilityRule: 'usali',
  }
  const form = timingForm(stored)
  assert.equal(form.hourly, '25.50')
  assert.equal(form.fullDayAfterMinutes, '')
  const result = timingBody(form, en)
  assert.ok(result.ok)
  assert.deepEqual(result.body, {
    checkOutTime: '13:30',
    hourUnitMinutes: 60,
    checkOutMode: '24h',
    overtime: { mode: 'hourly', graceMinutes: 15, hourlyCents: 2550, capCents: 10000 },
    fullDayAfterMinutes: null,
    points: { points: 2, per: 10 },
    maxOnlineRooms: 25,
    onlineBooking: true,
    requireShift: true,
    maxNights: 180,
    overbookRooms: 2,
    availabilityRule: 'usali',
  })
})

test('the longest stay is 1 to 365 nights and the overbooking allowance 0 to 100 rooms', () => {
  const result = timingBody({ ...timingForm(config), maxNights: '400', overbookRooms: '-1' }, en)
  assert.ok(!result.ok)
  assert.equal(
    result.errors.maxNights,
    en('validation.maximum', [en('propertyConsole.timing.maxNights'), 365]),
  )
  assert.equal(
    result.errors.overbookRooms,
    en('crud.validation.integer', [en('propertyConsole.timing.overbookRooms')]),
  )
})

test('a starting-fee overtime rule sends only its own fields', () => {
  const form = { ...timingForm(config), overtimeMode: 'startingFee' as const, afterMinutes: '45', fee: '30' }
  const result = timingBody(form, en)
  assert.ok(result.ok)
  assert.deepEqual(result.body.overtime, { mode: 'startingFee', afterMinutes: 45, feeCents: 3000 })
})

test('bad fields are named with the packs’ messages', () => {
  const form = {
    ...timingForm(config),
    checkOutTime: '25:00',
    hourUnitMinutes: '',
    hourly: '1.234',
    per: '0',
    maxOnlineRooms: 'ten',
  }
  const result = timingBody(form, en)
  assert.ok(!result.ok)
  assert.equal(
    result.errors.checkOutTime,
    en('validation.format', [en('propertyConsole.timing.checkOutTime')]),
  )
  assert.equal(
    result.errors.hourUnitMinutes,
    en('validation.required', [en('propertyConsole.timing.hourUnitMinutes')]),
  )
  assert.equal(result.errors.hourly, en('crud.validation.money', [en('propertyConsole.timing.hourly')]))
  assert.equal(result.errors.per, en('validation.minimum', [en('propertyConsole.timing.per'), 1]))
  assert.equal(
    result.errors.maxOnlineRooms,
    en('crud.validation.integer', [en('propertyConsole.timing.maxOnlineRooms')]),
  )
  assert.deepEqual(Object.keys(result.errors).sort(), [
    'checkOutTime',
    'hourUnitMinutes',
    'hourly',
    'maxOnlineRooms',
    'per',
  ])
})
