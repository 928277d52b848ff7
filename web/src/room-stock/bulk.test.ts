import assert from 'node:assert/strict'
import { test } from 'vitest'
import { type BulkForm, bulkRequest, EMPTY_BULK, samePreview } from './bulk.ts'

const t = (key: string, params?: readonly unknown[] | Record<string, unknown>) =>
  params ? `${key}(${(params as unknown[]).join('|')})` : key

const form: BulkForm = {
  buildingId: '4',
  floorFrom: '2',
  floorTo: '3',
  roomFrom: '1',
  roomTo: '5',
  prefix: '',
  roomTypeId: '9',
}

test('a filled form becomes the bulk request; a prefix becomes the numbering pattern', () => {
  assert.deepEqual(bulkRequest(form, t), {
    ok: true,
    body: { buildingId: 4, floorFrom: 2, floorTo: 3, roomFrom: 1, roomTo: 5, roomTypeId: 9 },
  })
  const prefixed = bulkRequest({ ...form, prefix: ' A- ' }, t)
  assert.ok(prefixed.ok)
  assert.equal(prefixed.body.pattern, 'A-{floor}{room}')
})

test('missing, malformed, out-of-range and reversed fields are named', () => {
  const empty = bulkRequest(EMPTY_BULK, t)
  assert.ok(!empty.ok)
  assert.deepEqual(Object.keys(empty.errors).sort(), [
    'buildingId',
    'floorFrom',
    'floorTo',
    'roomFrom',
    'roomTo',
    'roomTypeId',
  ])
  assert.equal(empty.errors.buildingId, 'validation.required(roomStockConsole.field.building)')
  const bad = bulkRequest(
    { ...form, floorFrom: '2.5', floorTo: '301', roomFrom: '-1', roomTo: '3', prefix: 'a b' },
    t,
  )
  assert.ok(!bad.ok)
  assert.deepEqual(bad.errors, {
    floorFrom: 'crud.validation.integer(roomStockConsole.bulk.floorFrom)',
    floorTo: 'validation.maximum(roomStockConsole.bulk.floorTo|300)',
    roomFrom: 'validation.minimum(roomStockConsole.bulk.roomFrom|0)',
    prefix: 'roomStockConsole.bulk.prefixInvalid',
  })
  const reversed = bulkRequest({ ...form, floorFrom: '5', floorTo: '3', roomFrom: '9', roomTo: '1' }, t)
  assert.ok(!reversed.ok)
  assert.deepEqual(reversed.errors, {
    floorTo: 'validation.minimum(roomStockConsole.bulk.floorTo|5)',
    roomTo: 'validation.minimum(roomStockConsole.bulk.roomTo|9)',
  })
  assert.ok(!bulkRequest({ ...form, prefix: 'TOOLONG8' }, t).ok)
  assert.ok(!bulkRequest({ ...form, prefix: '{x}' }, t).ok)
})

test('a preview holds only while the form is unchanged', () => {
  const a = bulkRequest(form, t)
  const b = bulkRequest({ ...form, roomTo: '6' }, t)
  assert.ok(a.ok && b.ok)
  assert.ok(samePreview(a.body, { ...a.body }))
  assert.ok(!samePreview(a.body, b.body))
  assert.ok(!samePreview(undefined, a.body))
})
