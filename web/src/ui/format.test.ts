import assert from 'node:assert/strict'
import { test } from 'vitest'
import { exportFileName, formatDateTime } from './format.ts'

test('without a property zone, instants show as y-m-d h:i:s in local time; junk passes through', () => {
  assert.equal(formatDateTime(new Date(2024, 0, 5, 7, 8, 9), null), '2024-01-05 07:08:09')
  assert.equal(formatDateTime(new Date(2024, 0, 5, 7, 8, 9).toISOString(), null), '2024-01-05 07:08:09')
  assert.equal(formatDateTime('', null), '')
  assert.equal(formatDateTime('soon', null), 'soon')
})

test("instants show on the property's clock, whatever the browser's zone", () => {
  const at = Date.UTC(2026, 10, 24, 18, 30, 45)
  assert.equal(formatDateTime(at, 'Asia/Shanghai'), '2026-11-25 02:30:45')
  assert.equal(formatDateTime(new Date(at).toISOString(), 'America/Los_Angeles'), '2026-11-24 10:30:45')
  assert.equal(formatDateTime(new Date(at), 'Asia/Shanghai'), '2026-11-25 02:30:45')
})

test('a wall-clock text the server sent is already on the hotel clock: shown as it is', () => {
  assert.equal(formatDateTime('2026-11-25 02:30:45', 'America/Los_Angeles'), '2026-11-25 02:30:45')
  assert.equal(formatDateTime('2026-11-25T02:30', 'Asia/Shanghai'), '2026-11-25 02:30:00')
  // A day is the hotel's day, not the instant of its UTC midnight.
  assert.equal(formatDateTime('2026-11-25', 'America/Los_Angeles'), '2026-11-25 00:00:00')
})

test("exported files are named with the time of the export on the hotel's clock", () => {
  const at = new Date(Date.UTC(2025, 11, 31, 16, 59, 58))
  assert.equal(exportFileName('ble_locks', at, 'Asia/Shanghai'), 'ble_locks_20260101005958.xlsx')
  assert.equal(exportFileName('order_7', at, 'America/Los_Angeles'), 'order_7_20251231085958.xlsx')
  // No property chosen (the platform administrator): the browser's clock.
  assert.equal(exportFileName('x', new Date(2025, 11, 31, 23, 59, 58), null), 'x_20251231235958.xlsx')
})
