// Room stock CRUD (SPEC §1, §3): each resource's happy path, permissions, tenancy, money validation, references kept
// inside the property, and a room type in use refused on delete.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('room stock CRUD', (product) => {
  let staff: Staff
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  test('a manager builds a park, building, unit, floor, room type, attribute and room', async () => {
    const p = product()
    const m = staff.manager
    const park = await call(p, m, 'post', '/pms/pmsPark', { parkName: 'North park' })
    assert.equal(park.code, 200, park.msg)
    ids.park = park.data.parkId
    const bld = await call(p, m, 'post', '/pms/pmsBuilding', { buildingName: 'Tower C', parkId: ids.park })
    assert.equal(bld.code, 200, bld.msg)
    assert.equal(bld.data.propertyId, staff.hotel)
    ids.building = bld.data.buildingId
    const unit = await call(p, m, 'post', '/pms/pmsUnit', { buildingId: ids.building, unitName: 'Unit 1' })
    assert.equal(unit.code, 200, unit.msg)
    ids.unit = unit.data.unitId
    const fl = await call(p, m, 'post', '/pms/pmsFloor', {
      buildingId: ids.building,
      floorNo: 1,
      floorName: '1F',
    })
    assert.equal(fl.code, 200, fl.msg)
    ids.floor = fl.data.floorId
    const type = await call(p, m, 'post', '/pms/pmsRoomType', {
      typeName: 'Garden suite',
      dailyPrice: 68800,
      hourlyPrice: 9900,
      deposit: 50000,
      contractPrice: 880000,
      maxOccupancy: 3,
      hourRoom: false,
      state: '0',
      pictures: '/files/a.jpg,/files/b.jpg',
      costItems: [
        { costName: 'Breakfast', amount: 3800, checkInCost: true },
        { costName: 'Minibar', amount: 1500, checkInCost: false },
      ],
    })
    assert.equal(type.code, 200, type.msg)
    ids.roomType = type.data.roomTypeId
    const typeRead = await call(p, m, 'get', `/pms/pmsRoomType/${ids.roomType}`)
    assert.equal(typeRead.data.dailyPrice, 68800)
    assert.deepEqual(typeRead.data.costItems, [
      { costName: 'Breakfast', amount: 3800, checkInCost: true },
      { costName: 'Minibar', amount: 1500, checkInCost: false },
    ])
    const attr = await call(p, m, 'post', '/pms/pmsRoomAttribute', { attributeName: 'Sea view' })
    assert.equal(attr.code, 200, attr.msg)
    ids.attribute = attr.data.attributeId
    const rm = await call(p, m, 'post', '/pms/pmsRoom', {
      buildingId: ids.building,
      floorId: ids.floor,
      unitId: ids.unit,
      roomTypeId: ids.roomType,
      roomNo: 'C101',
      attributeIds: [ids.attribute],
    })
    assert.equal(rm.code, 200, rm.msg)
    assert.equal(rm.data.occupancy, 'empty')
    ids.room = rm.data.roomId
    const roomRead = await call(p, m, 'get', `/pms/pmsRoom/${ids.room}`)
    assert.deepEqual(roomRead.data.attributeIds, [ids.attribute])
    const rule = await call(p, m, 'post', '/pms/pmsHourlyRule', {
      ruleName: '3 hours',
      startingFee: 6800,
      overtimeFee: 2000,
    })
    assert.equal(rule.code, 200, rule.msg)
    assert.equal(rule.data.status, '0')
    ids.rule = rule.data.ruleId
  })

  test('lists are paged, filtered and scoped to the current property', async () => {
    const p = product()
    const rooms = await call(p, staff.manager, 'get', '/pms/pmsRoom/list', { buildingId: ids.building })
    assert.equal(rooms.total, 1)
    assert.equal(rooms.rows![0].roomNo, 'C101')
    const all = await call(p, staff.clerk, 'get', '/pms/pmsRoom/list', { pageSize: 50 })
    assert.equal(all.code, 200)
    assert.equal(all.total, 75) // the demo hotel's 74 rooms and C101
    assert.ok(all.rows!.every((r) => r.propertyId === staff.hotel))
    const types = await call(p, staff.manager, 'get', '/pms/pmsRoomType/list', { typeName: 'Garden' })
    assert.deepEqual(
      types.rows!.map((r) => r.typeName),
      ['Garden suite'],
    )
    for (const path of [
      '/pms/pmsPark',
      '/pms/pmsUnit',
      '/pms/pmsFloor',
      '/pms/pmsRoomAttribute',
      '/pms/pmsHourlyRule',
    ]) {
      const list = await call(p, staff.manager, 'get', `${path}/list`)
      assert.equal(list.code, 200, path)
      assert.ok(list.total! >= 1, path)
    }
  })

  test('edits change only what is sent; cost items and attributes are replaced when sent', async () => {
    const p = product()
    const m = staff.manager
    const type = await call(p, m, 'put', '/pms/pmsRoomType', {
      roomTypeId: ids.roomType,
      dailyPrice: 72800,
      costItems: [{ costName: 'Parking', amount: 2000, checkInCost: true }],
    })
    assert.equal(type.code, 200, type.msg)
    const read = await call(p, m, 'get', `/pms/pmsRoomType/${ids.roomType}`)
    assert.equal(read.data.dailyPrice, 72800)
    assert.equal(read.data.hourlyPrice, 9900)
    assert.deepEqual(read.data.costItems, [{ costName: 'Parking', amount: 2000, checkInCost: true }])
    const renamed = await call(p, m, 'put', '/pms/pmsRoomType', {
      roomTypeId: ids.roomType,
      typeName: 'Garden suite+',
    })
    assert.equal(renamed.code, 200)
    assert.equal((await call(p, m, 'get', `/pms/pmsRoomType/${ids.roomType}`)).data.costItems.length, 1)
    // A name another type holds: refused, naming the field and the name.
    const [other] = await p.query<{ type_name: string }>(
      'SELECT type_name FROM pms_room_type WHERE property_id = $1 AND room_type_id <> $2 LIMIT 1',
      [staff.hotel, ids.roomType],
    )
    const taken = await call(p, m, 'put', '/pms/pmsRoomType', {
      roomTypeId: ids.roomType,
      typeName: other!.type_name,
    })
    assert.equal(taken.status, 409)
    assert.equal(taken.msg, `A record with typeName ${other!.type_name} already exists`)
    const room = await call(p, m, 'put', '/pms/pmsRoom', {
      roomId: ids.room,
      remark: 'quiet',
      attributeIds: [],
    })
    assert.equal(room.code, 200, room.msg)
    assert.deepEqual((await call(p, m, 'get', `/pms/pmsRoom/${ids.room}`)).data.attributeIds, [])
    const rule = await call(p, m, 'put', '/pms/pmsHourlyRule', { ruleId: ids.rule, status: '1' })
    assert.equal(rule.data.status, '1')
  })

  test('money must be a non-negative integer of cents; the refusal names the field', async () => {
    const p = product()
    const m = staff.manager
    for (const [path, body, field] of [
      ['/pms/pmsRoomType', { typeName: 'Neg', dailyPrice: -1 }, 'dailyPrice'],
      ['/pms/pmsRoomType', { typeName: 'Frac', dailyPrice: 100.5 }, 'dailyPrice'],
      ['/pms/pmsRoomType', { typeName: 'Dep', dailyPrice: 100, deposit: -5 }, 'deposit'],
      [
        '/pms/pmsRoomType',
        {
          typeName: 'Cost',
          dailyPrice: 100,
          costItems: [{ costName: 'x', amount: 1.25, checkInCost: true }],
        },
        'costItems.0.amount',
      ],
      ['/pms/pmsHourlyRule', { ruleName: 'Neg', startingFee: -100, overtimeFee: 0 }, 'startingFee'],
      ['/pms/pmsHourlyRule', { ruleName: 'Frac', startingFee: 100, overtimeFee: 0.5 }, 'overtimeFee'],
      ['/pms/pmsRoom', { buildingId: ids.building, floorId: ids.floor, roomTypeId: ids.roomType }, 'roomNo'],
    ] as const) {
      const res = await call(p, m, 'post', path, body)
      assert.equal(res.status, 400, `${path} ${field}: ${res.msg}`)
      assert.ok(res.msg.includes(field), `${res.msg} names ${field}`)
    }
    const edit = await call(p, m, 'put', '/pms/pmsRoomType', { roomTypeId: ids.roomType, hourlyPrice: -3 })
    assert.equal(edit.status, 400)
    assert.match(edit.msg, /hourlyPrice/)
  })

  test('references must belong to the same property', async () => {
    const p = product()
    const m = staff.manager
    const [aptType] = await p.query<{ room_type_id: string }>(
      'SELECT room_type_id FROM pms_room_type WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const foreign = Number(aptType!.room_type_id)
    const res = await call(p, m, 'post', '/pms/pmsRoom', {
      buildingId: ids.building,
      floorId: ids.floor,
      roomTypeId: foreign,
      roomNo: 'C102',
    })
    // Another property's record is answered as if absent (the reference check of every write route).
    assert.equal(res.status, 404)
    assert.equal(res.msg, 'The room type does not exist')
    const moved = await call(p, m, 'put', '/pms/pmsRoom', { roomId: ids.room, roomTypeId: foreign })
    assert.equal(moved.status, 404)
    const [other] = await p.query<{ floor_id: string }>(
      `SELECT f.floor_id FROM pms_floor f JOIN pms_building b ON b.building_id = f.building_id
        WHERE b.property_id = $1 AND b.building_id <> $2 LIMIT 1`,
      [staff.hotel, ids.building],
    )
    const wrongFloor = await call(p, m, 'put', '/pms/pmsRoom', {
      roomId: ids.room,
      floorId: Number(other!.floor_id),
    })
    assert.equal(wrongFloor.status, 400)
    assert.match(wrongFloor.msg, /is not in building/)
    const dup = await call(p, m, 'post', '/pms/pmsRoom', {
      buildingId: ids.building,
      floorId: ids.floor,
      roomTypeId: ids.roomType,
      roomNo: '101',
    })
    assert.equal(dup.status, 409)
    assert.equal(dup.msg, 'Room number 101 already exists')
    const [aptBuilding] = await p.query<{ building_id: string }>(
      'SELECT building_id FROM pms_building WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const group = await call(p, m, 'post', '/pms/pmsBuildingGroup', {
      groupName: 'Bad group',
      buildingIds: [Number(aptBuilding!.building_id)],
    })
    assert.equal(group.status, 404)
    assert.equal(group.msg, 'The building does not exist')
    const [count] = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_building_group WHERE group_name = 'Bad group'",
    )
    assert.equal(Number(count!.n), 0, 'the group row was rolled back with its links')
  })

  test('the clerk may list rooms and read room types but not change room stock', async () => {
    const p = product()
    for (const [method, path, body] of [
      [
        'post',
        '/pms/pmsRoom',
        { buildingId: ids.building, floorId: ids.floor, roomTypeId: ids.roomType, roomNo: 'X' },
      ],
      ['put', '/pms/pmsRoom', { roomId: ids.room, remark: 'x' }],
      ['delete', `/pms/pmsRoom/${ids.room}`, undefined],
      ['get', `/pms/pmsRoom/${ids.room}`, undefined],
      ['post', '/pms/pmsRoomType', { typeName: 'x', dailyPrice: 1 }],
      ['put', '/pms/pmsBuilding', { buildingId: ids.building, buildingName: 'x' }],
      ['delete', `/pms/pmsPark/${ids.park}`, undefined],
      ['post', '/pms/pmsUnit', { buildingId: ids.building, unitName: 'x' }],
      ['post', '/pms/pmsFloor', { buildingId: ids.building, floorNo: 9, floorName: 'x' }],
      ['put', '/pms/pmsRoomAttribute', { attributeId: ids.attribute, attributeName: 'x' }],
      ['post', '/pms/pmsBuildingGroup', { groupName: 'x' }],
      ['delete', `/pms/pmsHourlyRule/${ids.rule}`, undefined],
      ['delete', '/pms/pmsBuildingGroup/user/1', undefined],
    ] as const) {
      const res = await call(p, staff.clerk, method, path, body)
      assert.equal(res.status, 403, `${method} ${path}`)
    }
    // Room types are read at the desk (booking, the folio's cost items), never changed there.
    assert.equal((await call(p, staff.clerk, 'get', `/pms/pmsRoomType/${ids.roomType}`)).status, 200)
  })

  test('records of another property are not reachable: 404, nothing changed', async () => {
    const p = product()
    const [aptRoom] = await p.query<{ room_id: string; room_no: string }>(
      'SELECT room_id, room_no FROM pms_room WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    const id = Number(aptRoom!.room_id)
    assert.equal((await call(p, staff.manager, 'get', `/pms/pmsRoom/${id}`)).status, 404)
    const edit = await call(p, staff.manager, 'put', '/pms/pmsRoom', { roomId: id, remark: 'mine now' })
    assert.equal(edit.status, 404)
    assert.equal(edit.msg, 'The room does not exist')
    assert.equal((await call(p, staff.manager, 'delete', `/pms/pmsRoom/${id}`)).status, 404)
    const clerkList = await call(p, staff.clerk, 'get', '/pms/pmsRoom/list', { propertyId: staff.apartment })
    assert.equal(clerkList.status, 403)
    const [aptType] = await p.query<{ room_type_id: string }>(
      'SELECT room_type_id FROM pms_room_type WHERE property_id = $1 LIMIT 1',
      [staff.apartment],
    )
    assert.equal(
      (await call(p, staff.manager, 'get', `/pms/pmsRoomType/${aptType!.room_type_id}`)).status,
      404,
    )
    const [row] = await p.query<{ remark: string }>('SELECT remark FROM pms_room WHERE room_id = $1', [id])
    assert.equal(row!.remark, '')
  })

  test('building groups link buildings and staff; a user can be unlinked from every group', async () => {
    const p = product()
    const m = staff.manager
    const [clerkUser] = await p.query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'clerk'",
    )
    const clerkId = Number(clerkUser!.user_id)
    const made = []
    for (const name of ['Day shift', 'Night shift']) {
      const g = await call(p, m, 'post', '/pms/pmsBuildingGroup', {
        groupName: name,
        buildingIds: [ids.building],
        userIds: [clerkId],
      })
      assert.equal(g.code, 200, g.msg)
      made.push(g.data.groupId)
    }
    const read = await call(p, m, 'get', `/pms/pmsBuildingGroup/${made[0]}`)
    assert.deepEqual(read.data.buildingIds, [ids.building])
    assert.deepEqual(read.data.userIds, [clerkId])
    const [admin] = await p.query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'admin'",
    )
    const stranger = await call(p, m, 'put', '/pms/pmsBuildingGroup', {
      groupId: made[0],
      userIds: [Number(admin!.user_id)],
    })
    assert.equal(stranger.status, 400)
    assert.match(stranger.msg, /does not work in the current property/)
    const unlinked = await call(p, m, 'delete', `/pms/pmsBuildingGroup/user/${clerkId}`)
    assert.equal(unlinked.code, 200)
    const links = await p.query('SELECT * FROM pms_building_group_user WHERE user_id = $1', [clerkId])
    assert.equal(links.length, 0)
    assert.equal((await call(p, m, 'get', `/pms/pmsBuildingGroup/${made[1]}`)).data.buildingIds.length, 1)
  })

  test('a room type in use cannot be deleted (409); once free it can', async () => {
    const p = product()
    const m = staff.manager
    const refused = await call(p, m, 'delete', `/pms/pmsRoomType/${ids.roomType}`)
    assert.equal(refused.status, 409)
    assert.equal(refused.msg, 'Room type "Garden suite+" is used by 1 room and cannot be deleted')
    const building = await call(p, m, 'delete', `/pms/pmsBuilding/${ids.building}`)
    assert.equal(building.status, 409)
    assert.match(building.msg, /still has 1 room\b/)
    assert.equal((await call(p, m, 'delete', `/pms/pmsRoom/${ids.room}`)).code, 200)
    assert.equal((await call(p, m, 'delete', `/pms/pmsRoomType/${ids.roomType}`)).code, 200)
    const costs = await p.query('SELECT * FROM pms_room_type_cost WHERE room_type_id = $1', [ids.roomType])
    assert.equal(costs.length, 0)
    for (const [path, id] of [
      ['/pms/pmsRoomAttribute', ids.attribute],
      ['/pms/pmsFloor', ids.floor],
      ['/pms/pmsUnit', ids.unit],
      ['/pms/pmsBuilding', ids.building],
      ['/pms/pmsPark', ids.park],
      ['/pms/pmsHourlyRule', ids.rule],
    ] as const) {
      const res = await call(p, m, 'delete', `${path}/${id}`)
      assert.equal(res.code, 200, `${path}: ${res.msg}`)
    }
  })
})
