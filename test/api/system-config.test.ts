// System config: CRUD, configKey answered RuoYi's way (the value in msg, untranslated), public keys, clearCache.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { type BadInput, bearer, describeProduct, expectFieldErrors } from './harness.ts'

describeProduct('system config', (product) => {
  let admin: string
  let clerk: string
  let manager: string
  beforeAll(async () => {
    admin = await product().login('admin')
    clerk = await product().login('clerk')
    manager = await product().login('manager')
  })

  test('public keys are readable signed out, with the value in msg and data', async () => {
    const http = product().http
    const captcha = await http.get('/prod-api/system/config/configKey/sys.account.captchaEnabled')
    assert.deepEqual(captcha.body, { code: 200, msg: 'false', data: 'false' })
    const privacy = await http.get('/prod-api/system/config/configKey/sys.privacy.en-US')
    assert.equal(privacy.body.code, 200)
    assert.match(privacy.body.msg, /^We collect only/)
    assert.equal(privacy.body.data, privacy.body.msg)
  })

  test('a value that happens to be a language-pack key is answered verbatim, never translated', async () => {
    const http = product().http
    const add = await http
      .post('/prod-api/system/config')
      .set(bearer(admin))
      .send({ configName: 'Looks like a key', configKey: 'test.verbatim', configValue: 'common.success' })
    assert.equal(add.body.code, 200, JSON.stringify(add.body))
    const res = await http
      .get('/prod-api/system/config/configKey/test.verbatim')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.deepEqual(res.body, { code: 200, msg: 'common.success', data: 'common.success' })
    // Other replies are still translated.
    assert.equal(add.body.msg, '新增成功')
  })

  test('other keys need the settings query permission; an unknown key is 404', async () => {
    const http = product().http
    await http
      .post('/prod-api/system/config')
      .set(bearer(admin))
      .send({ configName: 'Private', configKey: 'test.private', configValue: '42' })
    assert.equal((await http.get('/prod-api/system/config/configKey/test.private')).status, 401)
    // A desk clerk, a hotel's manager: signed in, but the settings are not theirs.
    for (const token of [clerk, manager])
      assert.equal(
        (await http.get('/prod-api/system/config/configKey/test.private').set(bearer(token))).status,
        403,
      )
    const platform = await http.get('/prod-api/system/config/configKey/test.private').set(bearer(admin))
    assert.deepEqual(platform.body, { code: 200, msg: '42', data: '42' })
    const unknown = await http
      .get('/prod-api/system/config/configKey/sys.privacy.fr-FR')
      .set('Accept-Language', 'en-US')
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.msg, 'The setting does not exist')
  })

  test('a platform admin lists, reads, edits and deletes settings; built-in ones stay', async () => {
    const http = product().http
    const list = await http
      .get('/prod-api/system/config/list')
      .query({ configKey: 'sys.privacy' })
      .set(bearer(admin))
    assert.equal(list.body.total, 3)
    const captchaRow = (
      await http.get('/prod-api/system/config/list').query({ configKey: 'captcha' }).set(bearer(admin))
    ).body.rows[0]
    const one = await http.get(`/prod-api/system/config/${captchaRow.configId}`).set(bearer(admin))
    assert.equal(one.body.data.configKey, 'sys.account.captchaEnabled')

    const builtInDelete = await http
      .delete(`/prod-api/system/config/${captchaRow.configId}`)
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.equal(builtInDelete.status, 400)
    assert.equal(builtInDelete.body.msg, 'The built-in setting sys.account.captchaEnabled cannot be deleted')
    const rename = await http
      .put('/prod-api/system/config')
      .set(bearer(admin))
      .send({ configId: captchaRow.configId, configKey: 'sys.account.other' })
    assert.equal(rename.status, 400)

    // Switching the captcha on takes effect at once: there is no cache between the table and the login page.
    const on = await http
      .put('/prod-api/system/config')
      .set(bearer(admin))
      .send({ configId: captchaRow.configId, configValue: 'true' })
    assert.equal(on.body.code, 200)
    const code = await http.get('/prod-api/code')
    assert.equal(code.body.data.captchaEnabled, true)
    await http
      .put('/prod-api/system/config')
      .set(bearer(admin))
      .send({ configId: captchaRow.configId, configValue: 'false' })

    const mine = (
      await http.get('/prod-api/system/config/list').query({ configKey: 'test.private' }).set(bearer(admin))
    ).body.rows[0]
    const taken = await http
      .put('/prod-api/system/config')
      .set(bearer(admin))
      .send({ configId: mine.configId, configKey: 'test.verbatim' })
    assert.equal(taken.status, 409)
    const removed = await http.delete(`/prod-api/system/config/${mine.configId}`).set(bearer(admin))
    assert.equal(removed.body.code, 200)
    assert.equal((await http.get(`/prod-api/system/config/${mine.configId}`).set(bearer(admin))).status, 404)
  })

  test('clearCache exists and answers success, saying there is no cache', async () => {
    const res = await product()
      .http.delete('/prod-api/system/config/clearCache')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.equal(res.body.code, 200)
    assert.match(res.body.msg, /no settings cache/)
  })

  test('staff are refused config management; anonymous callers must sign in', async () => {
    const http = product().http
    for (const token of [clerk, manager]) {
      assert.equal((await http.get('/prod-api/system/config/list').set(bearer(token))).status, 403)
      assert.equal((await http.delete('/prod-api/system/config/clearCache').set(bearer(token))).status, 403)
      const add = await http
        .post('/prod-api/system/config')
        .set(bearer(token))
        .send({ configName: 'x', configKey: 'x.y', configValue: '1' })
      assert.equal(add.status, 403)
    }
    assert.equal((await http.get('/prod-api/system/config/list')).status, 401)
    assert.equal((await http.delete('/prod-api/system/config/clearCache')).status, 401)
  })

  test('bad input answers 400 naming the field', async () => {
    const http = product().http
    const cases: BadInput[] = [
      ['post', '/prod-api/system/config', { configName: 'x', configValue: '1' }, 'configKey'],
      [
        'post',
        '/prod-api/system/config',
        { configName: 'x', configKey: 'a b', configValue: '1' },
        'configKey',
      ],
      [
        'post',
        '/prod-api/system/config',
        { configName: 'x', configKey: 'a.b', configValue: 'v'.repeat(5001) },
        'configValue',
      ],
      [
        'post',
        '/prod-api/system/config',
        { configName: 'x', configKey: 'a.b', configValue: '1', configType: 'X' },
        'configType',
      ],
      ['put', '/prod-api/system/config', { configId: -3 }, 'configId'],
      ['get', '/prod-api/system/config/abc', undefined, 'id'],
      ['get', '/prod-api/system/config/configKey/bad%20key!', undefined, 'key'],
    ]
    await expectFieldErrors(http, admin, cases)
  })
})
