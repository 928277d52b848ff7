// The night audit and a group partly arrived: the rooms of an order whose other guests came are arrivals not in like
// any booking; the run marks each of them no-show, and the guests in house stay. A departed guest's unpaid folio is
// listed with the room left and when.
import assert from 'node:assert/strict'
import { beforeAll, it } from 'vitest'
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

describeProduct('night audit: a group partly arrived', (product) => {
  let staff: Staff
  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  it('lists the rooms still to arrive and marks them no-show; the guests in house stay', async () => {
    const p = product()
    const twin = await typeOf(p, staff.hotel, TWIN)
    const [first, second] = [await roomOf(p, staff.hotel, '106'), await roomOf(p, staff.hotel, '107')]
    const group = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      contactName: 'Tour Leader',
      rooms: [
        { roomTypeId: twin.roomTypeId, roomId: first.roomId },
        { roomTypeId: twin.roomTypeId, roomId: second.roomId },
      ],
    })
    const came = group.rooms.find((r: any) => r.roomId === first.roomId)
    const checkIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: group.orderId,
      rooms: [{ orderRoomId: came.orderRoomId }],
    })
    assert.equal(checkIn.code, 200, checkIn.msg)

    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    const due = overview.data.blockers.filter(
      (b: any) => b.kind === 'arrivalDue' && b.orderId === group.orderId,
    )
    assert.deepEqual(
      due.map((b: any) => [b.roomNo, b.name]),
      [['107', 'Tour Leader']],
    )

    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: day(0) })
    assert.equal(run.code, 200, run.msg)
    const after = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${group.orderId}`)
    assert.deepEqual(Object.fromEntries(after.data.rooms.map((r: any) => [r.roomNo, r.state])), {
      '106': 'checkIn',
      '107': 'noShow',
    })
    assert.equal(after.data.state, 'checkIn')
    assert.ok(after.data.events.some((e: any) => e.action === 'noShow'))
  })

  it('a departed guest with money owing is listed with the room left and when they left', async () => {
    const p = product()
    const king = await typeOf(p, staff.hotel, KING)
    const room = await roomOf(p, staff.hotel, '104')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, room.roomId)
    const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    assert.equal(out.code, 200, out.msg)
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    const owing = overview.data.blockers.find(
      (b: any) => b.kind === 'unsettledFolio' && b.orderId === order.orderId,
    )
    assert.ok(owing, JSON.stringify(overview.data.blockers))
    assert.deepEqual([owing.roomNo, owing.time], ['104', out.data.rooms[0].checkedOutAt])
  })
})
