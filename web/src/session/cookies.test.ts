import assert from 'node:assert/strict'
import { test } from 'vitest'
import { readCookie, serializeCookie } from './cookies.ts'

test('cookies are read by exact name and decoded', () => {
  const text = 'a=1; Admin-Token=abc%3D; Admin-Token-Old=zzz'
  assert.equal(readCookie(text, 'Admin-Token'), 'abc=')
  assert.equal(readCookie(text, 'missing'), undefined)
  assert.equal(readCookie('', 'a'), undefined)
})

test('serialized cookies carry path and max-age', () => {
  assert.equal(serializeCookie('k', 'v w', 43200), 'k=v%20w; path=/; SameSite=Lax; max-age=43200')
  assert.equal(serializeCookie('k', '', 0), 'k=; path=/; SameSite=Lax; max-age=0')
  assert.equal(serializeCookie('k', 'v'), 'k=v; path=/; SameSite=Lax')
})
