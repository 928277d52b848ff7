import assert from 'node:assert/strict'
import { addDays, dayRange, daysBetween, zonedDay, zonedInstant } from '@pms/protocol/time/zone'
import { test } from 'vitest'
import { daysTouched } from './inventory.ts'

/** The days a range touches, by day text: the day of its start, then each next day that begins before its end. */
function byDayText(range: { start: Date; end: Date }, timeZone: string): number[] {
  const days: number[] = []
  for (
    let day = zonedDay(range.start, timeZone);
    dayRange(day, timeZone).start < range.end;
    day = addDays(day, 1)
  )
    days.push(daysBetween('1970-01-01', day))
  return days
}

const local = (timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0) =>
  zonedInstant({ year, month, day, hour, minute }, timeZone)

test('a night from noon to noon touches the two days; a stay inside one day touches that day alone', () => {
  const zone = 'Asia/Shanghai'
  const night = { start: local(zone, 2026, 12, 31, 12), end: local(zone, 2027, 1, 1, 12) }
  assert.deepEqual(daysTouched(night, zone), [20818, 20819])
  const hours = { start: local(zone, 2026, 12, 31, 9), end: local(zone, 2026, 12, 31, 13) }
  assert.deepEqual(daysTouched(hours, zone), [20818])
  // Ending at midnight: the next day is not touched.
  assert.deepEqual(daysTouched({ start: hours.start, end: local(zone, 2027, 1, 1) }, zone), [20818])
})

test('the days touched are the calendar days of the property, across months, years and clock changes', () => {
  const cases: Array<[string, number, number, number, number, number]> = [
    // zone, year, month, day, start hour, nights
    ['Asia/Shanghai', 2026, 2, 27, 14, 3],
    ['America/New_York', 2026, 3, 7, 12, 2], // spring forward on 8 March
    ['America/New_York', 2026, 10, 31, 23, 2], // fall back on 1 November
    ['America/Sao_Paulo', 2018, 11, 3, 12, 2], // midnight of 4 November 2018 skipped
    ['Europe/London', 2026, 3, 28, 0, 1],
    ['Pacific/Apia', 2011, 12, 29, 12, 2], // 30 December 2011 skipped whole
    ['UTC', 2028, 2, 28, 6, 3],
  ]
  for (const [zone, year, month, day, hour, nights] of cases) {
    const range = {
      start: local(zone, year, month, day, hour),
      end: local(zone, year, month, day + nights, 12),
    }
    assert.deepEqual(daysTouched(range, zone), byDayText(range, zone), `${zone} ${year}-${month}-${day}`)
  }
})
