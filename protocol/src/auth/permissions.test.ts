import assert from 'node:assert/strict'
import { test } from 'vitest'
import { hasPermission, hasRole, hasUserType, isDisplayedRole } from './permissions.ts'

test('the wildcard permission passes every check, others need a listed permission', () => {
  assert.equal(hasPermission({ permissions: ['*:*:*'] }, ['system:user:add']), true)
  assert.equal(
    hasPermission({ permissions: ['system:user:edit'] }, ['system:user:add', 'system:user:edit']),
    true,
  )
  assert.equal(hasPermission({ permissions: ['system:user:edit'] }, ['system:user:add']), false)
})

test('role admin passes every role check', () => {
  assert.equal(hasRole({ roles: ['admin'] }, ['common']), true)
  assert.equal(hasRole({ roles: ['common'] }, ['common', 'x']), true)
  assert.equal(hasRole({ roles: ['common'] }, ['sys_admin']), false)
})

test('an empty requirement is logged and fails', () => {
  const logged: string[] = []
  const log = (m: string) => logged.push(m)
  assert.equal(hasPermission({ permissions: ['*:*:*'] }, [], log), false)
  assert.equal(hasRole({ roles: ['admin'] }, [], log), false)
  assert.equal(hasUserType({ userType: 1 }, [], log), false)
  assert.equal(logged.length, 3)
  assert.match(logged[2]!, /user type/)
})

test('user type must be in the list', () => {
  assert.equal(hasUserType({ userType: 2 }, [2]), true)
  assert.equal(hasUserType({ userType: 1 }, [2]), false)
})

test('built-in roles are hidden below role type 2', () => {
  assert.equal(isDisplayedRole({ roleKey: 'admin', roletype: 1 }), false)
  assert.equal(isDisplayedRole({ roleKey: 'admin', roletype: 2 }), true)
  assert.equal(isDisplayedRole({ roleKey: 'front_desk', roletype: 0 }), true)
})
