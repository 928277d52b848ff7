// Property authorisation (SPEC §4): apply from unauthorized or refused, review by platform admins only, a refusal needs
// a remark, and every other transition is refused.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct, expectFieldErrors } from './harness.ts'
import { arrangeOwner, type Owner } from './properties-support.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('property authorisation', (product) => {
  let staff: Staff
  let owner: Owner

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    owner = await arrangeOwner(product(), staff.admin, 'applicant')
  })

  const state = async (id: number) =>
    (await call(product(), staff.admin, 'get', `/pms/pmsProperty/${id}`)).data

  test('apply, apply again (refused), refuse needs a remark, reapply after refusal, authorise', async () => {
    const p = product()
    const apply = () => call(p, owner.token, 'post', `/pms/pmsProperty/apply/${owner.propertyId}`)
    const review = (body: object) =>
      call(p, staff.admin, 'put', `/pms/pmsProperty/review/${owner.propertyId}`, body)

    assert.equal((await review({ authState: '2' })).status, 409, 'nothing to review before an application')
    const first = await apply()
    assert.equal(first.code, 200, first.msg)
    assert.equal(first.data.authState, '1')
    const twice = await apply()
    assert.equal(twice.status, 409)
    assert.match(twice.msg, /to be reviewed/)

    await expectFieldErrors(p.http, staff.admin, [
      ['put', `/prod-api/pms/pmsProperty/review/${owner.propertyId}`, { authState: '3' }, 'remark'],
      [
        'put',
        `/prod-api/pms/pmsProperty/review/${owner.propertyId}`,
        { authState: '3', remark: '   ' },
        'remark',
      ],
      ['put', `/prod-api/pms/pmsProperty/review/${owner.propertyId}`, { authState: '1' }, 'authState'],
      ['put', `/prod-api/pms/pmsProperty/review/${owner.propertyId}`, {}, 'authState'],
    ])
    assert.equal((await state(owner.propertyId)).authState, '1', 'a bad review changes nothing')
    assert.equal(
      (await call(p, owner.token, 'put', `/pms/pmsProperty/review/${owner.propertyId}`, { authState: '2' }))
        .status,
      403,
    )
    assert.equal(
      (await call(p, staff.manager, 'put', `/pms/pmsProperty/review/${staff.hotel}`, { authState: '2' }))
        .status,
      403,
    )

    const refused = await review({ authState: '3', remark: 'Business licence unreadable' })
    assert.equal(refused.code, 200, refused.msg)
    assert.equal(refused.data.authState, '3')
    assert.equal(refused.data.authRemark, 'Business licence unreadable')
    const owned = await call(p, owner.token, 'get', `/pms/pmsProperty/${owner.propertyId}`)
    assert.equal(owned.data.authRemark, 'Business licence unreadable', 'the owner sees why')

    const reapply = await apply()
    assert.equal(reapply.data.authState, '1')
    assert.equal(reapply.data.authRemark, '')
    const authorised = await review({ authState: '2' })
    assert.equal(authorised.data.authState, '2')
    assert.equal((await apply()).status, 409, 'an authorised property cannot apply again')
    assert.equal((await review({ authState: '3', remark: 'late' })).status, 409)
  })

  test('apply is the property admin’s: the clerk is refused, another tenant’s id is absent, platform users do not apply', async () => {
    const p = product()
    assert.equal((await call(p, staff.clerk, 'post', `/pms/pmsProperty/apply/${staff.hotel}`)).status, 403)
    assert.equal(
      (await call(p, staff.manager, 'post', `/pms/pmsProperty/apply/${owner.propertyId}`)).status,
      404,
    )
    assert.equal(
      (await call(p, staff.admin, 'post', `/pms/pmsProperty/apply/${owner.propertyId}`)).status,
      403,
    )
    assert.equal(
      (await call(p, staff.admin, 'put', '/pms/pmsProperty/review/999999', { authState: '2' })).status,
      404,
    )
  })
})
