import assert from 'node:assert/strict'
import { test } from 'vitest'
import { defaultValidity, secondsText, toLocalInput, toSeconds } from './validity.ts'

test("the default window runs from now to the next day at the property's check-out time", () => {
  const now = new Date(2025, 5, 30, 15, 7, 42)
  assert.deepEqual(defaultValidity(now, '12:00', null), {
    start: '2025-06-30T15:07',
    end: '2025-07-01T12:00',
  })
  // The month's last day rolls over to the next month.
  assert.equal(defaultValidity(new Date(2025, 11, 31, 9, 0), '12:00', null).end, '2026-01-01T12:00')
  assert.equal(defaultValidity(now, '14:30', null).end, '2025-07-01T14:30')
  // Not known (no property) or not a clock: noon.
  assert.equal(defaultValidity(now, null, null).end, '2025-07-01T12:00')
  assert.equal(defaultValidity(now, '25:00', null).end, '2025-07-01T12:00')
})

test('datetime-local values round-trip through seconds in local time without a property zone', () => {
  const s = toSeconds('2025-01-02T03:04', null)!
  assert.equal(s, new Date(2025, 0, 2, 3, 4).getTime() / 1000)
  assert.equal(toLocalInput(new Date(s * 1000), null), '2025-01-02T03:04')
  assert.equal(secondsText(s, null), '2025-01-02 03:04:00')
})

test("with a property zone, times are read and shown on the property's clock", () => {
  // 2026-11-24 18:30 UTC is 02:30 on the 25th in Shanghai.
  const at = new Date(Date.UTC(2026, 10, 24, 18, 30))
  assert.equal(toLocalInput(at, 'Asia/Shanghai'), '2026-11-25T02:30')
  assert.equal(toSeconds('2026-11-25T02:30', 'Asia/Shanghai'), at.getTime() / 1000)
  assert.equal(secondsText(at.getTime() / 1000, 'Asia/Shanghai'), '2026-11-25 02:30:00')
  assert.deepEqual(defaultValidity(at, '12:00', 'Asia/Shanghai'), {
    start: '2026-11-25T02:30',
    end: '2026-11-26T12:00',
  })
  assert.deepEqual(defaultValidity(at, '12:00', 'America/Los_Angeles'), {
    start: '2026-11-24T10:30',
    end: '2026-11-25T12:00',
  })
})

test('anything else is not a time', () => {
  for (const zone of [null, 'Asia/Shanghai'])
    for (const v of [
      '',
      '2025-01-02',
      '2025-01-02 03:04',
      'tomorrow',
      '2025-02-30T25:00',
      '2025-02-30T10:00',
    ])
      assert.equal(toSeconds(v, zone), undefined, `${v} in ${zone}`)
  assert.equal(secondsText(0, null), '')
})
