// Languages: public options and server packs (/web shape of SPEC §7), entry CRUD, bulk write, JSON upload, options.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

describeProduct('languages', (product) => {
  let admin: string
  let clerk: string
  beforeAll(async () => {
    admin = await product().login('admin')
    clerk = await product().login('clerk')
  })

  test('the language options are public: name and code of the enabled ones, by sort', async () => {
    const res = await product().http.get('/prod-api/system/sysLanguage/listAll')
    assert.deepEqual(res.body.data, [
      { name: '简体中文', code: 'zh-CN' },
      { name: '繁體中文', code: 'zh-HK' },
      { name: 'English', code: 'en-US' },
    ])
  })

  test('writeLanguage upserts a whole map in one go and /web serves it in the shape of SPEC §7', async () => {
    const http = product().http
    const write = await http
      .post('/prod-api/system/sysLanguage/writeLanguage')
      .set(bearer(admin))
      .send({ languageCode: 'en-US', entries: { 'hotel.greeting': 'Welcome', 'hotel.bye': 'Goodbye' } })
    assert.equal(write.body.code, 200, JSON.stringify(write.body))
    assert.deepEqual(write.body.data, { written: 2 })
    const again = await http
      .post('/prod-api/system/sysLanguage/writeLanguage')
      .set(bearer(admin))
      .send({ languageCode: 'en-US', entries: { 'hotel.greeting': 'Welcome back' } })
    assert.deepEqual(again.body.data, { written: 1 })
    await http
      .post('/prod-api/system/sysLanguage/writeLanguage')
      .set(bearer(admin))
      .send({ languageCode: 'zh-CN', entries: { 'hotel.greeting': '欢迎' } })

    const web = await http.get('/prod-api/system/sysLanguage/web')
    assert.equal(web.body.code, 200)
    assert.ok(Array.isArray(web.body.data))
    for (const item of web.body.data) assert.equal(Object.keys(item).length, 1)
    assert.deepEqual(
      web.body.data.map((o: object) => Object.keys(o)[0]),
      ['zh-CN', 'zh-HK', 'en-US'],
    )
    assert.deepEqual(web.body.data[2]['en-US'], [
      { languageKey: 'hotel.bye', content: 'Goodbye' },
      { languageKey: 'hotel.greeting', content: 'Welcome back' },
    ])
    assert.deepEqual(web.body.data[0]['zh-CN'], [{ languageKey: 'hotel.greeting', content: '欢迎' }])
    assert.deepEqual(web.body.data[1]['zh-HK'], [])
  })

  test('a bulk write with one bad entry writes nothing', async () => {
    const http = product().http
    const bad = await http
      .post('/prod-api/system/sysLanguage/writeLanguage')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .send({ languageCode: 'en-US', entries: { 'ok.key': 'fine', 'bad key': 'x' } })
    assert.equal(bad.status, 400)
    assert.match(bad.body.msg, /entries/)
    const unknownLanguage = await http
      .post('/prod-api/system/sysLanguage/writeLanguage')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .send({ languageCode: 'fr-FR', entries: { 'ok.key': 'bien' } })
    assert.equal(unknownLanguage.status, 400)
    assert.equal(unknownLanguage.body.msg, 'The language code fr-FR does not exist')
    const rows = await product().query("SELECT 1 FROM sys_language WHERE language_key = 'ok.key'")
    assert.equal(rows.length, 0)
  })

  test('a JSON file of {key: content} is imported for the language named in the query', async () => {
    const http = product().http
    const file = Buffer.from(JSON.stringify({ 'import.one': 'Un', 'import.two': 'Deux' }))
    const res = await http
      .post('/prod-api/system/sysLanguage/importData')
      .query({ languageCode: 'zh-HK' })
      .set(bearer(admin))
      .attach('file', file, 'pack.json')
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.data, { written: 2 })
    const list = await http
      .get('/prod-api/system/sysLanguage/list')
      .query({ languageCode: 'zh-HK', languageKey: 'import.' })
      .set(bearer(admin))
    assert.equal(list.body.total, 2)

    const notJson = await http
      .post('/prod-api/system/sysLanguage/importData')
      .query({ languageCode: 'zh-HK' })
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .attach('file', Buffer.from('{not json'), 'pack.json')
    assert.equal(notJson.status, 400)
    assert.equal(notJson.body.msg, 'The file is not a valid language pack: file')
    const nested = await http
      .post('/prod-api/system/sysLanguage/importData')
      .query({ languageCode: 'zh-HK' })
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .attach('file', Buffer.from(JSON.stringify({ 'a.b': { c: 1 } })), 'pack.json')
    assert.equal(nested.status, 400)
    assert.match(nested.body.msg, /a\.b/)
    const noFile = await http
      .post('/prod-api/system/sysLanguage/importData')
      .query({ languageCode: 'zh-HK' })
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .send({})
    assert.equal(noFile.status, 400)
    assert.match(noFile.body.msg, /file/)
  })

  test('single entries: add, read, edit, delete; one key per language', async () => {
    const http = product().http
    const add = await http
      .post('/prod-api/system/sysLanguage')
      .set(bearer(admin))
      .send({ languageCode: 'en-US', languageKey: 'single.key', content: 'One' })
    assert.equal(add.body.code, 200)
    const id = add.body.data.id
    const dup = await http
      .post('/prod-api/system/sysLanguage')
      .set(bearer(admin))
      .send({ languageCode: 'en-US', languageKey: 'single.key', content: 'Two' })
    assert.equal(dup.status, 409)
    assert.equal(
      (await http.get(`/prod-api/system/sysLanguage/${id}`).set(bearer(admin))).body.data.content,
      'One',
    )
    const edit = await http
      .put('/prod-api/system/sysLanguage')
      .set(bearer(admin))
      .send({ id, content: 'Uno' })
    assert.equal(edit.body.data.content, 'Uno')
    assert.equal((await http.delete(`/prod-api/system/sysLanguage/${id}`).set(bearer(admin))).body.code, 200)
    assert.equal((await http.get(`/prod-api/system/sysLanguage/${id}`).set(bearer(admin))).status, 404)
  })

  test('language options: add, disable (hidden from listAll and /web), delete; built-in ones stay', async () => {
    const http = product().http
    const add = await http
      .post('/prod-api/system/sysLanguage/type')
      .set(bearer(admin))
      .send({ code: 'ja-JP', name: '日本語', sort: 4 })
    assert.equal(add.body.code, 200, JSON.stringify(add.body))
    assert.equal(
      (
        await http
          .post('/prod-api/system/sysLanguage/type')
          .set(bearer(admin))
          .send({ code: 'ja-JP', name: 'x' })
      ).status,
      409,
    )
    let options = await http.get('/prod-api/system/sysLanguage/listAll')
    assert.equal(options.body.data.at(-1).code, 'ja-JP')
    await http
      .put('/prod-api/system/sysLanguage/type')
      .set(bearer(admin))
      .send({ code: 'ja-JP', status: '1' })
    options = await http.get('/prod-api/system/sysLanguage/listAll')
    assert.ok(!options.body.data.some((o: { code: string }) => o.code === 'ja-JP'))
    const web = await http.get('/prod-api/system/sysLanguage/web')
    assert.ok(!web.body.data.some((o: object) => 'ja-JP' in o))
    const types = await http.get('/prod-api/system/sysLanguage/type/list').set(bearer(admin))
    assert.equal(types.body.total, 4)
    assert.equal(
      (await http.get('/prod-api/system/sysLanguage/type/ja-JP').set(bearer(admin))).body.data.status,
      '1',
    )
    assert.equal(
      (await http.delete('/prod-api/system/sysLanguage/type/ja-JP').set(bearer(admin))).body.code,
      200,
    )
    assert.equal((await http.get('/prod-api/system/sysLanguage/type/ja-JP').set(bearer(admin))).status, 404)
    const builtIn = await http
      .delete('/prod-api/system/sysLanguage/type/en-US')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.equal(builtIn.status, 400)
    assert.equal(builtIn.body.msg, 'The built-in language en-US cannot be deleted')
  })

  test('staff are refused language management; anonymous callers too, except the public reads', async () => {
    const http = product().http
    assert.equal((await http.get('/prod-api/system/sysLanguage/list').set(bearer(clerk))).status, 403)
    const write = await http
      .post('/prod-api/system/sysLanguage/writeLanguage')
      .set(bearer(clerk))
      .send({ languageCode: 'en-US', entries: { 'a.b': 'c' } })
    assert.equal(write.status, 403)
    assert.equal(
      (
        await http
          .post('/prod-api/system/sysLanguage/type')
          .set(bearer(clerk))
          .send({ code: 'de-DE', name: 'Deutsch' })
      ).status,
      403,
    )
    assert.equal((await http.get('/prod-api/system/sysLanguage/list')).status, 401)
    assert.equal((await http.post('/prod-api/system/sysLanguage/importData?languageCode=en-US')).status, 401)
    assert.equal((await http.get('/prod-api/system/sysLanguage/web')).status, 200)
  })

  test('bad input answers 400 naming the field', async () => {
    const http = product().http
    const cases: Array<[string, string, object | undefined, string]> = [
      ['post', '/prod-api/system/sysLanguage/writeLanguage', { languageCode: 'en-US' }, 'entries'],
      [
        'post',
        '/prod-api/system/sysLanguage/writeLanguage',
        { languageCode: 'en-US', entries: {} },
        'entries',
      ],
      [
        'post',
        '/prod-api/system/sysLanguage/writeLanguage',
        { languageCode: 'english!', entries: { a: 'b' } },
        'languageCode',
      ],
      [
        'post',
        '/prod-api/system/sysLanguage/writeLanguage',
        { languageCode: 'en-US', entries: { a: { b: 1 } } },
        'entries',
      ],
      [
        'post',
        '/prod-api/system/sysLanguage/writeLanguage',
        { languageCode: 'en-US', entries: { a: 'x'.repeat(2001) } },
        'entries',
      ],
      ['post', '/prod-api/system/sysLanguage', { languageCode: 'en-US', languageKey: 'k' }, 'content'],
      ['post', '/prod-api/system/sysLanguage/importData', {}, 'languageCode'],
      ['post', '/prod-api/system/sysLanguage/type', { code: 'x', name: 'X' }, 'code'],
      ['put', '/prod-api/system/sysLanguage/type', { code: 'en-US', sort: 'first' }, 'sort'],
      // An unknown field is dropped; with nothing left to change the update is refused.
      ['put', '/prod-api/system/sysLanguage/type', { code: 'en-US', bogus: 1 }, 'nothing to change'],
      ['get', '/prod-api/system/sysLanguage/list?pageSize=0', undefined, 'pageSize'],
    ]
    for (const [method, url, body, field] of cases) {
      const req = (http as any)[method](url).set(bearer(admin)).set('Accept-Language', 'en-US')
      const res = body ? await req.send(body) : await req
      assert.equal(res.status, 400, `${method} ${url}: ${JSON.stringify(res.body)}`)
      assert.match(res.body.msg, new RegExp(field), `${method} ${url}: ${res.body.msg}`)
    }
  })
})
