import assert from 'node:assert/strict'
import { test } from 'vitest'
import { type FieldDef, toBody, toFormValues, validateForm } from './fields.ts'

// A fake translator that shows the key and its parameters, so the messages can be asserted exactly.
const t = (key: string, params?: readonly unknown[] | Record<string, unknown>) =>
  params ? `${key}(${(params as unknown[]).join('|')})` : key

const defs: FieldDef[] = [
  { name: 'typeName', label: 'f.name', kind: 'text', required: true, maxLength: 5 },
  { name: 'dailyPrice', label: 'f.price', kind: 'money', required: true },
  { name: 'deposit', label: 'f.deposit', kind: 'money' },
  { name: 'maxOccupancy', label: 'f.max', kind: 'integer', min: 1, max: 50 },
  { name: 'parkId', label: 'f.park', kind: 'select', numeric: true, options: [{ value: '3', label: 'x' }] },
  { name: 'state', label: 'f.state', kind: 'select', options: [{ value: '0', label: 'on' }] },
  { name: 'attributeIds', label: 'f.attrs', kind: 'multiselect' },
  { name: 'hourRoom', label: 'f.hour', kind: 'switch' },
  { name: 'remark', label: 'f.remark', kind: 'textarea', maxLength: 10 },
]

test('each field gets the first message that applies, from the packs, with its label', () => {
  const errors = validateForm(
    defs,
    { typeName: '  ', dailyPrice: '1.234', deposit: '-5', maxOccupancy: '0', remark: 'x'.repeat(11) },
    t,
  )
  assert.deepEqual(errors, {
    typeName: 'validation.required(f.name)',
    dailyPrice: 'crud.validation.money(f.price)',
    deposit: 'crud.validation.money(f.deposit)',
    maxOccupancy: 'validation.minimum(f.max|1)',
    remark: 'validation.maxLength(f.remark|10)',
  })
  assert.deepEqual(validateForm(defs, { typeName: 'Twin', dailyPrice: '199.00', maxOccupancy: '2.5' }, t), {
    maxOccupancy: 'crud.validation.integer(f.max)',
  })
  assert.deepEqual(validateForm(defs, { typeName: 'Twin', dailyPrice: '999999999' }, t), {
    dailyPrice: 'crud.validation.moneyTooLarge(f.price)',
  })
  assert.deepEqual(validateForm(defs, { typeName: 'Twin', dailyPrice: '199', maxOccupancy: '51' }, t), {
    maxOccupancy: 'validation.maximum(f.max|50)',
  })
})

test('a record becomes form texts and back into the same body', () => {
  const record = {
    typeName: 'Twin',
    dailyPrice: 19900,
    deposit: 5000,
    maxOccupancy: 2,
    parkId: 3,
    state: '0',
    attributeIds: [4, 5],
    hourRoom: true,
    remark: null,
  }
  const values = toFormValues(defs, record)
  assert.deepEqual(values, {
    typeName: 'Twin',
    dailyPrice: '199.00',
    deposit: '50.00',
    maxOccupancy: '2',
    parkId: '3',
    state: '0',
    attributeIds: ['4', '5'],
    hourRoom: true,
    remark: '',
  })
  assert.deepEqual(toBody(defs, values, 'edit'), { ...record, remark: '' })
})

test('empty optional fields: left out of an add; on an edit texts clear, id selects null, numbers kept', () => {
  const values = toFormValues(defs, undefined)
  values.typeName = ' Suite '
  values.dailyPrice = '1,234.5'
  assert.deepEqual(toBody(defs, values, 'add'), {
    typeName: 'Suite',
    dailyPrice: 123450,
    attributeIds: [],
    hourRoom: false,
  })
  assert.deepEqual(toBody(defs, values, 'edit'), {
    typeName: 'Suite',
    dailyPrice: 123450,
    parkId: null,
    attributeIds: [],
    hourRoom: false,
    remark: '',
  })
})

test('fields shown only in one dialog are sent only from it', () => {
  const only: FieldDef[] = [{ name: 'buildingId', label: 'b', kind: 'select', numeric: true, only: 'add' }]
  assert.deepEqual(toBody(only, { buildingId: '7' }, 'add'), { buildingId: 7 })
  assert.deepEqual(toBody(only, { buildingId: '7' }, 'edit'), {})
})

test('a date field takes a calendar day and clears to an empty text on an edit', () => {
  const dates: FieldDef[] = [{ name: 'birthday', label: 'members.field.birthday', kind: 'date' }]
  assert.deepEqual(validateForm(dates, { birthday: '1990-03-07' }, t), {})
  assert.deepEqual(Object.keys(validateForm(dates, { birthday: '7/3/1990' }, t)), ['birthday'])
  assert.deepEqual(toBody(dates, { birthday: '1990-03-07' }, 'add'), { birthday: '1990-03-07' })
  assert.deepEqual(toBody(dates, { birthday: '' }, 'edit'), { birthday: '' })
  assert.deepEqual(toBody(dates, { birthday: '' }, 'add'), {})
})

test('lookups hold ids as a select does: one as a number (null when emptied on an edit), several as a list', () => {
  const lookup = { search: async () => [] }
  const picks: FieldDef[] = [
    { name: 'propertyId', label: 'f.property', kind: 'lookup', numeric: true, required: true, lookup },
    { name: 'userIds', label: 'f.users', kind: 'multilookup', lookup },
  ]
  const form = toFormValues(picks, { propertyId: 7, userIds: [3, 5] })
  assert.deepEqual(form, { propertyId: '7', userIds: ['3', '5'] })
  assert.deepEqual(toBody(picks, form, 'add'), { propertyId: 7, userIds: [3, 5] })
  assert.deepEqual(toBody(picks, { propertyId: '', userIds: [] }, 'edit'), { propertyId: null, userIds: [] })
  assert.deepEqual(validateForm(picks, { propertyId: '', userIds: [] }, t), {
    propertyId: 'validation.required(f.property)',
  })
})
