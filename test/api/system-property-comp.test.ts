// Property components: CRUD for platform admins, listAll for any signed-in user, compType 0 filtered by permission
// with the card-record tab appended when the user may list card records (SPEC §7).
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

const components = (data: Array<{ component: string }>) => data.map((c) => c.component)

describeProduct('property components', (product) => {
  let admin: string
  let clerk: string
  let manager: string
  beforeAll(async () => {
    admin = await product().login('admin')
    clerk = await product().login('clerk')
    manager = await product().login('manager')
  })

  test('compType 0 for the super admin: every card tab, then the card-record tab', async () => {
    const res = await product()
      .http.get('/prod-api/system/sysPropertyComp/listAll?compType=0')
      .set(bearer(admin))
    assert.deepEqual(components(res.body.data), [
      'PmsTmManageCard',
      'PmsHtManageCard',
      'PmsBleV3ManageCard',
      'PmsCardRecord',
    ])
    assert.deepEqual(res.body.data.at(-1), {
      component: 'PmsCardRecord',
      tabName: 'card.tab.record',
      compType: 0,
      perms: 'pms:pmsCardRecord:list',
    })
  })

  test('compType 0 follows the permissions the user holds', async () => {
    const http = product().http
    // The clerk's hotel role becomes a fresh one holding nothing, then only Tm issuing and the card record list,
    // granted through the menu and role screens (independent of what the seed gives the front desk).
    const role = await http
      .post('/prod-api/system/role')
      .set(bearer(admin))
      .send({ roleName: 'Card tester', roleKey: 'card_tester', roleType: 2, menuIds: [] })
    assert.equal(role.body.code, 200, JSON.stringify(role.body))
    const roleId = role.body.data.roleId
    await product().query(
      "UPDATE pms_property_user SET role_id = $1 WHERE user_id = (SELECT user_id FROM sys_user WHERE user_name = 'clerk')",
      [roleId],
    )
    const none = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=0').set(bearer(clerk))
    assert.deepEqual(none.body, { code: 200, msg: '操作成功', data: [] })

    const addButton = (perms: string) =>
      http.post('/prod-api/system/menu').set(bearer(admin)).send({ menuName: perms, menuType: 'F', perms })
    const tm = await addButton('pms:pmsTmManageCard:issue')
    const record = await addButton('pms:pmsCardRecord:list')
    assert.equal(tm.body.code, 200, JSON.stringify(tm.body))
    const grant = await http
      .put('/prod-api/system/role/authMenu')
      .set(bearer(admin))
      .send({ roleId, menuIds: [tm.body.data.menuId, record.body.data.menuId] })
    assert.equal(grant.body.code, 200)

    const some = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=0').set(bearer(clerk))
    assert.deepEqual(components(some.body.data), ['PmsTmManageCard', 'PmsCardRecord'])

    await http
      .put('/prod-api/system/role/authMenu')
      .set(bearer(admin))
      .send({ roleId, menuIds: [tm.body.data.menuId] })
    const noRecord = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=0').set(bearer(clerk))
    assert.deepEqual(components(noRecord.body.data), ['PmsTmManageCard'])
  })

  test('other compTypes are not filtered; an unknown type is an empty list', async () => {
    const http = product().http
    const flags = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=99').set(bearer(clerk))
    assert.deepEqual(components(flags.body.data), ['PmsApartmentCheckIn'])
    const empty = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=7').set(bearer(clerk))
    assert.deepEqual(empty.body.data, [])
    const all = await http.get('/prod-api/system/sysPropertyComp/listAll').set(bearer(clerk))
    // Without compType: every enabled component, unfiltered, and no appended card-record tab.
    assert.ok(components(all.body.data).includes('PmsApartmentCheckIn'))
    assert.ok(components(all.body.data).includes('PmsTmManageCard'))
    assert.ok(!components(all.body.data).includes('PmsCardRecord'))
  })

  test('a platform admin adds, reads, edits, disables and deletes a component', async () => {
    const http = product().http
    const add = await http.post('/prod-api/system/sysPropertyComp').set(bearer(admin)).send({
      component: 'PmsHidManageCard',
      tabName: 'card.tab.hid',
      compType: 0,
      perms: 'pms:pmsHidManageCard:issue',
      orderNum: 4,
    })
    assert.equal(add.body.code, 200, JSON.stringify(add.body))
    const id = add.body.data.id
    let tabs = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=0').set(bearer(admin))
    assert.equal(components(tabs.body.data).at(-2), 'PmsHidManageCard')
    assert.equal(
      (await http.get(`/prod-api/system/sysPropertyComp/${id}`).set(bearer(admin))).body.data.tabName,
      'card.tab.hid',
    )
    const disable = await http
      .put('/prod-api/system/sysPropertyComp')
      .set(bearer(admin))
      .send({ id, status: '1' })
    assert.equal(disable.body.code, 200)
    tabs = await http.get('/prod-api/system/sysPropertyComp/listAll?compType=0').set(bearer(admin))
    assert.ok(!components(tabs.body.data).includes('PmsHidManageCard'))
    const list = await http.get('/prod-api/system/sysPropertyComp/list?component=Hid').set(bearer(admin))
    assert.equal(list.body.total, 1)
    assert.equal(
      (await http.delete(`/prod-api/system/sysPropertyComp/${id}`).set(bearer(admin))).body.code,
      200,
    )
    assert.equal((await http.get(`/prod-api/system/sysPropertyComp/${id}`).set(bearer(admin))).status, 404)
  })

  test('staff are refused component management; anonymous callers must sign in', async () => {
    const http = product().http
    for (const token of [clerk, manager]) {
      assert.equal((await http.get('/prod-api/system/sysPropertyComp/list').set(bearer(token))).status, 403)
      const add = await http
        .post('/prod-api/system/sysPropertyComp')
        .set(bearer(token))
        .send({ component: 'X', compType: 0 })
      assert.equal(add.status, 403)
    }
    assert.equal((await http.get('/prod-api/system/sysPropertyComp/listAll?compType=0')).status, 401)
  })

  test('bad input answers 400 naming the field', async () => {
    const http = product().http
    const cases: Array<[string, string, object | undefined, string]> = [
      ['get', '/prod-api/system/sysPropertyComp/listAll?compType=abc', undefined, 'compType'],
      ['get', '/prod-api/system/sysPropertyComp/listAll?compType=-1', undefined, 'compType'],
      ['post', '/prod-api/system/sysPropertyComp', { compType: 0 }, 'component'],
      ['post', '/prod-api/system/sysPropertyComp', { component: 'Pms Card', compType: 0 }, 'component'],
      ['post', '/prod-api/system/sysPropertyComp', { component: 'PmsX', compType: 'zero' }, 'compType'],
      [
        'post',
        '/prod-api/system/sysPropertyComp',
        { component: 'PmsX', compType: 0, perms: 'not a perm' },
        'perms',
      ],
      ['put', '/prod-api/system/sysPropertyComp', { status: '0' }, 'id'],
    ]
    for (const [method, url, body, field] of cases) {
      const req = (http as any)[method](url).set(bearer(admin)).set('Accept-Language', 'en-US')
      const res = body ? await req.send(body) : await req
      assert.equal(res.status, 400, `${method} ${url}: ${JSON.stringify(res.body)}`)
      assert.match(res.body.msg, new RegExp(field), `${method} ${url}: ${res.body.msg}`)
    }
  })
})
