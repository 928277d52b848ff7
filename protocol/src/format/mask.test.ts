import assert from 'node:assert/strict'
import { test } from 'vitest'
import { maskIdNumber, maskPhone } from './mask.ts'

test.each([
  ['13800138000', '138****8000'],
  ['0086-13800138000', '0086-138****8000'],
  ['+852 91234567', '+852 ****4567'],
  ['0755-86001234', '0755-****1234'],
  ['1234567890', '12****7890'],
  [' 13800138000 ', '138****8000'],
  ['123456789', '123456789'],
  ['', ''],
  [null, ''],
  [undefined, ''],
])('maskPhone(%j) is %j', (value, masked) => {
  assert.equal(maskPhone(value), masked)
})

test.each([
  ['110101199003071234', '110****1234'],
  ['11010119900307123X', '110****123X'],
  ['110101900307123', '110****7123'],
  ['E12345678', 'E1****78'],
  ['AB12', 'AB****12'],
  ['X1', '****'],
  ['', ''],
  [null, ''],
])('maskIdNumber(%j) is %j', (value, masked) => {
  assert.equal(maskIdNumber(value), masked)
})

test('a masked value never holds the hidden middle', () => {
  const phone = '13912345678'
  assert.ok(!maskPhone(phone).includes('12345'))
  const id = '110101199003071234'
  assert.ok(!maskIdNumber(id).includes('19900307'))
})
