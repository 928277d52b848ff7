// The database's integrity checks answer as conflicts, never 500s, and long id lists reach the route.
import assert from 'node:assert/strict'
import { test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

describeProduct('integrity under races', (product) => {
  test('ten simultaneous creations of the same account: one succeeds, the rest are told it exists', async () => {
    const admin = await product().login('admin')
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        product()
          .http.post('/prod-api/system/user')
          .set(bearer(admin))
          .set('Accept-Language', 'en-US')
          .send({ userName: 'twin', nickName: 'Twin', password: 'secret12', userType: 2 }),
      ),
    )
    const codes = attempts.map((r) => r.body.code).sort()
    assert.deepEqual(codes, [200, ...Array(9).fill(409)])
    for (const r of attempts.filter((a) => a.body.code === 409))
      assert.ok(r.body.msg.length > 0 && !/stack|Error:/.test(r.body.msg))
    const rows = await product().query("SELECT user_id FROM sys_user WHERE user_name = 'twin'")
    assert.equal(rows.length, 1)
  })

  test('a long list of ids is a valid path: it answers from the route, not from the router', async () => {
    const admin = await product().login('admin')
    const ids = Array.from({ length: 60 }, (_, i) => 900000 + i).join(',')
    const res = await product()
      .http.delete(`/prod-api/system/user/${ids}`)
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.equal(res.status, 404)
    assert.equal(res.body.msg, 'The user does not exist')
  })
})
