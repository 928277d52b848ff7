// Sign-in and registration by email or phone codes, and QR-code sign-in.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { test } from 'vitest'
import { bearer, describeProduct, type TestProduct } from './harness.ts'

/** The code the default delivery adapter recorded for a target, read from the record table platform admins see. */
async function lastCode(
  product: TestProduct,
  table: 'sys_sms_record' | 'sys_email_record',
  column: string,
  target: string,
) {
  const rows = await product.query<{ content: string }>(
    `SELECT content FROM ${table} WHERE ${column} = $1 ORDER BY record_id DESC LIMIT 1`,
    [target],
  )
  const match = /(\d{6})/.exec(rows[0]?.content ?? '')
  assert.ok(match, `no code recorded for ${target}`)
  return match[1]!
}

describeProduct('code sign-in and registration', (product) => {
  test('the code request checks its input with the messages of SPEC §5', async () => {
    const cases: Array<[string, string]> = [
      ['/prod-api/phoneCode?type=login', 'Please enter mobile phone or email'],
      ['/prod-api/phoneCode?phone=0086-13800000002', 'Auth code type cannot be empty'],
      ['/prod-api/phoneCode?phone=13800000002&type=login', 'The area code cannot be empty'],
      ['/prod-api/phoneCode?phone=0086-2380000&type=login', 'Mobile format incorrect'],
      ['/prod-api/emailCode?email=not-an-email&type=login', 'Email format incorrect'],
      ['/prod-api/emailCode?type=login', 'Please enter mobile phone or email'],
      [
        '/prod-api/phoneCode?phone=0086-13900000009&type=login',
        'This phone number or email is not registered yet',
      ],
    ]
    for (const [url, msg] of cases) {
      const res = await product().http.get(url).set('Accept-Language', 'en-US')
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(res.body)}`)
      assert.equal(res.body.msg, msg, url)
    }
  })

  test('a phone code signs the clerk in once; reuse, a wrong code and a quick resend are refused', async () => {
    const http = product().http
    assert.equal((await http.get('/prod-api/phoneCode?phone=0086-13800000002&type=login')).body.code, 200)
    const again = await http
      .get('/prod-api/phoneCode?phone=0086-13800000002&type=login')
      .set('Accept-Language', 'en-US')
    assert.equal(again.status, 429)
    const code = await lastCode(product(), 'sys_sms_record', 'phone', '0086-13800000002')
    const wrong = await http
      .post('/prod-api/auth/userLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: '13800000002', areaCode: '0086', code: code === '000000' ? '111111' : '000000' })
    assert.equal(wrong.body.msg, 'Wrong auth code')
    const ok = await http
      .post('/prod-api/auth/userLogin')
      .send({ username: '13800000002', areaCode: '0086', code })
    assert.equal(ok.body.code, 200)
    assert.equal(ok.body.data.userType, 2)
    const reuse = await http
      .post('/prod-api/auth/userLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: '13800000002', areaCode: '0086', code })
    assert.equal(reuse.body.msg, 'The auth code has expired or was used, please request a new one')
  })

  test('an email code signs the manager in', async () => {
    const http = product().http
    assert.equal((await http.get('/prod-api/emailCode?email=Manager@demo.local&type=login')).body.code, 200)
    const code = await lastCode(product(), 'sys_email_record', 'email', 'Manager@demo.local')
    const res = await http.post('/prod-api/auth/userLogin').send({ username: 'manager@demo.local', code })
    assert.equal(res.body.code, 200)
  })

  test("a platform account's code does not sign in at the staff entry", async () => {
    const http = product().http
    assert.equal((await http.get('/prod-api/emailCode?email=admin@demo.local&type=login')).body.code, 200)
    const code = await lastCode(product(), 'sys_email_record', 'email', 'admin@demo.local')
    const res = await http
      .post('/prod-api/auth/userLogin')
      .set('Accept-Language', 'en-US')
      .send({ username: 'admin@demo.local', code })
    assert.equal(res.body.code, 400)
    assert.equal(res.body.msg, translate('en-US', 'auth.usePlatformEntry'))
  })

  test('registration: code to the phone, password rules, then a signed-in type-2 account', async () => {
    const http = product().http
    assert.equal((await http.get('/prod-api/phoneCode?phone=0852-91234567&type=register')).body.code, 200)
    const code = await lastCode(product(), 'sys_sms_record', 'phone', '0852-91234567')
    const base = { username: 'newdesk', phone: '91234567', areaCode: '0852', code }
    const short = await http
      .post('/prod-api/auth/register')
      .set('Accept-Language', 'en-US')
      .send({ ...base, password: '12345' })
    assert.equal(short.body.msg, 'The password must be 6 to 20 characters long')
    const mismatch = await http
      .post('/prod-api/auth/register')
      .set('Accept-Language', 'en-US')
      .send({ ...base, password: 'secret12', confirmPassword: 'secret13' })
    assert.equal(mismatch.body.msg, 'The two passwords do not match')
    const taken = await http
      .post('/prod-api/auth/register')
      .set('Accept-Language', 'en-US')
      .send({ ...base, username: 'clerk', password: 'secret12' })
    assert.equal(taken.status, 409)
    const done = await http
      .post('/prod-api/auth/register')
      .send({ ...base, password: 'secret12', confirmPassword: 'secret12' })
    assert.equal(done.body.code, 200, JSON.stringify(done.body))
    assert.equal(done.body.data.userType, 2)
    assert.equal(done.body.data.defaultPropertyId, 0)
    const [row] = await product().query<{ phonenumber: string; password: string }>(
      "SELECT phonenumber, password FROM sys_user WHERE user_name = 'newdesk'",
    )
    assert.equal(row!.phonenumber, '0852-91234567')
    assert.match(row!.password, /^\$argon2id\$/)
    const login = await http
      .post('/prod-api/auth/userPwdLogin')
      .send({ username: 'newdesk', password: 'secret12' })
    assert.equal(login.body.code, 200)
  })
})

describeProduct('QR-code sign-in', (product) => {
  test('the console polls; a signed-in device scans and confirms; the session is collected once', async () => {
    const http = product().http
    const qr = (await http.get('/prod-api/auth/qrLoginCode')).body.data
    assert.equal(qr.expiresIn, 120)
    assert.match(qr.content, /^pms-login:/)
    const poll = () => http.get(`/prod-api/auth/qrLogin/${qr.uuid}?secret=${qr.secret}`)
    assert.equal((await poll()).body.data.state, 'waiting')
    // Without the poll secret nobody else can collect the session.
    assert.equal((await http.get(`/prod-api/auth/qrLogin/${qr.uuid}?secret=${'x'.repeat(43)}`)).status, 404)
    const phone = await product().login('manager')
    assert.equal((await http.put(`/prod-api/auth/qrLogin/${qr.uuid}/scan`).set(bearer(phone))).body.code, 200)
    assert.equal((await poll()).body.data.state, 'scanned')
    assert.equal(
      (await http.put(`/prod-api/auth/qrLogin/${qr.uuid}/confirm`).set(bearer(phone))).body.code,
      200,
    )
    const collected = (await poll()).body.data
    assert.equal(collected.state, 'confirmed')
    assert.equal(collected.login.userType, 2)
    const info = await http.get('/prod-api/system/user/getInfo').set(bearer(collected.login.access_token))
    assert.equal(info.body.data.user.userName, 'manager')
    assert.equal((await poll()).status, 404)
  })

  test('an expired code says so', async () => {
    const http = product().http
    const qr = (await http.get('/prod-api/auth/qrLoginCode')).body.data
    await product().query(
      "UPDATE sys_qr_login SET expires_at = now() - interval '1 second' WHERE uuid = $1",
      [qr.uuid],
    )
    assert.equal(
      (await http.get(`/prod-api/auth/qrLogin/${qr.uuid}?secret=${qr.secret}`)).body.data.state,
      'expired',
    )
    const phone = await product().login('clerk')
    const late = await http
      .put(`/prod-api/auth/qrLogin/${qr.uuid}/confirm`)
      .set(bearer(phone))
      .set('Accept-Language', 'en-US')
    assert.equal(late.body.msg, 'Qr code is Invalid')
  })
})
