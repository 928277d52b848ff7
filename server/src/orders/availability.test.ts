import assert from 'node:assert/strict'
import { zonedInstant } from '@pms/protocol/time/zone'
import { test } from 'vitest'
import { nightsOf } from './availability.ts'
import type { StayRules } from './timing.ts'

const zone = 'Asia/Shanghai'
const rules: StayRules = {
  checkOutMode: 'fixed',
  checkOutTime: '12:00',
  hourUnitMinutes: 60,
  timeZone: zone,
  maxNights: 30,
  overbookRooms: 0,
}
const at = (day: number, hour: number) => zonedInstant({ year: 2026, month: 12, day, hour }, zone)
const dates = (range: { start: Date; end: Date }, timing = rules, hourly = false) =>
  nightsOf(range, timing, hourly).map((n) => [n.date, n.start.getTime(), n.end.getTime()])

test('a stay covers its hotel nights, noon to noon, and not the morning it leaves', () => {
  assert.deepEqual(dates({ start: at(7, 14), end: at(9, 12) }), [
    ['2026-12-07', at(7, 14).getTime(), at(8, 12).getTime()],
    ['2026-12-08', at(8, 12).getTime(), at(9, 12).getTime()],
  ])
  // Arriving at one in the morning is the night before's.
  assert.deepEqual(dates({ start: at(8, 1), end: at(8, 12) }), [
    ['2026-12-07', at(8, 1).getTime(), at(8, 12).getTime()],
  ])
})

test('an hourly stay is one span; in 24-hour mode each night is 24 hours from the start', () => {
  assert.deepEqual(dates({ start: at(7, 10), end: at(7, 13) }, rules, true), [
    ['2026-12-07', at(7, 10).getTime(), at(7, 13).getTime()],
  ])
  const day = { ...rules, checkOutMode: '24h' as const }
  assert.deepEqual(
    dates({ start: at(7, 20), end: at(9, 20) }, day).map((n) => n[0]),
    ['2026-12-07', '2026-12-08'],
  )
})
