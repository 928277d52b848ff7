// Dictionaries: types and data CRUD, the enabled data of one type for any signed-in user, permissions and bad input.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { type BadInput, bearer, describeProduct, expectFieldErrors } from './harness.ts'

describeProduct('dictionaries', (product) => {
  let admin: string
  let clerk: string
  let manager: string
  beforeAll(async () => {
    admin = await product().login('admin')
    clerk = await product().login('clerk')
    manager = await product().login('manager')
  })

  test('any signed-in user reads the enabled data of a type, ordered by dictSort, values kept as strings', async () => {
    const res = await product()
      .http.get('/prod-api/system/dict/data/type/pms_property_type')
      .set(bearer(clerk))
    assert.equal(res.body.code, 200)
    assert.deepEqual(
      res.body.data.map((d: { dictValue: string }) => d.dictValue),
      ['1', '2', '3', '4', '5'],
    )
    assert.equal(typeof res.body.data[0].dictValue, 'string')
    assert.equal(res.body.data[0].dictLabel, '酒店')
    const anonymous = await product().http.get('/prod-api/system/dict/data/type/pms_property_type')
    assert.equal(anonymous.status, 401)
  })

  test('a platform admin manages a type and its data end to end', async () => {
    const http = product().http
    const type = await http
      .post('/prod-api/system/dict/type')
      .set(bearer(admin))
      .send({ dictName: 'Room view', dictType: 'pms_room_view' })
    assert.equal(type.body.code, 200, JSON.stringify(type.body))
    const dictId = type.body.data.dictId
    const add = (dictValue: string, dictLabel: string, dictSort: number, status = '0') =>
      http
        .post('/prod-api/system/dict/data')
        .set(bearer(admin))
        .send({ dictType: 'pms_room_view', dictValue, dictLabel, dictSort, status })
    const sea = await add('2', 'Sea', 2)
    assert.equal(sea.body.code, 200)
    await add('1', 'City', 1)
    await add('3', 'Wall', 3, '1')

    const enabled = await http.get('/prod-api/system/dict/data/type/pms_room_view').set(bearer(manager))
    assert.deepEqual(
      enabled.body.data.map((d: { dictLabel: string }) => d.dictLabel),
      ['City', 'Sea'],
    )

    const duplicate = await add('2', 'Sea again', 9)
    assert.equal(duplicate.status, 409)

    const list = await http
      .get('/prod-api/system/dict/data/list')
      .query({ dictType: 'pms_room_view', dictLabel: 'a', pageSize: 10 })
      .set(bearer(admin))
    assert.equal(list.body.total, 2) // Sea, Wall
    assert.deepEqual(
      list.body.rows.map((d: { dictLabel: string }) => d.dictLabel),
      ['Sea', 'Wall'],
    )

    const dictCode = sea.body.data.dictCode
    const one = await http.get(`/prod-api/system/dict/data/${dictCode}`).set(bearer(admin))
    assert.equal(one.body.data.dictValue, '2')
    const edit = await http
      .put('/prod-api/system/dict/data')
      .set(bearer(admin))
      .send({ dictCode, dictLabel: 'Sea view' })
    assert.equal(edit.body.code, 200)
    assert.equal(edit.body.data.dictLabel, 'Sea view')
    const clash = await http
      .put('/prod-api/system/dict/data')
      .set(bearer(admin))
      .send({ dictCode, dictValue: '1' })
    assert.equal(clash.status, 409)

    // Renaming the type carries its data along.
    const renamed = await http
      .put('/prod-api/system/dict/type')
      .set(bearer(admin))
      .send({ dictId, dictType: 'pms_room_outlook' })
    assert.equal(renamed.body.code, 200)
    const moved = await http.get('/prod-api/system/dict/data/type/pms_room_outlook').set(bearer(admin))
    assert.equal(moved.body.data.length, 2)

    const options = await http.get('/prod-api/system/dict/type/optionselect').set(bearer(clerk))
    assert.ok(options.body.data.some((t: { dictType: string }) => t.dictType === 'pms_room_outlook'))

    const removed = await http.delete(`/prod-api/system/dict/data/${dictCode}`).set(bearer(admin))
    assert.equal(removed.body.code, 200)
    const gone = await http
      .get(`/prod-api/system/dict/data/${dictCode}`)
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
    assert.equal(gone.status, 404)
    assert.equal(gone.body.msg, 'The dictionary entry does not exist')

    const typeGone = await http.delete(`/prod-api/system/dict/type/${dictId}`).set(bearer(admin))
    assert.equal(typeGone.body.code, 200)
    const [{ n }] = await product().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sys_dict_data WHERE dict_type = 'pms_room_outlook'",
    )
    assert.equal(n, 0)
  })

  test('a type name is unique and data needs a known type', async () => {
    const http = product().http
    const taken = await http
      .post('/prod-api/system/dict/type')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .send({ dictName: 'again', dictType: 'sys_yes_no' })
    assert.equal(taken.status, 409)
    assert.equal(taken.body.msg, 'The dictionary type sys_yes_no already exists')
    const unknown = await http
      .post('/prod-api/system/dict/data')
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .send({ dictType: 'no_such_type', dictValue: '1', dictLabel: 'x' })
    assert.equal(unknown.status, 400)
    assert.equal(unknown.body.msg, 'The dictionary type no_such_type does not exist')
  })

  test('staff without the dictionary permissions are refused; anonymous callers must sign in', async () => {
    const http = product().http
    for (const token of [clerk, manager]) {
      assert.equal((await http.get('/prod-api/system/dict/data/list').set(bearer(token))).status, 403)
      assert.equal((await http.get('/prod-api/system/dict/type/list').set(bearer(token))).status, 403)
      const add = await http
        .post('/prod-api/system/dict/data')
        .set(bearer(token))
        .send({ dictType: 'sys_yes_no', dictValue: 'X', dictLabel: 'x' })
      assert.equal(add.status, 403)
      assert.equal((await http.delete('/prod-api/system/dict/type/1').set(bearer(token))).status, 403)
    }
    assert.equal((await http.get('/prod-api/system/dict/data/list')).status, 401)
    assert.equal((await http.get('/prod-api/system/dict/type/optionselect')).status, 401)
  })

  test('bad input answers 400 naming the field', async () => {
    const http = product().http
    const cases: BadInput[] = [
      ['post', '/prod-api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: 'x' }, 'dictValue'],
      [
        'post',
        '/prod-api/system/dict/data',
        { dictType: 'Bad Type!', dictValue: '1', dictLabel: 'x' },
        'dictType',
      ],
      [
        'post',
        '/prod-api/system/dict/data',
        { dictType: 'sys_yes_no', dictValue: '1', dictLabel: 'x'.repeat(101) },
        'dictLabel',
      ],
      [
        'post',
        '/prod-api/system/dict/data',
        { dictType: 'sys_yes_no', dictValue: '1', dictLabel: 'x', dictSort: 'first' },
        'dictSort',
      ],
      [
        'post',
        '/prod-api/system/dict/data',
        { dictType: 'sys_yes_no', dictValue: '1', dictLabel: 'x', status: '7' },
        'status',
      ],
      ['put', '/prod-api/system/dict/data', { dictLabel: 'x' }, 'dictCode'],
      ['put', '/prod-api/system/dict/type', { dictId: 'abc' }, 'dictId'],
      ['get', '/prod-api/system/dict/data/abc', undefined, 'id'],
      ['get', '/prod-api/system/dict/data/type/DROP%20TABLE', undefined, 'type'],
      ['delete', '/prod-api/system/dict/data/1,abc', undefined, 'ids'],
      ['get', '/prod-api/system/dict/data/list?pageSize=501', undefined, 'pageSize'],
      ['get', '/prod-api/system/dict/type/list?pageNum=-1', undefined, 'pageNum'],
    ]
    await expectFieldErrors(http, admin, cases)
  })
})
