// Locks end to end through the real bridge in simulate mode: the technician's lock sync (scan → propose → bind to
// rooms), then the desk checks a guest in, issues a guest card the bound room's simulated lock opens, authorises a
// blank key on the lock over BLE (success), fails while the lock is out of reach (failure, recorded with its reason,
// retried from the order), fails a renewal after an extension (renewal failed, retried), and revokes at check-out:
// the lock then refuses the key.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { CardFlag, CardType } from '@pms/protocol'
import type { CardIssueAuthorization } from '@pms/protocol/api/card-issue'
import type { LockAuthTask, LockAuthView, LockSyncProposal } from '@pms/protocol/api/devices'
import type { OrderDetail } from '@pms/protocol/api/orders'
import type { OpenedServer } from '@pms/server'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { businessDateOfRoom, clearOfMidnight } from '../support/business-date.ts'
import { bridgeClient, lockClocksAhead } from './bridge-client.ts'

describe('locks through the bridge: sync, guest cards, lock authorisation', () => {
  const dir = makeTempDir('pms-lock-sync-e2e-')
  let app: FastifyInstance
  let desk: ReturnType<typeof bridgeClient>
  let tech: ReturnType<typeof bridgeClient>
  const rooms = new Map<string, { roomId: number; roomTypeId: number }>()
  let order: OrderDetail
  let macOf: Map<string, string>

  beforeAll(async () => {
    // The day's stays are made on one calendar day (test/support/business-date.ts).
    await clearOfMidnight()
    app = await buildBridgeApp({
      config: testConfig(dir.path, { simulate: true }),
      webRoot: dir.path,
      devices: { simulator: { cardWatchMs: 100, rescanMs: 100 } },
    })
    const port = await listenOnFreePort(app)
    desk = bridgeClient(`http://127.0.0.1:${port}`)
    tech = bridgeClient(`http://127.0.0.1:${port}`)
    await desk.signIn('clerk')
    await tech.signIn('manager')
    const server = app.bridge.server as OpenedServer
    const found = await server.sql.query<{ room_no: string; room_id: number; room_type_id: number }>(
      `SELECT r.room_no, r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p USING (property_id)
        WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no IN ('101', '102', '103')`,
    )
    for (const r of found.rows)
      rooms.set(r.room_no, { roomId: Number(r.room_id), roomTypeId: Number(r.room_type_id) })
    assert.equal(rooms.size, 3)
  })

  afterAll(async () => {
    await app?.close()
    dir.remove()
  })

  async function ok<T = any>(client: typeof desk, method: string, path: string, body?: unknown): Promise<T> {
    const res = await client.call<T>(method, `/prod-api${path}`, body)
    assert.equal(res.code, 200, `${method} ${path}: ${res.msg}`)
    return res.data
  }
  const stayIn = (no: string) => order.rooms.find((r) => r.roomNo === no)!

  async function present(roomNo: string, uid: string) {
    const res = await desk.call('POST', `/bridge/sim/locks/${roomNo}/present`, { uid })
    assert.equal(res.code, 200, res.msg)
    return res.data as { outcome: string; reason?: string; opens?: boolean }
  }

  /** What the console does with a task: run it on the bridge, report the outcome to the server. */
  async function runTask(task: LockAuthTask): Promise<LockAuthView> {
    const path = task.operation === 'revoke' ? 'delete-card' : 'add-card'
    const res = await desk.call('POST', `/bridge/ble/locks/${task.mac}/${path}`, {
      lockKey: task.lockKey,
      uid: task.uid,
      ...(task.operation === 'revoke'
        ? {}
        : { cardType: task.cardType, validFrom: task.validFrom, validUntil: task.validUntil }),
    })
    return ok<LockAuthView>(desk, 'POST', `/device/dvcLockAuth/report/${task.authId}`, {
      ok: res.code === 200,
      ...(res.code === 200 ? {} : { reason: res.msg }),
    })
  }
  const reach = (roomNo: string, inReach: boolean) =>
    desk.call('POST', `/bridge/sim/locks/${roomNo}/reach`, { inReach })

  it('syncs the locks: each scanned lock proposed with its model and installed room, bound in one save', async () => {
    const scan = await tech.call('POST', '/bridge/ble/scan', { durationMs: 200 })
    assert.equal(scan.code, 200, scan.msg)
    const found = scan.data.locks as { mac: string; modelCode: string; roomNo: string }[]
    macOf = new Map(found.map((l) => [l.roomNo, l.mac]))
    const wanted = ['101', '102', '103'].map((no) => found.find((l) => l.roomNo === no)!)
    // The console asks each lock which room it was installed for.
    const locks = []
    for (const l of wanted) {
      const status = await tech.call('GET', `/bridge/ble/locks/${l.mac}/status`)
      locks.push({ mac: l.mac, modelCode: l.modelCode, roomId: status.data.roomId })
    }
    const proposal = await ok<LockSyncProposal>(tech, 'POST', '/device/dvcDevice/syncLocks/propose', {
      locks,
    })
    assert.deepEqual(
      proposal.locks.map((l) => l.roomId),
      ['101', '102', '103'].map((no) => rooms.get(no)!.roomId),
    )
    const bound = await ok<unknown[]>(tech, 'POST', '/device/dvcDevice/syncLocks/bind', {
      locks: proposal.locks.map((l) => ({ mac: l.mac, modelId: l.modelId, roomId: l.roomId })),
    })
    assert.equal(bound.length, 3)
  })

  it('a guest card issued for the stay opens the bound room', async () => {
    order = await ok<OrderDetail>(desk, 'POST', '/pms/pmsReserve', {
      startTime: await businessDateOfRoom((app.bridge.server as OpenedServer).sql, rooms.get('101')!.roomId),
      nights: 1,
      contactName: 'Zhang Wei',
      contactPhone: '13800138000',
      rooms: [{ roomTypeId: rooms.get('101')!.roomTypeId, roomId: rooms.get('101')!.roomId }],
    })
    order = await ok<OrderDetail>(desk, 'POST', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [{ orderRoomId: stayIn('101').orderRoomId, guests: [{ name: 'Zhang Wei', main: true }] }],
    })
    await lockClocksAhead(desk, ['101', '102'])
    const created = await desk.call('POST', '/bridge/sim/cards')
    await desk.call('POST', `/bridge/sim/cards/${created.data.uid}/place`)
    const read = await desk.call('POST', '/bridge/card/read', {})
    const auth = await ok<CardIssueAuthorization>(
      desk,
      'POST',
      '/pms/pmsProperty/getCardIssuerAuthorization',
      {
        protocol: 'M157',
        uid: read.data.uid,
        cardType: CardType.GUEST,
        orderRoomId: stayIn('101').orderRoomId,
        flags: CardFlag.SUPERSEDE,
      },
    )
    const written = await desk.call('POST', '/bridge/card/issue', {
      recordId: auth.recordId,
      grant: auth.grant,
    })
    assert.equal(written.code, 200, written.msg)
    assert.equal((await present('101', read.data.uid)).opens, true)
    assert.equal((await present('102', read.data.uid)).reason, 'wrong-room')
  })

  let mobileKey: string
  let authId: number
  it('authorises a key on the lock over BLE: success; out of reach: failure with its reason, retried', async () => {
    const blank = await desk.call('POST', '/bridge/sim/cards')
    mobileKey = blank.data.uid
    // A blank card is no key until the lock is told about it.
    assert.notEqual((await present('101', mobileKey)).opens, true)
    const task = await ok<LockAuthTask>(desk, 'POST', '/device/dvcLockAuth/grant', {
      orderRoomId: stayIn('101').orderRoomId,
      uid: mobileKey,
      keyKind: 'mobile',
    })
    assert.equal(task.mac, macOf.get('101'))
    authId = task.authId
    const granted = await runTask(task)
    assert.equal(granted.state, 'success')
    assert.equal((await present('101', mobileKey)).opens, true)

    const other = await desk.call('POST', '/bridge/sim/cards')
    await reach('101', false)
    const failing = await ok<LockAuthTask>(desk, 'POST', '/device/dvcLockAuth/grant', {
      orderRoomId: stayIn('101').orderRoomId,
      uid: other.data.uid,
    })
    const failed = await runTask(failing)
    assert.equal(failed.state, 'failure')
    assert.ok(failed.reason.length > 0)
    const listed = await desk.call('GET', `/prod-api/device/dvcLockAuth/list?orderId=${order.orderId}`)
    assert.deepEqual(
      (listed as unknown as { rows: LockAuthView[] }).rows.map((r) => r.state),
      ['success', 'failure'],
    )
    await reach('101', true)
    const retried = await runTask(
      await ok<LockAuthTask>(desk, 'POST', `/device/dvcLockAuth/retry/${failed.authId}`),
    )
    assert.equal(retried.state, 'success')
    assert.equal(retried.attempts, 2)
    assert.equal((await present('101', other.data.uid)).opens, true)
  })

  it('an extension renews the keys; a renewal out of reach is recorded as renewal failed and retried', async () => {
    order = await ok<OrderDetail>(desk, 'POST', '/pms/pmsOrder/extendStay', {
      orderRoomId: stayIn('101').orderRoomId,
      nights: 1,
    })
    await reach('101', false)
    const tasks = await ok<LockAuthTask[]>(desk, 'POST', '/device/dvcLockAuth/renew', {
      orderRoomId: stayIn('101').orderRoomId,
    })
    assert.equal(tasks.length, 2)
    // The stay's end as stored (the view shows it on the property's clock).
    const [stored] = (
      await (app.bridge.server as OpenedServer).sql.query<{ end: string }>(
        'SELECT extract(epoch FROM upper(stay))::bigint AS end FROM pms_order_room WHERE order_room_id = $1',
        [stayIn('101').orderRoomId],
      )
    ).rows
    const end = Number(stored!.end)
    assert.ok(tasks.every((t) => t.validUntil === end))
    const results = []
    for (const task of tasks) results.push(await runTask(task))
    assert.deepEqual(
      results.map((r) => r.state),
      ['renewalFailed', 'renewalFailed'],
    )
    await reach('101', true)
    const again = await runTask(await ok<LockAuthTask>(desk, 'POST', `/device/dvcLockAuth/retry/${authId}`))
    assert.equal(again.state, 'success')
    assert.equal(again.validUntil, end)
  })

  it('check-out revokes the keys by itself: the desk runs the pending tasks, the lock refuses them afterwards', async () => {
    order = await ok<OrderDetail>(desk, 'POST', '/pms/pmsOrder/checkOut', {
      orderId: order.orderId,
      idempotencyKey: randomUUID(),
    })
    // Nobody asked for a revocation: the check-out left one pending per key, which the console runs at once.
    const tasks = await ok<LockAuthTask[]>(desk, 'POST', '/device/dvcLockAuth/pending', {
      orderId: order.orderId,
    })
    assert.deepEqual(
      tasks.map((t) => [t.operation, t.mac]),
      [
        ['revoke', macOf.get('101')],
        ['revoke', macOf.get('101')],
      ],
    )
    assert.equal(tasks.length, 2)
    for (const task of tasks) assert.equal((await runTask(task)).state, 'revoked')
    assert.notEqual((await present('101', mobileKey)).opens, true)
    const refused = await desk.call('POST', '/prod-api/device/dvcLockAuth/grant', {
      orderRoomId: stayIn('101').orderRoomId,
      uid: mobileKey,
    })
    assert.notEqual(refused.code, 200)
  })

  it('a room move revokes the key on the old room’s lock by itself', async () => {
    let moving = await ok<OrderDetail>(desk, 'POST', '/pms/pmsReserve', {
      startTime: await businessDateOfRoom((app.bridge.server as OpenedServer).sql, rooms.get('102')!.roomId),
      nights: 1,
      contactName: 'Li Na',
      contactPhone: '13800138001',
      rooms: [{ roomTypeId: rooms.get('102')!.roomTypeId, roomId: rooms.get('102')!.roomId }],
    })
    const stay = moving.rooms[0]!
    moving = await ok<OrderDetail>(desk, 'POST', '/pms/pmsOrder/checkIn', {
      orderId: moving.orderId,
      rooms: [{ orderRoomId: stay.orderRoomId, guests: [{ name: 'Li Na', main: true }] }],
    })
    await lockClocksAhead(desk, ['102'])
    const key = (await desk.call('POST', '/bridge/sim/cards')).data.uid as string
    const granted = await runTask(
      await ok<LockAuthTask>(desk, 'POST', '/device/dvcLockAuth/grant', {
        orderRoomId: stay.orderRoomId,
        uid: key,
        keyKind: 'mobile',
      }),
    )
    assert.equal(granted.state, 'success')
    assert.equal((await present('102', key)).opens, true)

    const moved = await desk.call('POST', '/prod-api/pms/pmsOrder/changeRoom', {
      orderRoomId: stay.orderRoomId,
      roomId: rooms.get('103')!.roomId,
    })
    assert.equal(moved.code, 200, moved.msg)
    const tasks = await ok<LockAuthTask[]>(desk, 'POST', '/device/dvcLockAuth/pending', {
      orderId: moving.orderId,
    })
    assert.deepEqual(
      tasks.map((t) => [t.operation, t.mac, t.uid]),
      [['revoke', macOf.get('102'), key]],
    )
    assert.equal((await runTask(tasks[0]!)).state, 'revoked')
    assert.notEqual((await present('102', key)).opens, true)
  })
})
