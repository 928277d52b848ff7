// The night audit and a group partly arrived: the rooms of an order whose other guests came are arrivals not in like
// any booking; the run marks each of them no-show (the order keeps its guests' history) and checks out an order left
// with nobody in house or to arrive.
import assert from 'node:assert/strict'
import { it } from 'vitest'
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

  it('lists the rooms still to arrive, marks them no-show and closes the order', async () => {
    const p = product()
    staff = await arrangeStaff(p)
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
    const missing = group.rooms.find((r: any) => r.roomId === second.roomId)
    assert.equal(
      (
        await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
          orderId: group.orderId,
          rooms: [{ orderRoomId: came.orderRoomId }],
        })
      ).code,
      200,
    )
    const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: group.orderId })
    assert.equal(out.code, 200, out.msg)
    assert.equal(out.data.state, 'checkIn', 'still open: 107 is to arrive')

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
      '106': 'checkOut',
      '107': 'noShow',
    })
    assert.equal(after.data.state, 'checkOut')
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
