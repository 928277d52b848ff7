// Shared arrangements of the front-desk suites: demo rooms by number, dates on the property's clock, and order calls.
import assert from 'node:assert/strict'
import { addDays, DEFAULT_TIME_ZONE, zonedDay } from '@pms/protocol/time/zone'
import { suiteStartedAt, type TestProduct } from './harness.ts'
import { call } from './room-stock-support.ts'

export { arrangeStaff, call, type Staff } from './room-stock-support.ts'

/**
 * A date `days` from today on the test property's clock (the default zone, Asia/Shanghai), 'YYYY-MM-DD': today is the
 * day the suite's product started on (harness.ts `startedAt`), the business date it opened, even after midnight.
 */
export function day(days: number, timeZone = DEFAULT_TIME_ZONE): string {
  return addDays(zonedDay(suiteStartedAt(), timeZone), days)
}

export async function roomOf(p: TestProduct, propertyId: number, roomNo: string) {
  const [row] = await p.query<{ room_id: string; room_type_id: string }>(
    'SELECT room_id, room_type_id FROM pms_room WHERE property_id = $1 AND room_no = $2',
    [propertyId, roomNo],
  )
  assert.ok(row, `room ${roomNo}`)
  return { roomId: Number(row.room_id), roomTypeId: Number(row.room_type_id) }
}

export async function typeOf(p: TestProduct, propertyId: number, typeName: string) {
  const [row] = await p.query<{ room_type_id: string; daily_price: string; hourly_price: string }>(
    'SELECT room_type_id, daily_price, hourly_price FROM pms_room_type WHERE property_id = $1 AND type_name = $2',
    [propertyId, typeName],
  )
  assert.ok(row, `type ${typeName}`)
  return {
    roomTypeId: Number(row.room_type_id),
    dailyPrice: Number(row.daily_price),
    hourlyPrice: Number(row.hourly_price),
  }
}

export const KING = '标准大床房'
export const TWIN = '标准双床房'
export const SEA = '豪华海景房'
export const HOURLY = '钟点房'

/** Reserves rooms and answers the order detail (asserting success). */
export async function reserve(p: TestProduct, token: string, body: object) {
  const res = await call(p, token, 'post', '/pms/pmsReserve', body)
  assert.equal(res.code, 200, res.msg)
  return res.data
}

/** Walks a guest into a room now and answers the order detail (asserting success). */
export async function walkIn(
  p: TestProduct,
  token: string,
  roomTypeId: number,
  roomId: number,
  extra: object = {},
) {
  const res = await call(p, token, 'post', '/pms/pmsOrder/walkIn', {
    nights: 1,
    rooms: [{ roomTypeId, roomId, guests: [{ name: 'Li Lei', idType: 'passport', idNo: 'E1234567' }] }],
    ...extra,
  })
  assert.equal(res.code, 200, res.msg)
  return res.data
}

export async function occupancyOf(p: TestProduct, roomId: number) {
  const [row] = await p.query<{ occupancy: string; dirty: boolean }>(
    'SELECT occupancy, dirty FROM pms_room WHERE room_id = $1',
    [roomId],
  )
  return row!
}
