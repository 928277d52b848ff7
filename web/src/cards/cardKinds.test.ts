import assert from 'node:assert/strict'
import { test } from 'vitest'
import { kindsFor, LOCK_CARD_KINDS } from './cardKinds.ts'

test('staff, master, floor, building and emergency cards are offered only with the staff-card permission', () => {
  const desk = kindsFor(['pms:pmsTmManageCard:issue']).map((k) => k.name)
  assert.ok(desk.includes('GUEST'))
  for (const name of ['STAFF', 'CHIEF', 'FLOOR', 'BUILDING', 'EMERGENCY'])
    assert.ok(!desk.includes(name as never))
  assert.equal(kindsFor(['pms:pmsStaffCard:issue']).length, LOCK_CARD_KINDS.length)
  assert.equal(kindsFor(['*:*:*']).length, LOCK_CARD_KINDS.length)
})
