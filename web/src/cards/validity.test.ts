import assert from 'node:assert/strict'
import { test } from 'vitest'
import { defaultValidity, secondsText, toLocalInput, toSeconds } from './validity.ts'

test('the default window runs from now to the next day at noon', () => {
  const now = new Date(2025, 5, 30, 15, 7, 42)
  assert.deepEqual(defaultValidity(now), { start: '2025-06-30T15:07', end: '2025-07-01T12:00' })
})

test('datetime-local values round-trip through seconds in local time', () => {
  const s = toSeconds('2025-01-02T03:04')!
  assert.equal(s, new Date(2025, 0, 2, 3, 4).getTime() / 1000)
  assert.equal(toLocalInput(new Date(s * 1000)), '2025-01-02T03:04')
  assert.equal(secondsText(s), '2025-01-02 03:04:00')
})

test('anything else is not a time', () => {
  for (const v of ['', '2025-01-02', '2025-01-02 03:04', 'tomorrow', '2025-02-30T25:00'])
    assert.equal(toSeconds(v), undefined, v)
  assert.equal(secondsText(0), '')
})
