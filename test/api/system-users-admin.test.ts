// The users screen's calls (issue 17): a platform user filters both user types, binds a staff account to properties
// with a role each and a default; a property administrator sees its property's staff with their role and admin flag,
// hands out only the property's roles, sets and cancels admin and assigns building groups of its own property only;
// a clerk manages nobody.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct, expectFieldErrors, type TestProduct } from './harness.ts'

interface World {
  hotel: number
  apartment: number
  admin: string
  manager: string
  clerk: string
  clerkId: number
  managerId: number
  role: (key: string) => number
}

async function arrange(p: TestProduct): Promise<World> {
  const props = await p.query<{ property_id: number; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  const id = (code: string) => Number(props.find((r) => r.property_code === code)!.property_id)
  const roles = await p.query<{ role_id: number; role_key: string }>('SELECT role_id, role_key FROM sys_role')
  const users = await p.query<{ user_id: number; user_name: string }>(
    'SELECT user_id, user_name FROM sys_user',
  )
  return {
    hotel: id('DEMO-HOTEL'),
    apartment: id('DEMO-APT'),
    admin: await p.login('admin'),
    manager: await p.login('manager'),
    clerk: await p.login('clerk'),
    clerkId: Number(users.find((u) => u.user_name === 'clerk')!.user_id),
    managerId: Number(users.find((u) => u.user_name === 'manager')!.user_id),
    role: (key) => Number(roles.find((r) => r.role_key === key)!.role_id),
  }
}

describeProduct('the users screen', (product) => {
  let w: World
  beforeAll(async () => {
    w = await arrange(product())
  })
  const call = (method: 'get' | 'put' | 'post', url: string, token: string, body?: object) => {
    const req = product().http[method](`/prod-api${url}`).set(bearer(token)).set('Accept-Language', 'en-US')
    return body ? req.send(body) : req
  }

  test('a platform user binds a new staff account to two properties, with roles and a default', async () => {
    const created = await call('post', '/system/user', w.admin, {
      userName: 'nightclerk',
      nickName: 'Night clerk',
      password: 'secret12',
      userType: 2,
    })
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    const userId = created.body.data.userId
    const bound = await call('put', '/system/user/properties', w.admin, {
      userId,
      defaultPropertyId: w.apartment,
      bindings: [
        { propertyId: w.hotel, roleId: w.role('front_desk') },
        { propertyId: w.apartment, roleId: w.role('finance') },
      ],
    })
    assert.equal(bound.body.code, 200, JSON.stringify(bound.body))
    const read = await call('get', `/system/user/${userId}/properties`, w.admin)
    assert.equal(read.body.data.defaultPropertyId, w.apartment)
    assert.deepEqual(
      read.body.data.bindings.map((b: { propertyId: number; roleId: number }) => [b.propertyId, b.roleId]),
      [
        [w.hotel, w.role('front_desk')],
        [w.apartment, w.role('finance')],
      ].sort((a, b) => a[0]! - b[0]!),
    )
    // The list filtered by property and type names the properties; the new clerk signs in to its default.
    const list = await call(
      'get',
      `/system/user/list?userType=2&propertyId=${w.apartment}&nickName=night`,
      w.admin,
    )
    assert.equal(list.body.total, 1)
    assert.equal(list.body.rows[0].userName, 'nightclerk')
    assert.equal(list.body.rows[0].propertyNames.length, 2)
    assert.equal(list.body.rows[0].password, undefined)
    const token = await product().login('nightclerk', 'secret12')
    const info = await call('get', '/system/user/getInfo', token)
    assert.equal(info.body.data.user.defaultPropertyId, w.apartment)

    // Unbinding the apartment ends the sessions acting there.
    const unbound = await call('put', '/system/user/properties', w.admin, {
      userId,
      bindings: [{ propertyId: w.hotel, roleId: w.role('front_desk') }],
    })
    assert.equal(unbound.body.code, 200)
    assert.equal((await call('get', '/system/user/getInfo', token)).status, 401)
    const after = await call('get', `/system/user/${userId}/properties`, w.admin)
    assert.equal(after.body.data.defaultPropertyId, w.hotel)
  })

  test('binding rules: a platform account, an unknown property, a default not bound, a duplicate', async () => {
    const [platform] = await product().query<{ user_id: number }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'admin'",
    )
    const cases: Array<[object, RegExp]> = [
      [{ userId: Number(platform!.user_id), bindings: [{ propertyId: w.hotel }] }, /platform user/],
      [{ userId: w.clerkId, bindings: [{ propertyId: 999999 }] }, /property does not exist/],
      [
        { userId: w.clerkId, defaultPropertyId: w.apartment, bindings: [{ propertyId: w.hotel }] },
        /default property/,
      ],
      [{ userId: w.clerkId, bindings: [{ propertyId: w.hotel }, { propertyId: w.hotel }] }, /only once/],
    ]
    for (const [body, message] of cases) {
      const res = await call('put', '/system/user/properties', w.admin, body)
      assert.equal(res.status, 400, JSON.stringify(res.body))
      assert.match(res.body.msg, message)
    }
    await expectFieldErrors(product().http, w.admin, [
      ['put', '/prod-api/system/user/properties', { userId: w.clerkId, bindings: 'x' }, 'bindings'],
    ])
    await expectFieldErrors(product().http, w.manager, [
      ['put', '/prod-api/system/user/admin', { userId: w.clerkId }, 'isAdmin'],
      ['put', '/prod-api/system/user/buildingGroups', { userId: w.clerkId, groupIds: [0] }, 'groupIds'],
    ])
  })

  test('a property administrator sees its staff with role and admin flag, and only property roles to give', async () => {
    const list = await call('get', '/system/user/list?pageSize=100', w.manager)
    const names = list.body.rows.map((r: { userName: string }) => r.userName)
    assert.ok(names.includes('clerk') && names.includes('manager'))
    assert.ok(!names.includes('admin'), 'no platform account in a property list')
    const clerk = list.body.rows.find((r: { userName: string }) => r.userName === 'clerk')
    assert.equal(clerk.roleId, w.role('front_desk'))
    assert.equal(clerk.isAdmin, false)
    // A platform-only filter is ignored for staff: it sees its own property whatever it asks.
    const other = await call('get', `/system/user/list?propertyId=${w.apartment}&pageSize=100`, w.manager)
    assert.deepEqual(other.body.rows.map((r: { userName: string }) => r.userName).sort(), [...names].sort())
    const options = await call('get', '/system/user/roleOptions', w.manager)
    const keys = options.body.data.map((r: { roleKey: string }) => r.roleKey)
    assert.ok(keys.includes('front_desk') && keys.includes('merchant_admin'))
    assert.ok(!keys.includes('admin') && !keys.includes('sys_admin') && !keys.includes('sys_mch_admin'))
    const platformKeys = (await call('get', '/system/user/roleOptions', w.admin)).body.data.map(
      (r: { roleKey: string }) => r.roleKey,
    )
    assert.ok(platformKeys.includes('sys_admin'))
    // Binding properties is the platform's.
    const bind = await call('put', '/system/user/properties', w.manager, { userId: w.clerkId, bindings: [] })
    assert.equal(bind.status, 403)
  })

  test('set and cancel admin: the role follows; never oneself; never someone of another property', async () => {
    const set = await call('put', '/system/user/admin', w.manager, { userId: w.clerkId, isAdmin: true })
    assert.equal(set.body.code, 200, JSON.stringify(set.body))
    let [link] = await product().query<{ is_admin: boolean; role_id: number }>(
      'SELECT is_admin, role_id FROM pms_property_user WHERE user_id = $1 AND property_id = $2',
      [w.clerkId, w.hotel],
    )
    assert.equal(link!.is_admin, true)
    assert.equal(Number(link!.role_id), w.role('merchant_admin'))
    // The promoted clerk now reaches the users screen's list.
    assert.equal((await call('get', '/system/user/list', w.clerk)).status, 200)
    const cancel = await call('put', '/system/user/admin', w.manager, { userId: w.clerkId, isAdmin: false })
    assert.equal(cancel.body.code, 200)
    ;[link] = await product().query<{ is_admin: boolean; role_id: number }>(
      'SELECT is_admin, role_id FROM pms_property_user WHERE user_id = $1 AND property_id = $2',
      [w.clerkId, w.hotel],
    )
    assert.equal(link!.is_admin, false)
    assert.equal(Number(link!.role_id), w.role('front_desk'))
    assert.equal((await call('get', '/system/user/list', w.clerk)).status, 403)

    const self = await call('put', '/system/user/admin', w.manager, { userId: w.managerId, isAdmin: false })
    assert.equal(self.status, 400)
    assert.match(self.body.msg, /your own admin/)
    const created = await call('post', '/system/user', w.admin, {
      userName: 'aptonly',
      nickName: 'Apartment only',
      password: 'secret12',
      userType: 2,
    })
    await call('put', '/system/user/properties', w.admin, {
      userId: created.body.data.userId,
      bindings: [{ propertyId: w.apartment, roleId: w.role('front_desk') }],
    })
    const foreign = await call('put', '/system/user/admin', w.manager, {
      userId: created.body.data.userId,
      isAdmin: true,
    })
    assert.equal(foreign.status, 404)
    // The clerk changes nobody.
    const byClerk = await call('put', '/system/user/admin', w.clerk, { userId: w.managerId, isAdmin: false })
    assert.equal(byClerk.status, 403)
  })

  test('building groups: set, read, clear all; another property group is refused', async () => {
    const [group] = await product().query<{ group_id: number }>(
      "INSERT INTO pms_building_group (property_id, group_name) VALUES ($1, 'East wing') RETURNING group_id",
      [w.hotel],
    )
    const [foreign] = await product().query<{ group_id: number }>(
      "INSERT INTO pms_building_group (property_id, group_name) VALUES ($1, 'Block A') RETURNING group_id",
      [w.apartment],
    )
    const groupId = Number(group!.group_id)
    const set = await call('put', '/system/user/buildingGroups', w.manager, {
      userId: w.clerkId,
      groupIds: [groupId],
    })
    assert.equal(set.body.code, 200, JSON.stringify(set.body))
    assert.deepEqual((await call('get', `/system/user/${w.clerkId}/buildingGroups`, w.manager)).body.data, [
      groupId,
    ])
    const refused = await call('put', '/system/user/buildingGroups', w.manager, {
      userId: w.clerkId,
      groupIds: [Number(foreign!.group_id)],
    })
    assert.equal(refused.status, 404)
    const cleared = await call('put', '/system/user/buildingGroups', w.manager, {
      userId: w.clerkId,
      groupIds: [],
    })
    assert.equal(cleared.body.code, 200)
    assert.deepEqual((await call('get', `/system/user/${w.clerkId}/buildingGroups`, w.manager)).body.data, [])
    // A platform user has no current property: building groups are the property's own screen.
    assert.equal((await call('get', `/system/user/${w.clerkId}/buildingGroups`, w.admin)).status, 403)
  })
})
