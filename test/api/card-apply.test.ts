// Card applications over HTTP: staff apply for floor, staff and building cards (scope in their property, validity,
// reason), withdraw; the property admin sees the applications of every property they review, refuses with a remark
// or approves — the card is issued by the card flow with the approver recorded, written and reported — and the
// transition table refuses the rest. Another property's admin neither sees nor reviews them; the clerk cannot review.
import assert from 'node:assert/strict'
import { CardType } from '@pms/protocol'
import { beforeAll, test } from 'vitest'
import { arrangeDeviceStaff, type DeviceStaff } from './devices-support.ts'
import { describeProduct, expectFieldErrors } from './harness.ts'
import { call } from './room-stock-support.ts'

describeProduct('card applications', (product) => {
  let staff: DeviceStaff
  let aptAdmin: string
  let hotelFloor: number
  let hotelBuilding: number
  let aptFloor: number
  let managerId: number

  beforeAll(async () => {
    const p = product()
    staff = await arrangeDeviceStaff(p)
    // An admin of the apartment only.
    await p.query(
      `INSERT INTO sys_user (user_name, password, user_type, default_property_id)
       SELECT 'aptadmin', password, 2, $1 FROM sys_user WHERE user_name = 'clerk'`,
      [staff.apartment],
    )
    await p.query(
      `INSERT INTO pms_property_user (property_id, user_id, role_id)
       SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
        WHERE u.user_name = 'aptadmin' AND r.role_key = 'merchant_admin'`,
      [staff.apartment],
    )
    aptAdmin = await p.login('aptadmin')
    const floorOf = async (propertyId: number) => {
      const [f] = await p.query<{ floor_id: string; building_id: string }>(
        'SELECT floor_id, building_id FROM pms_floor WHERE property_id = $1 ORDER BY floor_id LIMIT 1',
        [propertyId],
      )
      return { floorId: Number(f!.floor_id), buildingId: Number(f!.building_id) }
    }
    ;({ floorId: hotelFloor, buildingId: hotelBuilding } = await floorOf(staff.hotel))
    aptFloor = (await floorOf(staff.apartment)).floorId
    const [m] = await p.query<{ user_id: string }>("SELECT user_id FROM sys_user WHERE user_name = 'manager'")
    managerId = Number(m!.user_id)
  })

  const applyAs = (token: string, body: object) => call(product(), token, 'post', '/pms/pmsCardApply', body)

  test('staff apply; the admin refuses with a remark or approves, the card issued and recorded with the approver', async () => {
    const p = product()
    const floorCard = await applyAs(staff.clerk, {
      kind: 'floor',
      floorId: hotelFloor,
      startTime: '2030-01-01',
      endTime: '2030-01-31',
      reason: 'Housekeeping of the first floor',
    })
    assert.equal(floorCard.code, 200, floorCard.msg)
    assert.equal(floorCard.msg, 'Application submitted')
    assert.deepEqual(
      [floorCard.data.state, floorCard.data.cardType, floorCard.data.buildingId, floorCard.data.floorId],
      ['applying', CardType.FLOOR, hotelBuilding, hotelFloor],
    )
    // Dates are the hotel's days (Asia/Shanghai, UTC+8), whatever the server's zone: from 00:00 to 23:59:59.
    assert.deepEqual(
      [floorCard.data.startTime, floorCard.data.endTime],
      [Date.UTC(2029, 11, 31, 16) / 1000, Date.UTC(2030, 0, 31, 15, 59, 59) / 1000],
    )
    const buildingCard = await applyAs(staff.technician, {
      kind: 'building',
      buildingId: hotelBuilding,
      startTime: '2030-01-01',
      endTime: '2030-06-30',
      reason: 'Lock maintenance',
    })
    assert.equal(buildingCard.code, 200, buildingCard.msg)
    const staffCard = await applyAs(staff.clerk, {
      kind: 'staff',
      startTime: '2030-01-01 08:00:00',
      endTime: '2030-01-01 20:00:00',
      reason: 'Night shift cover',
    })
    assert.equal(staffCard.data.cardType, CardType.STAFF)
    assert.deepEqual(
      [staffCard.data.startTime, staffCard.data.endTime],
      [Date.UTC(2030, 0, 1, 0) / 1000, Date.UTC(2030, 0, 1, 12) / 1000],
    )

    const mine = await call(p, staff.clerk, 'get', '/pms/pmsCardApply/list', { mine: true })
    assert.deepEqual(
      mine.rows!.map((r: any) => r.applyId),
      [staffCard.data.applyId, floorCard.data.applyId],
    )
    const review = await call(p, staff.manager, 'get', '/pms/pmsCardApply/list', { state: 'applying' })
    assert.equal(review.total, 3)
    assert.ok(review.rows!.every((r: any) => r.propertyId === staff.hotel && r.propertyName))

    // Refusing needs a remark; a refused application is closed.
    const noRemark = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/refuse/${buildingCard.data.applyId}`,
      {
        remark: '  ',
      },
    )
    assert.equal(noRemark.status, 400)
    assert.equal(noRemark.msg, 'Say why in the remark when refusing')
    const refused = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/refuse/${buildingCard.data.applyId}`,
      {
        remark: 'Use the technician card instead',
      },
    )
    assert.deepEqual(
      [refused.data.state, refused.data.remark, refused.data.reviewedBy],
      ['refused', 'Use the technician card instead', managerId],
    )
    const again = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/approve/${buildingCard.data.applyId}`,
      {
        uid: '0A0B0C0D',
        protocol: 'M157',
      },
    )
    assert.equal(again.status, 409)
    assert.equal(again.msg, 'An application that is Refused cannot approve')

    const approved = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/approve/${floorCard.data.applyId}`,
      {
        uid: '0a0b0c0d',
        protocol: 'M157',
        remark: 'ok for January',
      },
    )
    assert.equal(approved.code, 200, approved.msg)
    assert.equal(approved.data.grant.format, 'mifare')
    assert.deepEqual(
      [
        approved.data.application.state,
        approved.data.application.cardState,
        approved.data.application.cardid,
      ],
      ['approved', 'waiting', '0A0B0C0D'],
    )
    const [record] = await p.query<{
      create_by: string
      card_type: number
      floor_id: string
      reason: string
    }>('SELECT create_by, card_type, floor_id, reason FROM pms_card_record WHERE record_id = $1', [
      approved.data.recordId,
    ])
    assert.deepEqual(
      [Number(record!.create_by), Number(record!.card_type), Number(record!.floor_id)],
      [managerId, CardType.FLOOR, hotelFloor],
    )
    assert.match(record!.reason, /Housekeeping of the first floor/)
    const notFailed = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/issue/${floorCard.data.applyId}`,
      {
        uid: '0A0B0C0E',
        protocol: 'M157',
      },
    )
    assert.equal(notFailed.status, 409)
    const failed = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/written/${floorCard.data.applyId}`,
      {
        ok: false,
        reason: 'card removed',
      },
    )
    assert.equal(failed.data.cardState, 'failed')
    const reissued = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/issue/${floorCard.data.applyId}`,
      {
        uid: '0A0B0C0E',
        protocol: 'M157',
      },
    )
    assert.equal(reissued.code, 200, reissued.msg)
    assert.notEqual(reissued.data.recordId, approved.data.recordId)
    const written = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/written/${floorCard.data.applyId}`,
      {
        ok: true,
      },
    )
    assert.deepEqual([written.data.cardState, written.data.cardid], ['issued', '0A0B0C0E'])

    // The applicant withdraws what is still waiting, once.
    const withdrawn = await call(p, staff.clerk, 'post', `/pms/pmsCardApply/cancel/${staffCard.data.applyId}`)
    assert.equal(withdrawn.data.state, 'cancelled')
    const twice = await call(p, staff.clerk, 'post', `/pms/pmsCardApply/cancel/${staffCard.data.applyId}`)
    assert.equal(twice.status, 409)
  })

  test("permissions, another property's admin and records, bad input", async () => {
    const p = product()
    const mine = await applyAs(staff.clerk, {
      kind: 'master',
      startTime: '2030-02-01',
      endTime: '2030-02-02',
      reason: 'Audit',
    })
    // The clerk applies but does not review.
    const clerkReview = await call(p, staff.clerk, 'get', '/pms/pmsCardApply/list')
    assert.equal(clerkReview.status, 403)
    const clerkApprove = await call(
      p,
      staff.clerk,
      'post',
      `/pms/pmsCardApply/approve/${mine.data.applyId}`,
      {
        uid: '0A0B0C0D',
        protocol: 'M157',
      },
    )
    assert.equal(clerkApprove.status, 403)
    // The apartment's admin sees none of the hotel's and cannot act on them.
    const aptList = await call(p, aptAdmin, 'get', '/pms/pmsCardApply/list')
    assert.equal(aptList.code, 200, aptList.msg)
    assert.ok(aptList.rows!.every((r: any) => r.propertyId === staff.apartment))
    const attempts: [string, object][] = [
      ['approve', { uid: '0A0B0C0D', protocol: 'M157' }],
      ['refuse', { remark: 'no' }],
      ['written', { ok: true }],
    ]
    for (const [action, body] of attempts) {
      const res = await call(p, aptAdmin, 'post', `/pms/pmsCardApply/${action}/${mine.data.applyId}`, body)
      assert.equal(res.status, 404, `${action}: ${res.msg}`)
    }
    // Someone else's application is absent to a would-be canceller.
    const byTechnician = await call(
      p,
      staff.technician,
      'post',
      `/pms/pmsCardApply/cancel/${mine.data.applyId}`,
    )
    assert.equal(byTechnician.status, 404)
    // A floor of another property.
    const foreignFloor = await applyAs(staff.clerk, {
      kind: 'floor',
      floorId: aptFloor,
      startTime: '2030-01-01',
      endTime: '2030-01-02',
      reason: 'x',
    })
    assert.equal(foreignFloor.status, 404)
    const noFloor = await applyAs(staff.clerk, {
      kind: 'floor',
      startTime: '2030-01-01',
      endTime: '2030-01-02',
      reason: 'x',
    })
    assert.equal(noFloor.status, 400)
    const backwards = await applyAs(staff.clerk, {
      kind: 'staff',
      startTime: '2030-01-02',
      endTime: '2030-01-01',
      reason: 'x',
    })
    assert.equal(backwards.status, 400)
    const badUid = await call(p, staff.manager, 'post', `/pms/pmsCardApply/approve/${mine.data.applyId}`, {
      uid: 'ZZZZZZZZ',
      protocol: 'M157',
    })
    assert.equal(badUid.status, 400)
    const badProtocol = await call(
      p,
      staff.manager,
      'post',
      `/pms/pmsCardApply/approve/${mine.data.applyId}`,
      {
        uid: '0A0B0C0D',
        protocol: 'NOPE',
      },
    )
    assert.equal(badProtocol.status, 400)
    const [{ n }] = (await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_card_apply WHERE state = 'applying' AND apply_id = $1",
      [mine.data.applyId],
    )) as [{ n: string }]
    assert.equal(Number(n), 1, 'nothing changed')
    await expectFieldErrors(p.http, staff.clerk, [
      [
        'post',
        '/prod-api/pms/pmsCardApply',
        { kind: 'vip', startTime: '2030-01-01', endTime: '2030-01-02', reason: 'x' },
        'kind',
      ],
      [
        'post',
        '/prod-api/pms/pmsCardApply',
        { kind: 'staff', startTime: '2030-01-01', endTime: '2030-01-02' },
        'reason',
      ],
    ])
  })
})
