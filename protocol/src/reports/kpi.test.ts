// The KPI definitions on hand-computed figures: rounding half up, zero denominators, the two availability rules.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { test } from 'vitest'
import {
  AvailabilityRule,
  adr,
  availableRoomNights,
  averageLengthOfStay,
  cancellationRate,
  kpisOf,
  occupancy,
  ratio,
  revpar,
} from './kpi.ts'

test('ratios round half up and are null over nothing', () => {
  assert.equal(ratio(1, 3), 0)
  assert.equal(ratio(2, 3), 1)
  assert.equal(ratio(1, 2), 1)
  assert.equal(ratio(5, 0), null)
  assert.equal(occupancy(7, 9), 7778) // 77.777… % → 77.78 %
  assert.equal(occupancy(0, 9), 0)
  assert.equal(adr(100_001, 2), 50_001) // 500.005 → 500.01
  assert.equal(adr(100_000, 0), null)
})

test('available room-nights: out-of-order deducted by default, only long-term closures under USALI', () => {
  const c = { roomsInService: 27, roomsOutOfOrder: 3 }
  assert.equal(availableRoomNights(AvailabilityRule.deductOutOfOrder, c), 27)
  assert.equal(availableRoomNights(AvailabilityRule.usali, c), 30)
  assert.equal(availableRoomNights(AvailabilityRule.usali, { ...c, roomsLongTermClosed: 2 }), 28)
})

test('a 10-room day: 6 sold of 9 in service at 3,000.00 room revenue', () => {
  const k = kpisOf(AvailabilityRule.deductOutOfOrder, {
    roomsInService: 9,
    roomsOutOfOrder: 1,
    roomsSold: 6,
    roomRevenueCents: 300_000,
    arrivals: 5,
    hourlyStays: 1,
    noShows: 1,
    cancellations: 2,
  })
  assert.deepEqual(k, {
    availableRoomNights: 9,
    roomNightsSold: 6,
    occupancyBp: 6667,
    adrCents: 50_000,
    revparCents: 33_333,
    alosHundredths: 150,
    cancellationRateBp: 2500,
  })
  assert.equal(averageLengthOfStay(3, 1, 1), null)
  assert.equal(cancellationRate(0, 0, 0), null)
})

test('RevPAR equals ADR × occupancy (within rounding)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 5000 }),
      fc.integer({ min: 0, max: 5000 }),
      fc.integer({ min: 0, max: 10_000_000 }),
      (available, soldRaw, rate) => {
        const sold = Math.min(soldRaw, available)
        const revenue = sold * rate
        const r = revpar(revenue, available)!
        if (sold === 0) return r === 0
        const viaAdr = (adr(revenue, sold)! * sold) / available
        return Math.abs(r - viaAdr) <= 1
      },
    ),
  )
})
