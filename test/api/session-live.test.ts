// Who am I, my menus, switching property, and the property-change message on the live channel
// (the embedded broker over websocket, and a real Mosquitto when PMS_TEST_MQTT_URL names one).
import assert from 'node:assert/strict'
import mqtt from 'mqtt'
import { test } from 'vitest'
import { bearer, describeProduct, type TestProduct } from './harness.ts'
import { nextMessage, subscribe } from './live-support.ts'

async function propertyIds(product: TestProduct) {
  const rows = await product.query<{ property_id: number; property_code: string }>(
    'SELECT property_id, property_code FROM pms_property',
  )
  const id = (code: string) => Number(rows.find((r) => r.property_code === code)!.property_id)
  return { hotel: id('DEMO-HOTEL'), apartment: id('DEMO-APT') }
}

describeProduct('who am I and my menus', (product) => {
  test('getInfo answers user, roles, property roles and permissions per user type', async () => {
    const http = product().http
    const admin = (
      await http.get('/prod-api/system/user/getInfo').set(bearer(await product().login('admin')))
    ).body.data
    assert.equal(admin.user.userType, 1)
    assert.deepEqual(admin.roles, ['admin'])
    assert.deepEqual(admin.permissions, ['*:*:*'])
    const clerk = (
      await http.get('/prod-api/system/user/getInfo').set(bearer(await product().login('clerk')))
    ).body.data
    assert.equal(clerk.user.userType, 2)
    assert.deepEqual(clerk.roles, ['common'])
    assert.deepEqual(clerk.pRoles, ['front_desk'])
    assert.ok(clerk.permissions.includes('pms:pmsPushRecord:list'))
    assert.ok(!clerk.permissions.includes('system:user:list'))
    const manager = (
      await http.get('/prod-api/system/user/getInfo').set(bearer(await product().login('manager')))
    ).body.data
    assert.deepEqual(manager.pRoles, ['merchant_admin'])
    assert.ok(manager.permissions.includes('system:user:list'))
  })

  test('getRouters gives each user only the menus of its type and permissions', async () => {
    const http = product().http
    const titles = (routes: Array<{ meta?: { title: string }; children?: unknown[] }>): string[] =>
      routes.flatMap((r) => [r.meta?.title ?? '', ...titles((r.children ?? []) as never)])
    const admin = titles(
      (await http.get('/prod-api/system/menu/getRouters').set(bearer(await product().login('admin')))).body
        .data,
    )
    const manager = titles(
      (await http.get('/prod-api/system/menu/getRouters').set(bearer(await product().login('manager')))).body
        .data,
    )
    const clerk = titles(
      (await http.get('/prod-api/system/menu/getRouters').set(bearer(await product().login('clerk')))).body
        .data,
    )
    assert.ok(admin.includes('menu.system.role'))
    assert.ok(!admin.includes('menu.pmsManagement'), 'type-2 menus are not shown to platform users')
    assert.ok(manager.includes('menu.system.user'))
    assert.ok(!manager.includes('menu.system.role'), 'platform-only menus are not shown to property staff')
    assert.ok(!clerk.includes('menu.system.user'), 'the clerk holds no user permission')
    assert.ok(clerk.includes('menu.pmsManagement.pmsEvent'))
  })
})

