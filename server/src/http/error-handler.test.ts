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
