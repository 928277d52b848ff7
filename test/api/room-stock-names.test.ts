// The room list names each room's building, floor, unit and type, so the front desk (which may list rooms but not
// manage buildings or floors) reads names, not ids, and needs no call it is refused.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('room list names', (product) => {
  let staff: Staff

  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  test('the clerk lists rooms with their building, floor and type names, within its property', async () => {
    const p = product()
    const expected = await p.query<{
      room_no: string
      building_name: string
      floor_name: string
      type_name: string
    }>(
      `SELECT r.room_no, b.building_name, f.floor_name, t.type_name FROM pms_room r
       JOIN pms_building b USING (building_id) JOIN pms_floor f USING (floor_id)
       JOIN pms_room_type t USING (room_type_id) WHERE r.property_id = $1`,
      [staff.hotel],
    )
    assert.ok(expected.length > 0)
    const list = await call(p, staff.clerk, 'get', '/pms/pmsRoom/list', { pageNum: 1, pageSize: 100 })
    assert.equal(list.code, 200, list.msg)
    assert.equal(list.rows!.length, expected.length)
    for (const row of list.rows!) {
      const want = expected.find((e) => e.room_no === row.roomNo)!
      assert.equal(row.buildingName, want.building_name, row.roomNo)
      assert.equal(row.floorName, want.floor_name, row.roomNo)
      assert.equal(row.typeName, want.type_name, row.roomNo)
    }
    // The clerk still may not manage buildings or floors.
    assert.equal((await call(p, staff.clerk, 'get', '/pms/pmsBuilding/list')).code, 403)
  })
})
