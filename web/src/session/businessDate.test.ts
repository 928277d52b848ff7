import assert from 'node:assert/strict'
import { test } from 'vitest'
import { wallClock } from './businessDate.ts'

test("now is sent on the property's wall clock, whatever the browser's zone", () => {
  // 2026-11-24 18:30:45 UTC: already the 25th in Shanghai, still the 24th in Los Angeles.
  const at = new Date(Date.UTC(2026, 10, 24, 18, 30, 45))
  assert.equal(wallClock(at, 'Asia/Shanghai'), '2026-11-25 02:30:00')
  assert.equal(wallClock(at, 'America/Los_Angeles'), '2026-11-24 10:30:00')
})

test('without a known zone, the browser clock is used', () => {
  const at = new Date(2026, 0, 2, 3, 4, 5)
  assert.equal(wallClock(at, null), '2026-01-02 03:04:00')
})
