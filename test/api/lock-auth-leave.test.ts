// Leaving a room revokes the guest's keys on its lock without anyone asking: a room change marks the keys on the old
// room's lock as pending revocations (the new room's are untouched), a check-out marks every key of the stay; the
// pending tasks of an order are handed out and settle as revoked or revoke failed; asking for them is refused to a
// reader and for another property's order.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { HELD_STATES } from '../../server/src/devices/lock-auth.ts'
import { arrangeBillingStaff, arrangeOrder } from './billing-support.ts'
import { arrangeDeviceStaff, type DeviceStaff, modelId } from './devices-support.ts'
import { describeProduct, expectFieldErrors } from './harness.ts'
import { call } from './room-stock-support.ts'

const HOUR = 3_600_000

describeProduct('lock authorisation revoked when a stay leaves its room', (product) => {
  let staff: DeviceStaff
  let viewer: string
  let lockModel: number
  let macSeq = 0

  beforeAll(async () => {
    const p = product()
    staff = await arrangeDeviceStaff(p)
    viewer = (await arrangeBillingStaff(p)).viewer
    lockModel = await modelId(p, 'PMSL-V3')
  })

  test("the trigger revoking a departed stay's keys reaches the states a revocation does (devices/lock-auth.ts)", async () => {
    // The trigger (migration 0070) names the held states in SQL; its function as the database holds it is read back.
    const [fn] = await product().query<{ source: string }>(
      "SELECT prosrc AS source FROM pg_proc WHERE proname = 'pms_stay_left_lock_auth'",
    )
    const list = /state IN \(([^)]*)\)/.exec(fn!.source)?.[1]
    assert.ok(list, 'the trigger names the states it revokes')
    const named = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1])
    assert.deepEqual([...named].sort(), [...HELD_STATES].sort())
  })

  async function bindLock(roomId: number): Promise<string> {
    macSeq += 1
    const mac = `C0DE0000BB${String(macSeq).padStart(2, '0')}`
    const res = await call(product(), staff.technician, 'post', '/device/dvcDevice', {
      code: `LL-${macSeq}`,
      name: 'Lock',
      modelId: lockModel,
      mac,
      roomId,
    })
    assert.equal(res.code, 200, res.msg)
    return mac
  }

  /** A key granted and reported enrolled on the stay's room lock. */
  async function enrolled(orderRoomId: number, uid: string) {
    const p = product()
    const task = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/grant', { orderRoomId, uid })
    assert.equal(task.code, 200, task.msg)
    const done = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${task.data.authId}`, {
      ok: true,
    })
    assert.equal(done.data.state, 'success')
    return task.data.authId as number
  }

  async function freeRoomLike(roomId: number): Promise<number> {
    const [row] = await product().query<{ room_id: string }>(
      `SELECT r.room_id FROM pms_room r JOIN pms_room o ON o.room_id = $1
        WHERE r.property_id = o.property_id AND r.room_type_id = o.room_type_id AND r.room_id <> o.room_id
          AND r.occupancy = 'empty' AND NOT r.locked AND NOT r.maintain
          AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
        ORDER BY r.room_id DESC LIMIT 1`,
      [roomId],
    )
    assert.ok(row, 'a free room of the same type')
    return Number(row.room_id)
  }

  test('a room change revokes on the old room’s lock only; the pending task names the old lock', async () => {
    const p = product()
    const order = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 20_000,
        checkedInAt: new Date(Date.now() - HOUR),
        plannedEnd: new Date(Date.now() + 20 * HOUR),
      },
    ])
    const stay = order.rooms[0]!
    const oldMac = await bindLock(stay.roomId)
    const authId = await enrolled(stay.orderRoomId, '0A0B0C01')
    const target = await freeRoomLike(stay.roomId)
    await bindLock(target)

    const none = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/pending', { orderId: order.orderId })
    assert.deepEqual(none.data, [])
    const moved = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: stay.orderRoomId,
      roomId: target,
    })
    assert.equal(moved.code, 200, moved.msg)
    const listed = await call(p, staff.clerk, 'get', '/device/dvcLockAuth/list', { orderId: order.orderId })
    assert.deepEqual(
      listed.rows!.map((r: any) => [r.authId, r.operation, r.state, r.mac]),
      [[authId, 'revoke', 'pending', oldMac]],
    )
    const tasks = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/pending', {
      orderId: order.orderId,
    })
    assert.deepEqual(
      tasks.data.map((t: any) => [t.authId, t.operation, t.mac, t.uid]),
      [[authId, 'revoke', oldMac, '0A0B0C01']],
    )
    const failed = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${authId}`, {
      ok: false,
      reason: 'lock out of reach',
    })
    assert.equal(failed.data.state, 'revokeFailed')
    const retry = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/retry/${authId}`)
    assert.deepEqual([retry.data.operation, retry.data.mac], ['revoke', oldMac])
    const revoked = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${authId}`, { ok: true })
    assert.equal(revoked.data.state, 'revoked')
    const after = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/pending', {
      orderId: order.orderId,
    })
    assert.deepEqual(after.data, [])
  })

  test('check-out revokes every key of the leaving stays, not those of a room still checked in', async () => {
    const p = product()
    const order = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 20_000,
        checkedInAt: new Date(Date.now() - HOUR),
        plannedEnd: new Date(Date.now() + 20 * HOUR),
      },
      {
        priceCents: 20_000,
        checkedInAt: new Date(Date.now() - HOUR),
        plannedEnd: new Date(Date.now() + 20 * HOUR),
      },
    ])
    const [leaving, staying] = order.rooms as [(typeof order.rooms)[0], (typeof order.rooms)[0]]
    await bindLock(leaving.roomId)
    await bindLock(staying.roomId)
    const card = await enrolled(leaving.orderRoomId, '0A0B0C02')
    const mobile = await enrolled(leaving.orderRoomId, '0A0B0C0D0E0F')
    const other = await enrolled(staying.orderRoomId, '0A0B0C03')
    // A grant still running when the guest leaves may have reached the lock: it is revoked too.
    const running = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/grant', {
      orderRoomId: leaving.orderRoomId,
      uid: '0A0B0C04',
    })

    const before = await call(p, staff.clerk, 'get', '/device/dvcLockAuth/list', { orderId: order.orderId })
    const attemptsBefore = new Map(before.rows!.map((r: any) => [r.authId, r.attempts]))
    const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', {
      orderId: order.orderId,
      orderRoomIds: [leaving.orderRoomId],
    })
    assert.equal(out.code, 200, out.msg)
    const tasks = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/pending', {
      orderId: order.orderId,
    })
    assert.deepEqual(
      tasks.data.map((t: any) => [t.authId, t.operation]),
      [
        [card, 'revoke'],
        [mobile, 'revoke'],
        [running.data.authId, 'revoke'],
      ],
    )
    const listed = await call(p, staff.clerk, 'get', '/device/dvcLockAuth/list', { orderId: order.orderId })
    assert.equal(listed.rows!.find((r: any) => r.authId === other).state, 'success')
    // Each revocation is one more attempt, with no reason left from before (the grant's own, here).
    for (const id of [card, mobile, running.data.authId]) {
      const row = listed.rows!.find((r: any) => r.authId === id)
      assert.deepEqual([row.reason, row.attempts], ['', attemptsBefore.get(id) + 1])
    }
    assert.equal(listed.rows!.find((r: any) => r.authId === other).attempts, attemptsBefore.get(other))

    // Nothing to revoke twice: a second check-out of the rest revokes only the other room's key.
    for (const t of tasks.data)
      await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${t.authId}`, { ok: true })
    await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    const rest = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/pending', { orderId: order.orderId })
    assert.deepEqual(
      rest.data.map((t: any) => t.authId),
      [other],
    )
  })

  test("permissions, another property's order, bad input", async () => {
    const p = product()
    const order = await arrangeOrder(p, staff.hotel, [
      { priceCents: 10_000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const denied = await call(p, viewer, 'post', '/device/dvcLockAuth/pending', { orderId: order.orderId })
    assert.equal(denied.status, 403)
    const apt = await arrangeOrder(p, staff.apartment, [
      { priceCents: 10_000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const foreign = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/pending', {
      orderId: apt.orderId,
    })
    assert.equal(foreign.status, 404)
    await expectFieldErrors(p.http, staff.clerk, [
      ['post', '/prod-api/device/dvcLockAuth/pending', {}, 'orderId'],
      ['post', '/prod-api/device/dvcLockAuth/pending', { orderId: 'x' }, 'orderId'],
    ])
  })
})
