// The desk's day for the home page (issue 16): GET /pms/pmsOrder/today lists the stays due to arrive — a room
// assigned or by type only — and the stays due out (overdue first), with the day's figures, phones masked, in the
// current property only.
import assert from 'node:assert/strict'
import { PROPERTY_CONFIG_DEFAULTS } from '@pms/protocol/api/properties'
import { dayRange } from '@pms/protocol/time/zone'
import { beforeAll, test } from 'vitest'
import { bill } from './billing-support.ts'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import {
  arrangeStaff,
  call,
  day,
  KING,
  reserve,
  roomOf,
  type Staff,
  TWIN,
  typeOf,
  walkIn,
} from './orders-support.ts'

describeProduct('desk: today at a glance', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  test('an empty day: no arrivals, no departures, every room vacant', async () => {
    const res = await call(p, staff.clerk, 'get', '/pms/pmsOrder/today')
    assert.equal(res.code, 200, res.msg)
    assert.deepEqual(res.data.arrivals, [])
    assert.deepEqual(res.data.departures, [])
    assert.equal(res.data.figures.inHouse, 0)
    assert.ok(res.data.figures.rooms > 0)
    assert.equal(res.data.figures.vacant, res.data.figures.rooms)
    assert.equal(res.data.changesAt, undefined, 'nothing due: nothing changes by time alone')
  })

  test('arrivals with and without a room, departures overdue first, figures and masked phones', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const twin = await typeOf(p, staff.hotel, TWIN)
    const r101 = await roomOf(p, staff.hotel, '101')
    const r102 = await roomOf(p, staff.hotel, '102')
    const r103 = await roomOf(p, staff.hotel, '103')
    const assigned = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      contactName: 'Zhao Lei',
      contactPhone: '13912345678',
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r101.roomId }],
    })
    const byType = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 2,
      contactName: 'Qian Yu',
      contactPhone: '13812345678',
      rooms: [{ roomTypeId: twin.roomTypeId }],
    })
    // Tomorrow's arrival is not today's.
    await reserve(p, staff.clerk, {
      startTime: day(1),
      nights: 1,
      contactName: 'Sun Li',
      contactPhone: '13712345678',
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const leaving = await walkIn(p, staff.clerk, king.roomTypeId, r102.roomId)
    const late = await walkIn(p, staff.clerk, king.roomTypeId, r103.roomId, { nights: 2 })
    await p.query(
      "UPDATE pms_order_room SET stay = tstzrange(lower(stay) - interval '3 days', now() - interval '1 hour', '[)') WHERE order_room_id = $1",
      [late.rooms[0].orderRoomId],
    )
    // The other guest leaves before the property's business day ends (its last minute, in the property's zone); after
    // the zone's midnight, before the night audit, that minute is past and the walk-in arrived after it: it arrived
    // an hour before instead.
    const [open] = await p.query<{ business_date: string }>(
      'SELECT business_date::text AS business_date FROM pms_business_date WHERE property_id = $1',
      [staff.hotel],
    )
    const lastMinute = new Date(
      dayRange(open!.business_date.slice(0, 10), PROPERTY_CONFIG_DEFAULTS.timeZone).end.getTime() - 60_000,
    )
    await p.query(
      "UPDATE pms_order_room SET stay = tstzrange(least(lower(stay), $2::timestamptz - interval '1 hour'), $2, '[)') WHERE order_room_id = $1",
      [leaving.rooms[0].orderRoomId, lastMinute.toISOString()],
    )

    const res = await call(p, staff.clerk, 'get', '/pms/pmsOrder/today')
    assert.equal(res.code, 200, res.msg)
    const { arrivals, departures, figures } = res.data
    assert.deepEqual(
      arrivals.map((a: any) => [a.orderNo, a.roomNo, a.contactName, a.contactPhone]),
      [
        [assigned.orderNo, '101', 'Zhao Lei', '139****5678'],
        [byType.orderNo, null, 'Qian Yu', '138****5678'],
      ],
    )
    assert.equal(arrivals.find((a: any) => a.roomNo === null).typeName, TWIN)
    assert.deepEqual(
      departures.map((d: any) => [d.orderNo, d.roomNo, d.overdue, d.guestName]),
      [
        [late.orderNo, '103', true, 'Li Lei'],
        [leaving.orderNo, '102', lastMinute <= new Date(), 'Li Lei'],
      ],
    )
    assert.equal(figures.inHouse, 2)
    assert.equal(figures.arriving, 2)
    assert.equal(figures.overdue, departures.filter((d: any) => d.overdue).length)
    assert.equal(figures.dueOut, 2)
    assert.equal(figures.vacant, figures.rooms - 2)
    // The day changes by time alone at the first of today's stays to pass its end: the console asks again then.
    const [next] = await p.query<{ at: Date }>(
      `SELECT min(upper(stay)) AS at FROM pms_order_room WHERE order_room_id = ANY($1::bigint[]) AND upper(stay) > now()`,
      [[leaving.rooms[0].orderRoomId, assigned.rooms[0].orderRoomId, byType.rooms[0].orderRoomId]],
    )
    assert.equal(res.data.changesAt, new Date(next!.at).toISOString())
  })

  test('tenancy: the apartment sees none of the hotel’s day; anonymous callers get 401', async () => {
    assert.equal((await call(p, staff.manager, 'put', `/auth/switchProperty/${staff.apartment}`)).code, 200)
    const other = await call(p, staff.manager, 'get', '/pms/pmsOrder/today')
    assert.equal(other.code, 200, other.msg)
    assert.deepEqual(other.data.arrivals, [])
    assert.deepEqual(other.data.departures, [])
    assert.equal(other.data.figures.inHouse, 0)
    assert.equal((await call(p, staff.manager, 'put', `/auth/switchProperty/${staff.hotel}`)).code, 200)
    assert.equal((await p.http.get('/prod-api/pms/pmsOrder/today')).status, 401)
  })

  test('a group due out shows its balance once, on its main account’s line', async () => {
    const [r105, r106] = [await roomOf(p, staff.hotel, '105'), await roomOf(p, staff.hotel, '106')]
    const guest = { name: 'Li Lei', idType: 'passport', idNo: 'E1234567' }
    const group = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [r105, r106].map((r) => ({ roomTypeId: r.roomTypeId, roomId: r.roomId, guests: [guest] })),
    })
    assert.equal(group.code, 200, group.msg)
    await p.query(
      "UPDATE pms_order_room SET stay = tstzrange(lower(stay) - interval '2 days', now() - interval '1 hour', '[)') WHERE order_id = $1",
      [group.data.orderId],
    )
    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: group.data.orderId,
      itemName: 'Minibar',
      amountCents: 30000,
    })
    assert.equal(charge.code, 200, charge.msg)
    const res = await call(p, staff.clerk, 'get', '/pms/pmsOrder/today')
    assert.equal(res.code, 200, res.msg)
    const lines = res.data.departures.filter((d: any) => d.orderId === group.data.orderId)
    assert.deepEqual(
      lines.map((d: any) => [d.roomNo, d.balanceCents]),
      [
        ['105', 30000],
        ['106', 0],
      ],
    )
  })
})
