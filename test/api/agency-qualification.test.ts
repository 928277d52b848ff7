// Agency qualification (issue 17): an agent's users apply with the agent's licence (a private file), the platform
// reviews it with the customer qualification's step ('An audit result must be selected', a refusal needs a remark),
// the agent re-applies after a refusal, every submission and review is in the history; each agent sees only its own
// application and licence, and every route holds its permission.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'
import { createUser, downloadAs, PNG, uploadLicence } from './qualification-support.ts'
import { call } from './room-stock-support.ts'

const BASE = '/pms/pmsAgentQualification'

describeProduct('agency qualification', (product) => {
  let admin: string
  let manager: string
  let south: string
  let southColleague: string
  let north: string
  let unbound: string
  let southId: number
  let northId: number

  beforeAll(async () => {
    const p = product()
    admin = await p.login('admin')
    manager = await p.login('manager')
    southId = (await call(p, admin, 'post', '/pms/pmsAgent', { agentName: 'South Sales Co' })).data.agentId
    northId = (await call(p, admin, 'post', '/pms/pmsAgent', { agentName: 'North Partners' })).data.agentId
    const ids: Record<string, number> = {}
    for (const name of ['southrep', 'southmate', 'northrep', 'loner'])
      ids[name] = await createUser(p, admin, name, 2)
    const bindSouth = await call(p, admin, 'put', '/pms/pmsAgent/users', {
      agentId: southId,
      userIds: [ids.southrep, ids.southmate],
    })
    assert.equal(bindSouth.code, 200, bindSouth.msg)
    const bindNorth = await call(p, admin, 'put', '/pms/pmsAgent/users', {
      agentId: northId,
      userIds: [ids.northrep],
    })
    assert.equal(bindNorth.code, 200, bindNorth.msg)
    south = await p.login('southrep', 'southrep123')
    southColleague = await p.login('southmate', 'southmate123')
    north = await p.login('northrep', 'northrep123')
    unbound = await p.login('loner', 'loner123')
  })

  const upload = (token: string, bytes: Buffer, name = 'licence.png') =>
    uploadLicence(product(), BASE, token, bytes, { name })
  const download = (token: string, path: string) => downloadAs(product(), token, path)
  const application = (licence: string, over: Record<string, unknown> = {}) => ({
    licenceNo: '91440300MA5ABCDE1X',
    licence,
    contact: 'Ms Lin',
    phone: '13900001111',
    remark: 'twelve properties in Shenzhen',
    ...over,
  })

  test('an agent has its users; a user acts for one agent at most, and only a registered user may', async () => {
    const p = product()
    const users = await call(p, admin, 'get', `/pms/pmsAgent/users/${southId}`)
    assert.deepEqual(
      users.data.map((u: { userName: string }) => u.userName),
      ['southmate', 'southrep'],
    )
    const [southrep] = await p.query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'southrep'",
    )
    const taken = await call(p, admin, 'put', '/pms/pmsAgent/users', {
      agentId: northId,
      userIds: [Number(southrep!.user_id)],
    })
    assert.equal(taken.status, 409)
    assert.equal(taken.msg, 'The user "southrep" already acts for the agent "South Sales Co"')
    const [platformUser] = await p.query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'admin'",
    )
    const notStaff = await call(p, admin, 'put', '/pms/pmsAgent/users', {
      agentId: northId,
      userIds: [Number(platformUser!.user_id)],
    })
    assert.equal(notStaff.status, 400)
    assert.match(notStaff.msg, /"admin" is not a registered user/)
    // Property staff and agents' users cannot manage an agent's users.
    for (const token of [manager, south])
      assert.equal((await call(p, token, 'get', `/pms/pmsAgent/users/${southId}`)).status, 403)
  })

  test('permissions per route: reviewers cannot apply, agents cannot review, others can do neither', async () => {
    const p = product()
    for (const [method, path] of [
      ['get', `${BASE}/list`],
      ['post', BASE],
      ['put', `${BASE}/check`],
      ['post', `${BASE}/upload`],
    ] as const)
      assert.equal((await p.http[method](`/prod-api${path}`)).status, 401, `${method} ${path}`)
    assert.equal((await call(p, admin, 'post', BASE, application('/system/sysFile/download/1'))).status, 403)
    assert.equal((await upload(admin, PNG)).status, 403)
    for (const token of [south, manager, unbound])
      assert.equal((await call(p, token, 'put', `${BASE}/check`, { id: 1, state: 1 })).status, 403)
    // A registered user without the agent role (property staff, an unbound account) sees nothing here.
    for (const token of [manager, unbound]) {
      assert.equal((await call(p, token, 'get', `${BASE}/list`)).status, 403)
      assert.equal(
        (await call(p, token, 'post', BASE, application('/system/sysFile/download/1'))).status,
        403,
      )
    }
  })

  test('the form rules are checked on the server with their messages; nothing is stored by a refused attempt', async () => {
    const p = product()
    const licence = (await upload(south, PNG)).body.data as string
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Licence number cannot be empty'],
      [application(licence, { licenceNo: '  ' }), 'Licence number cannot be empty'],
      [application(licence, { contact: '' }), 'Contact cannot be empty'],
      [application(licence, { phone: undefined }), 'Phone cannot be empty'],
      [application(''), 'Please upload the business licence'],
      [application(licence, { licenceNo: 'x'.repeat(51) }), 'Licence number must be at most 50 characters'],
      [application(licence, { remark: 'r'.repeat(201) }), 'Remark must be at most 200 characters'],
      [application('/etc/passwd'), 'The licence file is not valid; upload it again'],
      [application('/system/sysFile/download/999999'), 'The licence file is not valid; upload it again'],
    ]
    for (const [body, message] of cases) {
      const res = await call(p, south, 'post', BASE, body)
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)} → ${res.msg}`)
      assert.equal(res.msg, message)
    }
    const zh = await p.http.post(`/prod-api${BASE}`).set(bearer(south)).send(application(''))
    assert.equal(zh.body.msg, '请上传营业执照')
    const text = await upload(south, Buffer.from('MZ not an image'), 'licence.png')
    assert.equal(text.status, 400)
    assert.equal(text.body.msg, 'Wrong file format, please upload an image such as JPG or PNG')
    assert.equal((await call(p, south, 'get', `${BASE}/list`)).total, 0)
  })

  test('apply, review without a result, refuse without and with a remark, re-apply, approve; the history keeps it all', async () => {
    const p = product()
    assert.equal(
      (await call(p, south, 'put', BASE, application('x'))).status,
      400,
      'the form is checked first',
    )
    const licence = (await upload(south, PNG)).body.data as string
    assert.equal(
      (await call(p, south, 'put', BASE, application(licence))).status,
      404,
      'nothing to resubmit yet',
    )

    const applied = await call(p, south, 'post', BASE, application(licence))
    assert.equal(applied.code, 200, applied.msg)
    assert.equal(applied.msg, 'Application sent; it now waits for review')
    assert.equal(applied.data.state, 0)
    const id = applied.data.id as number

    const listed = await call(p, admin, 'get', `${BASE}/list`, { state: 0 })
    assert.equal(listed.total, 1)
    assert.equal(listed.rows![0].agentName, 'South Sales Co')
    assert.equal(listed.rows![0].userName, 'southrep')
    assert.equal((await call(p, admin, 'get', `${BASE}/list`, { agentName: 'north' })).total, 0)

    for (const body of [{ id }, { id, state: '' }, { id, state: 7 }]) {
      const none = await call(p, admin, 'put', `${BASE}/check`, body)
      assert.equal(none.status, 400)
      assert.equal(none.msg, 'An audit result must be selected')
    }
    const zh = await p.http.put(`/prod-api${BASE}/check`).set(bearer(admin)).send({ id })
    assert.equal(zh.body.msg, '必须选择审核结果')
    const bare = await call(p, admin, 'put', `${BASE}/check`, { id, state: 2, checkRemark: '  ' })
    assert.equal(bare.status, 400)
    assert.equal(bare.msg, 'A remark is required when refusing')
    assert.equal((await call(p, admin, 'put', `${BASE}/check`, { id: 999999, state: 1 })).status, 404)

    const refused = await call(p, admin, 'put', `${BASE}/check`, {
      id,
      state: 2,
      checkRemark: 'The licence photo is blurred',
    })
    assert.equal(refused.code, 200, refused.msg)
    assert.equal(refused.data.state, 2)
    assert.equal(refused.data.checkRemark, 'The licence photo is blurred')
    const again = await call(p, admin, 'put', `${BASE}/check`, { id, state: 1 })
    assert.equal(again.status, 409, 'a refused application waits for a resubmission')

    // The colleague sees the refusal and re-applies with a new licence; the same application goes back to review.
    const seen = await call(p, southColleague, 'get', `${BASE}/list`)
    assert.equal(seen.rows![0].checkRemark, 'The licence photo is blurred')
    const sharper = (await upload(southColleague, PNG)).body.data as string
    const resubmitted = await call(p, southColleague, 'put', BASE, { ...application(sharper), id })
    assert.equal(resubmitted.code, 200, resubmitted.msg)
    assert.equal(resubmitted.data.id, id)
    assert.equal(resubmitted.data.state, 3)
    const approved = await call(p, admin, 'put', `${BASE}/check`, { id, state: 1, checkRemark: 'Clear now' })
    assert.equal(approved.data.state, 1)
    const rows = await p.query<{ n: number }>('SELECT count(*)::int AS n FROM pms_agent_qualification')
    assert.equal(rows[0]!.n, 1)

    const history = await call(p, south, 'get', `${BASE}/history/${id}`)
    assert.deepEqual(
      history.data.map((h: { action: string; state: number; remark: string; userName: string }) => [
        h.action,
        h.state,
        h.userName,
      ]),
      [
        ['apply', 0, 'southrep'],
        ['refuse', 2, 'admin'],
        ['resubmit', 3, 'southmate'],
        ['approve', 1, 'admin'],
      ],
    )
    assert.equal(history.data[1].remark, 'The licence photo is blurred')
    assert.equal((await call(p, admin, 'get', `${BASE}/history/${id}`)).data.length, 4)
  })

  test("another agent's user sees neither the application, its history nor its licence", async () => {
    const p = product()
    const own = await call(p, south, 'get', `${BASE}/list`)
    assert.equal(own.total, 1)
    const { id, licence } = own.rows![0]
    const northList = await call(p, north, 'get', `${BASE}/list`)
    assert.equal(northList.total, 0)
    assert.equal((await call(p, north, 'get', `${BASE}/history/${id}`)).status, 404)
    // Resubmitting with south's id, or south's licence on north's own application, is refused.
    assert.equal((await call(p, north, 'put', BASE, { ...application(licence), id })).status, 404)
    const northLicence = (await upload(north, PNG)).body.data as string
    assert.equal((await call(p, north, 'put', BASE, { ...application(northLicence), id })).status, 404)
    const borrowed = await call(p, north, 'post', BASE, application(licence))
    assert.equal(borrowed.status, 400)
    assert.equal(borrowed.msg, 'The licence file is not valid; upload it again')
    const [south_] = await p.query<{ state: number }>(
      'SELECT state FROM pms_agent_qualification WHERE id = $1',
      [id],
    )
    assert.equal(south_!.state, 1, "south's application is untouched")

    // The licence: its agent's users and the platform's reviewers read it; another agent's user, property staff do not.
    const served = await download(south, licence)
    assert.equal(served.status, 200)
    assert.equal(served.headers['content-type'], 'image/png')
    assert.deepEqual(served.body, PNG)
    assert.equal((await download(southColleague, licence)).status, 200)
    assert.equal((await download(admin, licence)).status, 200)
    assert.equal((await download(north, licence)).status, 404)
    assert.equal((await download(manager, licence)).status, 404)
    assert.equal((await download(unbound, licence)).status, 404)
  })

  test('unbinding a user takes its agent role away: it can no longer see the application', async () => {
    const p = product()
    const [mate] = await p.query<{ user_id: string }>(
      "SELECT user_id FROM sys_user WHERE user_name = 'southrep'",
    )
    const res = await call(p, admin, 'put', '/pms/pmsAgent/users', {
      agentId: southId,
      userIds: [Number(mate!.user_id)],
    })
    assert.equal(res.code, 200, res.msg)
    await p.server().settleAuthChanges()
    assert.equal((await call(p, southColleague, 'get', `${BASE}/list`)).status, 403)
    assert.equal((await call(p, south, 'get', `${BASE}/list`)).total, 1)
    // An agent with users is in use: it is not deleted from under them.
    assert.equal((await call(p, admin, 'delete', `/pms/pmsAgent/${southId}`)).status, 409)
  })
})