describeProduct('switching property', (product) => {
  test('staff switch only to a property they are bound to; the session then acts there', async () => {
    const { hotel, apartment } = await propertyIds(product())
    const http = product().http
    const clerk = await product().login('clerk')
    const refused = await http
      .put(`/prod-api/auth/switchProperty/${apartment}`)
      .set(bearer(clerk))
      .set('Accept-Language', 'en-US')
    assert.equal(refused.status, 403)
    assert.equal(refused.body.msg, 'You do not belong to this property')
    const manager = await product().login('manager')
    const otherDesk = await product().login('manager')
    assert.equal(
      (await http.put(`/prod-api/auth/switchProperty/${apartment}`).set(bearer(manager))).body.code,
      200,
    )
    const info = (await http.get('/prod-api/system/user/getInfo').set(bearer(manager))).body.data
    assert.equal(info.user.defaultPropertyId, apartment)
    // The user's other open console follows: it reloads on the change message and must come back in the new property.
    const other = (await http.get('/prod-api/system/user/getInfo').set(bearer(otherDesk))).body.data
    assert.equal(other.user.defaultPropertyId, apartment)
    // A new sign-in starts in the property chosen last.
    const again = await http
      .post('/prod-api/auth/userPwdLogin')
      .send({ username: 'manager', password: 'admin123' })
    assert.equal(again.body.data.defaultPropertyId, apartment)
    assert.equal((await http.put('/prod-api/auth/switchProperty/0').set(bearer(manager))).body.code, 200)
    assert.equal(
      (await http.put(`/prod-api/auth/switchProperty/${hotel}`).set(bearer(manager))).body.code,
      200,
    )
    const platform = await product().login('admin')
    assert.equal((await http.put(`/prod-api/auth/switchProperty/${hotel}`).set(bearer(platform))).status, 403)
  })

  test('the users of property A are invisible and untouchable from property B', async () => {
    const { apartment } = await propertyIds(product())
    const http = product().http
    const admin = await product().login('admin')
    // An administrator of the apartment only.
    const created = await http
      .post('/prod-api/system/user')
      .set(bearer(admin))
      .send({ userName: 'aptboss', nickName: 'Apartment boss', password: 'secret12', userType: 2 })
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    const roles = await product().query<{ role_id: number }>(
      "SELECT role_id FROM sys_role WHERE role_key = 'merchant_admin'",
    )
    await product().query(
      'INSERT INTO pms_property_user (property_id, user_id, role_id, is_admin) VALUES ($1, $2, $3, true)',
      [apartment, created.body.data.userId, roles[0]!.role_id],
    )
    const boss = await product().login('aptboss', 'secret12')
    const [clerk] = await product().query<{ user_id: number }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'clerk'",
    )
    const clerkId = Number(clerk!.user_id)
    const list = (await http.get('/prod-api/system/user/list').set(bearer(boss))).body
    assert.equal(list.code, 200)
    assert.ok(!list.rows.some((u: { userName: string }) => u.userName === 'clerk'))
    assert.equal((await http.get(`/prod-api/system/user/${clerkId}`).set(bearer(boss))).status, 404)
    assert.equal(
      (await http.put('/prod-api/system/user').set(bearer(boss)).send({ userId: clerkId, nickName: 'x' }))
        .status,
      404,
    )
    assert.equal(
      (
        await http
          .put('/prod-api/system/user/resetPwd')
          .set(bearer(boss))
          .send({ userId: clerkId, password: 'hacked1' })
      ).status,
      404,
    )
    assert.equal((await http.delete(`/prod-api/system/user/${clerkId}`).set(bearer(boss))).status, 404)
    // The hotel's manager sees and edits the clerk.
    const manager = await product().login('manager')
    assert.equal(
      (await http.get(`/prod-api/system/user/${clerkId}`).set(bearer(manager))).body.data.userName,
      'clerk',
    )
    // The clerk still signs in with its own password.
    assert.equal(
      (await http.post('/prod-api/auth/userPwdLogin').send({ username: 'clerk', password: 'admin123' })).body
        .code,
      200,
    )
  })

  test('a subscriber of the embedded broker receives the property-change message', async () => {
    const { apartment } = await propertyIds(product())
    const token = await product().login('manager')
    const info = (await product().http.get('/prod-api/system/user/getInfo').set(bearer(token))).body.data
    const other = await product().login('manager')
    const client = await mqtt.connectAsync(`${product().baseUrl.replace('http', 'ws')}/mqtt`, {
      username: 'manager',
      password: other,
      reconnectPeriod: 0,
    })
    try {
      const topic = `pms/change_property/user_id_${info.user.userId}`
      assert.equal(await subscribe(client, topic), 2)
      // Another user's topic is refused.
      await assert.rejects(subscribe(client, 'pms/change_property/user_id_1'), /Subscribe error/)
      const message = nextMessage(client, topic)
      await product().http.put(`/prod-api/auth/switchProperty/${apartment}`).set(bearer(token))
      const received = (await message) as { propertyId: number; tokenHash: string }
      assert.equal(received.propertyId, apartment)
      assert.match(received.tokenHash, /^[0-9a-f]{64}$/)
    } finally {
      await client.endAsync()
    }
    await assert.rejects(
      mqtt.connectAsync(`${product().baseUrl.replace('http', 'ws')}/mqtt`, {
        username: 'x',
        password: 'not-a-token',
        reconnectPeriod: 0,
      }),
    )
  })
})

const mosquitto = process.env.PMS_TEST_MQTT_URL
if (mosquitto) {
  describeProduct(
    'switching property with a central broker',
    (product) => {
      test('the server publishes the property-change message to Mosquitto', async () => {
        const { apartment } = await propertyIds(product())
        const token = await product().login('manager')
        const info = (await product().http.get('/prod-api/system/user/getInfo').set(bearer(token))).body.data
        const client = await mqtt.connectAsync(mosquitto, { reconnectPeriod: 0 })
        try {
          const topic = `pms/change_property/user_id_${info.user.userId}`
          await subscribe(client, topic)
          const message = nextMessage(client, topic)
          await product().http.put(`/prod-api/auth/switchProperty/${apartment}`).set(bearer(token))
          assert.equal(((await message) as { propertyId: number }).propertyId, apartment)
        } finally {
          await client.endAsync()
        }
      })
    },
    { MQTT_URL: mosquitto },
  )
}

describeProduct('my properties', (product) => {
  test('staff list the properties they are bound to, with types, flags and codes; the platform lists all', async () => {
    const http = product().http
    const clerk = (
      await http.get('/prod-api/pms/pmsProperty/listAll').set(bearer(await product().login('clerk')))
    ).body.data
    assert.deepEqual(
      clerk.map((p: { propertyCode: string }) => p.propertyCode),
      ['DEMO-HOTEL'],
    )
    assert.deepEqual(clerk[0].types, ['酒店'])
    const manager = (
      await http.get('/prod-api/pms/pmsProperty/listAll').set(bearer(await product().login('manager')))
    ).body.data
    assert.equal(manager.length, 2)
    const apartment = manager.find((p: { propertyCode: string }) => p.propertyCode === 'DEMO-APT')
    assert.deepEqual(apartment.flags, ['PmsApartmentCheckIn'])
    const admin = (
      await http.get('/prod-api/pms/pmsProperty/listAll').set(bearer(await product().login('admin')))
    ).body.data
    assert.ok(admin.length >= 2)
    const info = (
      await http.get('/prod-api/pms/pmsProperty/info').set(bearer(await product().login('clerk')))
    ).body.data
    assert.equal(info.propertyCode, 'DEMO-HOTEL')
    // A property without a code shows the fixed prefix and its zero-padded id.
    await product().query("UPDATE pms_property SET property_code = NULL WHERE property_code = 'DEMO-HOTEL'")
    const again = (
      await http.get('/prod-api/pms/pmsProperty/info').set(bearer(await product().login('clerk')))
    ).body.data
    assert.equal(again.propertyCode, `PMS${String(info.propertyId).padStart(10, '0')}`)
  })
})
