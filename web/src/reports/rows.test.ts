import assert from 'node:assert/strict'
import { test } from 'vitest'
import { methodLabel } from './rows.ts'

test('every payment method a folio takes has a name: the member balance and points too', () => {
  assert.deepEqual(methodLabel('memberCard'), ['billing.method.memberCard', false])
  assert.deepEqual(methodLabel('points'), ['billing.method.points', false])
  assert.deepEqual(methodLabel('Alipay'), ['Alipay', true])
})
