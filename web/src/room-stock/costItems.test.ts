import assert from 'node:assert/strict'
import { test } from 'vitest'
import {
  checkCosts,
  costsValid,
  joinPictures,
  newCost,
  picturesFit,
  splitPictures,
  toCostItems,
  toDrafts,
} from './costItems.ts'

const t = (key: string, params?: readonly unknown[] | Record<string, unknown>) =>
  params ? `${key}(${(params as unknown[]).join('|')})` : key

test('cost items go to the form in yuan and come back in cents', () => {
  const items = [
    { costName: 'Breakfast', amount: 3800, checkInCost: true },
    { costName: 'Towel', amount: 1250, checkInCost: false },
  ]
  const drafts = toDrafts(items)
  assert.deepEqual(drafts[0], { costName: 'Breakfast', amount: '38.00', checkInCost: true })
  assert.ok(costsValid(checkCosts(drafts, t)))
  assert.deepEqual(toCostItems(drafts), items)
  assert.deepEqual(toDrafts(undefined), [])
})

test('each cost row names its wrong fields', () => {
  const errors = checkCosts(
    [
      newCost(),
      { costName: 'x'.repeat(51), amount: '1.234', checkInCost: false },
      { costName: 'ok', amount: '5', checkInCost: true },
    ],
    t,
  )
  assert.deepEqual(errors, [
    {
      costName: 'validation.required(roomStockConsole.field.costName)',
      amount: 'validation.required(roomStockConsole.field.amount)',
    },
    {
      costName: 'validation.maxLength(roomStockConsole.field.costName|50)',
      amount: 'crud.validation.money(roomStockConsole.field.amount)',
    },
    {},
  ])
  assert.ok(!costsValid(errors))
})

test('pictures are a comma-separated list of paths within 2000 characters', () => {
  assert.deepEqual(splitPictures(' /files/room/a.png, ,/files/room/b.jpg'), [
    '/files/room/a.png',
    '/files/room/b.jpg',
  ])
  assert.deepEqual(splitPictures(''), [])
  assert.equal(joinPictures(['/a', '/b']), '/a,/b')
  assert.ok(picturesFit(Array(40).fill('/files/room/0123456789abcdef01234567.png')))
  assert.ok(!picturesFit(Array(50).fill('/files/room/0123456789abcdef01234567.png')))
})
