// The session cache never outlives a change: a session used on server instance B (so cached there) is refused, or
// loses a permission, on its next request to B once a change made through instance A is heard — logout, password
// change and reset, disabling, a user's role, a role's permissions, removal from the property. On PostgreSQL A and B
// are two servers on one database (B hears A through LISTEN/NOTIFY); on PGlite, one instance is both.
import assert from 'node:assert/strict'
import type { Revocation } from '@pms/server'
import { afterAll, beforeAll, test } from 'vitest'
import { statementCounter } from '../../server/src/db/statements.ts'
import { bearer, describeProduct } from './harness.ts'
import { type Instance, secondInstance } from './second-instance.ts'

/** The next revocation B's signal fires that matches (B's live connections and cache react to the same event). */
function heardOn(instance: Instance, matches: (r: Revocation) => boolean): Promise<Revocation> {
  return new Promise((resolve) => {
    const stop = instance.server.revocations.on((revocation) => {
      if (!matches(revocation)) return
      stop()
      resolve(revocation)
    })
  })
}

interface Staff {
  userId: number
  userName: string
  password: string
}

describeProduct('the session cache follows every change, on every instance', (product) => {
  let b: Instance
  let hotel: number
  let roomReader: number
  let serial = 0

  beforeAll(async () => {
    b = await secondInstance(product())
    const [row] = await product().query<{ property_id: number }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    hotel = Number(row!.property_id)
    // A role of its own that grants reading the room status chart, so changing it disturbs no other test.
    const menus = await product().query<{ menu_id: number }>(
      "SELECT menu_id FROM sys_menu WHERE perms = 'pms:pmsRoom:list'",
    )
    const created = await product()
      .http.post('/prod-api/system/role')
      .set(bearer(await product().login('admin')))
      .send({
        roleName: `reader ${product().kind}`,
        roleKey: `roomReader${product().kind}`,
        roleType: 2,
        menuIds: menus.map((m) => Number(m.menu_id)),
      })
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    roomReader = Number(created.body.data.roleId)
  })
  afterAll(async () => {
    await b?.close()
  })

  /** A fresh account of the hotel holding the room reader role, signed in twice; both sessions used once on B. */
  async function staffOnB(): Promise<{ staff: Staff; token: string; other: string }> {
    const userName = `cache${++serial}${product().kind}`
    const password = 'secret12'
    const created = await product()
      .http.post('/prod-api/system/user')
      .set(bearer(await product().login('admin')))
      .send({ userName, nickName: userName, password, userType: 2 })
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    const userId = Number(created.body.data.userId)
    await product().query(
      'INSERT INTO pms_property_user (property_id, user_id, role_id) VALUES ($1, $2, $3)',
      [hotel, userId, roomReader],
    )
    await product().query('UPDATE sys_user SET default_property_id = $1 WHERE user_id = $2', [hotel, userId])
    const token = await product().login(userName, password)
    const other = await product().login(userName, password)
    for (const t of [token, other]) assert.equal((await chartOnB(t)).status, 200)
    return { staff: { userId, userName, password }, token, other }
  }

  const chartOnB = (token: string) => b.http.get('/prod-api/pms/pmsRoom/statusChart').set(bearer(token))

  test('a session’s next request sends no statement to authenticate', async () => {
    const { staff, token } = await staffOnB()
    // No sliding refresh falls due during the test, however slow the machine; cutting the expiry by a second is a
    // change B hears, so B reads the session once more.
    await product().query(
      `UPDATE sys_session SET last_seen_at = now() + interval '1 hour', expires_at = expires_at - interval '1 second'
       WHERE user_id = $1`,
      [staff.userId],
    )
    await b.server.settleAuthChanges()
    const statements = async () => {
      const before = statementCounter.count
      const res = await b.http.put('/prod-api/auth/refreshRole').set(bearer(token))
      assert.equal(res.body.code, 200)
      return statementCounter.count - before
    }
    assert.ok((await statements()) > 0, 'the first request after the change reads the session')
    assert.equal(await statements(), 0)
  })

  test('logout on A: the session is refused on B', async () => {
    const { token, other } = await staffOnB()
    const heard = heardOn(b, (r) => r.reason === 'logout')
    const res = await product().http.delete('/prod-api/auth/logout').set(bearer(token))
    assert.equal(res.body.code, 200)
    await heard
    assert.equal((await chartOnB(token)).status, 401)
    assert.equal((await chartOnB(other)).status, 200, 'the user’s other session stays')
  })

  test('changing one’s password on A: the other sessions are refused on B, this one stays', async () => {
    const { staff, token, other } = await staffOnB()
    const heard = heardOn(b, (r) => r.reason === 'passwordChanged')
    const res = await product()
      .http.put('/prod-api/system/regUser/profile/updatePwd')
      .query({ oldPassword: staff.password, newPassword: 'changed12' })
      .set(bearer(token))
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    await heard
    assert.equal((await chartOnB(other)).status, 401)
    assert.equal((await chartOnB(token)).status, 200)
  })

  test('an administrator’s password reset on A: the user’s sessions are refused on B', async () => {
    const { staff, token } = await staffOnB()
    const heard = heardOn(b, (r) => r.userId === staff.userId)
    const res = await product()
      .http.put('/prod-api/system/user/resetPwd')
      .set(bearer(await product().login('admin')))
      .send({ userId: staff.userId, password: 'changed12' })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    await heard
    assert.equal((await chartOnB(token)).status, 401)
  })

  test('disabling the user on A: its sessions are refused on B', async () => {
    const { staff, token } = await staffOnB()
    const heard = heardOn(b, (r) => r.reason === 'disabled' && r.userId === staff.userId)
    const res = await product()
      .http.put('/prod-api/system/user/changeStatus')
      .set(bearer(await product().login('manager')))
      .send({ userId: staff.userId, status: '1' })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    await heard
    assert.equal((await chartOnB(token)).status, 401)
  })

  test('removing the user from the property on A: its sessions there are refused on B', async () => {
    const { staff, token } = await staffOnB()
    const heard = heardOn(b, (r) => r.reason === 'unbound' && r.userId === staff.userId)
    const res = await product()
      .http.delete(`/prod-api/system/user/${staff.userId}`)
      .set(bearer(await product().login('manager')))
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    await heard
    assert.equal((await chartOnB(token)).status, 401)
  })

  test('another role for the user on A: B answers with that role’s permissions', async () => {
    const { staff, token } = await staffOnB()
    const [common] = await product().query<{ role_id: number }>(
      "SELECT role_id FROM sys_role WHERE role_key = 'common'",
    )
    const heard = heardOn(b, (r) => r.reason === 'authorityChanged' && r.userId === staff.userId)
    const res = await product()
      .http.put('/prod-api/system/user')
      .set(bearer(await product().login('manager')))
      .send({ userId: staff.userId, roleId: Number(common!.role_id) })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    await heard
    assert.equal((await chartOnB(token)).status, 403)
  })

  test('a role losing a permission on A: its holders are refused it on B', async () => {
    const { token } = await staffOnB()
    const admin = await product().login('admin')
    const granted = await product()
      .http.get(`/prod-api/system/role/authMenu/${roomReader}`)
      .set(bearer(admin))
    const heard = heardOn(b, (r) => r.reason === 'authorityChanged' && r.userId === undefined)
    const res = await product()
      .http.put('/prod-api/system/role/authMenu')
      .set(bearer(admin))
      .send({ roleId: roomReader, menuIds: [] })
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    await heard
    assert.equal((await chartOnB(token)).status, 403)
    // Given back, the permission is there again on B's next request.
    const regranted = heardOn(b, (r) => r.reason === 'authorityChanged' && r.userId === undefined)
    await product()
      .http.put('/prod-api/system/role/authMenu')
      .set(bearer(admin))
      .send({ roleId: roomReader, menuIds: granted.body.data })
    await regranted
    assert.equal((await chartOnB(token)).status, 200)
  })

  test('a change made by hand in the database reaches B once B has heard the changes committed before', async () => {
    const { staff, token } = await staffOnB()
    await product().query("UPDATE sys_user SET status = '1' WHERE user_id = $1", [staff.userId])
    await b.server.settleAuthChanges()
    assert.equal((await chartOnB(token)).status, 401)
  })
})
