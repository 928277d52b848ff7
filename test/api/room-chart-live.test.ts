// The room status chart live on every desk: once a change to a property's chart has committed — whoever wrote it — the
// consoles subscribed to the property's room-chart topic hear it, and only that property's.
import assert from 'node:assert/strict'
import { topics } from '@pms/protocol'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { databaseKinds, describeProduct, startProduct, type TestProduct } from './harness.ts'
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

// PostgreSQL only: PGlite is one connection in the server's own process, which nothing can cut.
if (databaseKinds().includes('postgres'))
  describe('room chart changes on the live channel, across a lost connection [postgres]', () => {
    let started: TestProduct
    const product = () => started
    beforeAll(async () => {
      started = await startProduct('postgres')
    })
    afterAll(async () => {
      await started?.close()
    })

    test('a lost database connection misses no change: the next read finds what committed meanwhile', async () => {
      const p = product()
      const staff = await arrangeStaff(p)
      const desk = await connectConsole(p, 'clerk', staff.clerk)
      try {
        const topic = topics.roomChart(staff.hotel)
        await subscribe(desk, topic)
        const room = await roomOf(p, staff.hotel, '103')
        // The reader's own connection is cut (a restart, a failover, an administrator); a change commits meanwhile.
        const rows = await p.query<{ cut: boolean }>(
          `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%DISTINCT property_id FROM pms_room_chart_change%'`,
        )
        assert.ok(rows.length > 0 && rows.every((r) => r.cut), 'the reader had a connection of its own')
        const heard = nextMessage(desk, topic)
        await p.query('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [room.roomId])
        assert.deepEqual(await heard, { propertyId: staff.hotel })
      } finally {
        await desk.endAsync()
      }
    })
  })
