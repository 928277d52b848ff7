// Roles and menus for platform users: CRUD, built-in roles protected, role menus that change permissions at once,
// menu tree and deletion rules; staff are refused.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

describeProduct('roles and menus', (product) => {
  let admin: string
  let manager: string
  beforeAll(async () => {
    admin = await product().login('admin')
    manager = await product().login('manager')
  })

  const roleByKey = async (roleKey: string) => {
    const res = await product()
      .http.get('/prod-api/system/role/list')
      .query({ roleKey, pageSize: 100 })
      .set(bearer(admin))
    return res.body.rows.find((r: { roleKey: string }) => r.roleKey === roleKey)
  }

  test('the seeded roles are listed; built-in ones cannot be deleted or renamed, admin cannot be disabled', async () => {
    const http = product().http
    const list = await http.get('/prod-api/system/role/list').set(bearer(admin))
    const keys = list.body.rows.map((r: { roleKey: string }) => r.roleKey)
    for (const key of ['admin', 'sys_admin', 'common', 'sys_mch_admin', 'merchant_admin', 'front_desk'])
      assert.ok(keys.includes(key), key)
    for (const key of ['admin', 'sys_admin', 'common', 'sys_mch_admin', 'merchant_admin', 'front_desk']) {
      const role = await roleByKey(key)
      const res = await http
        .delete(`/prod-api/system/role/${role.roleId}`)
        .set(bearer(admin))
        .set('Accept-Language', 'en-US')
      assert.equal(res.status, 400)
      assert.equal(res.body.msg, `The built-in role ${key} cannot be deleted`)
    }
    const merchant = await roleByKey('merchant_admin')
    const rename = await http
      .put('/prod-api/system/role')
      .set(bearer(admin))
      .send({ roleId: merchant.roleId, roleKey: 'shop_admin' })
    assert.equal(rename.status, 400)
    const superRole = await roleByKey('admin')
    const disable = await http
      .put('/prod-api/system/role/changeStatus')
      .set(bearer(admin))
      .send({ roleId: superRole.roleId, status: '1' })
    assert.equal(disable.status, 400)
    const [{ n }] = await product().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sys_role WHERE role_key = 'admin' AND status = '0'",
    )
    assert.equal(n, 1)
  })

  test('a new role with menus grants their permissions at once; changing its menus withdraws them', async () => {
    const http = product().http
    const menus = await http.get('/prod-api/system/menu/list').query({ menuType: 'C' }).set(bearer(admin))
    const dictList = menus.body.data.find((m: { perms: string }) => m.perms === 'system:dict:list')
    const created = await http
      .post('/prod-api/system/role')
      .set(bearer(admin))
      .send({
        roleName: 'Dictionary reader',
        roleKey: 'dict_reader',
        roleType: 1,
        roleSort: 9,
        menuIds: [dictList.menuId],
      })
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    const roleId = created.body.data.roleId
    const one = await http.get(`/prod-api/system/role/${roleId}`).set(bearer(admin))
    assert.deepEqual(one.body.data.menuIds, [dictList.menuId])
    const taken = await http
      .post('/prod-api/system/role')
      .set(bearer(admin))
      .send({ roleName: 'x', roleKey: 'dict_reader' })
    assert.equal(taken.status, 409)

    // A platform user holding only this role.
    const user = await http
      .post('/prod-api/system/user')
      .set(bearer(admin))
      .send({
        userName: 'dictreader',
        password: 'reader123',
        nickName: 'Reader',
        userType: 1,
        roleIds: [roleId],
      })
    assert.equal(user.body.code, 200, JSON.stringify(user.body))
    const reader = await http
      .post('/prod-api/auth/login')
      .send({ username: 'dictreader', password: 'reader123' })
    const token = reader.body.data.access_token as string
    assert.equal((await http.get('/prod-api/system/dict/data/list').set(bearer(token))).status, 200)
    assert.equal((await http.get('/prod-api/system/config/list').set(bearer(token))).status, 403)

    const tree = await http.get(`/prod-api/system/menu/roleMenuTreeselect/${roleId}`).set(bearer(admin))
    assert.deepEqual(tree.body.data.checkedKeys, [dictList.menuId])
    assert.ok(tree.body.data.menus.length > 0)
    assert.ok(tree.body.data.menus[0].label)

    const withdraw = await http.put('/prod-api/system/role').set(bearer(admin)).send({ roleId, menuIds: [] })
    assert.equal(withdraw.body.code, 200)
    assert.equal((await http.get('/prod-api/system/dict/data/list').set(bearer(token))).status, 403)

    await http
      .put('/prod-api/system/role/authMenu')
      .set(bearer(admin))
      .send({ roleId, menuIds: [dictList.menuId] })
    assert.deepEqual(
      (await http.get(`/prod-api/system/role/authMenu/${roleId}`).set(bearer(admin))).body.data,
      [dictList.menuId],
    )
    assert.equal((await http.get('/prod-api/system/dict/data/list').set(bearer(token))).status, 200)
    // A disabled role grants nothing.
    await http.put('/prod-api/system/role/changeStatus').set(bearer(admin)).send({ roleId, status: '1' })
    assert.equal((await http.get('/prod-api/system/dict/data/list').set(bearer(token))).status, 403)

    const unknownMenu = await http
      .put('/prod-api/system/role/authMenu')
      .set(bearer(admin))
      .send({ roleId, menuIds: [999999] })
    assert.equal(unknownMenu.status, 400)
    assert.equal((await http.delete(`/prod-api/system/role/${roleId}`).set(bearer(admin))).body.code, 200)
    assert.equal((await http.get(`/prod-api/system/role/${roleId}`).set(bearer(admin))).status, 404)
  })

  test('menus: add under a parent, edit, a parent with children cannot be deleted, no cycles', async () => {
    const http = product().http
    const parent = await http
      .post('/prod-api/system/menu')
      .set(bearer(admin))
      .send({ menuName: 'menu.test', menuType: 'M', path: 'test', userTypes: '1' })
    assert.equal(parent.body.code, 200, JSON.stringify(parent.body))
    const parentId = parent.body.data.menuId
    const child = await http
      .post('/prod-api/system/menu')
      .set(bearer(admin))
      .send({ menuName: 'test:thing:list', menuType: 'F', perms: 'test:thing:list', parentId })
    const childId = child.body.data.menuId
    assert.equal(
      (await http.get(`/prod-api/system/menu/${childId}`).set(bearer(admin))).body.data.parentId,
      parentId,
    )

    const tree = await http.get('/prod-api/system/menu/treeselect').set(bearer(admin))
    const node = tree.body.data.find((n: { id: number }) => n.id === parentId)
    assert.deepEqual(node, {
      id: parentId,
      label: 'menu.test',
      children: [{ id: childId, label: 'test:thing:list' }],
    })

    const cycle = await http
      .put('/prod-api/system/menu')
      .set(bearer(admin))
      .send({ menuId: parentId, parentId: childId })
    assert.equal(cycle.status, 400)
    const orphan = await http
      .post('/prod-api/system/menu')
      .set(bearer(admin))
      .send({ menuName: 'x', menuType: 'F', parentId: 999999 })
    assert.equal(orphan.status, 400)
    const blocked = await http
      .delete(`/prod-api/system/menu/${parentId}`)
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.equal(blocked.status, 400)
    assert.equal(blocked.body.msg, 'The menu has sub-menus and cannot be deleted')

    const edit = await http
      .put('/prod-api/system/menu')
      .set(bearer(admin))
      .send({ menuId: childId, orderNum: 3, perms: '' })
    assert.equal(edit.body.data.perms, null)
    assert.equal((await http.delete(`/prod-api/system/menu/${childId}`).set(bearer(admin))).body.code, 200)
    assert.equal((await http.delete(`/prod-api/system/menu/${parentId}`).set(bearer(admin))).body.code, 200)
    assert.equal((await http.get(`/prod-api/system/menu/${parentId}`).set(bearer(admin))).status, 404)
    // The signed-in user's own routes are still served by getRouters, not taken for an id.
    assert.equal((await http.get('/prod-api/system/menu/getRouters').set(bearer(manager))).body.code, 200)
  })

  test('property staff, even a property administrator, are refused roles and menus; anonymous callers must sign in', async () => {
    const http = product().http
    for (const url of [
      '/prod-api/system/role/list',
      '/prod-api/system/menu/list',
      '/prod-api/system/menu/treeselect',
      '/prod-api/system/role/1',
    ])
      assert.equal((await http.get(url).set(bearer(manager))).status, 403, url)
    assert.equal(
      (await http.post('/prod-api/system/role').set(bearer(manager)).send({ roleName: 'x', roleKey: 'x' }))
        .status,
      403,
    )
    assert.equal((await http.get('/prod-api/system/role/list')).status, 401)
    assert.equal((await http.delete('/prod-api/system/menu/1')).status, 401)
  })

  test('bad input answers 400 naming the field', async () => {
    const http = product().http
    const cases: Array<[string, string, object | undefined, string]> = [
      ['post', '/prod-api/system/role', { roleKey: 'abc' }, 'roleName'],
      ['post', '/prod-api/system/role', { roleName: 'x', roleKey: '9 lives' }, 'roleKey'],
      ['post', '/prod-api/system/role', { roleName: 'x', roleKey: 'x', roleType: 3 }, 'roleType'],
      ['post', '/prod-api/system/role', { roleName: 'x', roleKey: 'x', menuIds: ['a'] }, 'menuIds'],
      ['put', '/prod-api/system/role/changeStatus', { roleId: 1 }, 'status'],
      ['put', '/prod-api/system/role/authMenu', { roleId: 1, menuIds: 'all' }, 'menuIds'],
      ['get', '/prod-api/system/role/abc', undefined, 'id'],
      ['get', '/prod-api/system/menu/roleMenuTreeselect/abc', undefined, 'roleId'],
      ['post', '/prod-api/system/menu', { menuName: 'x', menuType: 'Z' }, 'menuType'],
      ['post', '/prod-api/system/menu', { menuName: 'x', menuType: 'F', userTypes: '3' }, 'userTypes'],
      ['post', '/prod-api/system/menu', { menuType: 'F' }, 'menuName'],
      ['put', '/prod-api/system/menu', { menuId: 1, parentId: -1 }, 'parentId'],
      ['delete', '/prod-api/system/menu/abc', undefined, 'id'],
    ]
    for (const [method, url, body, field] of cases) {
      const req = (http as any)[method](url).set(bearer(admin)).set('Accept-Language', 'en-US')
      const res = body ? await req.send(body) : await req
      assert.equal(res.status, 400, `${method} ${url}: ${JSON.stringify(res.body)}`)
      assert.match(res.body.msg, new RegExp(field), `${method} ${url}: ${res.body.msg}`)
    }
  })
})
