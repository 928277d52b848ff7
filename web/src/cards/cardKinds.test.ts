import assert from 'node:assert/strict'
import { test } from 'vitest'
import { kindsFor, LOCK_CARD_KINDS } from './cardKinds.ts'

test('the desk is offered guest, check-out and lost cards; every other card only with the staff-card permission', () => {
  const desk = kindsFor(['pms:pmsTmManageCard:issue']).map((k) => k.name)
  assert.deepEqual(desk, ['GUEST', 'CHECKOUT', 'LOST'])
  assert.equal(kindsFor(['pms:pmsStaffCard:issue']).length, LOCK_CARD_KINDS.length)
  assert.equal(kindsFor(['*:*:*']).length, LOCK_CARD_KINDS.length)
})
