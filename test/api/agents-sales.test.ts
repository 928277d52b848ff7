// Agents, sales areas and sales managers (issue 17, SPEC §1, §6): platform-only resources with their rules (a sales
// manager is a platform user, once; a region belongs to one agent; the §5 name message), a property's agent and sales
// manager, deletes refused while in use, and property staff refused everything here.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('agents and sales', (product) => {
  let staff: Staff
  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })
  const as = (token: string, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) =>
    call(product(), token, method, path, body)

  test('property staff are refused every call', async () => {
    for (const token of [staff.manager, staff.clerk]) {
      assert.equal((await as(token, 'get', '/pms/pmsAgent/list')).status, 403)
      assert.equal((await as(token, 'post', '/pms/pmsAgent', { agentName: 'x' })).status, 403)
      assert.equal((await as(token, 'get', '/pms/pmsSalesArea/list')).status, 403)
      assert.equal((await as(token, 'get', '/pms/pmsSalesManager/list')).status, 403)
      const assign = { propertyId: staff.hotel, agentId: null, salesManagerId: null }
      assert.equal((await as(token, 'put', '/pms/pmsAgent/assignProperty', assign)).status, 403)
    }
  })

  test('a sales manager is a platform user, once', async () => {
    const [platformUser] = await product().query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'admin'",
    )
    const [staffUser] = await product().query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'clerk'",
    )
    const notPlatform = await as(staff.admin, 'post', '/pms/pmsSalesManager', {
      userId: Number(staffUser!.user_id),
    })
    assert.equal(notPlatform.status, 400)
    assert.equal(notPlatform.msg, 'A sales manager must be a platform user')
    const made = await as(staff.admin, 'post', '/pms/pmsSalesManager', {
      userId: Number(platformUser!.user_id),
      phone: '13800138000',
    })
    assert.equal(made.code, 200, made.msg)
    const twice = await as(staff.admin, 'post', '/pms/pmsSalesManager', {
      userId: Number(platformUser!.user_id),
    })
    assert.equal(twice.status, 409)
    assert.equal(twice.msg, 'That user is already a sales manager')
    const listed = await as(staff.admin, 'get', '/pms/pmsSalesManager/list')
    assert.equal(listed.rows![0].userName, 'admin')
  })

  test('agents, their regions and properties; deletes refused while in use', async () => {
    const managers = await as(staff.admin, 'get', '/pms/pmsSalesManager/list')
    const managerId = managers.rows![0].managerId as number
    const blank = await as(staff.admin, 'post', '/pms/pmsAgent', { agentName: '   ' })
    assert.equal(blank.status, 400)
    assert.equal(blank.msg, 'Name cannot be empty')
    const unknownManager = await as(staff.admin, 'post', '/pms/pmsAgent', {
      agentName: 'X',
      salesManagerId: 999999,
    })
    assert.equal(unknownManager.status, 400)
    assert.match(unknownManager.msg, /salesManagerId/)
    const south = await as(staff.admin, 'post', '/pms/pmsAgent', {
      agentName: 'South Sales Co',
      contact: 'Ms Lin',
      phone: '13900001111',
      salesManagerId: managerId,
    })
    assert.equal(south.code, 200, south.msg)
    const agentId = south.data.agentId as number
    const dup = await as(staff.admin, 'post', '/pms/pmsAgent', { agentName: 'South Sales Co' })
    assert.equal(dup.status, 409)

    const unknownRegion = await as(staff.admin, 'post', '/pms/pmsSalesArea', {
      agentId,
      regionCode: '999999',
    })
    assert.equal(unknownRegion.status, 400)
    const area = await as(staff.admin, 'post', '/pms/pmsSalesArea', { agentId, regionCode: '440300' })
    assert.equal(area.code, 200, area.msg)
    const other = await as(staff.admin, 'post', '/pms/pmsAgent', { agentName: 'North Partners' })
    const taken = await as(staff.admin, 'post', '/pms/pmsSalesArea', {
      agentId: other.data.agentId,
      regionCode: '440300',
    })
    assert.equal(taken.status, 409)
    assert.equal(taken.msg, 'That region is already assigned to the agent "South Sales Co"')
    const areas = await as(staff.admin, 'get', '/pms/pmsSalesArea/list', { agentId })
    assert.equal(areas.rows![0].regionName, '广东省深圳市')
    assert.equal(areas.rows![0].agentName, 'South Sales Co')

    const assigned = await as(staff.admin, 'put', '/pms/pmsAgent/assignProperty', {
      propertyId: staff.hotel,
      agentId,
      salesManagerId: managerId,
    })
    assert.equal(assigned.code, 200, assigned.msg)
    const missing = await as(staff.admin, 'put', '/pms/pmsAgent/assignProperty', {
      propertyId: 999999,
      agentId,
      salesManagerId: null,
    })
    assert.equal(missing.status, 404)
    const agents = await as(staff.admin, 'get', '/pms/pmsAgent/list', { agentName: 'South' })
    assert.equal(agents.total, 1)
    assert.equal(agents.rows![0].areaCount, 1)
    assert.equal(agents.rows![0].propertyCount, 1)
    assert.equal(agents.rows![0].salesManagerName.length > 0, true)

    // In use: the agent has an area and a property, the manager an agent and a property.
    assert.equal((await as(staff.admin, 'delete', `/pms/pmsAgent/${agentId}`)).status, 409)
    assert.equal((await as(staff.admin, 'delete', `/pms/pmsSalesManager/${managerId}`)).status, 409)
    const [stillThere] = await product().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pms_agent WHERE agent_id = $1',
      [agentId],
    )
    assert.equal(stillThere!.n, 1)
    await as(staff.admin, 'put', '/pms/pmsAgent/assignProperty', {
      propertyId: staff.hotel,
      agentId: null,
      salesManagerId: null,
    })
    assert.equal((await as(staff.admin, 'delete', `/pms/pmsSalesArea/${area.data.salesAreaId}`)).code, 200)
    assert.equal((await as(staff.admin, 'delete', `/pms/pmsAgent/${agentId}`)).code, 200)
    assert.equal((await as(staff.admin, 'delete', `/pms/pmsSalesManager/${managerId}`)).code, 200)
  })
})
