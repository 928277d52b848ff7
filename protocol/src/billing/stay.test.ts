import assert from 'node:assert/strict'
import { test } from 'vitest'
import {
  dueTime,
  hourlyStayCharge,
  nightsStayed,
  type OvertimeRules,
  overtimeCharge,
  parseClock,
  type StayTiming,
  stayCharge,
} from './stay.ts'

const CHINA = 480
/** A local wall-clock time 'YYYY-MM-DD HH:mm[:ss]' at a UTC offset, as UTC ms (no host time zone involved). */
function at(text: string, offset = CHINA): number {
  const [d, t] = text.split(' ')
  const [y, mo, da] = d!.split('-').map(Number)
  const [h, mi, s = 0] = t!.split(':').map(Number)
  return Date.UTC(y!, mo! - 1, da!, h!, mi!, s) - offset * 60_000
}
const fixed: StayTiming = { checkOutTime: '12:00', checkOutMode: 'fixed', utcOffsetMinutes: CHINA }
const day24: StayTiming = { checkOutTime: '12:00', checkOutMode: '24h', utcOffsetMinutes: CHINA }

test('parseClock accepts HH:mm only', () => {
  assert.equal(parseClock('12:00'), 720)
  assert.equal(parseClock('00:00'), 0)
  assert.equal(parseClock('23:59'), 1439)
  for (const bad of ['24:00', '7:00', '12:60', '12:00:00', '']) assert.equal(parseClock(bad), null, bad)
  assert.throws(() => dueTime(0, 1, { ...fixed, checkOutTime: '25:00' }), RangeError)
})

