// Property configuration, device configuration, photos and custom params (SPEC §3, §5, §7, §9): defaults, saving,
// validation, readPropertyConfig for the front desk, real PNG uploads into fileList, and tenancy of each.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { PROPERTY_CONFIG_DEFAULTS } from '@pms/protocol/api/properties'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct, expectFieldErrors } from './harness.ts'
import { arrangeOwner, type Owner } from './properties-support.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

/** A real 1×1 PNG: signature, IHDR, IDAT, IEND with their CRCs. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (b: Buffer) => {
    let c = 0xffffffff
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0xc0, 0x40, 0x20]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describeProduct('property configuration, photos and custom params', (product) => {
  let staff: Staff
  let owner: Owner

  beforeAll(async () => {
    staff = await arrangeStaff(product())
    owner = await arrangeOwner(product(), staff.admin, 'configurer')
  })

  test('property config: defaults until saved, partial saves merge, read back merged', async () => {
    const p = product()
    const fresh = await call(p, staff.clerk, 'get', `/pms/pmsProperty/propertyConfig/${staff.hotel}`)
    assert.equal(fresh.code, 200, fresh.msg)
    assert.deepEqual(fresh.data, { ...PROPERTY_CONFIG_DEFAULTS, propertyId: staff.hotel, updateTime: null })
    assert.equal(fresh.data.checkOutTime, '12:00')

    const saved = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      latitude: 22.5431,
      longitude: 113.9298,
      checkOutTime: '13:30',
      checkOutMode: '24h',
      overtime: { mode: 'startingFee', afterMinutes: 45, feeCents: 5000 },
      fullDayAfterMinutes: null,
      points: { points: 2, per: 10 },
      merchant: { merchantName: 'Sea View Ltd', merchantNo: 'M-001', taxNo: '' },
    })
    assert.equal(saved.code, 200, saved.msg)
    const again = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      onlineBooking: true,
      maxOnlineRooms: 25,
      introduction: 'By the sea',
      hourUnitMinutes: 90,
    })
    assert.equal(again.data.checkOutTime, '13:30', 'earlier fields stay')
    const config = (await call(p, staff.clerk, 'get', `/pms/pmsProperty/propertyConfig/${staff.hotel}`)).data
    assert.deepEqual(
      { ...config, updateTime: typeof config.updateTime },
      {
        propertyId: staff.hotel,
        latitude: 22.5431,
        longitude: 113.9298,
        introduction: 'By the sea',
        checkOutTime: '13:30',
        hourUnitMinutes: 90,
        checkOutMode: '24h',
        overtime: { mode: 'startingFee', afterMinutes: 45, feeCents: 5000 },
        fullDayAfterMinutes: null,
        points: { points: 2, per: 10 },
        members: {
          spendOrder: 'baseFirst',
          pointsPerUnit: 100,
          pointsPayCapPercent: 100,
          pointsValidityMonths: 0,
        },
        maxOnlineRooms: 25,
        onlineBooking: true,
        merchant: { merchantName: 'Sea View Ltd', merchantNo: 'M-001', taxNo: '' },
        maxNights: 90,
        overbookRooms: 0,
        timeZone: 'Asia/Shanghai',
        nightAuditTime: '04:00',
        noShowRule: 'noShow',
        openShiftRule: 'block',
        requireShift: false,
        availabilityRule: 'deductOutOfOrder',
        updateTime: 'string',
      },
    )
    const cleared = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      latitude: null,
      longitude: null,
    })
    assert.equal(cleared.data.latitude, null)
    assert.equal(cleared.data.longitude, null)
    const zeros = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      latitude: 0,
      fullDayAfterMinutes: 0,
    })
    assert.equal(zeros.data.latitude, 0, 'zero is not taken for null')
    assert.equal(zeros.data.fullDayAfterMinutes, 0)
    await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      latitude: null,
      fullDayAfterMinutes: 360,
    })
    const untouched = (
      await call(p, staff.manager, 'get', `/pms/pmsProperty/propertyConfig/${staff.apartment}`)
    ).data
    assert.equal(untouched.overtime.mode, 'hourly')
    assert.equal(untouched.updateTime, null)

    const put = '/prod-api/pms/pmsProperty/propertyConfig'
    await expectFieldErrors(p.http, staff.manager, [
      ['put', put, { propertyId: staff.hotel, checkOutTime: '24:00' }, 'checkOutTime'],
      ['put', put, { propertyId: staff.hotel, checkOutTime: '9:00' }, 'checkOutTime'],
      ['put', put, { propertyId: staff.hotel, checkOutMode: 'noon' }, 'checkOutMode'],
      ['put', put, { propertyId: staff.hotel, hourUnitMinutes: 0 }, 'hourUnitMinutes'],
      [
        'put',
        put,
        {
          propertyId: staff.hotel,
          overtime: { mode: 'hourly', graceMinutes: 30, hourlyCents: 1.5, capCents: 0 },
        },
        'overtime',
      ],
      ['put', put, { propertyId: staff.hotel, points: { points: 1, per: 0 } }, 'points'],
      ['put', put, { propertyId: staff.hotel, latitude: 91 }, 'latitude'],
      ['put', put, { propertyId: staff.hotel, maxOnlineRooms: -1 }, 'maxOnlineRooms'],
      ['put', put, { checkOutTime: '12:00' }, 'propertyId'],
      ['put', put, { propertyId: staff.hotel, fullDayAfterMinutes: 'never' }, 'fullDayAfterMinutes'],
      ['put', put, { propertyId: staff.hotel, fullDayAfterMinutes: -5 }, 'fullDayAfterMinutes'],
    ])
    assert.equal(
      (
        await call(p, staff.clerk, 'put', '/pms/pmsProperty/propertyConfig', {
          propertyId: staff.hotel,
          onlineBooking: true,
        })
      ).status,
      403,
    )
    assert.equal(
      (await call(p, staff.clerk, 'get', `/pms/pmsProperty/propertyConfig/${staff.apartment}`)).status,
      404,
    )
    assert.equal(
      (
        await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
          propertyId: owner.propertyId,
          introduction: 'x',
        })
      ).status,
      404,
    )
  })

  test('device config: defaults, save, sync needs a source and a vendor cloud a model', async () => {
    const p = product()
    const fresh = await call(p, staff.manager, 'get', `/device/dvcHtPropertyConfig/${staff.hotel}`)
    assert.deepEqual(fresh.data, {
      propertyId: staff.hotel,
      dataSource: 'none',
      lockModel: '',
      syncRooms: false,
      syncCheckIn: false,
      syncIntervalMinutes: 60,
      updateTime: null,
    })
    const body = {
      propertyId: staff.hotel,
      dataSource: 'vendorCloud',
      lockModel: ' BLE-V3 ',
      syncRooms: true,
      syncCheckIn: true,
      syncIntervalMinutes: 30,
    }
    const saved = await call(p, staff.manager, 'post', '/device/dvcHtPropertyConfig', body)
    assert.equal(saved.code, 200, saved.msg)
    assert.equal(saved.data.lockModel, 'BLE-V3')
    const read = await call(p, staff.clerk, 'get', `/device/dvcHtPropertyConfig/${staff.hotel}`)
    assert.equal(read.data.dataSource, 'vendorCloud')
    assert.equal(read.data.syncIntervalMinutes, 30)
    await expectFieldErrors(p.http, staff.manager, [
      ['post', '/prod-api/device/dvcHtPropertyConfig', { ...body, dataSource: 'none' }, 'dataSource'],
      ['post', '/prod-api/device/dvcHtPropertyConfig', { ...body, lockModel: '  ' }, 'lockModel'],
      ['post', '/prod-api/device/dvcHtPropertyConfig', { ...body, dataSource: 'ftp' }, 'dataSource'],
      [
        'post',
        '/prod-api/device/dvcHtPropertyConfig',
        { ...body, syncIntervalMinutes: 0 },
        'syncIntervalMinutes',
      ],
    ])
    assert.equal((await call(p, staff.clerk, 'post', '/device/dvcHtPropertyConfig', body)).status, 403)
    assert.equal(
      (await call(p, staff.clerk, 'get', `/device/dvcHtPropertyConfig/${staff.apartment}`)).status,
      404,
    )
    assert.equal(
      (
        await call(p, staff.manager, 'post', '/device/dvcHtPropertyConfig', {
          ...body,
          propertyId: owner.propertyId,
        })
      ).status,
      404,
    )
  })

  test('photos: a real PNG is stored, listed in fileList, served, then deleted with its file', async () => {
    const p = product()
    const upload = (token: string, query: string, bytes: Buffer, name = 'front.png') =>
      p.http
        .post(`/prod-api/pms/pmsProperty/upload${query}`)
        .set(bearer(token))
        .set('Accept-Language', 'en-US')
        .attach('file', bytes, name)
    const first = await upload(staff.manager, '', png())
    assert.equal(first.body.code, 200, JSON.stringify(first.body))
    assert.match(first.body.data.filePath, /^\/files\/property\/[0-9a-f]{24}\.png$/)
    const second = await upload(staff.manager, `?propertyId=${staff.hotel}`, png(), 'lobby.png')
    assert.equal(second.body.data.sort, first.body.data.sort + 1)

    const info = await call(p, staff.clerk, 'get', '/pms/pmsProperty/info')
    assert.deepEqual(
      info.data.fileList.map((f: any) => f.fileId),
      [first.body.data.fileId, second.body.data.fileId],
    )
    const listed = await call(p, staff.manager, 'get', '/pms/pmsProperty/list', {
      propertyCode: 'DEMO-HOTEL',
    })
    assert.equal(listed.rows![0].fileList.length, 2)
    const one = await call(p, staff.manager, 'get', `/pms/pmsProperty/${staff.hotel}`)
    assert.equal(one.data.fileList[0].filePath, first.body.data.filePath)
    const served = await p.http.get(`/prod-api${first.body.data.filePath}`)
    assert.equal(served.status, 200)
    assert.equal(served.headers['content-type'], 'image/png')
    assert.deepEqual(Buffer.from(served.body), png())

    const notImage = await upload(staff.manager, '', Buffer.from('not a picture at all'), 'x.png')
    assert.equal(notImage.status, 400)
    assert.equal((await upload(staff.clerk, '', png())).status, 403)
    assert.equal((await upload(staff.manager, `?propertyId=${owner.propertyId}`, png())).status, 404)
    const apartment = await upload(staff.manager, `?propertyId=${staff.apartment}`, png())
    assert.equal(apartment.body.code, 200, 'the admin of both adds to the other one too')

    assert.equal((await call(p, staff.clerk, 'delete', `/pms/pmsFile/${first.body.data.fileId}`)).status, 403)
    const ownerPhoto = await upload(owner.token, '', png())
    assert.equal(
      (await call(p, staff.manager, 'delete', `/pms/pmsFile/${ownerPhoto.body.data.fileId}`)).status,
      404,
    )
    assert.equal((await call(p, staff.manager, 'delete', '/pms/pmsFile/999999')).status, 404)

    const stored = join(p.dataDir, 'uploads', 'property', first.body.data.filePath.split('/').pop())
    assert.ok(existsSync(stored))
    const removed = await call(
      p,
      staff.manager,
      'delete',
      `/pms/pmsFile/${first.body.data.fileId},${second.body.data.fileId}`,
    )
    assert.equal(removed.code, 200, removed.msg)
    assert.ok(!existsSync(stored), 'the stored file goes with its record')
    assert.deepEqual((await call(p, staff.clerk, 'get', '/pms/pmsProperty/info')).data.fileList, [])
    assert.equal((await p.http.get(`/prod-api${first.body.data.filePath}`)).status, 404)
  })

  test('custom params: save (insert or replace), list, read by type, delete; SPEC §5 messages with code 500', async () => {
    const p = product()
    const disposition = JSON.stringify({ params: { receiptFooter: 'Thank you' } })
    const saved = await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', {
      propertyId: staff.hotel,
      type: 'receipt',
      disposition,
    })
    assert.equal(saved.code, 200, saved.msg)
    const groups = JSON.stringify([
      { label: 'Wi-Fi', params: [{ paramsName: 'ssid', paramsValue: 'SeaView' }] },
    ])
    await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', {
      propertyId: staff.hotel,
      type: 'wifi',
      disposition: groups,
    })
    const replaced = await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', {
      propertyId: staff.hotel,
      type: 'receipt',
      disposition: JSON.stringify({ params: { receiptFooter: 'See you' } }),
    })
    assert.equal(JSON.parse(replaced.data.disposition).params.receiptFooter, 'See you')

    const list = await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/list', {
      pageNum: 1,
      pageSize: 100,
    })
    assert.equal(list.total, 2)
    assert.deepEqual(
      list.rows!.map((r) => r.type),
      ['receipt', 'wifi'],
    )
    const byType = await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/list', { type: 'wifi' })
    assert.equal(byType.total, 1)
    const paged = await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/list', {
      pageNum: 2,
      pageSize: 1,
    })
    assert.deepEqual(
      paged.rows!.map((r) => r.type),
      ['wifi'],
    )
    const wifi = await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/type/wifi')
    assert.equal(wifi.data.disposition, groups)
    // SPEC §5: the params of a property component (here the apartment check-in flag) are one object, not groups.
    const component = await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', {
      propertyId: staff.hotel,
      type: 'PmsApartmentCheckIn',
      disposition: groups,
    })
    assert.equal(component.status, 400)
    assert.equal(
      component.msg,
      'Multiple parameters do not support fully customized components (PmsApartmentCheckIn): save one params object',
    )
    const single = await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', {
      propertyId: staff.hotel,
      type: 'PmsApartmentCheckIn',
      disposition: JSON.stringify({ params: { nightlyCleaning: 'no' } }),
    })
    assert.equal(single.code, 200, single.msg)
    await call(p, staff.manager, 'delete', `/pms/pmsPropertyCustomParams/${staff.hotel}/PmsApartmentCheckIn`)
    const none = await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/type/nothing')
    assert.equal(none.code, 200)
    assert.equal(none.data, null)

    for (const [body, message] of [
      [{ type: 'x', disposition: '{}' }, 'property ID cannot be empty'],
      [{ propertyId: null, type: 'x', disposition: '{}' }, 'property ID cannot be empty'],
      [{ propertyId: staff.hotel, disposition: '{}' }, 'config type cannot be empty'],
      [{ propertyId: staff.hotel, type: '  ', disposition: '{}' }, 'config type cannot be empty'],
    ] as const) {
      const res = await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', body)
      assert.equal(res.code, 500, JSON.stringify(res))
      assert.equal(res.status, 400, "a user's mistake: HTTP 400, body code 500 (SPEC §5)")
      assert.equal(res.msg, message)
    }
    await expectFieldErrors(p.http, staff.manager, [
      [
        'post',
        '/prod-api/pms/pmsPropertyCustomParams',
        { propertyId: staff.hotel, type: 'x', disposition: '{oops' },
        'disposition',
      ],
      [
        'post',
        '/prod-api/pms/pmsPropertyCustomParams',
        { propertyId: staff.hotel, type: 'x', disposition: '42' },
        'disposition',
      ],
      [
        'post',
        '/prod-api/pms/pmsPropertyCustomParams',
        { propertyId: staff.hotel, type: 'x' },
        'disposition',
      ],
      ['get', '/prod-api/pms/pmsPropertyCustomParams/list?pageSize=501', undefined, 'pageSize'],
    ])

    // Tenancy: the clerk may read but not write; nobody writes or reads another property's params.
    assert.equal(
      (
        await call(p, staff.clerk, 'post', '/pms/pmsPropertyCustomParams', {
          propertyId: staff.hotel,
          type: 'x',
          disposition: '{}',
        })
      ).status,
      403,
    )
    assert.equal(
      (await call(p, staff.clerk, 'delete', `/pms/pmsPropertyCustomParams/${staff.hotel}/wifi`)).status,
      403,
    )
    assert.equal(
      (
        await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/list', {
          propertyId: staff.apartment,
        })
      ).status,
      403,
    )
    assert.equal(
      (
        await call(p, staff.manager, 'post', '/pms/pmsPropertyCustomParams', {
          propertyId: staff.apartment,
          type: 'x',
          disposition: '{}',
        })
      ).status,
      403,
      'only inside the session’s property',
    )
    const platform = await call(p, staff.admin, 'get', '/pms/pmsPropertyCustomParams/list', {
      propertyId: staff.hotel,
    })
    assert.equal(platform.total, 2)

    const removed = await call(p, staff.manager, 'delete', `/pms/pmsPropertyCustomParams/${staff.hotel}/wifi`)
    assert.equal(removed.code, 200, removed.msg)
    assert.equal(
      (await call(p, staff.manager, 'delete', `/pms/pmsPropertyCustomParams/${staff.hotel}/wifi`)).status,
      404,
    )
    assert.equal((await call(p, staff.clerk, 'get', '/pms/pmsPropertyCustomParams/list')).total, 1)
  })
})
