// Areas (SPEC §2.7, §3, §7): CRUD in the current property, permissions of the list and its buttons, tenancy.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('areas', (product) => {
  let staff: Staff

  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  test('a manager adds, lists, reads, edits and deletes areas of the current property', async () => {
    const p = product()
    const added = await call(p, staff.manager, 'post', '/pms/pmsArea', {
      areaType: 'lobby',
      areaName: 'East lobby',
      remark: 'ground floor',
    })
    assert.equal(added.code, 200, added.msg)
    assert.equal(added.data.propertyId, staff.hotel)
    const second = await call(p, staff.manager, 'post', '/pms/pmsArea', {
      areaType: 'parking',
      areaName: 'P1',
    })
    assert.equal(second.code, 200)

    const list = await call(p, staff.manager, 'get', '/pms/pmsArea/list', { pageNum: 1, pageSize: 10 })
    assert.equal(list.code, 200)
    assert.equal(list.total, 2)
    assert.deepEqual(
      list.rows!.map((r) => r.areaName),
      ['East lobby', 'P1'],
    )
    const byType = await call(p, staff.manager, 'get', '/pms/pmsArea/list', { areaType: 'parking' })
    assert.deepEqual(
      byType.rows!.map((r) => r.areaName),
      ['P1'],
    )
    const paged = await call(p, staff.manager, 'get', '/pms/pmsArea/list', { pageNum: 2, pageSize: 1 })
    assert.deepEqual(
      paged.rows!.map((r) => r.areaName),
      ['P1'],
    )
    assert.equal(paged.total, 2)

    const one = await call(p, staff.manager, 'get', `/pms/pmsArea/${added.data.areaId}`)
    assert.equal(one.data.remark, 'ground floor')
    const edited = await call(p, staff.manager, 'put', '/pms/pmsArea', {
      areaId: added.data.areaId,
      areaName: 'West lobby',
    })
    assert.equal(edited.code, 200)
    assert.equal(edited.data.areaName, 'West lobby')
    assert.equal(edited.data.areaType, 'lobby')

    const removed = await call(
      p,
      staff.manager,
      'delete',
      `/pms/pmsArea/${added.data.areaId},${second.data.areaId}`,
    )
    assert.equal(removed.code, 200)
    const after = await call(p, staff.manager, 'get', '/pms/pmsArea/list')
    assert.equal(after.total, 0)
  })

  test('the clerk may list areas but not add, edit or delete them', async () => {
    const p = product()
    const area = await call(p, staff.manager, 'post', '/pms/pmsArea', { areaType: 'lobby', areaName: 'Desk' })
    const list = await call(p, staff.clerk, 'get', '/pms/pmsArea/list')
    assert.equal(list.code, 200)
    assert.ok(list.rows!.some((r) => r.areaId === area.data.areaId))
    for (const [method, path, body] of [
      ['post', '/pms/pmsArea', { areaType: 'x', areaName: 'y' }],
      ['put', '/pms/pmsArea', { areaId: area.data.areaId, areaName: 'y' }],
      ['delete', `/pms/pmsArea/${area.data.areaId}`, undefined],
    ] as const) {
      const res = await call(p, staff.clerk, method, path, body)
      assert.equal(res.status, 403, `${method} ${path}`)
      assert.equal(res.code, 403)
    }
    const [row] = await p.query<{ area_name: string }>('SELECT area_name FROM pms_area WHERE area_id = $1', [
      area.data.areaId,
    ])
    assert.equal(row!.area_name, 'Desk')
  })

  test('listing is rejected without pms:pmsArea:list', async () => {
    const p = product()
    await p.query(
      `DELETE FROM sys_role_menu WHERE menu_id IN (SELECT menu_id FROM sys_menu WHERE perms = 'pms:pmsArea:list')
         AND role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')`,
    )
    const clerk = await p.login('clerk')
    const res = await call(p, clerk, 'get', '/pms/pmsArea/list')
    assert.equal(res.status, 403)
    assert.equal(res.code, 403)
  })

  test('areas of another property are neither listed nor reachable', async () => {
    const p = product()
    const [other] = await p.query<{ area_id: string }>(
      `INSERT INTO pms_area (property_id, area_type, area_name) VALUES ($1, 'garden', 'Apartment garden')
       RETURNING area_id`,
      [staff.apartment],
    )
    const id = Number(other!.area_id)
    const list = await call(p, staff.manager, 'get', '/pms/pmsArea/list', { pageSize: 50 })
    assert.ok(!list.rows!.some((r) => r.areaId === id))
    assert.equal((await call(p, staff.manager, 'get', `/pms/pmsArea/${id}`)).status, 404)
    const edit = await call(p, staff.manager, 'put', '/pms/pmsArea', { areaId: id, areaName: 'Taken over' })
    assert.equal(edit.status, 404)
    assert.equal(edit.msg, 'The area does not exist')
    assert.equal((await call(p, staff.manager, 'delete', `/pms/pmsArea/${id}`)).status, 404)
    const forbidden = await call(p, staff.clerk, 'get', '/pms/pmsArea/list', { propertyId: staff.apartment })
    assert.equal(forbidden.status, 403)
    const [row] = await p.query<{ area_name: string }>('SELECT area_name FROM pms_area WHERE area_id = $1', [
      id,
    ])
    assert.equal(row!.area_name, 'Apartment garden')
  })

  test('a bad area is refused with 400 naming the field', async () => {
    const p = product()
    const missing = await call(p, staff.manager, 'post', '/pms/pmsArea', { areaType: 'lobby' })
    assert.equal(missing.status, 400)
    assert.match(missing.msg, /areaName/)
    const long = await call(p, staff.manager, 'post', '/pms/pmsArea', {
      areaType: 'lobby',
      areaName: 'x'.repeat(51),
    })
    assert.equal(long.status, 400)
    assert.match(long.msg, /areaName/)
  })
})
