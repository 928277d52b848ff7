// The property card-key configuration over HTTP: updateBc01Key end-time rules (§5), sector limits, the
// v3_client_auth_data record, getPropertyBc01Key, the layout grants then use, permissions and tenancy.
import assert from 'node:assert/strict'
import { CardType } from '@pms/protocol'
import { test } from 'vitest'
import { auth, decodeGrant, demoIds, ISSUE_URL, responseLog, storedSecret } from './cards-support.ts'
import { describeProduct } from './harness.ts'

describeProduct('property card-key configuration', (product) => {
  const log = responseLog()
  let ids: Awaited<ReturnType<typeof demoIds>>
  let manager: string
  const update = (token: string, path: string) =>
    log.send(product().http.put(`/prod-api/pms/pmsProperty/updateBc01Key/${path}`).set(auth(token)))
  const current = async () =>
    (await log.send(product().http.get('/prod-api/pms/pmsProperty/getPropertyBc01Key').set(auth(manager))))
      .body

  test('a date-only end time gets 23:59:59; a datetime is kept; seconds are capped at 4294967295', async () => {
    // Texts are read on the hotel's clock (Asia/Shanghai, UTC+8), whatever the server's zone is.
    ids = await demoIds(product())
    manager = await product().login('manager')
    const initial = await current()
    assert.equal(initial.code, 200, JSON.stringify(initial))
    assert.deepEqual(
      [initial.data.sector, initial.data.sectorNum, initial.data.authMode, initial.data.endTime],
      [1, 2, 0, 4294967295],
    )
    const cases: Array<[string, number]> = [
      ['2031-06-01', Date.UTC(2031, 5, 1, 15, 59, 59) / 1000],
      [encodeURIComponent('2031-06-01 08:30:00'), Date.UTC(2031, 5, 1, 0, 30) / 1000],
      ['2200-01-01', 4294967295],
      ['9999999999', 4294967295],
      ['1956528000', 1956528000],
    ]
    for (const [endTime, expected] of cases) {
      const res = await update(manager, `${ids.hotel}/3/3/B/${endTime}`)
      assert.equal(res.body.code, 200, res.text)
      assert.equal(res.body.data.endTime, expected, endTime)
      assert.equal((await current()).data.endTime, expected)
    }
    const shown = (await current()).data
    assert.deepEqual([shown.sector, shown.sectorNum, shown.authMode, shown.authModeName], [3, 3, 1, 'B'])
  })

  test('the config record v3_client_auth_data is saved beside the configuration', async () => {
    const rows = await product().query<{ config_name: string; config_value: string }>(
      "SELECT config_name, config_value FROM pms_card_config WHERE property_id = $1 AND config_type = 'v3_client_auth_data'",
      [ids.hotel],
    )
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.config_name, 'V3 client authorization config')
    assert.deepEqual(JSON.parse(rows[0]!.config_value), {
      sector: 3,
      sectorNum: 3,
      authMode: 1,
      endTime: 1956528000,
    })
  })

  test('grants follow the configured sectors and key mode', async () => {
    const res = await log.send(
      product()
        .http.post(ISSUE_URL)
        .set(auth(await product().login('clerk')))
        .send({
          protocol: 'M157',
          // A room card with no stay behind it (a guest card belongs to a stay).
          cardType: CardType.CHECKOUT,
          uid: 'DEADBEEF',
          roomId: ids.room101.roomId,
          startTime: 1_900_000_000,
          endTime: 1_900_086_400,
        }),
    )
    assert.equal(res.body.code, 200, res.text)
    const { grant } = res.body.data
    assert.deepEqual([grant.sector, grant.sectorNum, grant.authMode], [3, 3, 1])
    assert.deepEqual(
      grant.sectors.map((s: { sector: number }) => s.sector),
      [3, 4, 5],
    )
    assert.equal(decodeGrant(grant, await storedSecret(product(), ids.hotel)).ok, true)
  })

  test('sectors out of range and unreadable end times answer 400 naming the field; nothing changes', async () => {
    const cases: Array<[string, string]> = [
      [`${ids.hotel}/0/2/A/2031-01-01`, 'sector'],
      [`${ids.hotel}/1/1/A/2031-01-01`, 'sectorNum'],
      [`${ids.hotel}/14/3/A/2031-01-01`, 'sectorNum'],
      [`${ids.hotel}/1/2/C/2031-01-01`, 'authMode'],
      [`${ids.hotel}/1/2/A/tomorrow`, 'endTime'],
      [`${ids.hotel}/1/2/A/2031-02-30`, 'endTime'],
    ]
    for (const [path, field] of cases) {
      const res = await update(manager, path)
      assert.equal(res.status, 400, `${path}: ${res.text}`)
      assert.ok(res.body.msg.includes(field), `${res.body.msg} names ${field}`)
    }
    assert.equal((await current()).data.sector, 3)
  })

  test('only the key permission, and only for the current property', async () => {
    const clerk = await product().login('clerk')
    assert.equal((await update(clerk, `${ids.hotel}/1/2/A/2031-01-01`)).status, 403)
    const clerkRead = await log.send(
      product().http.get('/prod-api/pms/pmsProperty/getPropertyBc01Key').set(auth(clerk)),
    )
    assert.equal(clerkRead.status, 403)
    assert.equal((await update(manager, `${ids.apartment}/1/2/A/2031-01-01`)).status, 403)
    assert.equal((await current()).data.sector, 3)
  })

  test('no response of this suite holds a secret', async () => {
    log.assertNoSecret([await storedSecret(product(), ids.hotel)])
  })
})
