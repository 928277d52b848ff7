import { describe, expect, it } from 'vitest'
import {
  addDays,
  dayRange,
  daysBetween,
  isTimeZone,
  offsetMinutes,
  zonedDateTime,
  zonedDay,
  zonedInstant,
} from './zone.ts'

describe('property time zones', () => {
  // 2026-11-24 02:00 UTC is the 24th in Shanghai (10:00) and still the 23rd in Los Angeles (18:00).
  const instant = Date.UTC(2026, 10, 24, 2, 0, 0)

  it('reads the day and the clock in the zone, whatever the machine zone', () => {
    expect(zonedDay(instant, 'Asia/Shanghai')).toBe('2026-11-24')
    expect(zonedDay(instant, 'America/Los_Angeles')).toBe('2026-11-23')
    expect(zonedDateTime(instant, 'Asia/Shanghai')).toBe('2026-11-24 10:00:00')
    expect(zonedDateTime(instant, 'America/Los_Angeles')).toBe('2026-11-23 18:00:00')
  })

  it('turns a wall-clock reading back into the instant', () => {
    expect(zonedInstant({ year: 2026, month: 11, day: 24, hour: 10 }, 'Asia/Shanghai').getTime()).toBe(
      instant,
    )
    expect(zonedInstant({ year: 2026, month: 11, day: 23, hour: 18 }, 'America/Los_Angeles').getTime()).toBe(
      instant,
    )
    expect(offsetMinutes(instant, 'Asia/Shanghai')).toBe(480)
    expect(offsetMinutes(instant, 'America/Los_Angeles')).toBe(-480)
  })

  it('gives a day its instants, 23 hours on the spring-forward day', () => {
    const { start, end } = dayRange('2026-03-08', 'America/Los_Angeles')
    expect(start.toISOString()).toBe('2026-03-08T08:00:00.000Z')
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000)
    expect(dayRange('2026-11-24', 'Asia/Shanghai').start.toISOString()).toBe('2026-11-23T16:00:00.000Z')
  })

  it('does calendar arithmetic across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(daysBetween('2026-11-23', '2026-12-02')).toBe(9)
  })

  it('knows which zone names exist', () => {
    expect(isTimeZone('America/Los_Angeles')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})
