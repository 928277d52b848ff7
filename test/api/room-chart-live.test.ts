// The room status chart live on every desk: once a change to a property's chart has committed — whoever wrote it — the
// consoles subscribed to the property's room-chart topic hear it, and only that property's.
import assert from 'node:assert/strict'
import { topics } from '@pms/protocol'
import { test } from 'vitest'
import { describeProduct } from './harness.ts'
import { connectConsole, nextMessage, subscribe } from './live-support.ts'
import { arrangeStaff, call, KING, roomOf, type Staff, typeOf, walkIn } from './orders-support.ts'

describeProduct('room chart changes on the live channel', (product) => {
  let staff: Staff

  test('a check-in, a check-out and a change by hand each reach the desks of the property, after commit', async () => {
    const p = product()
    staff = await arrangeStaff(p)
    const desk = await connectConsole(p, 'clerk', staff.clerk)
    try {
      const topic = topics.roomChart(staff.hotel)
      assert.equal(await subscribe(desk, topic), 2)
      // The clerk works at the hotel only: the apartment's chart is refused.
      await assert.rejects(subscribe(desk, topics.roomChart(staff.apartment)), /Subscribe error/)

      const king = await typeOf(p, staff.hotel, KING)
      const room = await roomOf(p, staff.hotel, '102')
      let heard = nextMessage(desk, topic)
      const order = await walkIn(p, staff.clerk, king.roomTypeId, room.roomId)
      assert.deepEqual(await heard, { propertyId: staff.hotel })

      heard = nextMessage(desk, topic)
      const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
      assert.equal(out.code, 200, out.msg)
      assert.deepEqual(await heard, { propertyId: staff.hotel })

      // Housekeeping's change made straight in the database is heard too: the triggers notify, not the routes.
      heard = nextMessage(desk, topic)
      await p.query('UPDATE pms_room SET dirty = false WHERE room_id = $1', [room.roomId])
      assert.deepEqual(await heard, { propertyId: staff.hotel })
    } finally {
      await desk.endAsync()
    }
  })
})