test('due times in fixed-time and 24-hour modes', () => {
  // [timing, check-in (local), night n, due (local), offset]
  const cases: Array<[StayTiming, string, number, string, number?]> = [
    [fixed, '2024-03-10 15:00', 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', 3, '2024-03-13 12:00'],
    [fixed, '2024-03-10 23:59', 1, '2024-03-11 12:00'],
    // An arrival after midnight belongs to that day, even where the UTC date is still the day before.
    [fixed, '2024-03-11 01:00', 1, '2024-03-12 12:00'],
    [fixed, '2024-03-11 02:00', 1, '2024-03-12 12:00'],
    [fixed, '2024-02-28 20:00', 1, '2024-02-29 12:00'],
    [fixed, '2024-12-31 20:00', 1, '2025-01-01 12:00'],
    [{ ...fixed, checkOutTime: '14:30' }, '2024-03-10 09:00', 1, '2024-03-11 14:30'],
    // West of UTC: the local date is behind the UTC date in the evening.
    [{ ...fixed, utcOffsetMinutes: -300 }, '2024-03-10 22:00', 1, '2024-03-11 12:00', -300],
    [day24, '2024-03-10 15:07', 1, '2024-03-11 15:07'],
    [day24, '2024-03-10 15:07', 2, '2024-03-12 15:07'],
  ]
  for (const [timing, checkIn, n, due, offset = CHINA] of cases)
    assert.equal(
      dueTime(at(checkIn, offset), n, timing),
      at(due, offset),
      `${timing.checkOutMode} ${checkIn} n=${n}`,
    )
})

test('nights charged: nights begun up to the booked end, due times reached after it', () => {
  // [timing, check-in, departure, booked end (one night when null), nights, due]
  const cases: Array<[StayTiming, string, string, string | null, number, string]> = [
    [fixed, '2024-03-10 15:00', '2024-03-10 18:00', null, 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-11 11:59', null, 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-11 12:00', null, 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-11 18:00', null, 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-12 11:59', null, 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-12 12:00', null, 2, '2024-03-12 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-17 13:00', null, 7, '2024-03-17 12:00'],
    // Booked for two nights: leaving during the second night pays it, with no overtime.
    [fixed, '2024-03-10 15:00', '2024-03-12 11:00', '2024-03-12 12:00', 2, '2024-03-12 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-11 12:30', '2024-03-12 12:00', 2, '2024-03-12 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-12 12:00', '2024-03-12 12:00', 2, '2024-03-12 12:00'],
    // Past the booked end: overtime again.
    [fixed, '2024-03-10 15:00', '2024-03-12 12:01', '2024-03-12 12:00', 2, '2024-03-12 12:00'],
    // An early departure pays the nights begun only.
    [fixed, '2024-03-10 15:00', '2024-03-11 11:00', '2024-03-13 12:00', 1, '2024-03-11 12:00'],
    [fixed, '2024-03-10 15:00', '2024-03-10 16:00', '2024-03-13 12:00', 1, '2024-03-11 12:00'],
    [day24, '2024-03-10 15:00', '2024-03-11 15:00', null, 1, '2024-03-11 15:00'],
    [day24, '2024-03-10 15:00', '2024-03-12 14:59', null, 1, '2024-03-11 15:00'],
    [day24, '2024-03-10 15:00', '2024-03-12 15:00', null, 2, '2024-03-12 15:00'],
    [day24, '2024-03-10 15:00', '2024-03-12 14:59', '2024-03-13 15:00', 2, '2024-03-12 15:00'],
  ]
  for (const [timing, checkIn, out, booked, nights, due] of cases)
    assert.deepEqual(
      nightsStayed(at(checkIn), at(out), timing, booked ? at(booked) : undefined),
      { nights, dueAt: at(due) },
      `${timing.checkOutMode} ${checkIn} → ${out} (booked to ${booked})`,
    )
})

test('overtime rules, every rule at its boundaries', () => {
  const hourly: OvertimeRules = { hourly: { afterMinutes: 30, feePerHourCents: 2000, capCents: 6000 } }
  const starting: OvertimeRules = { startingFee: { afterMinutes: 15, feeCents: 5000 } }
  const withFullDay: OvertimeRules = { ...hourly, fullDay: { afterMinutes: 360 } }
  const uncapped: OvertimeRules = { hourly: { afterMinutes: 0, feePerHourCents: 5000, capCents: 0 } }
  const both: OvertimeRules = {
    startingFee: { afterMinutes: 0, feeCents: 3000 },
    hourly: { afterMinutes: 60, feePerHourCents: 1000, capCents: 0 },
  }
  // [name, minutes, rules, nightly, rule, hours, cents]
  const cases: Array<[string, number, OvertimeRules, number, string, number, number]> = [
    ['no overtime', 0, hourly, 30000, 'none', 0, 0],
    ['early', -45, hourly, 30000, 'none', 0, 0],
    ['inside grace', 29, hourly, 30000, 'grace', 0, 0],
    ['exactly at the grace minute', 30, hourly, 30000, 'grace', 0, 0],
    ['one minute past grace: the started hour from the due time', 31, hourly, 30000, 'charged', 1, 2000],
    ['one full hour', 60, hourly, 30000, 'charged', 1, 2000],
    ['one minute into the second hour', 61, hourly, 30000, 'charged', 2, 4000],
    ['hourly part reaches the cap exactly', 180, hourly, 30000, 'charged', 3, 6000],
    ['hourly part over the cap', 181, hourly, 30000, 'capped', 4, 6000],
    ['starting fee: exactly at its minute', 15, starting, 30000, 'grace', 0, 0],
    ['starting fee: one minute past', 16, starting, 30000, 'charged', 0, 5000],
    ['full day: exactly at its minute, hourly still applies', 360, withFullDay, 30000, 'capped', 6, 6000],
    ['full day: one minute past, one more night', 361, withFullDay, 30000, 'fullDay', 0, 30000],
    ['never more than a night', 180, uncapped, 12000, 'capped', 3, 12000],
    ['uncapped hourly below a night', 1, uncapped, 12000, 'charged', 1, 5000],
    ['starting fee and hourly add up: only the fee yet', 60, both, 30000, 'charged', 0, 3000],
    ['starting fee and hourly add up', 61, both, 30000, 'charged', 2, 5000],
    ['no rules: overtime is free', 100, {}, 30000, 'grace', 0, 0],
  ]
  for (const [name, minutes, rules, nightly, rule, hours, cents] of cases) {
    const got = overtimeCharge(minutes, rules, nightly)
    assert.deepEqual([got.rule, got.hours, got.cents], [rule, hours, cents], name)
    assert.ok(got.cents <= nightly, `${name}: never more than a night`)
  }
})

test('a whole daily stay: nights plus overtime in whole minutes', () => {
  const overtime: OvertimeRules = { hourly: { afterMinutes: 30, feePerHourCents: 2000, capCents: 6000 } }
  const base = { checkIn: at('2024-03-10 15:00'), nightlyCents: 30000, timing: fixed, overtime }
  const cases: Array<[string, number, number, number, number]> = [
    // [departure, nights, overtime minutes, overtime cents, total]
    ['2024-03-11 10:00', 1, 0, 0, 30000],
    ['2024-03-11 12:30', 1, 30, 0, 30000],
    // 59 seconds past the grace minute are still inside it.
    ['2024-03-11 12:30:59', 1, 30, 0, 30000],
    ['2024-03-11 12:31', 1, 31, 2000, 32000],
    ['2024-03-13 16:00', 3, 240, 6000, 96000],
  ]
  for (const [out, nights, minutes, otCents, total] of cases) {
    const got = stayCharge({ ...base, at: at(out) })
    assert.deepEqual(
      [got.nights, got.overtime.minutes, got.overtime.cents, got.totalCents],
      [nights, minutes, otCents, total],
      out,
    )
  }
  // Booked for three nights and gone on the third afternoon: three nights, no overtime.
  const booked = stayCharge({ ...base, at: at('2024-03-12 16:00'), plannedEnd: at('2024-03-13 12:00') })
  assert.deepEqual([booked.nights, booked.overtime.rule, booked.totalCents], [3, 'none', 90000])
  assert.throws(() => stayCharge({ ...base, at: at('2024-03-11 10:00'), nightlyCents: -1 }), RangeError)
  assert.throws(() => stayCharge({ ...base, at: at('2024-03-11 10:00'), nightlyCents: 0.5 }), RangeError)
})

test('hourly stays: started units of the unit time, at least one', () => {
  const base = { checkIn: at('2024-03-10 15:00'), firstUnitCents: 5000, unitCents: 3000 }
  const cases: Array<[number, string, number, number]> = [
    // [unit minutes, departure, units, cents]
    [60, '2024-03-10 15:00', 1, 5000],
    [60, '2024-03-10 15:59', 1, 5000],
    [60, '2024-03-10 16:00', 1, 5000],
    [60, '2024-03-10 16:00:59', 1, 5000],
    [60, '2024-03-10 16:01', 2, 8000],
    [60, '2024-03-10 18:00', 3, 11000],
    [30, '2024-03-10 16:01', 3, 11000],
    [240, '2024-03-11 01:00', 3, 11000],
  ]
  for (const [unitMinutes, out, units, cents] of cases) {
    const got = hourlyStayCharge({ ...base, unitMinutes, at: at(out) })
    assert.deepEqual([got.units, got.cents], [units, cents], `${unitMinutes} ${out}`)
  }
  assert.throws(() => hourlyStayCharge({ ...base, unitMinutes: 0, at: base.checkIn }), RangeError)
})
