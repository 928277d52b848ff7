// Summing days into a period's figures: counts and breakdowns add up, receivables close on the last day, the open
// day is counted as provisional, and calendar helpers (same day last year, days of a month).
import assert from 'node:assert/strict'
import { test } from 'vitest'
import type { DailySnapshot } from '../api/night-audit.ts'
import { daysOfMonth, sameDayLastYear, sumFigures } from './figures.ts'

const day = (businessDate: string, sold: number, roomCents: number, receivables: number): DailySnapshot => ({
  businessDate,
  roomsInService: 9,
  roomsSold: sold,
  roomsComplimentary: 0,
  roomsHouseUse: 0,
  roomsOutOfOrder: 1,
  roomsLongTermClosed: 0,
  hourlyStays: 0,
  arrivals: sold,
  departures: 0,
  inHouseGuests: sold,
  noShows: 0,
  cancellations: 0,
  roomRevenueCents: roomCents,
  otherRevenueCents: 1000,
  folioChargeCents: roomCents + 1000,
  receivablesCents: receivables,
  detail: {
    revenueByItem: { roomCharge: roomCents, Minibar: 1000 },
    revenueByRoomType: {},
    revenueByOrderSource: {},
    revenueByCustomerSource: {},
    revenueBySalesman: {},
    paymentsByMethod: { cash: 500 },
    depositsByMethod: {},
    refundsByMethod: {},
    expensesByMethod: {},
    memberRechargeCents: 0,
    memberSpentCents: 0,
    pointsEarned: 0,
    pointsUsed: 0,
  },
})

test('a period sums its days and computes the KPIs once from the sums', () => {
  const f = sumFigures('deductOutOfOrder', [
    { snapshot: day('2026-03-02', 3, 90_000, 700), provisional: true },
    { snapshot: day('2026-03-01', 6, 180_000, 400), provisional: false },
  ])
  assert.equal(f.days, 2)
  assert.equal(f.provisionalDays, 1)
  assert.equal(f.roomsInService, 18)
  assert.equal(f.roomsSold, 9)
  assert.equal(f.totalRevenueCents, 272_000)
  assert.deepEqual(f.revenueByItem, { roomCharge: 270_000, Minibar: 2000 })
  assert.deepEqual(f.paymentsByMethod, { cash: 1000 })
  assert.equal(f.receivablesCents, 700)
  assert.equal(f.kpis.occupancyBp, 5000)
  assert.equal(f.kpis.adrCents, 30_000)
  assert.equal(f.kpis.revparCents, 15_000)
})

test('an empty period has no ratios', () => {
  const f = sumFigures('usali', [])
  assert.equal(f.days, 0)
  assert.equal(f.kpis.occupancyBp, null)
  assert.equal(f.kpis.adrCents, null)
})

test('calendar helpers', () => {
  assert.equal(sameDayLastYear('2028-02-29'), '2027-02-28')
  assert.equal(sameDayLastYear('2026-11-24'), '2025-11-24')
  assert.equal(daysOfMonth('2028-02').length, 29)
  assert.equal(daysOfMonth('2026-04').at(-1), '2026-04-30')
})
