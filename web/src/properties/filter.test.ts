import assert from 'node:assert/strict'
import { test } from 'vitest'
import { filterProperties } from './filter.ts'

const list = [
  { propertyId: 1, propertyName: 'Harbour Hotel', propertyCode: 'PMS0000000001', address: '1 Quay Road' },
  { propertyId: 2, propertyName: 'Garden Apartments', propertyCode: 'PMS0000000002', address: '8 Park Lane' },
]

test('the keyword matches name, code or address, ignoring case', () => {
  assert.deepEqual(
    filterProperties(list, 'harbour').map((p) => p.propertyId),
    [1],
  )
  assert.deepEqual(
    filterProperties(list, '0002').map((p) => p.propertyId),
    [2],
  )
  assert.deepEqual(
    filterProperties(list, 'park').map((p) => p.propertyId),
    [2],
  )
  assert.equal(filterProperties(list, '  ').length, 2)
  assert.equal(filterProperties(list, 'zzz').length, 0)
})
