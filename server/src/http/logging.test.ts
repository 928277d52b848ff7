import assert from 'node:assert/strict'
import { test } from 'vitest'
import { loggedUrl } from './logging.ts'

test('passwords, tokens and codes in a query string never reach the log; other parameters do', () => {
  assert.equal(
    loggedUrl('/prod-api/system/user/profile/updatePwd?oldPassword=Str0ng&newPassword=NewSecret77'),
    '/prod-api/system/user/profile/updatePwd?oldPassword=***&newPassword=***',
  )
  assert.equal(loggedUrl('/mqtt?token=abc&x=1'), '/mqtt?token=***&x=1')
  assert.equal(loggedUrl('/auth/qr/poll?secret=s3&uuid=u'), '/auth/qr/poll?secret=***&uuid=u')
  assert.equal(loggedUrl('/x?PASSWORD=a&code=123456&pageNum=2'), '/x?PASSWORD=***&code=***&pageNum=2')
  assert.equal(loggedUrl('/pms/pmsOrder/list?pageNum=1'), '/pms/pmsOrder/list?pageNum=1')
})
