import assert from 'node:assert/strict'
import { test } from 'vitest'
import { databaseRefusal, duplicateOf } from './error-handler.ts'

test("a unique key's refusal names the field and the value taken, the tenant's column left out", () => {
  assert.deepEqual(duplicateOf('Key (property_id, type_name)=(1, 标准大床房) already exists.'), [
    'typeName',
    '标准大床房',
  ])
  assert.deepEqual(duplicateOf('Key (config_key)=(sys.x) already exists.'), ['configKey', 'sys.x'])
  // A value holding ', ' cannot be told apart from two values: the generic message.
  assert.equal(duplicateOf('Key (property_id, type_name)=(1, A, B) already exists.'), undefined)
  assert.equal(duplicateOf('Key (lower(email::text))=(a@b.c) already exists.'), undefined)
  assert.equal(duplicateOf(undefined), undefined)
  assert.deepEqual(
    databaseRefusal({ code: '23505', detail: 'Key (property_id, room_no)=(2, 101) already exists.' }),
    { code: 409, key: 'error.duplicateOf', params: ['roomNo', '101'] },
  )
  assert.deepEqual(databaseRefusal({ code: '23505' }), { code: 409, key: 'error.duplicate' })
})

test('two writes that cannot both go on (a deadlock, a serialization failure) are a conflict to retry, wrapped or not', () => {
  // Two claims on one night's room-type locks that both upgrade from shared wait for each other, and PostgreSQL ends
  // one with 40P01 (migration 0072): the desk is told the data changed at the same time, not a 500.
  const conflict = { code: 409, key: 'error.conflict' }
  assert.deepEqual(databaseRefusal({ code: '40P01' }), conflict)
  assert.deepEqual(databaseRefusal({ code: '40001' }), conflict)
  // The ORM throws its own error with the driver's as its cause.
  assert.deepEqual(databaseRefusal(new Error('Failed query', { cause: { code: '40P01' } })), conflict)
  assert.equal(databaseRefusal(new Error('Failed query', { cause: { code: '57014' } })), undefined)
})
