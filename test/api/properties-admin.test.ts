// Property administration (SPEC §3, §5, §6, §7): owner and platform lists, create (owner, company, platform), edit,
// code rules, name, online visibility, admin hand-over, soft delete — with permission denial and tenancy refusal.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct, expectFieldErrors } from './harness.ts'
import { arrangeOwner, type Owner } from './properties-support.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('property administration', (product) => {
  let staff: Staff
  let owner: Owner
  let userIds: Record<string, number>

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    owner = await arrangeOwner(product(), staff.admin, 'owner1')
    const users = await product().query<{ user_id: string; user_name: string }>(
      'SELECT user_id, user_name FROM sys_user',
    )
    userIds = Object.fromEntries(users.map((u) => [u.user_name, Number(u.user_id)]))
  })

  test('an owner creates a property: bound as its admin, unauthorised, with the derived code', async () => {
    const p = product()
    const read = await call(p, owner.token, 'get', `/pms/pmsProperty/${owner.propertyId}`)
    assert.equal(read.code, 200, read.msg)
    assert.equal(read.data.propertyCode, `PMS${String(owner.propertyId).padStart(10, '0')}`)
    assert.equal(read.data.propertyCodeDerived, true)
    assert.equal(read.data.authState, '0')
    assert.equal(read.data.showFlag, '0')
    assert.deepEqual(read.data.propertyTypes, ['4'])
    assert.deepEqual(read.data.types, ['民宿'])
    assert.deepEqual(read.data.fileList, [])
    assert.equal(read.data.openKey, undefined, 'owners never see the open key')
    const [binding] = await p.query<{ is_admin: boolean; role_key: string }>(
      `SELECT pu.is_admin, r.role_key FROM pms_property_user pu JOIN sys_role r ON r.role_id = pu.role_id
       WHERE pu.property_id = $1 AND pu.user_id = $2`,
      [owner.propertyId, owner.userId],
    )
    assert.deepEqual(binding, { is_admin: true, role_key: 'merchant_admin' })
    const mine = await call(p, owner.token, 'get', '/pms/pmsProperty/listAll')
    assert.deepEqual(
      mine.data.map((x: any) => x.propertyId),
      [owner.propertyId],
    )
  })

  test('lists: owner list with filters and paging, platform lists with the masked open key, admin-or-creator', async () => {
    const p = product()
    const all = await call(p, staff.manager, 'get', '/pms/pmsProperty/list')
    assert.equal(all.total, 2)
    const byCode = await call(p, staff.manager, 'get', '/pms/pmsProperty/list', { propertyCode: 'apt' })
    assert.deepEqual(
      byCode.rows!.map((r) => r.propertyId),
      [staff.apartment],
    )
    const byName = await call(p, staff.manager, 'get', '/pms/pmsProperty/list', { propertyName: '酒店' })
    assert.deepEqual(
      byName.rows!.map((r) => r.propertyId),
      [staff.hotel],
    )
    const byAddress = await call(p, staff.manager, 'get', '/pms/pmsProperty/list', { address: '福田' })
    assert.deepEqual(
      byAddress.rows!.map((r) => r.propertyId),
      [staff.apartment],
    )
    const paged = await call(p, staff.manager, 'get', '/pms/pmsProperty/list', { pageNum: 2, pageSize: 1 })
    assert.equal(paged.total, 2)
    assert.deepEqual(
      paged.rows!.map((r) => r.propertyId),
      [staff.apartment],
    )
    const clerkList = await call(p, staff.clerk, 'get', '/pms/pmsProperty/list')
    assert.deepEqual(
      clerkList.rows!.map((r) => r.propertyId),
      [staff.hotel],
    )

    const byAdmin = await call(p, staff.admin, 'get', '/pms/pmsProperty/listByAdmin', { authState: '0' })
    assert.deepEqual(
      byAdmin.rows!.map((r) => r.propertyId),
      [owner.propertyId],
    )
    assert.match(byAdmin.rows![0].openKey, /^\*{28}[0-9a-f]{4}$/)
    const allByAdmin = await call(p, staff.admin, 'get', '/pms/pmsProperty/listAllByAdmin')
    assert.ok(allByAdmin.data.length >= 3)
    for (const row of allByAdmin.data) assert.match(row.openKey, /^\*+[0-9a-f]{4}$/)
    assert.equal((await call(p, staff.manager, 'get', '/pms/pmsProperty/listByAdmin')).status, 403)
    assert.equal((await call(p, staff.manager, 'get', '/pms/pmsProperty/listAllByAdmin')).status, 403)

    const withUsers = await call(p, staff.manager, 'get', '/pms/pmsProperty/listAllByAdminOrCreator')
    assert.deepEqual(
      withUsers.data.map((x: any) => x.propertyId),
      [staff.hotel, staff.apartment],
    )
    const hotel = withUsers.data[0]
    assert.equal(hotel.usersLoading, false)
    assert.deepEqual(hotel.activeNames, [])
    assert.deepEqual(
      hotel.users.map((u: any) => [u.userName, u.admin]),
      [
        ['manager', true],
        ['clerk', false],
      ],
    )
    assert.equal(hotel.users[0].nickName, '王经理')
    const clerkAdmin = await call(p, staff.clerk, 'get', '/pms/pmsProperty/listAllByAdminOrCreator')
    assert.deepEqual(clerkAdmin.data, [], 'a clerk administers and created nothing')
    const platformAll = await call(p, staff.admin, 'get', '/pms/pmsProperty/listAllByAdminOrCreator')
    assert.ok(platformAll.data.some((x: any) => x.propertyId === owner.propertyId))
  })

  test('reads of another tenant’s property answer 404; the platform reads any with the masked open key', async () => {
    const p = product()
    assert.equal((await call(p, staff.clerk, 'get', `/pms/pmsProperty/${staff.apartment}`)).status, 404)
    assert.equal((await call(p, staff.manager, 'get', `/pms/pmsProperty/${owner.propertyId}`)).status, 404)
    assert.equal((await call(p, owner.token, 'get', `/pms/pmsProperty/${staff.hotel}`)).status, 404)
    assert.equal((await call(p, staff.manager, 'get', '/pms/pmsProperty/999999')).status, 404)
    const admin = await call(p, staff.admin, 'get', `/pms/pmsProperty/${owner.propertyId}`)
    assert.equal(admin.code, 200)
    assert.match(admin.data.openKey, /^\*{28}[0-9a-f]{4}$/)
    const [stored] = await p.query<{ open_key: string }>(
      'SELECT open_key FROM pms_property WHERE property_id = $1',
      [owner.propertyId],
    )
    assert.equal(admin.data.openKey.slice(-4), stored!.open_key.slice(-4))
    assert.notEqual(admin.data.openKey, stored!.open_key)
  })

  test('platform and company creation; validation names the field', async () => {
    const p = product()
    const byAdmin = await call(p, staff.admin, 'post', '/pms/pmsProperty/addByAdmin', {
      propertyName: 'Platform hotel',
      propertyCode: ' PLAT 01 ',
      adminUserId: owner.userId,
    })
    assert.equal(byAdmin.code, 200, byAdmin.msg)
    assert.equal(byAdmin.data.authState, '2', 'a property the platform adds is authorised')
    assert.equal(byAdmin.data.propertyCode, 'PLAT01')
    const ownerList = await call(p, owner.token, 'get', '/pms/pmsProperty/listAll')
    assert.ok(ownerList.data.some((x: any) => x.propertyId === byAdmin.data.propertyId))
    assert.equal(
      (await call(p, staff.manager, 'post', '/pms/pmsProperty/addByAdmin', { propertyName: 'x' })).status,
      403,
    )
    assert.equal((await call(p, staff.admin, 'post', '/pms/pmsProperty', { propertyName: 'x' })).status, 403)

    const company = await call(p, staff.manager, 'post', '/pms/pmsProperty/addByCompany', {
      propertyName: 'Company hostel',
      hotelManager: 'Ms Chan',
      hotelManagerPhone: '00852-61234567',
    })
    assert.equal(company.code, 200, company.msg)
    assert.equal(company.data.contact, 'Ms Chan')
    assert.equal(company.data.contactPhone, '00852-61234567')
    assert.equal(company.data.hotelManager, 'Ms Chan')

    const dup = await call(p, staff.manager, 'post', '/pms/pmsProperty', {
      propertyName: 'Copy',
      propertyCode: 'DEMO -HOTEL',
    })
    assert.equal(dup.status, 409)
    assert.match(dup.msg, /DEMO-HOTEL/)

    await expectFieldErrors(p.http, staff.manager, [
      ['post', '/prod-api/pms/pmsProperty', {}, 'propertyName'],
      ['post', '/prod-api/pms/pmsProperty', { propertyName: 'x'.repeat(101) }, 'propertyName'],
      [
        'post',
        '/prod-api/pms/pmsProperty',
        { propertyName: 'x', propertyCode: 'A'.repeat(51) },
        'propertyCode',
      ],
      ['post', '/prod-api/pms/pmsProperty', { propertyName: 'x', propertyTypes: ['99'] }, 'propertyTypes'],
      ['post', '/prod-api/pms/pmsProperty', { propertyName: 'x', propertyTypes: 'hotel' }, 'propertyTypes'],
      [
        'post',
        '/prod-api/pms/pmsProperty/addByCompany',
        { propertyName: 'x', hotelManagerPhone: '1' },
        'hotelManager',
      ],
      ['put', '/prod-api/pms/pmsProperty', { propertyName: 'x' }, 'propertyId'],
      ['get', '/prod-api/pms/pmsProperty/list?authState=7', undefined, 'authState'],
      ['get', '/prod-api/pms/pmsProperty/list?pageSize=501', undefined, 'pageSize'],
    ])
    await expectFieldErrors(p.http, staff.admin, [
      [
        'post',
        '/prod-api/pms/pmsProperty/addByAdmin',
        { propertyName: 'x', adminUserId: userIds.admin },
        'adminUserId',
      ],
      ['post', '/prod-api/pms/pmsProperty/addByAdmin', { propertyName: 'x', adminUserId: 0 }, 'adminUserId'],
    ])
  })

  test('edits: the admin of a property edits it (also outside the session’s property); the clerk and others cannot', async () => {
    const p = product()
    const edited = await call(p, staff.manager, 'put', '/pms/pmsProperty', {
      propertyId: staff.apartment,
      address: '广东省深圳市福田区中心路 10 号',
      propertyTypes: ['2', '5'],
    })
    assert.equal(edited.code, 200, edited.msg)
    assert.deepEqual(edited.data.types, ['公寓', '办公'])
    assert.equal(edited.data.address, '广东省深圳市福田区中心路 10 号')
    assert.equal(edited.data.propertyCode, 'DEMO-APT', 'fields not sent stay')

    assert.equal(
      (await call(p, staff.clerk, 'put', '/pms/pmsProperty', { propertyId: staff.hotel, address: 'x' }))
        .status,
      403,
    )
    assert.equal(
      (await call(p, staff.clerk, 'put', '/pms/pmsProperty', { propertyId: staff.apartment })).status,
      403,
    )
    assert.equal(
      (
        await call(p, staff.manager, 'put', '/pms/pmsProperty', {
          propertyId: owner.propertyId,
          address: 'x',
        })
      ).status,
      404,
    )
    assert.equal(
      (await call(p, staff.admin, 'put', '/pms/pmsProperty', { propertyId: staff.hotel })).status,
      403,
    )

    const byAdmin = await call(p, staff.admin, 'put', '/pms/pmsProperty/editByAdmin', {
      propertyId: owner.propertyId,
      contact: 'Owner One',
    })
    assert.equal(byAdmin.code, 200, byAdmin.msg)
    assert.equal(byAdmin.data.contact, 'Owner One')
    assert.match(byAdmin.data.openKey, /^\*+[0-9a-f]{4}$/)
    assert.equal(
      (await call(p, staff.manager, 'put', '/pms/pmsProperty/editByAdmin', { propertyId: staff.hotel }))
        .status,
      403,
    )
  })

  test('property code: spaces removed, at most 50, unique, not another property’s fallback', async () => {
    const p = product()
    const url = (id: number, code: string) =>
      `/pms/pmsProperty/propertyCode/${id}?propertyCode=${encodeURIComponent(code)}`
    const set = await call(p, owner.token, 'put', url(owner.propertyId, '  OWN  ER 1\u3000'))
    assert.equal(set.code, 200, set.msg)
    assert.equal(set.data.propertyCode, 'OWNER1')
    assert.equal(set.data.propertyCodeDerived, false)
    const fifty = `${'A'.repeat(25)} ${'B'.repeat(25)}`
    assert.equal(
      (await call(p, owner.token, 'put', url(owner.propertyId, fifty))).data.propertyCode.length,
      50,
    )
    const taken = await call(p, owner.token, 'put', url(owner.propertyId, 'DEMO-APT'))
    assert.equal(taken.status, 409)
    const fallback = await call(
      p,
      owner.token,
      'put',
      url(owner.propertyId, `PMS${String(staff.hotel).padStart(10, '0')}`),
    )
    assert.equal(fallback.status, 409)
    const own = await call(
      p,
      owner.token,
      'put',
      url(owner.propertyId, `PMS${String(owner.propertyId).padStart(10, '0')}`),
    )
    assert.equal(own.code, 200, 'its own fallback may be stored')
    await expectFieldErrors(p.http, owner.token, [
      ['put', `/prod-api${url(owner.propertyId, 'C'.repeat(51))}`, {}, 'propertyCode'],
      ['put', `/prod-api${url(owner.propertyId, '   ')}`, {}, 'propertyCode'],
      ['put', `/prod-api/pms/pmsProperty/propertyCode/${owner.propertyId}`, {}, 'propertyCode'],
    ])
    assert.equal((await call(p, staff.clerk, 'put', url(staff.hotel, 'X1'))).status, 403)
    assert.equal((await call(p, staff.manager, 'put', url(owner.propertyId, 'X1'))).status, 404)
    const admin = await call(p, staff.admin, 'put', url(owner.propertyId, 'OWNER 1'))
    assert.equal(admin.data.propertyCode, 'OWNER1')
  })

  test('name and online visibility', async () => {
    const p = product()
    const renamed = await call(p, owner.token, 'put', '/pms/pmsProperty/updatePropertyName', {
      propertyId: owner.propertyId,
      propertyName: 'Harbour inn',
    })
    assert.equal(renamed.data.propertyName, 'Harbour inn')
    await expectFieldErrors(p.http, owner.token, [
      [
        'put',
        '/prod-api/pms/pmsProperty/updatePropertyName',
        { propertyId: owner.propertyId, propertyName: '' },
        'propertyName',
      ],
      ['put', `/prod-api/pms/pmsProperty/show/${owner.propertyId}/2`, {}, 'flag'],
    ])
    const hidden = await call(p, owner.token, 'put', `/pms/pmsProperty/show/${owner.propertyId}/1`)
    assert.equal(hidden.data.showFlag, '1')
    const shown = await call(p, owner.token, 'put', `/pms/pmsProperty/show/${owner.propertyId}/0`)
    assert.equal(shown.data.showFlag, '0')
    assert.equal((await call(p, staff.clerk, 'put', `/pms/pmsProperty/show/${staff.hotel}/1`)).status, 403)
    assert.equal(
      (
        await call(p, staff.manager, 'put', '/pms/pmsProperty/updatePropertyName', {
          propertyId: owner.propertyId,
          propertyName: 'x',
        })
      ).status,
      404,
    )
  })

  test('the admin of a property is handed to another registered user', async () => {
    const p = product()
    const made = await call(p, staff.admin, 'post', '/pms/pmsProperty/addByAdmin', {
      propertyName: 'Hand-over lodge',
      adminUserId: owner.userId,
    })
    const id = made.data.propertyId as number
    const base = '/pms/pmsPropertyUser/replacePropertyAdmin'
    await expectFieldErrors(p.http, owner.token, [
      ['put', `/prod-api${base}/${userIds.clerk}/${userIds.manager}/${id}`, {}, 'oldRegUser'],
      ['put', `/prod-api${base}/${owner.userId}/${userIds.admin}/${id}`, {}, 'newRegUser'],
      ['put', `/prod-api${base}/${owner.userId}/${owner.userId}/${id}`, {}, 'newRegUser'],
    ])
    assert.equal(
      (await call(p, staff.clerk, 'put', `${base}/${userIds.manager}/${userIds.clerk}/${staff.hotel}`))
        .status,
      403,
    )
    assert.equal(
      (await call(p, staff.manager, 'put', `${base}/${owner.userId}/${userIds.manager}/${id}`)).status,
      404,
    )
    const replaced = await call(p, owner.token, 'put', `${base}/${owner.userId}/${userIds.manager}/${id}`)
    assert.equal(replaced.code, 200, replaced.msg)
    assert.equal(
      (await call(p, owner.token, 'get', `/pms/pmsProperty/${id}`)).status,
      404,
      'the old admin is unbound',
    )
    const users = await call(p, staff.manager, 'get', '/pms/pmsProperty/listAllByAdminOrCreator')
    const lodge = users.data.find((x: any) => x.propertyId === id)
    assert.deepEqual(
      lodge.users.map((u: any) => [u.userName, u.admin]),
      [['manager', true]],
    )
    // The platform may hand it back.
    const back = await call(p, staff.admin, 'put', `${base}/${userIds.manager}/${owner.userId}/${id}`)
    assert.equal(back.code, 200, back.msg)
  })

  test('delete: soft, refused while rooms exist, forbidden to the clerk, 404 across tenants; the code is freed', async () => {
    const p = product()
    assert.equal((await call(p, staff.clerk, 'delete', `/pms/pmsProperty/${staff.hotel}`)).status, 403)
    const withRooms = await call(p, staff.manager, 'delete', `/pms/pmsProperty/${staff.hotel}`)
    assert.equal(withRooms.status, 409)
    assert.match(withRooms.msg, /74 rooms/)
    assert.equal((await call(p, staff.manager, 'delete', `/pms/pmsProperty/${owner.propertyId}`)).status, 404)
    await expectFieldErrors(p.http, staff.manager, [
      ['delete', '/prod-api/pms/pmsProperty/1,x', undefined, 'ids'],
    ])

    const spare = await call(p, owner.token, 'post', '/pms/pmsProperty', {
      propertyName: 'Spare',
      propertyCode: 'SPARE-1',
    })
    const id = spare.data.propertyId as number
    const gone = await call(p, owner.token, 'delete', `/pms/pmsProperty/${id}`)
    assert.equal(gone.code, 200, gone.msg)
    const [row] = await p.query<{ del_flag: boolean }>(
      'SELECT del_flag FROM pms_property WHERE property_id = $1',
      [id],
    )
    assert.equal(row!.del_flag, true, 'the row stays, flagged')
    assert.equal((await call(p, owner.token, 'get', `/pms/pmsProperty/${id}`)).status, 404)
    const list = await call(p, owner.token, 'get', '/pms/pmsProperty/listAll')
    assert.ok(!list.data.some((x: any) => x.propertyId === id))
    const reuse = await call(p, owner.token, 'post', '/pms/pmsProperty', {
      propertyName: 'Spare 2',
      propertyCode: 'SPARE-1',
    })
    assert.equal(reuse.code, 200, reuse.msg)
  })
})
