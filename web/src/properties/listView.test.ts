import assert from 'node:assert/strict'
import { test } from 'vitest'
import { listView, normaliseCode } from './listView.ts'

const list = [
  { propertyId: 1, propertyName: 'Harbour Hotel', propertyCode: 'DEMO-HOTEL', address: '1 Quay Road' },
  { propertyId: 2, propertyName: 'Garden Apartments', propertyCode: 'DEMO-APT', address: '8 Park Lane' },
  { propertyId: 3, propertyName: 'Quay Rooms', propertyCode: 'Q-3', address: '3 Quay Road' },
]

test('the count line has the total and how many contain the keyword', () => {
  assert.deepEqual(listView(list, '', false).count, [3, 3])
  const quay = listView(list, 'quay', false)
  assert.deepEqual(quay.count, [3, 2])
  assert.deepEqual(
    quay.shown.map((p) => p.propertyId),
    [1, 3],
  )
  assert.equal(quay.empty, null)
})

test('empty states: loading before the first list, no data, no match', () => {
  assert.equal(listView([], '', true).empty, 'loading')
  assert.equal(listView([], '', false).empty, 'noData')
  assert.equal(listView([], 'x', false).empty, 'noData')
  const none = listView(list, 'nowhere', false)
  assert.equal(none.empty, 'noMatch')
  assert.deepEqual(none.count, [3, 0])
  // A refresh keeps showing the cards it has.
  assert.equal(listView(list, '', true).empty, null)
})

test('a property code loses every space', () => {
  assert.equal(normaliseCode(' AB 12\tC D '), 'AB12CD')
})
