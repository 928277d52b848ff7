// A property administrator manages a staff account only when it administers every property the account is bound to;
// for an account shared with another property it manages the binding and role in its own property only. The target
// here is the demo `manager`, bound to the hotel and the apartment building; the attacker administers the hotel only.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct, type TestProduct } from './harness.ts'

interface World {
  hotel: number
  apartment: number
  managerId: number
  boss: string
  admin: string
  frontDeskRole: number
  adminRole: number
}

async function arrange(p: TestProduct): Promise<World> {
  const props = await p.query<{ property_id: number; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  const id = (code: string) => Number(props.find((r) => r.property_code === code)!.property_id)
  const roles = await p.query<{ role_id: number; role_key: string }>('SELECT role_id, role_key FROM sys_role')
  const role = (key: string) => Number(roles.find((r) => r.role_key === key)!.role_id)
  const admin = await p.login('admin')
  const created = await p.http
    .post('/prod-api/system/user')
    .set(bearer(admin))
    .send({ userName: 'hotelboss', nickName: 'Hotel boss', password: 'secret12', userType: 2 })
  assert.equal(created.body.code, 200, JSON.stringify(created.body))
  await p.query(
    'INSERT INTO pms_property_user (property_id, user_id, role_id, is_admin) VALUES ($1, $2, $3, true)',
    [id('DEMO-HOTEL'), created.body.data.userId, role('merchant_admin')],
  )
  await p.query('UPDATE sys_user SET default_property_id = $1 WHERE user_name = $2', [
    id('DEMO-HOTEL'),
    'hotelboss',
  ])
  const [manager] = await p.query<{ user_id: number }>(
    "SELECT user_id FROM sys_user WHERE user_name = 'manager'",
  )
  return {
    hotel: id('DEMO-HOTEL'),
    apartment: id('DEMO-APT'),
    managerId: Number(manager!.user_id),
    boss: await p.login('hotelboss', 'secret12'),
    admin,
    frontDeskRole: role('front_desk'),
    adminRole: role('merchant_admin'),
  }
}

describeProduct('a property administrator and an account shared with another property', (product) => {
  let w: World
  beforeAll(async () => {
    w = await arrange(product())
  })
  const send = (method: 'put' | 'delete' | 'get' | 'post', url: string, token: string, body?: object) => {
    const req = product().http[method](`/prod-api${url}`).set(bearer(token)).set('Accept-Language', 'en-US')
    return body ? req.send(body) : req
  }

  test('cannot reset its password, so cannot sign in as it and reach the other property', async () => {
    const res = await send('put', '/system/user/resetPwd', w.boss, {
      userId: w.managerId,
      password: 'taken123',
    })
    assert.equal(res.status, 403, JSON.stringify(res.body))
    assert.match(res.body.msg, /properties you do not administer/)
    await product().login('manager', 'admin123')
    await assert.rejects(product().login('manager', 'taken123'))
  })

  test('cannot disable it, for every property', async () => {
    const res = await send('put', '/system/user/changeStatus', w.boss, { userId: w.managerId, status: '1' })
    assert.equal(res.status, 403)
    await product().login('manager', 'admin123')
  })

  test('cannot change its profile or email, but may set its role here with the form sent unchanged', async () => {
    const current = (await send('get', `/system/user/${w.managerId}`, w.boss)).body.data
    assert.equal(current.userName, 'manager')
    for (const change of [
      { email: 'taken@example.com' },
      { nickName: 'Taken' },
      { remark: 'x' },
      { sex: '1' },
    ]) {
      const res = await send('put', '/system/user', w.boss, { userId: w.managerId, ...change })
      assert.equal(res.status, 403, `${JSON.stringify(change)}: ${JSON.stringify(res.body)}`)
    }
    const [row] = await product().query<{ email: string | null; nick_name: string }>(
      'SELECT email, nick_name FROM sys_user WHERE user_id = $1',
      [w.managerId],
    )
    assert.notEqual(row!.email, 'taken@example.com')
    assert.equal(row!.nick_name, current.nickName)
    // The console's edit form sends every field back as it was, with the role in this property.
    const form = {
      userId: w.managerId,
      nickName: current.nickName,
      email: current.email ?? '',
      phonenumber: current.phonenumber ?? '',
      sex: current.sex,
      status: current.status,
      remark: current.remark,
      roleId: w.adminRole,
    }
    const res = await send('put', '/system/user', w.boss, form)
    assert.equal(res.status, 200, JSON.stringify(res.body))
  })

  test('keeps full control of an account bound to its own property only', async () => {
    const created = await send('get', '/system/user/list', w.boss)
    assert.equal(created.status, 200)
    const add = await product()
      .http.post('/prod-api/system/user')
      .set(bearer(w.boss))
      .send({ userName: 'hotelonly', nickName: 'Hotel only', password: 'secret12', roleId: w.frontDeskRole })
    assert.equal(add.body.code, 200, JSON.stringify(add.body))
    const userId = add.body.data.userId
    assert.equal(
      (await send('put', '/system/user/resetPwd', w.boss, { userId, password: 'newpass1' })).status,
      200,
    )
    assert.equal(
      (await send('put', '/system/user', w.boss, { userId, email: 'hotel@example.com' })).status,
      200,
    )
    assert.equal(
      (await send('put', '/system/user/changeStatus', w.boss, { userId, status: '1' })).status,
      200,
    )
  })

  test('building groups: it joins and leaves the groups of its own property only', async () => {
    const p = product()
    const [aptGroup] = await p.query<{ group_id: number }>(
      "INSERT INTO pms_building_group (property_id, group_name) VALUES ($1, 'Apartment wing') RETURNING group_id",
      [w.apartment],
    )
    await p.query('INSERT INTO pms_building_group_user (group_id, user_id) VALUES ($1, $2)', [
      aptGroup!.group_id,
      w.managerId,
    ])
    const added = await send('post', '/pms/pmsBuildingGroup', w.boss, {
      groupName: 'Hotel wing',
      userIds: [w.managerId],
    })
    assert.equal(added.status, 200, JSON.stringify(added.body))
    // The apartment's group is not the hotel administrator's to touch.
    const foreign = await send('put', '/pms/pmsBuildingGroup', w.boss, {
      groupId: Number(aptGroup!.group_id),
      userIds: [],
    })
    assert.equal(foreign.status, 404)
    const removed = await send('delete', `/pms/pmsBuildingGroup/user/${w.managerId}`, w.boss)
    assert.equal(removed.status, 200, JSON.stringify(removed.body))
    const groups = await p.query<{ property_id: number }>(
      `SELECT g.property_id FROM pms_building_group_user u JOIN pms_building_group g ON g.group_id = u.group_id
        WHERE u.user_id = $1`,
      [w.managerId],
    )
    assert.deepEqual(
      groups.map((g) => Number(g.property_id)),
      [w.apartment],
    )
  })

  test('removing it from its own property leaves the account and its other binding alone', async () => {
    const res = await send('delete', `/system/user/${w.managerId}`, w.boss)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const bindings = await product().query<{ property_id: number }>(
      'SELECT property_id FROM pms_property_user WHERE user_id = $1',
      [w.managerId],
    )
    assert.deepEqual(
      bindings.map((b) => Number(b.property_id)),
      [w.apartment],
    )
    const token = await product().login('manager', 'admin123')
    assert.equal((await send('put', `/auth/switchProperty/${w.apartment}`, token)).status, 200)
  })

  test('a platform administrator keeps full control', async () => {
    const res = await send('put', '/system/user/resetPwd', w.admin, {
      userId: w.managerId,
      password: 'admin123',
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(
      (await send('put', '/system/user', w.admin, { userId: w.managerId, remark: 'checked' })).status,
      200,
    )
  })

  test('handing its hotel administration to another user leaves its apartment binding and account alone', async () => {
    const p = product()
    // Bound to the hotel as its administrator again (an earlier test removed it).
    await p.query(
      'INSERT INTO pms_property_user (property_id, user_id, role_id, is_admin) VALUES ($1, $2, $3, true)',
      [w.hotel, w.managerId, w.adminRole],
    )
    const [clerk] = await p.query<{ user_id: number }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'clerk'",
    )
    const res = await send(
      'put',
      `/pms/pmsPropertyUser/replacePropertyAdmin/${w.managerId}/${clerk!.user_id}/${w.hotel}`,
      w.boss,
    )
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const bindings = await p.query<{ property_id: number; is_admin: boolean }>(
      'SELECT property_id, is_admin FROM pms_property_user WHERE user_id = $1',
      [w.managerId],
    )
    assert.deepEqual(
      bindings.map((b) => [Number(b.property_id), b.is_admin]),
      [[w.apartment, true]],
    )
    // The account itself is untouched: same password, enabled, still the apartment's administrator.
    const token = await p.login('manager', 'admin123')
    assert.equal((await send('put', `/auth/switchProperty/${w.apartment}`, token)).status, 200)
  })
})
