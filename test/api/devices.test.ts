// The property's devices: CRUD (kind from the model, MAC normalised and unique, one place, one lock per room), the
// binding tree, bind/unbind/replace, lock sync through the bridge's simulated BLE locks (scan → propose → bind) with
// each SPEC §8 refusal, permissions by role (technician and admin change, the clerk reads) and another property's
// records refused.
import assert from 'node:assert/strict'
import type { BindingTree, LockSyncProposal } from '@pms/protocol/api/devices'
import { beforeAll, test } from 'vitest'
import { arrangeDeviceStaff, type DeviceStaff, modelId, roomsOf } from './devices-support.ts'
import { bearer, describeProduct, expectFieldErrors } from './harness.ts'
import { call } from './room-stock-support.ts'

describeProduct('property devices', (product) => {
  let staff: DeviceStaff
  let rooms: Map<string, number>
  let lockModel: number
  let encoderModel: number
  let gatewayModel: number

  beforeAll(async () => {
    const p = product()
    staff = await arrangeDeviceStaff(p)
    rooms = await roomsOf(p, staff.hotel)
    lockModel = await modelId(p, 'PMSL-V3')
    encoderModel = await modelId(p, 'PN532')
    const gw = await call(p, staff.admin, 'post', '/device/dvcModel', {
      code: 'GW-NOSYNC',
      name: 'Gateway without sync',
      capabilities: [4],
    })
    gatewayModel = gw.data.modelId
  })

  test('devices: kind from the model, MAC and code unique, one lock per room, one place', async () => {
    const p = product()
    const lock = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-301',
      name: 'Lock 301',
      modelId: lockModel,
      mac: 'aa:bb:cc:00:03:01',
      roomId: rooms.get('301'),
    })
    assert.equal(lock.code, 200, lock.msg)
    assert.equal(lock.data.kind, 'lock')
    assert.equal(lock.data.mac, 'AABBCC000301')
    assert.equal(lock.data.state, 'offline')
    const sameMac = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-X',
      name: 'x',
      modelId: lockModel,
      mac: 'AABBCC000301',
    })
    assert.equal(sameMac.status, 409)
    assert.equal(sameMac.msg, 'The MAC AABBCC000301 is already another device')
    const sameCode = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-301',
      name: 'x',
      modelId: lockModel,
    })
    assert.equal(sameCode.status, 409)
    const secondLock = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-301b',
      name: 'Another',
      modelId: lockModel,
      roomId: rooms.get('301'),
    })
    assert.equal(secondLock.status, 409)
    assert.equal(secondLock.msg, 'Room 301 already has a lock')
    const twoPlaces = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'E-1',
      name: 'Encoder',
      modelId: encoderModel,
      roomId: rooms.get('302'),
      buildingId: 1,
    })
    assert.equal(twoPlaces.status, 400)
    const encoder = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'E-1',
      name: 'Desk encoder',
      modelId: encoderModel,
      desk: 'Front desk 1',
    })
    assert.equal(encoder.data.kind, 'encoder')
    const behind = await call(p, staff.technician, 'put', '/device/dvcDevice', {
      deviceId: encoder.data.deviceId,
      gatewayId: lock.data.deviceId,
    })
    assert.equal(behind.status, 400)
    assert.equal(behind.msg, 'Only a lock can be behind a gateway')

    const list = await call(p, staff.clerk, 'get', '/device/dvcDevice/list', { kind: 'lock' })
    assert.equal(list.code, 200, list.msg)
    assert.equal(list.rows![0].roomNo, '301')
    assert.equal(list.rows![0].modelCode, 'PMSL-V3')
    // The model of an installed device stays in the catalogue.
    const model = await call(p, staff.admin, 'delete', `/device/dvcModel/${encoderModel}`)
    assert.equal(model.status, 409)
  })

  test('the binding tree; bind, unbind and replace a room lock', async () => {
    const p = product()
    const spare = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-SPARE',
      name: 'Spare lock',
      modelId: lockModel,
      mac: 'AABBCC0003FF',
    })
    let tree = (await call(p, staff.clerk, 'get', '/device/dvcDevice/tree')).data as BindingTree
    const room = (no: string) =>
      tree.buildings.flatMap((b) => b.floors.flatMap((f) => f.rooms)).find((r) => r.roomNo === no)!
    assert.equal(room('301').lock?.code, 'L-301')
    assert.equal(room('302').lock, null)
    assert.ok(tree.unbound.some((d) => d.code === 'L-SPARE'))
    assert.deepEqual(
      tree.desks.map((d) => [d.desk, d.devices.map((x) => x.code)]),
      [['Front desk 1', ['E-1']]],
    )

    const clerkBind = await call(p, staff.clerk, 'post', '/device/dvcDevice/bind', {
      deviceId: spare.data.deviceId,
      roomId: rooms.get('302'),
    })
    assert.equal(clerkBind.status, 403)
    const bound = await call(p, staff.technician, 'post', '/device/dvcDevice/bind', {
      deviceId: spare.data.deviceId,
      roomId: rooms.get('302'),
    })
    assert.equal(bound.code, 200, bound.msg)
    assert.equal(bound.data.roomNo, '302')

    const replaced = await call(p, staff.technician, 'post', '/device/dvcDevice/replace', {
      roomId: rooms.get('301'),
      deviceId: spare.data.deviceId,
    })
    assert.equal(replaced.code, 200, replaced.msg)
    tree = (await call(p, staff.technician, 'get', '/device/dvcDevice/tree')).data
    assert.equal(room('301').lock?.code, 'L-SPARE')
    assert.equal(room('302').lock, null)
    assert.ok(tree.unbound.some((d) => d.code === 'L-301'))

    const unbound = await call(p, staff.manager, 'post', '/device/dvcDevice/unbind', {
      deviceId: spare.data.deviceId,
    })
    assert.equal(unbound.code, 200, unbound.msg)
    assert.equal(unbound.data.roomId, null)
  })

  test('lock sync: scan the simulated locks through the bridge, propose, bind to rooms', async () => {
    const p = product()
    const scan = await p.http.post('/bridge/ble/scan').send({ durationMs: 200 })
    assert.equal(scan.body.code, 200, scan.body.msg)
    const found = scan.body.data.locks as { mac: string; modelCode?: string; roomNo?: string }[]
    assert.ok(found.length >= 3, JSON.stringify(found))
    assert.ok(found.every((l) => l.modelCode === 'PMSL-V3'))
    const picked = found.filter((l) => l.roomNo && rooms.has(l.roomNo)).slice(0, 3)
    const proposal = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/propose', {
      locks: picked.map((l) => ({ mac: l.mac, modelCode: l.modelCode })),
    })
    assert.equal(proposal.code, 200, proposal.msg)
    const data = proposal.data as LockSyncProposal
    assert.equal(data.locks.length, 3)
    assert.ok(data.locks.every((l) => l.modelId === lockModel && l.deviceId === undefined))
    assert.ok(data.rooms.some((r) => r.roomNo === picked[0]!.roomNo))

    const bind = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/bind', {
      locks: picked.map((l) => ({ mac: l.mac, modelId: lockModel, roomId: rooms.get(l.roomNo!) })),
    })
    assert.equal(bind.code, 200, bind.msg)
    assert.deepEqual(bind.data.map((d: any) => d.roomNo).sort(), picked.map((l) => l.roomNo).sort())
    assert.ok(bind.data.every((d: any) => d.state === 'online' && d.code === d.mac))
    // A second sync knows them: each proposed with its device and room.
    const again = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/propose', {
      locks: picked.map((l) => ({ mac: l.mac, modelCode: l.modelCode })),
    })
    assert.ok(
      again.data.locks.every(
        (l: any) => l.deviceId && l.roomId === rooms.get(picked.find((x) => x.mac === l.mac)!.roomNo!),
      ),
    )
    // Two locks for one room in one sync are refused, nothing written.
    const twice = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/bind', {
      locks: picked.slice(0, 2).map((l) => ({ mac: l.mac, modelId: lockModel, roomId: rooms.get('305') })),
    })
    assert.equal(twice.status, 400)
  })

  test('lock sync refusals of SPEC §8: no model, no building, a source that does not support sync', async () => {
    const p = product()
    const noModel = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/propose', {
      locks: [{ mac: 'A1B2C3D4E5F6', modelCode: 'ACME-9' }],
    })
    assert.equal(noModel.status, 400)
    assert.equal(noModel.msg, 'No model: the model of device A1B2C3D4E5F6 (ACME-9) is not in the catalogue')

    const gateway = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'GW-1',
      name: 'Hall gateway',
      modelId: gatewayModel,
    })
    assert.equal(gateway.data.kind, 'gateway')
    const unsupported = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/propose', {
      gatewayId: gateway.data.deviceId,
      locks: [],
    })
    assert.equal(unsupported.status, 400)
    assert.equal(unsupported.msg, 'The source Hall gateway does not support lock sync')

    // A property without buildings, with a technician of its own.
    const [fresh] = await p.query<{ property_id: string }>(
      `INSERT INTO pms_property (property_name, property_code) VALUES ('Empty inn', 'EMPTY-INN') RETURNING property_id`,
    )
    await p.query(
      `INSERT INTO sys_user (user_name, password, user_type, default_property_id)
       SELECT 'empty_tech', password, 2, $1 FROM sys_user WHERE user_name = 'clerk'`,
      [fresh!.property_id],
    )
    await p.query(
      `INSERT INTO pms_property_user (property_id, user_id, role_id)
       SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
        WHERE u.user_name = 'empty_tech' AND r.role_key = 'technician'`,
      [fresh!.property_id],
    )
    const emptyTech = await p.login('empty_tech')
    const noBuilding = await call(p, emptyTech, 'post', '/device/dvcDevice/syncLocks/propose', {
      locks: [{ mac: 'A1B2C3D4E5F6', modelCode: 'PMSL-V3' }],
    })
    assert.equal(noBuilding.status, 400, noBuilding.msg)
    assert.equal(noBuilding.msg, 'No building: add buildings and rooms first')
  })

  test("another property's devices and rooms are refused; bad input is a 400 naming the field", async () => {
    const p = product()
    const aptRooms = await roomsOf(p, staff.apartment)
    const foreignRoom = await call(p, staff.technician, 'post', '/device/dvcDevice', {
      code: 'L-F',
      name: 'x',
      modelId: lockModel,
      roomId: [...aptRooms.values()][0],
    })
    assert.equal(foreignRoom.status, 404)
    const [other] = await p.query<{ device_id: string }>(
      `INSERT INTO dvc_device (property_id, code, name, model_id, kind) VALUES ($1, 'APT-L', 'Apt lock', $2, 'lock')
       RETURNING device_id`,
      [staff.apartment, lockModel],
    )
    const read = await call(p, staff.technician, 'get', `/device/dvcDevice/${other!.device_id}`)
    assert.equal(read.status, 404)
    const bind = await call(p, staff.technician, 'post', '/device/dvcDevice/bind', {
      deviceId: Number(other!.device_id),
      roomId: rooms.get('303'),
    })
    assert.equal(bind.status, 404)
    const syncForeign = await call(p, staff.technician, 'post', '/device/dvcDevice/syncLocks/bind', {
      locks: [{ mac: 'A1B2C3D4E5F7', modelId: lockModel, roomId: [...aptRooms.values()][0] }],
    })
    assert.equal(syncForeign.status, 404)
    const list = await call(p, staff.technician, 'get', '/device/dvcDevice/list', { pageSize: 100 })
    assert.ok(list.rows!.every((d: any) => d.propertyId === staff.hotel))
    // The platform catalogue is not the technician's.
    const catalogue = await call(p, staff.technician, 'post', '/device/dvcModel', { code: 'T', name: 'T' })
    assert.equal(catalogue.status, 403)

    await expectFieldErrors(p.http, staff.technician, [
      ['post', '/prod-api/device/dvcDevice', { code: 'A', name: 'A', modelId: lockModel, mac: 'xyz' }, 'mac'],
      ['post', '/prod-api/device/dvcDevice', { code: 'A', name: 'A', modelId: 'x' }, 'modelId'],
      [
        'post',
        '/prod-api/device/dvcDevice',
        { code: 'A', name: 'A', modelId: lockModel, state: 'on' },
        'state',
      ],
      ['post', '/prod-api/device/dvcDevice/bind', { roomId: 1 }, 'deviceId'],
      ['post', '/prod-api/device/dvcDevice/syncLocks/propose', { locks: [{ mac: 'nothex-nothex' }] }, 'mac'],
      ['post', '/prod-api/device/dvcDevice/syncLocks/bind', { locks: [] }, 'locks'],
    ])
    const anonymous = await p.http.get('/prod-api/device/dvcDevice/tree')
    assert.equal(anonymous.body.code, 401)
    void bearer
  })

  test('binding QR labels: a floor signed, read publicly until expiry, verified; tampering and foreign floors refused', async () => {
    const p = product()
    const [fl] = await p.query<{ floor_id: string }>(
      'SELECT floor_id FROM pms_floor WHERE property_id = $1 ORDER BY floor_no LIMIT 1',
      [staff.hotel],
    )
    const batch = await call(p, staff.technician, 'post', '/device/dvcQrcode/batch', {
      kind: 'gw',
      floorId: Number(fl!.floor_id),
    })
    assert.equal(batch.code, 200, batch.msg)
    assert.ok(batch.data.labels.length > 0)
    const label = batch.data.labels[0]
    // The payload carries the claim and its signature, nothing secret.
    const claim = JSON.parse(Buffer.from(label.payload.split('.')[0], 'base64url').toString('utf8'))
    assert.deepEqual(Object.keys(claim).sort(), ['e', 'k', 'n', 'p', 'r'])
    const publicRead = await p.http.get(`/prod-api/device/dvcQrcode/batch/${batch.data.batchId}`)
    assert.equal(publicRead.body.code, 200)
    assert.equal(publicRead.body.data.labels.length, batch.data.labels.length)
    const verified = await p.http.post('/prod-api/device/dvcQrcode/verify').send({ payload: label.payload })
    assert.equal(verified.body.code, 200, verified.body.msg)
    assert.deepEqual(
      [verified.body.data.kind, verified.body.data.propertyId, verified.body.data.roomNo],
      ['gw', staff.hotel, label.roomNo],
    )
    const forged = Buffer.from(JSON.stringify({ ...claim, r: claim.r + 1 })).toString('base64url')
    const tampered = await p.http
      .post('/prod-api/device/dvcQrcode/verify')
      .set('Accept-Language', 'en-US')
      .send({ payload: `${forged}.${label.payload.split('.')[1]}` })
    assert.equal(tampered.status, 400)
    assert.equal(tampered.body.msg, 'Qr code is Invalid')
    await p.query("UPDATE dvc_qr_batch SET expires_at = now() - interval '1 second'")
    const expired = await p.http.get(`/prod-api/device/dvcQrcode/batch/${batch.data.batchId}`)
    assert.equal(expired.status, 400)

    const [aptFloor] = await p.query<{ floor_id: string }>(
      'SELECT floor_id FROM pms_floor WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const foreign = await call(p, staff.technician, 'post', '/device/dvcQrcode/batch', {
      kind: 'hk',
      floorId: Number(aptFloor!.floor_id),
    })
    assert.equal(foreign.status, 404)
    const clerk = await call(p, staff.clerk, 'post', '/device/dvcQrcode/batch', {
      kind: 'hk',
      floorId: Number(fl!.floor_id),
    })
    assert.equal(clerk.status, 403)
  })
})
