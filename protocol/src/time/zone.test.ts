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
  zonedParts,
} from './zone.ts'

/** The reading Intl gives, field by field, for comparison with zonedParts' kept offsets. */
const readers = new Map<string, Intl.DateTimeFormat>()
function intlReading(instant: number, timeZone: string): string {
  const reader =
    readers.get(timeZone) ??
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
  readers.set(timeZone, reader)
  const parts = reader.formatToParts(new Date(instant))
  const v = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return [v('year'), v('month'), v('day'), v('hour') % 24, v('minute'), v('second')].join(' ')
}

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

  it('reads the same as Intl every few minutes around offset changes, including half-hour and 45-minute zones', () => {
    const zones = [
      'America/Los_Angeles', // 02:00 local, one hour
      'Europe/London', // 01:00 UTC
      'Australia/Adelaide', // +09:30 / +10:30: changes at half past the UTC hour
      'Australia/Lord_Howe', // a 30-minute change
      'Pacific/Chatham', // +12:45 / +13:45
      'Asia/Kathmandu', // +05:45, no change
      'Asia/Shanghai',
    ]
    const mismatches: string[] = []
    // Every 7 minutes 13 seconds and a few milliseconds, so that the instants fall all over the quarter hours.
    for (const zone of zones)
      for (const [from, to] of [
        [Date.UTC(2026, 2, 7), Date.UTC(2026, 3, 8)],
        [Date.UTC(2026, 8, 26), Date.UTC(2026, 10, 3)],
      ] as const)
        for (let t = from; t < to; t += 433_017) {
          const p = zonedParts(t, zone)
          const mine = [p.year, p.month, p.day, p.hour, p.minute, p.second].join(' ')
          const reading = intlReading(t, zone)
          if (mine !== reading) mismatches.push(`${zone} ${new Date(t).toISOString()}`)
          // The offset, read from the quarter hour's when it holds all through it, is Intl's wall clock minus UTC.
          const [y, mo, d, h, mi, se] = reading.split(' ').map(Number)
          const intlOffset = Math.round((Date.UTC(y!, mo! - 1, d!, h!, mi!, se!) - (t - (t % 1000))) / 60_000)
          if (offsetMinutes(t, zone) !== intlOffset)
            mismatches.push(`offset ${zone} ${new Date(t).toISOString()}`)
        }
    expect(mismatches).toEqual([])
  })

  it('reads the same as Intl across a change off the quarter hours (Shanghai leaving local mean time, 1901)', () => {
    // 1900-12-31T15:54:17Z: +08:05:43 becomes +08:00 — the quarter hour around it is read instant by instant.
    const change = Date.UTC(1900, 11, 31, 15, 54, 17)
    for (let t = change - 20 * 60_000; t < change + 20 * 60_000; t += 7_001) {
      const p = zonedParts(t, 'Asia/Shanghai')
      expect([p.year, p.month, p.day, p.hour, p.minute, p.second].join(' ')).toBe(
        intlReading(t, 'Asia/Shanghai'),
      )
    }
  })

  it('reads instants before 1970 and with milliseconds to the second, as Intl does', () => {
    for (const t of [
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      -1,
      Date.UTC(1900, 0, 1, 12),
      1_700_000_000_999,
    ])
      for (const zone of ['Asia/Shanghai', 'America/New_York', 'UTC']) {
        const p = zonedParts(t, zone)
        expect([p.year, p.month, p.day, p.hour, p.minute, p.second].join(' ')).toBe(intlReading(t, zone))
      }
  })
})
