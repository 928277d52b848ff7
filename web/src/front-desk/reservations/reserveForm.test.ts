import assert from 'node:assert/strict'
import type { AvailabilityType } from '@pms/protocol/api/orders'
import { describe, test } from 'vitest'
import { buildReserve, defaultArrival, freeOverRange, nightsError, type ReserveForm } from './reserveForm.ts'

const standard: AvailabilityType = {
  roomTypeId: 1,
  typeName: 'Standard',
  dailyPrice: 28800,
  hourlyPrice: 6000,
  hourRoom: false,
  maxOccupancy: 2,
  total: 10,
  nights: [
    { date: '2030-05-01', free: 3 },
    { date: '2030-05-02', free: 1 },
  ],
  freeRooms: [{ roomId: 101, roomNo: '101', occupancy: 'empty', dirty: false }],
}
const hourly: AvailabilityType = {
  ...standard,
  roomTypeId: 2,
  typeName: 'Hour',
  hourRoom: true,
  nights: [{ date: '2030-05-01', free: 5 }],
}

const form = (more: Partial<ReserveForm> = {}): ReserveForm => ({
  hourly: false,
  startDate: '2030-05-01',
  startClock: '14:00',
  nights: '2',
  hours: '',
  lines: [{ key: 'a', roomTypeId: 1, priceText: '288.00' }],
  depositMethod: 'cash',
  contactName: ' Zhang Wei ',
  contactPhone: '13800138000',
  depositText: '1,000',
  orderSource: 'phone',
  customerSource: '',
  channel: '',
  salesman: '',
  externalNo: '',
  remark: '',
  secret: true,
  ...more,
})

describe('reservation form rules', () => {
  test('a valid daily booking becomes the contract request; the type price is not sent, the deposit is cents', () => {
    const built = buildReserve(form(), [standard], false)
    assert.ok(built.ok)
    assert.deepEqual(built.body, {
      startTime: '2030-05-01 14:00:00',
      nights: 2,
      rooms: [{ roomTypeId: 1 }],
      contactName: 'Zhang Wei',
      secret: true,
      contactPhone: '13800138000',
      orderSource: 'phone',
      depositCents: 100000,
      depositMethod: 'cash',
    })
  })

  test('phones per SPEC §5 and nights 1 to 365 say what is wrong; 0 nights is not taken as 1', () => {
    const bad = buildReserve(form({ contactPhone: '1234567', nights: '0' }), [standard], false)
    assert.ok(!bad.ok)
    assert.deepEqual(bad.errors.contactPhone, { key: 'deskChart.phoneMainland', params: ['contactPhone'] })
    assert.deepEqual(bad.errors.nights, { key: 'deskChart.nightsRange', params: ['nights', 365] })
    assert.deepEqual(nightsError('400'), { key: 'deskChart.nightsRange', params: ['nights', 365] })
    assert.equal(nightsError('365'), null)
    assert.ok(buildReserve(form({ contactPhone: '+852 91234567' }), [standard], false).ok)
  })

  test('another price needs pms:pmsOrder:changePrice', () => {
    const f = form({ lines: [{ key: 'a', roomTypeId: 1, priceText: '250' }] })
    const refused = buildReserve(f, [standard], false)
    assert.ok(!refused.ok)
    assert.equal(refused.errors['line.a']?.key, 'orders.priceNeedsPermission')
    const allowed = buildReserve(f, [standard], true)
    assert.ok(allowed.ok)
    assert.equal(allowed.body.rooms[0]!.priceCents, 25000)
  })

  test('more rooms of a type than are free every night is refused, naming the type and the free count', () => {
    assert.equal(freeOverRange(standard), 1)
    const two = form({
      lines: [
        { key: 'a', roomTypeId: 1, priceText: '288' },
        { key: 'b', roomTypeId: 1, priceText: '288' },
      ],
    })
    const built = buildReserve(two, [standard], false)
    assert.ok(!built.ok)
    assert.deepEqual(built.errors['type.1'], {
      key: 'frontDeskConsole.error.notEnoughFree',
      params: ['Standard', 1],
    })
  })

  test('a room assigned now must be free for the range and chosen once', () => {
    const twice = form({
      lines: [
        { key: 'a', roomTypeId: 1, roomId: 101, priceText: '288' },
        { key: 'b', roomTypeId: 1, roomId: 102, priceText: '288' },
      ],
    })
    const built = buildReserve(twice, [{ ...standard, nights: [{ date: '2030-05-01', free: 4 }] }], false)
    assert.ok(!built.ok)
    assert.equal(built.errors['line.a'], undefined)
    assert.equal(built.errors['line.b']?.key, 'frontDeskConsole.error.roomTaken')
  })

  test('hours only for hourly room types; hourly bookings send hours, not nights', () => {
    const refused = buildReserve(form({ hourly: true, hours: '3' }), [standard], false)
    assert.ok(!refused.ok)
    assert.equal(refused.errors['line.a']?.key, 'frontDeskConsole.error.notHourly')
    const ok = buildReserve(
      form({ hourly: true, hours: '3', lines: [{ key: 'a', roomTypeId: 2, priceText: '60' }] }),
      [hourly],
      false,
    )
    assert.ok(ok.ok)
    assert.equal(ok.body.hours, 3)
    assert.equal(ok.body.hourly, true)
    assert.equal(ok.body.nights, undefined)
  })

  test('missing contact, bad phone, bad nights, bad deposit and no rooms are all reported at once', () => {
    const built = buildReserve(
      form({ contactName: ' ', contactPhone: 'abc', nights: '0', depositText: '1.234', lines: [] }),
      [standard],
      false,
    )
    assert.ok(!built.ok)
    assert.deepEqual(Object.keys(built.errors).sort(), [
      'contactName',
      'contactPhone',
      'depositText',
      'lines',
      'nights',
    ])
  })
})

test("a new reservation arrives at 14:00, or at the property's later check-out time", () => {
  assert.equal(defaultArrival('12:00'), '14:00')
  assert.equal(defaultArrival('14:00'), '14:00')
  assert.equal(defaultArrival('15:30'), '15:30')
  assert.equal(defaultArrival(null), '14:00')
  assert.equal(defaultArrival('soon'), '14:00')
})
