// Bulk room creation: preview, creation in one transaction with missing floors made, all-or-nothing on conflicts.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('room stock bulk creation', (product) => {
  let staff: Staff
  let buildingId: number
  let roomTypeId: number

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    const b = await call(product(), staff.manager, 'post', '/pms/pmsBuilding', { buildingName: 'Tower D' })
    buildingId = b.data.buildingId
    const t = await call(product(), staff.manager, 'post', '/pms/pmsRoomType', {
      typeName: 'Bulk',
      dailyPrice: 100,
    })
    roomTypeId = t.data.roomTypeId
    await call(product(), staff.manager, 'post', '/pms/pmsFloor', {
      buildingId,
      floorNo: 2,
      floorName: 'Second',
    })
  })

  const roomsOf = (prefix: string) =>
    product().query<{ room_no: string; floor_no: number }>(
      `SELECT r.room_no, f.floor_no FROM pms_room r JOIN pms_floor f ON f.floor_id = r.floor_id
        WHERE r.room_no LIKE $1 ORDER BY r.room_no`,
      [`${prefix}%`],
    )

  test('the preview lists the numbers of the pattern and writes nothing', async () => {
    const res = await call(product(), staff.manager, 'post', '/pms/pmsRoom/bulk/preview', {
      buildingId,
      floorFrom: 2,
      floorTo: 9,
      roomFrom: 1,
      roomTo: 20,
      roomTypeId,
      pattern: 'D{floor}{room}',
    })
    assert.equal(res.code, 200, res.msg)
    assert.equal(res.data.total, 160)
    assert.deepEqual(res.data.rooms[0], { floorNo: 2, roomNo: 'D201' })
    assert.deepEqual(res.data.rooms.at(-1), { floorNo: 9, roomNo: 'D920' })
    assert.deepEqual(res.data.conflicts, [])
    assert.equal((await roomsOf('D')).length, 0)
  })

  test('create makes the rooms and the missing floors, reusing existing ones', async () => {
    const res = await call(product(), staff.manager, 'post', '/pms/pmsRoom/bulk', {
      buildingId,
      floorFrom: 2,
      floorTo: 3,
      roomFrom: 1,
      roomTo: 3,
      roomTypeId,
      pattern: 'D{floor}{room}',
    })
    assert.equal(res.code, 200, res.msg)
    assert.deepEqual(res.data, { rooms: 6, floorsCreated: 1 })
    const rooms = await roomsOf('D')
    assert.deepEqual(
      rooms.map((r) => r.room_no),
      ['D201', 'D202', 'D203', 'D301', 'D302', 'D303'],
    )
    const floors = await product().query<{ floor_no: number; floor_name: string }>(
      'SELECT floor_no, floor_name FROM pms_floor WHERE building_id = $1 ORDER BY floor_no',
      [buildingId],
    )
    assert.deepEqual(
      floors.map((f) => [f.floor_no, f.floor_name]),
      [
        [2, 'Second'],
        [3, '3F'],
      ],
    )
  })

  test('a conflict is previewed, and create refuses it with 409 listing the numbers, writing nothing', async () => {
    const body = {
      buildingId,
      floorFrom: 3,
      floorTo: 4,
      roomFrom: 2,
      roomTo: 4,
      roomTypeId,
      pattern: 'D{floor}{room}',
    }
    const preview = await call(product(), staff.manager, 'post', '/pms/pmsRoom/bulk/preview', body)
    assert.deepEqual(preview.data.conflicts, ['D302', 'D303'])
    const res = await call(product(), staff.manager, 'post', '/pms/pmsRoom/bulk', body)
    assert.equal(res.status, 409)
    assert.equal(res.msg, 'These room numbers already exist: D302, D303')
    assert.equal((await roomsOf('D4')).length, 0)
    const floors = await product().query('SELECT * FROM pms_floor WHERE building_id = $1 AND floor_no = 4', [
      buildingId,
    ])
    assert.equal(floors.length, 0)
  })

  test('the request is checked: limit, ranges, pattern, references, permission', async () => {
    const p = product()
    const base = { buildingId, floorFrom: 1, floorTo: 1, roomFrom: 1, roomTo: 1, roomTypeId }
    const big = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk', {
      ...base,
      floorTo: 100,
      roomTo: 21,
    })
    assert.equal(big.status, 400)
    assert.equal(big.msg, 'At most 2000 rooms can be created at once; this request makes 2100')
    const range = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk/preview', { ...base, floorFrom: 5 })
    assert.equal(range.status, 400)
    assert.equal(range.msg, 'floorTo must not be less than floorFrom')
    const pattern = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk/preview', {
      ...base,
      pattern: 'X{room}',
    })
    assert.equal(pattern.status, 400)
    const missing = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk/preview', {
      buildingId,
      roomTypeId,
    })
    assert.equal(missing.status, 400)
    assert.match(missing.msg, /floorFrom/)
    const [aptType] = await p.query<{ room_type_id: string }>(
      'SELECT room_type_id FROM pms_room_type WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const foreign = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk', {
      ...base,
      roomTypeId: Number(aptType!.room_type_id),
    })
    // Another property's room type is answered as if absent.
    assert.equal(foreign.status, 404)
    assert.equal(foreign.msg, 'The room type does not exist')
    const clerk = await call(p, staff.clerk, 'post', '/pms/pmsRoom/bulk', base)
    assert.equal(clerk.status, 403)
  })
})
