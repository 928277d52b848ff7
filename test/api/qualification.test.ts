// Customer qualification (SPEC §4, §5, §7): who may call what, the §5 messages, the licence upload, and the states
// an application goes through — applied, resubmitted (3), refused, approved, plugged in (its property created).
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'
import { createUser, downloadAs, PNG, signInCreated, uploadLicence } from './qualification-support.ts'
import { call } from './room-stock-support.ts'

const BASE = '/system/sysCustomQualification'

const application = (over: Record<string, unknown> = {}) => ({
  project: 'Harbour View Inn',
  contact: 'Ms Chan',
  phone: '0086-13900000000',
  address: '广东省深圳市南山区海岸路 1 号',
  cityId: '440305',
  refereesPhone: '13800000001',
  remark: 'forty rooms',
  ...over,
})

describeProduct('customer qualification', (product) => {
  let admin: string
  let manager: string
  let applicant: string
  let second: string
  let platformNoRole: string

  beforeAll(async () => {
    const p = product()
    admin = await p.login('admin')
    manager = await p.login('manager')
    // Freshly registered accounts (type 2, no property, no role) and a platform user without a role.
    for (const [name, type] of [
      ['applicant', 2],
      ['second', 2],
      ['platformer', 1],
    ] as const)
      await createUser(p, admin, name, type)
    applicant = await signInCreated(p, 'applicant', 2)
    second = await signInCreated(p, 'second', 2)
    platformNoRole = await signInCreated(p, 'platformer', 1)
  })

  const upload = (token: string, bytes: Buffer, field = 'file', name = 'licence.png') =>
    uploadLicence(product(), BASE, token, bytes, { field, name })

  test('without a session every call answers 401', async () => {
    for (const [method, path] of [
      ['post', BASE],
      ['put', BASE],
      ['get', `${BASE}/own`],
      ['get', `${BASE}/list`],
      ['put', `${BASE}/check`],
      ['post', `${BASE}/plug/1`],
      ['post', `${BASE}/upload`],
    ] as const) {
      const res = await product().http[method](`/prod-api${path}`)
      assert.equal(res.status, 401, `${method} ${path}`)
      assert.equal(res.body.code, 401)
    }
  })

  test('platform users cannot apply; applicants cannot review; a platform user without the permission cannot', async () => {
    const p = product()
    for (const [method, path, body] of [
      ['post', BASE, application()],
      ['put', BASE, application()],
      ['get', `${BASE}/own`, undefined],
    ] as const) {
      const res = await call(p, admin, method, path, body)
      assert.equal(res.status, 403, `${method} ${path}`)
    }
    assert.equal((await upload(admin, PNG)).status, 403)
    for (const token of [applicant, manager, platformNoRole]) {
      for (const [method, path, body] of [
        ['get', `${BASE}/list`, undefined],
        ['put', `${BASE}/check`, { id: 1, state: 1 }],
        ['post', `${BASE}/plug/1`, {}],
      ] as const) {
        const res = await call(p, token, method, path, body)
        assert.equal(res.status, 403, `${method} ${path}`)
        assert.equal(res.code, 403)
      }
    }
  })

  test('the §5 rules are checked on the server with their messages', async () => {
    const p = product()
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^please enter hotel\/project name$/],
      [application({ project: '   ' }), /^please enter hotel\/project name$/],
      [application({ contact: '' }), /^please enter contact name$/],
      [application({ phone: undefined }), /^please enter phone number$/],
      [application({ address: '' }), /^please enter address$/],
      [application({ cityId: undefined }), /^please pick the address from the suggestion list$/],
      [application({ cityId: '4403' }), /^please pick the address from the suggestion list$/],
      [application({ cityId: '999999' }), /cityId is not a known region code/],
      [application({ project: 'p'.repeat(51) }), /^Hotel\/project name may be at most 50 characters$/],
      [application({ contact: 'c'.repeat(21) }), /^Contact may be at most 20 characters$/],
      [application({ phone: '1'.repeat(51) }), /^Phone may be at most 50 characters$/],
      [application({ address: 'a'.repeat(201) }), /^Address may be at most 200 characters$/],
      [application({ refereesPhone: '1'.repeat(21) }), /^Referee phone may be at most 20 characters$/],
      [application({ remark: 'r'.repeat(201) }), /^Remark may be at most 200 characters$/],
      [application({ image: '/etc/passwd' }), /licence image is not valid/],
      [application({ image: `/files/qualification/${'a'.repeat(24)}.png` }), /licence image is not valid/],
    ]
    for (const [body, message] of cases) {
      const res = await call(p, applicant, 'post', BASE, body)
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${res.msg}`)
      assert.match(res.msg, message)
    }
    // In Chinese, the message of the spec's form.
    const zh = await p.http.post(`/prod-api${BASE}`).set(bearer(applicant)).send({})
    assert.equal(zh.body.msg, '请输入酒店/项目名称')
    // Nothing was stored by any refused attempt.
    const own = await call(p, applicant, 'get', `${BASE}/own`)
    assert.equal(own.code, 200)
    assert.equal(own.data, null)
  })

  test('a licence upload takes PNG bytes, is private to its applicant and the reviewers, and refuses what is not an image', async () => {
    const ok = await upload(applicant, PNG)
    assert.equal(ok.body.code, 200, JSON.stringify(ok.body))
    assert.match(ok.body.data, /^\/system\/sysFile\/download\/\d+$/)
    const fetch = (token: string) => downloadAs(product(), token, ok.body.data)
    const served = await fetch(applicant)
    assert.equal(served.status, 200)
    assert.equal(served.headers['content-type'], 'image/png')
    assert.match(served.headers['content-disposition'], /^attachment;/)
    assert.deepEqual(served.body, PNG)
    assert.equal((await fetch(admin)).status, 200, 'the reviewer reads it')
    assert.equal((await fetch(second)).status, 404, 'another applicant does not')
    assert.equal((await fetch(manager)).status, 404, 'nor a property user')
    assert.equal((await product().http.post(`/prod-api${ok.body.data}`)).status, 401)
    // Another applicant cannot put someone else's licence on its application.
    const borrowed = await call(product(), second, 'post', BASE, application({ image: ok.body.data }))
    assert.equal(borrowed.status, 400)
    assert.match(borrowed.msg, /licence image is not valid/)

    const text = await upload(applicant, Buffer.from('just text, named like a picture'), 'file', 'fake.png')
    assert.equal(text.status, 400)
    assert.equal(text.body.msg, 'Wrong file format, please upload an image such as JPG or PNG')
    const wrongField = await upload(applicant, PNG, 'image')
    assert.equal(wrongField.status, 400)
    assert.match(wrongField.body.msg, /file/)
    const notMultipart = await call(product(), applicant, 'post', `${BASE}/upload`, { file: 'x' })
    assert.equal(notMultipart.status, 400)
  })

  test('apply, resubmit, refuse, resubmit, approve and plug in: the applicant becomes its property admin', async () => {
    const p = product()
    assert.equal((await call(p, applicant, 'put', BASE, application())).status, 404)

    const licence = (await upload(applicant, PNG)).body.data as string
    const created = await call(p, applicant, 'post', BASE, application({ image: licence }))
    assert.equal(created.code, 200, created.msg)
    assert.equal(created.data.state, 0)
    assert.equal(created.data.cityId, '440300', 'the last two digits of cityId are zeroed')
    assert.equal(created.data.image, licence)
    const own = await call(p, applicant, 'get', `${BASE}/own`)
    assert.equal(own.data.id, created.data.id)
    assert.equal(own.data.project, 'Harbour View Inn')

    // Submitting again (POST or PUT) updates the one application and sets state 3.
    const again = await call(p, applicant, 'post', BASE, application({ image: licence, contact: 'Mr Lee' }))
    assert.equal(again.data.id, created.data.id)
    assert.equal(again.data.state, 3)
    assert.equal(again.data.contact, 'Mr Lee')
    const put = await call(p, applicant, 'put', BASE, application({ image: licence, remark: '' }))
    assert.equal(put.data.state, 3)
    assert.equal(put.data.remark, '')
    const rows = await p.query<{ n: string }>('SELECT count(*) AS n FROM sys_custom_qualification')
    assert.equal(Number(rows[0]!.n), 1)

    // Another applicant's application, to see the list filters at work.
    const other = await call(
      p,
      second,
      'post',
      BASE,
      application({ project: 'Mountain Lodge', cityId: '110105' }),
    )
    assert.equal(other.data.cityId, '110100')

    const listed = await call(p, admin, 'get', `${BASE}/list`, { state: 3 })
    assert.equal(listed.total, 1)
    assert.equal(listed.rows![0].userName, 'applicant')
    assert.equal(
      (await call(p, admin, 'get', `${BASE}/list`, { project: 'lodge' })).rows![0].id,
      other.data.id,
    )
    const paged = await call(p, admin, 'get', `${BASE}/list`, { pageNum: 2, pageSize: 1 })
    assert.equal(paged.total, 2)
    assert.equal(paged.rows!.length, 1)
    assert.equal((await call(p, admin, 'get', `${BASE}/list`, { state: 9 })).status, 400)

    // Review: a result must be chosen; refusing needs a remark.
    const id = created.data.id
    for (const body of [{ id }, { id, state: '' }]) {
      const none = await call(p, admin, 'put', `${BASE}/check`, body)
      assert.equal(none.status, 400)
      assert.equal(none.msg, 'An audit result must be selected')
    }
    assert.equal(
      (await call(p, admin, 'put', `${BASE}/check`, { id, state: 5 })).msg,
      'An audit result must be selected',
    )
    const bare = await call(p, admin, 'put', `${BASE}/check`, { id, state: 2, checkRemark: '  ' })
    assert.equal(bare.status, 400)
    assert.equal(bare.msg, 'A remark is required when refusing')
    assert.equal((await call(p, admin, 'put', `${BASE}/check`, { id: 999999, state: 1 })).status, 404)

    const refused = await call(p, admin, 'put', `${BASE}/check`, {
      id,
      state: 2,
      checkRemark: 'licence unreadable',
    })
    assert.equal(refused.code, 200, refused.msg)
    assert.equal(refused.data.state, 2)
    assert.equal(refused.data.checkRemark, 'licence unreadable')
    const notApproved = await call(p, admin, 'post', `${BASE}/plug/${id}`)
    assert.equal(notApproved.status, 409)
    assert.equal(notApproved.msg, 'The application is refused: it cannot be plugged in')
    assert.equal((await call(p, admin, 'put', `${BASE}/check`, { id, state: 1 })).status, 409)

    const resubmitted = await call(p, applicant, 'put', BASE, application({ image: licence }))
    assert.equal(resubmitted.data.state, 3)
    const approved = await call(p, admin, 'put', `${BASE}/check`, { id, state: 1 })
    assert.equal(approved.data.state, 1)
    assert.equal(
      (await call(p, admin, 'put', `${BASE}/check`, { id, state: 2, checkRemark: 'x' })).status,
      409,
    )

    const plugged = await call(p, admin, 'post', `${BASE}/plug/${id}`)
    assert.equal(plugged.code, 200, plugged.msg)
    assert.equal(plugged.data.state, 4)
    const propertyId = plugged.data.propertyId as number
    assert.ok(propertyId > 0)
    const [property] = await p.query<Record<string, unknown>>(
      'SELECT property_name, address, contact, contact_phone, auth_state, create_by, open_key FROM pms_property WHERE property_id = $1',
      [propertyId],
    )
    assert.equal(property!.property_name, 'Harbour View Inn')
    assert.equal(property!.address, '广东省深圳市南山区海岸路 1 号')
    assert.equal(property!.contact_phone, '0086-13900000000')
    assert.equal(Number(property!.auth_state), 2, 'authorised')
    assert.equal(String(property!.open_key).length, 32)
    const [binding] = await p.query<{ is_admin: boolean; role_key: string }>(
      `SELECT pu.is_admin, r.role_key FROM pms_property_user pu JOIN sys_role r ON r.role_id = pu.role_id
       WHERE pu.property_id = $1`,
      [propertyId],
    )
    assert.deepEqual({ ...binding }, { is_admin: true, role_key: 'merchant_admin' })
    // The applicant now lists the property and signs in to it by default.
    const mine = await call(p, applicant, 'get', '/pms/pmsProperty/listAll')
    assert.deepEqual(
      mine.data.map((x: { propertyId: number }) => x.propertyId),
      [propertyId],
    )
    const fresh = await p.login('applicant', 'applicant123')
    const info = await call(p, fresh, 'get', '/system/user/getInfo')
    assert.equal(Number(info.data.user.defaultPropertyId), propertyId)
    // The licence now belongs to the new property; a user of another property is still refused it.
    const [licenceFile] = await p.query<{ property_id: string }>(
      'SELECT property_id FROM sys_file WHERE file_id = $1',
      [Number(licence.split('/').pop())],
    )
    assert.equal(Number(licenceFile!.property_id), propertyId)
    const readBy = (token: string) => p.http.post(`/prod-api${licence}`).set(bearer(token))
    assert.equal((await readBy(fresh)).status, 200)
    assert.equal((await readBy(manager)).status, 404)

    // A plugged application is final.
    const twice = await call(p, admin, 'post', `${BASE}/plug/${id}`)
    assert.equal(twice.status, 409)
    const late = await call(p, applicant, 'put', BASE, application())
    assert.equal(late.status, 409)
    assert.equal(late.msg, 'The application is property opened: it cannot be resubmitted')
    const count = await p.query<{ n: string }>(
      'SELECT count(*) AS n FROM pms_property WHERE property_name = $1',
      ['Harbour View Inn'],
    )
    assert.equal(Number(count[0]!.n), 1)
  })

  test('a staff member with properties may apply too, and only ever sees its own application', async () => {
    const p = product()
    const own = await call(p, manager, 'get', `${BASE}/own`)
    assert.equal(own.data, null, 'the other applicants are not visible')
    const created = await call(p, manager, 'post', BASE, application({ project: 'Second Hotel' }))
    assert.equal(created.code, 200, created.msg)
    assert.equal((await call(p, manager, 'get', `${BASE}/own`)).data.project, 'Second Hotel')
    assert.equal((await call(p, second, 'get', `${BASE}/own`)).data.project, 'Mountain Lodge')
  })
})
