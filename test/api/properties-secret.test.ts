// API secret keys (SPEC §7, §9): a reveal code valid 10 minutes, stored hashed; the secret comes back sealed so that
// only the code's holder opens it (the console's protocol helper); rotation changes it.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import {
  decryptApiSecret,
  formatSecretKeyCode,
  normalizeSecretKeyCode,
} from '@pms/protocol/properties/secret-key'
import { beforeAll, test } from 'vitest'
import { describeProduct } from './harness.ts'
import { arrangeOwner, type Owner } from './properties-support.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('property API secret keys', (product) => {
  let staff: Staff
  let owner: Owner

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    owner = await arrangeOwner(product(), staff.admin, 'keyholder')
  })

  const storedSecret = async (propertyId: number) =>
    (
      await product().query<{ api_secret: string }>(
        'SELECT api_secret FROM pms_api_secret WHERE property_id = $1',
        [propertyId],
      )
    )[0]?.api_secret

  test('a code opens the sealed secret (typed in groups of 4 too); the code is stored only as its hash', async () => {
    const p = product()
    const made = await call(
      p,
      staff.manager,
      'get',
      `/pms/pmsProperty/createPmsApiSecretKeyCode/${staff.hotel}`,
    )
    assert.equal(made.code, 200, made.msg)
    const { code, timeStamp } = made.data as { code: string; timeStamp: number }
    assert.match(code, /^\d{1,15}$/)
    const [row] = await p.query<{ code_hash: string; create_time: Date }>(
      'SELECT code_hash, create_time FROM pms_api_secret_code WHERE property_id = $1',
      [staff.hotel],
    )
    assert.equal(row!.code_hash, createHash('sha256').update(normalizeSecretKeyCode(code)!).digest('hex'))
    assert.equal(new Date(row!.create_time).getTime(), timeStamp, 'timeStamp is when the code was made')

    const shown = formatSecretKeyCode(code)
    const sealed = await call(
      p,
      staff.manager,
      'get',
      `/pms/pmsApi/getPmsApiSecretKey/${staff.hotel}/${encodeURIComponent(shown)}`,
    )
    assert.equal(sealed.code, 200, sealed.msg)
    assert.deepEqual(Object.keys(sealed.data).sort(), ['cipher', 'iv'])
    const secret = await storedSecret(staff.hotel)
    assert.match(secret!, /^[0-9a-f]{64}$/)
    assert.ok(!JSON.stringify(sealed).includes(secret!), 'the secret never travels in plain text')
    assert.equal(await decryptApiSecret(sealed.data, shown), secret)
    await assert.rejects(decryptApiSecret(sealed.data, '1234 5678'), 'another code cannot open it')

    const again = await call(p, staff.manager, 'get', `/pms/pmsApi/getPmsApiSecretKey/${staff.hotel}/${code}`)
    assert.equal(
      await decryptApiSecret(again.data, code),
      secret,
      'valid any number of times within 10 minutes',
    )
  })

  test('a wrong code, a replaced code and a code older than 10 minutes are refused clearly', async () => {
    const p = product()
    const first = (
      await call(p, staff.manager, 'get', `/pms/pmsProperty/createPmsApiSecretKeyCode/${staff.hotel}`)
    ).data.code
    const second = (
      await call(p, staff.manager, 'get', `/pms/pmsProperty/createPmsApiSecretKeyCode/${staff.hotel}`)
    ).data.code
    const url = (code: string) => `/pms/pmsApi/getPmsApiSecretKey/${staff.hotel}/${code}`
    assert.notEqual(first, second)
    const replaced = await call(p, staff.manager, 'get', url(first))
    assert.equal(replaced.status, 400)
    assert.match(replaced.msg, /code is wrong/)
    const wrong = await call(p, staff.manager, 'get', url(second === '1' ? '2' : '1'))
    assert.equal(wrong.status, 400)
    assert.match(wrong.msg, /code is wrong/)
    assert.equal((await call(p, staff.manager, 'get', url('12ab'))).status, 400)

    await p.query(
      `UPDATE pms_api_secret_code SET create_time = now() - interval '10 minutes 1 second' WHERE property_id = $1`,
      [staff.hotel],
    )
    const expired = await call(p, staff.manager, 'get', url(second))
    assert.equal(expired.status, 400)
    assert.match(expired.msg, /expired \(valid 10 minutes\)/)
    await p.query(
      `UPDATE pms_api_secret_code SET create_time = now() - interval '9 minutes' WHERE property_id = $1`,
      [staff.hotel],
    )
    assert.equal(
      (await call(p, staff.manager, 'get', url(second))).code,
      200,
      'still valid just inside 10 minutes',
    )
  })

  test('rotation changes the current property’s secret; the clerk and other tenants are refused', async () => {
    const p = product()
    const old = await storedSecret(staff.hotel)
    const rotated = await call(
      p,
      staff.manager,
      'get',
      '/pms/pmsProperty/refreshPmsPropertyDeviceApiSecretKey',
    )
    assert.equal(rotated.code, 200, rotated.msg)
    assert.equal(rotated.data.propertyId, staff.hotel)
    assert.equal(rotated.data.secretVersion, 2)
    const fresh = await storedSecret(staff.hotel)
    assert.match(fresh!, /^[0-9a-f]{64}$/)
    assert.notEqual(fresh, old)
    assert.ok(!JSON.stringify(rotated).includes(fresh!))
    const code = (
      await call(p, staff.manager, 'get', `/pms/pmsProperty/createPmsApiSecretKeyCode/${staff.hotel}`)
    ).data.code
    const sealed = await call(
      p,
      staff.manager,
      'get',
      `/pms/pmsApi/getPmsApiSecretKey/${staff.hotel}/${code}`,
    )
    assert.equal(await decryptApiSecret(sealed.data, code), fresh)

    assert.equal(
      (await call(p, staff.clerk, 'get', `/pms/pmsProperty/createPmsApiSecretKeyCode/${staff.hotel}`)).status,
      403,
    )
    assert.equal(
      (await call(p, staff.clerk, 'get', '/pms/pmsProperty/refreshPmsPropertyDeviceApiSecretKey')).status,
      403,
    )
    assert.equal(
      (await call(p, staff.manager, 'get', `/pms/pmsProperty/createPmsApiSecretKeyCode/${owner.propertyId}`))
        .status,
      404,
    )
    const ownerCode = (
      await call(p, owner.token, 'get', `/pms/pmsProperty/createPmsApiSecretKeyCode/${owner.propertyId}`)
    ).data.code
    assert.equal(
      (await call(p, staff.manager, 'get', `/pms/pmsApi/getPmsApiSecretKey/${owner.propertyId}/${ownerCode}`))
        .status,
      404,
      'holding another tenant’s code is not enough',
    )
    const platform = await call(
      p,
      staff.admin,
      'get',
      '/pms/pmsProperty/refreshPmsPropertyDeviceApiSecretKey',
    )
    assert.equal(platform.status, 400, 'a platform session has no current property')
  })
})
