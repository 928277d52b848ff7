// Guest lock authorisation over HTTP (the bridge's part is in test/devices/lock-sync-e2e.test.ts): a task for a
// checked-in stay's room lock, reports settling it (success, failure, renewal failed), retry, revoke; the refusals
// (no lock, not checked in, nothing pending or to retry), permissions and another property's stays and records.
import assert from 'node:assert/strict'
import { CardType } from '@pms/protocol'
import { beforeAll, test } from 'vitest'
import { arrangeBillingStaff, arrangeOrder } from './billing-support.ts'
import { arrangeDeviceStaff, type DeviceStaff, modelId } from './devices-support.ts'
import { describeProduct, expectFieldErrors } from './harness.ts'
import { call } from './room-stock-support.ts'

const HOUR = 3_600_000

describeProduct('guest lock authorisation', (product) => {
  let staff: DeviceStaff
  let viewer: string
  let stay: { orderRoomId: number; roomId: number; roomNo: string }
  let lockModel: number

  beforeAll(async () => {
    const p = product()
    staff = await arrangeDeviceStaff(p)
    viewer = (await arrangeBillingStaff(p)).viewer
    lockModel = await modelId(p, 'PMSL-V3')
    const order = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 30_000,
        checkedInAt: new Date(Date.now() - HOUR),
        plannedEnd: new Date(Date.now() + 20 * HOUR),
      },
    ])
    stay = order.rooms[0]!
  })

  test('a room without a lock is refused with its number; a bound lock gets a task with its own key', async () => {
    const p = product()
    const noLock = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/grant', {
      orderRoomId: stay.orderRoomId,
      uid: '0A0B0C0D',
    })
    assert.equal(noLock.status, 400)
    assert.equal(noLock.msg, `Room ${stay.roomNo} has no BLE lock bound`)
    const lock = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-A',
      name: 'Lock',
      modelId: lockModel,
      mac: 'C0:DE:00:00:AA:01',
      roomId: stay.roomId,
    })
    assert.equal(lock.code, 200, lock.msg)
    const task = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/grant', {
      orderRoomId: stay.orderRoomId,
      uid: '0a:0b:0c:0d',
    })
    assert.equal(task.code, 200, task.msg)
    assert.equal(task.data.mac, 'C0DE0000AA01')
    assert.equal(task.data.uid, '0A0B0C0D')
    assert.equal(task.data.cardType, CardType.GUEST)
    assert.match(task.data.lockKey, /^[0-9A-F]{32}$/)
    assert.ok(task.data.validUntil > task.data.validFrom)

    const failed = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${task.data.authId}`, {
      ok: false,
      reason: 'C0DE0000AA01 out of range',
    })
    assert.equal(failed.data.state, 'failure')
    assert.equal(failed.data.reason, 'C0DE0000AA01 out of range')
    const twice = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${task.data.authId}`, {
      ok: true,
    })
    assert.equal(twice.status, 409)
    const retry = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/retry/${task.data.authId}`)
    assert.equal(retry.data.operation, 'grant')
    const done = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/report/${task.data.authId}`, {
      ok: true,
    })
    assert.equal(done.data.state, 'success')
    assert.equal(done.data.attempts, 2)
    assert.equal(done.data.reason, '')
    const nothing = await call(p, staff.clerk, 'post', `/device/dvcLockAuth/retry/${task.data.authId}`)
    assert.equal(nothing.status, 409)

    const renew = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/renew', {
      orderRoomId: stay.orderRoomId,
    })
    assert.equal(renew.data.length, 1)
    const renewFailed = await call(
      p,
      staff.clerk,
      'post',
      `/device/dvcLockAuth/report/${renew.data[0].authId}`,
      {
        ok: false,
        reason: 'no answer',
      },
    )
    assert.equal(renewFailed.data.state, 'renewalFailed')
    const list = await call(p, staff.clerk, 'get', '/device/dvcLockAuth/list', {
      orderRoomId: stay.orderRoomId,
    })
    assert.deepEqual(
      list.rows!.map((r: any) => [r.state, r.roomNo, r.keyUid]),
      [['renewalFailed', stay.roomNo, '0A0B0C0D']],
    )
  })

  test('replacing the lock hands the guests’ keys to the new one; revoke; refusals', async () => {
    const p = product()
    const spare = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-B',
      name: 'New lock',
      modelId: lockModel,
      mac: 'C0DE0000AA02',
    })
    const replaced = await call(p, staff.technician, 'post', '/device/dvcDevice/replace', {
      roomId: stay.roomId,
      deviceId: spare.data.deviceId,
    })
    assert.equal(replaced.code, 200, replaced.msg)
    assert.deepEqual(
      replaced.data.lockAuthTasks.map((t: any) => [t.operation, t.mac, t.uid]),
      [['grant', 'C0DE0000AA02', '0A0B0C0D']],
    )
    await call(
      p,
      staff.clerk,
      'post',
      `/device/dvcLockAuth/report/${replaced.data.lockAuthTasks[0].authId}`,
      {
        ok: true,
      },
    )
    const revoke = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/revoke', {
      orderRoomId: stay.orderRoomId,
    })
    assert.deepEqual(
      revoke.data.map((t: any) => [t.operation, t.mac]),
      [['revoke', 'C0DE0000AA02']],
    )
    const revoked = await call(
      p,
      staff.clerk,
      'post',
      `/device/dvcLockAuth/report/${revoke.data[0].authId}`,
      {
        ok: true,
      },
    )
    assert.equal(revoked.data.state, 'revoked')

    // A stay that is not checked in is refused.
    const booked = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 10_000,
        checkedInAt: new Date(Date.now() + 30 * HOUR),
        plannedEnd: new Date(Date.now() + 50 * HOUR),
        state: 'booking',
      },
    ])
    const notIn = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/grant', {
      orderRoomId: booked.rooms[0]!.orderRoomId,
      uid: '0A0B0C0E',
    })
    assert.equal(notIn.status, 409)
    assert.equal(notIn.msg, 'Only a checked-in stay can be authorised on its lock')
  })

  test("permissions, another property's stays and records, bad input", async () => {
    const p = product()
    const denied = await call(p, viewer, 'post', '/device/dvcLockAuth/grant', {
      orderRoomId: stay.orderRoomId,
      uid: '0A0B0C0D',
    })
    assert.equal(denied.status, 403)
    const apt = await arrangeOrder(p, staff.apartment, [
      { priceCents: 10_000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const foreign = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/grant', {
      orderRoomId: apt.rooms[0]!.orderRoomId,
      uid: '0A0B0C0D',
    })
    assert.equal(foreign.status, 404)
    const foreignRevoke = await call(p, staff.clerk, 'post', '/device/dvcLockAuth/revoke', {
      orderRoomId: apt.rooms[0]!.orderRoomId,
    })
    assert.equal(foreignRevoke.status, 404)
    const [auth] = await p.query<{ auth_id: string }>('SELECT auth_id FROM dvc_lock_auth LIMIT 1')
    const managerOfApt = await p.login('manager')
    // The manager acts in the hotel by default; the hotel's record, seen from the apartment, would be absent.
    await p.query('UPDATE dvc_lock_auth SET property_id = $1 WHERE auth_id = $2', [
      staff.apartment,
      auth!.auth_id,
    ])
    const other = await call(p, managerOfApt, 'post', `/device/dvcLockAuth/report/${auth!.auth_id}`, {
      ok: true,
    })
    assert.equal(other.status, 404)
    await expectFieldErrors(p.http, staff.clerk, [
      ['post', '/prod-api/device/dvcLockAuth/grant', { orderRoomId: stay.orderRoomId, uid: 'xyz' }, 'uid'],
      ['post', '/prod-api/device/dvcLockAuth/grant', { uid: '0A0B0C0D' }, 'orderRoomId'],
      ['post', '/prod-api/device/dvcLockAuth/report/999999', { ok: 'yes' }, 'ok'],
      [
        'post',
        '/prod-api/device/dvcLockAuth/grant',
        { orderRoomId: stay.orderRoomId, uid: 'GGGGGGGG' },
        'uid',
      ],
    ])
  })
})
