// Sign-in by password: success, every failure message, captcha, lockout, logout and token revocation.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { UNATTENDED_HEADER } from '@pms/protocol'
import { test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

describeProduct('password sign-in', (product) => {
  test('the platform administrator signs in at /auth/login and gets a login result', async () => {
    const res = await product()
      .http.post('/prod-api/auth/login')
      .send({ username: '  admin ', password: 'admin123' })
    assert.equal(res.status, 200)
    assert.equal(res.body.code, 200)
    assert.equal(res.body.data.userType, 1)
    assert.equal(res.body.data.expires_in, 43200)
    assert.equal(res.body.data.defaultPropertyId, 0)
    assert.match(res.body.data.access_token, /^[A-Za-z0-9_-]{43}$/)
  })

  test('staff sign in at /auth/userPwdLogin into their default property', async () => {
    const res = await product()
      .http.post('/prod-api/auth/userPwdLogin')
      .send({ username: 'clerk', password: 'admin123' })
    assert.equal(res.body.code, 200)
    assert.equal(res.body.data.userType, 2)
    const [hotel] = await product().query<{ property_id: number }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    assert.equal(Number(res.body.data.defaultPropertyId), Number(hotel!.property_id))
  })

  test('each failure answers its own translated message', async () => {
    const http = product().http
    const cases: Array<[object, string, string]> = [
      [{ username: ' ', password: 'x' }, 'en-US', 'The account cannot be empty'],
      [{ username: 'admin', password: '' }, 'en-US', 'The password cannot be empty'],
      [{ username: 'admin' }, 'zh-CN', '密码不能为空'],
      [
        { username: 'clerk', password: 'admin123' },
        'en-US',
        'This is a property staff account, please sign in from the staff login',
      ],
    ]
    for (const [body, lang, msg] of cases) {
      const res = await http.post('/prod-api/auth/login').set('Accept-Language', lang).send(body)
      assert.equal(res.status, 400, JSON.stringify(res.body))
      assert.deepEqual({ code: res.body.code, msg: res.body.msg }, { code: 400, msg })
    }
    const wrong = await http
      .post('/prod-api/auth/userPwdLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: 'nobody', password: 'whatever1' })
    assert.equal(wrong.body.code, 400)
    assert.match(wrong.body.msg, /^Wrong account or password, 4 attempts left$/)
  })

  test('five wrong passwords lock the account for ten minutes, even for the right password', async () => {
    const http = product().http
    for (let i = 0; i < 4; i++) {
      const res = await http
        .post('/prod-api/auth/userPwdLogin')
        .send({ username: 'manager', password: `wrong-${i}` })
      assert.equal(res.body.code, 400)
    }
    const fifth = await http
      .post('/prod-api/auth/userPwdLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: 'manager', password: 'wrong-5' })
    assert.equal(fifth.status, 429)
    assert.match(fifth.body.msg, /locked, try again in 10 minutes/)
    const right = await http
      .post('/prod-api/auth/userPwdLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: 'manager', password: 'admin123' })
    assert.equal(right.body.code, 429)
    // Another account from the same address is not locked by it.
    const other = await http
      .post('/prod-api/auth/userPwdLogin')
      .send({ username: 'clerk', password: 'admin123' })
    assert.equal(other.body.code, 200)
    await product().query("DELETE FROM sys_login_throttle WHERE throttle_key = 'account:manager'")
  })

  test('logout revokes the token on the server', async () => {
    const token = await product().login('clerk')
    const http = product().http
    assert.equal((await http.get('/prod-api/system/user/getInfo').set(bearer(token))).body.code, 200)
    assert.equal((await http.delete('/prod-api/auth/logout').set(bearer(token))).body.code, 200)
    const after = await http
      .get('/prod-api/system/user/getInfo')
      .set(bearer(token))
      .set('Accept-Language', 'en-US')
    assert.equal(after.status, 401)
    assert.equal(after.body.msg, 'Authentication failed, cannot access system resources')
  })

  test('an expired session is refused and refresh restarts the expiry', async () => {
    const token = await product().login('clerk')
    const http = product().http
    const refreshed = await http.post('/prod-api/auth/refresh').set(bearer(token))
    assert.equal(refreshed.body.data.expires_in, 43200)
    await product().query(
      "UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL",
    )
    assert.equal((await http.get('/prod-api/system/user/getInfo').set(bearer(token))).status, 401)
  })

  test("a call marked unattended is answered but does not slide its session; the user's next call does", async () => {
    const token = await product().login('clerk')
    const http = product().http
    const tokenHash = createHash('sha256').update(token).digest('hex')
    // Last used two minutes ago, an hour left: the next call the user makes pushes the expiry to twelve hours.
    await product().query(
      `UPDATE sys_session SET last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 hour'
       WHERE token_hash = $1`,
      [tokenHash],
    )
    const hoursLeft = async () => {
      const [row] = await product().query<{ hours: string }>(
        'SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sys_session WHERE token_hash = $1',
        [tokenHash],
      )
      return Number(row!.hours)
    }
    const unattended = await http
      .get('/prod-api/system/user/getInfo')
      .set(bearer(token))
      .set(UNATTENDED_HEADER, '1')
    assert.equal(unattended.body.code, 200)
    assert.ok((await hoursLeft()) < 1.01, 'an unattended read leaves the expiry where it was')
    assert.equal((await http.get('/prod-api/system/user/getInfo').set(bearer(token))).body.code, 200)
    assert.ok((await hoursLeft()) > 11.9, "the user's call slides it")
  })

  test('a disabled user loses its sessions at once', async () => {
    const admin = await product().login('admin')
    const clerk = await product().login('clerk')
    const http = product().http
    const [row] = await product().query<{ user_id: number }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'clerk'",
    )
    const off = await http
      .put('/prod-api/system/user/changeStatus')
      .set(bearer(admin))
      .send({ userId: Number(row!.user_id), status: '1' })
    assert.equal(off.body.code, 200)
    assert.equal((await http.get('/prod-api/system/user/getInfo').set(bearer(clerk))).status, 401)
    const login = await http
      .post('/prod-api/auth/userPwdLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: 'clerk', password: 'admin123' })
    assert.equal(login.body.msg, 'The account is disabled, please contact the administrator')
    await http
      .put('/prod-api/system/user/changeStatus')
      .set(bearer(admin))
      .send({ userId: Number(row!.user_id), status: '0' })
  })
})

describeProduct('captcha', (product) => {
  test('with the captcha on, login needs the right answer, once, case-insensitively', async () => {
    await product().query(
      "UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.captchaEnabled'",
    )
    const http = product().http
    const code = await http.get('/prod-api/code')
    assert.equal(code.body.data.captchaEnabled, true)
    assert.match(code.body.data.img, /^data:image\/svg\+xml;base64,/)
    const uuid = code.body.data.uuid as string
    const missing = await http
      .post('/prod-api/auth/login')
      .set('Accept-Language', 'en-US')
      .send({ username: 'admin', password: 'admin123', uuid })
    assert.equal(missing.body.msg, 'The verification code cannot be empty')
    // Read the answer the way only the server can: arrange a known one.
    const { createHash } = await import('node:crypto')
    await product().query('UPDATE sys_captcha SET answer_hash = $1 WHERE uuid = $2', [
      createHash('sha256').update('AB12').digest('hex'),
      uuid,
    ])
    const wrong = await http
      .post('/prod-api/auth/login')
      .set('Accept-Language', 'en-US')
      .send({ username: 'admin', password: 'admin123', uuid, code: 'ZZZZ' })
    assert.equal(wrong.body.msg, 'Wrong verification code')
    // A wrong answer used the captcha up.
    const fresh = (await http.get('/prod-api/code')).body.data.uuid as string
    await product().query('UPDATE sys_captcha SET answer_hash = $1 WHERE uuid = $2', [
      createHash('sha256').update('AB12').digest('hex'),
      fresh,
    ])
    const good = await http
      .post('/prod-api/auth/login')
      .send({ username: 'admin', password: 'admin123', uuid: fresh, code: 'ab12' })
    assert.equal(good.body.code, 200)
    const replay = await http
      .post('/prod-api/auth/login')
      .set('Accept-Language', 'en-US')
      .send({ username: 'admin', password: 'admin123', uuid: fresh, code: 'ab12' })
    assert.equal(replay.body.msg, 'The verification code has expired, please refresh it')
    await product().query(
      "UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.captchaEnabled'",
    )
    assert.deepEqual((await http.get('/prod-api/code')).body.data, { captchaEnabled: false })
  })
})
