// Sms and email records for platform admins: what the default delivery adapter wrote, newest first, filtered.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

describeProduct('sms and email records', (product) => {
  let admin: string
  let manager: string
  beforeAll(async () => {
    admin = await product().login('admin')
    manager = await product().login('manager')
    await product().query(
      "INSERT INTO sys_sms_record (phone, content, purpose) VALUES ('0086-13800000001', 'code 111111', 'login'), ('0086-13800000002', 'code 222222', 'register')",
    )
    await product().query(
      "INSERT INTO sys_email_record (email, subject, content, purpose) VALUES ('a@example.com', 'Code', 'code 333333', 'login')",
    )
  })

  test('platform admins list sms records, newest first, filtered by phone and purpose', async () => {
    const http = product().http
    const all = await http.get('/prod-api/system/smsRecord/list').set(bearer(admin))
    assert.equal(all.body.code, 200)
    assert.ok(all.body.total >= 2)
    assert.equal(all.body.rows[0].phone, '0086-13800000002')
    const filtered = await http
      .get('/prod-api/system/smsRecord/list')
      .query({ phone: '0001', purpose: 'login' })
      .set(bearer(admin))
    assert.equal(filtered.body.total, 1)
    assert.equal(filtered.body.rows[0].content, 'code 111111')
    const emails = await http
      .get('/prod-api/system/emailRecord/list')
      .query({ email: 'a@example' })
      .set(bearer(admin))
    assert.equal(emails.body.total, 1)
    assert.equal(emails.body.rows[0].subject, 'Code')
  })

  test('property staff are refused; anonymous callers must sign in', async () => {
    const http = product().http
    assert.equal((await http.get('/prod-api/system/smsRecord/list').set(bearer(manager))).status, 403)
    assert.equal((await http.get('/prod-api/system/emailRecord/list').set(bearer(manager))).status, 403)
    assert.equal((await http.get('/prod-api/system/smsRecord/list')).status, 401)
  })

  test('the record permission is seeded for platform administrators (sys_admin)', async () => {
    const rows = await product().query<{ role_key: string }>(
      "SELECT r.role_key FROM sys_role r JOIN sys_role_menu rm ON rm.role_id = r.role_id JOIN sys_menu m ON m.menu_id = rm.menu_id WHERE m.perms = 'system:record:list'",
    )
    assert.deepEqual(
      rows.map((r) => r.role_key),
      ['sys_admin'],
    )
  })
})
