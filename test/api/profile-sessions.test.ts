// The personal center's sessions (issue 17): a user lists its live sessions (device, IP, last seen) and signs one out;
// another user's session is answered as absent; changing the password ends every other session.
import assert from 'node:assert/strict'
import { test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'
import { call } from './room-stock-support.ts'

describeProduct('profile sessions', (product) => {
  test('list, sign out one, others untouched; another user cannot end mine', async () => {
    const p = product()
    const first = await p.login('clerk')
    const second = await p.login('clerk')
    const listed = await call(p, first, 'get', '/system/regUser/profile/sessions')
    assert.equal(listed.code, 200, listed.msg)
    assert.equal(listed.data.length >= 2, true)
    const mine = listed.data.find((s: { current: boolean }) => s.current)
    const other = listed.data.find((s: { current: boolean }) => !s.current)
    assert.ok(mine && other)
    assert.equal(typeof other.ip, 'string')
    assert.ok(other.lastSeenAt)

    // The platform's entry is not the staff's, and another user's session is absent to me.
    assert.equal((await call(p, first, 'get', '/system/user/profile/sessions')).status, 403)
    const manager = await p.login('manager')
    assert.equal(
      (await call(p, manager, 'delete', `/system/regUser/profile/sessions/${other.sessionId}`)).status,
      404,
    )

    const ended = await call(p, first, 'delete', `/system/regUser/profile/sessions/${other.sessionId}`)
    assert.equal(ended.code, 200, ended.msg)
    assert.equal(ended.msg, 'That session has been signed out')
    const gone = await p.http.get('/prod-api/system/user/getInfo').set(bearer(second))
    assert.equal(gone.status, 401)
    assert.equal((await call(p, first, 'get', '/system/user/getInfo')).code, 200)
    const again = await call(p, first, 'delete', `/system/regUser/profile/sessions/${other.sessionId}`)
    assert.equal(again.status, 404)
  })

  test('a password change ends every other session', async () => {
    const p = product()
    const keep = await p.login('manager')
    const other = await p.login('manager')
    const changed = await p.http
      .put('/prod-api/system/regUser/profile/updatePwd')
      .query({ oldPassword: 'admin123', newPassword: 'admin456' })
      .set(bearer(keep))
    assert.equal(changed.body.code, 200, JSON.stringify(changed.body))
    assert.equal((await p.http.get('/prod-api/system/user/getInfo').set(bearer(other))).status, 401)
    const left = await call(p, keep, 'get', '/system/regUser/profile/sessions')
    assert.deepEqual(
      left.data.map((s: { current: boolean }) => s.current),
      [true],
    )
  })

  test("the profile names the user's roles: theirs, then the current property's", async () => {
    const p = product()
    const clerk = await p.http.get('/prod-api/system/regUser/profile').set(bearer(await p.login('clerk')))
    assert.equal(clerk.body.code, 200)
    assert.equal(clerk.body.roleGroup, '普通用户, 前台')
    const admin = await p.http.get('/prod-api/system/user/profile').set(bearer(await p.login('admin')))
    assert.equal(admin.body.roleGroup, '超级管理员')
  })
})
