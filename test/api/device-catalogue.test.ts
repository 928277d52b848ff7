// The platform's device catalogue: dictionaries (unique codes, labels, in-use refusal), models with SPEC §5's rules
// (years, self-association), references that must exist, capability flags, the seeded lock model, and that only a
// platform user (type 1) may read or write it.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { describeProduct, expectFieldErrors } from './harness.ts'
import { arrangeStaff, call, type Staff } from './room-stock-support.ts'

describeProduct('device catalogue', (product) => {
  let staff: Staff

  beforeAll(async () => {
    staff = await arrangeStaff(product())
  })

  test('dictionaries: seeded entries, unique codes, edit and delete', async () => {
    const p = product()
    const protocols = await call(p, staff.admin, 'get', '/device/dvcProtocol/list', { pageSize: 50 })
    assert.equal(protocols.code, 200, protocols.msg)
    assert.deepEqual(
      protocols.rows!.map((r: any) => r.code),
      ['M157', 'BLE_V2', 'BLE_V3', 'BLE_V3_CPU', 'Z_M'],
    )
    const scenes = await call(p, staff.admin, 'get', '/device/dvcScene/list')
    assert.deepEqual(
      scenes.rows!.map((r: any) => r.code),
      ['HOTEL', 'APARTMENT', 'DORMITORY', 'HOMESTAY', 'OFFICE'],
    )
    const networking = await call(p, staff.admin, 'get', '/device/dvcNetworking/list')
    assert.equal(networking.total, 6)

    const red = await call(p, staff.admin, 'post', '/device/dvcColour', {
      code: ' RED ',
      name: 'Red',
      sort: 1,
    })
    assert.equal(red.code, 200, red.msg)
    assert.equal(red.data.code, 'RED')
    assert.equal(red.data.state, '0')
    const twin = await call(p, staff.admin, 'post', '/device/dvcColour', { code: 'RED', name: 'Crimson' })
    assert.equal(twin.status, 409)
    assert.equal(twin.msg, 'The code RED already exists')
    const renamed = await call(p, staff.admin, 'put', '/device/dvcColour', {
      dictId: red.data.dictId,
      name: 'Scarlet',
      labelKey: 'catalogue.colour.red',
    })
    assert.equal(renamed.code, 200, renamed.msg)
    assert.equal(renamed.data.name, 'Scarlet')
    const gone = await call(p, staff.admin, 'delete', `/device/dvcColour/${red.data.dictId}`)
    assert.equal(gone.code, 200, gone.msg)
    const missing = await call(p, staff.admin, 'get', `/device/dvcColour/${red.data.dictId}`)
    assert.equal(missing.status, 404)
  })

  test('models: rules of SPEC §5, references, capabilities, in-use dictionaries', async () => {
    const p = product()
    const series = await call(p, staff.admin, 'post', '/device/dvcSeries', { code: 'S1', name: 'Classic' })
    const colour = await call(p, staff.admin, 'post', '/device/dvcColour', { code: 'GOLD', name: 'Gold' })
    const material = await call(p, staff.admin, 'post', '/device/dvcMaterial', { code: 'ZINC', name: 'Zinc' })
    const fn = await call(p, staff.admin, 'post', '/device/dvcFunction', { code: 'CARD', name: 'Card' })
    const part = await call(p, staff.admin, 'post', '/device/dvcPart', { code: 'HANDLE', name: 'Handle' })
    const category = await call(p, staff.admin, 'get', '/device/dvcCategory/list', { code: 'LOCK' })
    const lockCategory = category.rows![0].dictId

    const base = {
      code: 'L-100',
      name: 'Classic lock',
      seriesId: series.data.dictId,
      categoryId: lockCategory,
      colourIds: [colour.data.dictId],
      materialIds: [material.data.dictId],
      functionIds: [fn.data.dictId],
      partIds: [part.data.dictId],
      startYear: 2020,
      endYear: 2024,
      pictures: '/img/a.png,/img/b.png',
      capabilities: [2, 16],
    }
    const years = await call(p, staff.admin, 'post', '/device/dvcModel', { ...base, startYear: 2025 })
    assert.equal(years.status, 400)
    assert.equal(years.msg, 'The start year cannot be greater than the end year')

    const model = await call(p, staff.admin, 'post', '/device/dvcModel', base)
    assert.equal(model.code, 200, model.msg)
    assert.deepEqual(model.data.capabilities, [2, 16])
    const id = model.data.modelId

    const self = await call(p, staff.admin, 'put', '/device/dvcModel', { modelId: id, relatedIds: [id] })
    assert.equal(self.status, 400)
    assert.equal(self.msg, 'The model cannot be associated with itself')
    // Only one year changed: checked against the stored other year.
    const laterStart = await call(p, staff.admin, 'put', '/device/dvcModel', { modelId: id, startYear: 2030 })
    assert.equal(laterStart.status, 400)
    assert.equal(laterStart.msg, 'The start year cannot be greater than the end year')

    const unknown = await call(p, staff.admin, 'post', '/device/dvcModel', {
      ...base,
      code: 'L-101',
      sceneIds: [999_999],
    })
    assert.equal(unknown.status, 404)
    assert.match(unknown.msg, /Scene/)

    const sibling = await call(p, staff.admin, 'post', '/device/dvcModel', {
      ...base,
      code: 'L-200',
      relatedIds: [id],
      capabilities: [],
    })
    assert.equal(sibling.code, 200, sibling.msg)
    assert.deepEqual(sibling.data.capabilities, [])
    const read = await call(p, staff.admin, 'get', `/device/dvcModel/${sibling.data.modelId}`)
    assert.deepEqual(read.data.relatedIds, [id])

    // Entries and models still in use are kept.
    const inUse = await call(p, staff.admin, 'delete', `/device/dvcColour/${colour.data.dictId}`)
    assert.equal(inUse.status, 409)
    assert.match(inUse.msg, /L-100/)
    const relatedInUse = await call(p, staff.admin, 'delete', `/device/dvcModel/${id}`)
    assert.equal(relatedInUse.status, 409)
    const both = await call(p, staff.admin, 'delete', `/device/dvcModel/${id},${sibling.data.modelId}`)
    assert.equal(both.code, 200, both.msg)

    const seeded = await call(p, staff.admin, 'get', '/device/dvcModel/list', { code: 'PMSL-V3' })
    assert.equal(seeded.total, 1)
    assert.deepEqual(seeded.rows![0].capabilities, [2, 16])
  })

  test('only platform users read or write the catalogue', async () => {
    const p = product()
    for (const token of [staff.manager, staff.clerk]) {
      const list = await call(p, token, 'get', '/device/dvcModel/list')
      assert.equal(list.status, 403)
      const add = await call(p, token, 'post', '/device/dvcSeries', { code: 'X', name: 'X' })
      assert.equal(add.status, 403)
    }
  })

  test('bad input is a 400 naming the field', async () => {
    const p = product()
    await expectFieldErrors(p.http, staff.admin, [
      ['post', '/prod-api/device/dvcSeries', { name: 'x' }, 'code'],
      ['post', '/prod-api/device/dvcSeries', { code: 'x', name: 'x', state: '7' }, 'state'],
      ['post', '/prod-api/device/dvcModel', { code: 'M', name: 'M', startYear: 'x' }, 'startYear'],
      ['post', '/prod-api/device/dvcModel', { code: 'M', name: 'M', capabilities: [3] }, 'capabilities'],
      ['post', '/prod-api/device/dvcModel', { code: 'M', name: 'M', relatedIds: [0] }, 'relatedIds'],
      ['post', '/prod-api/device/dvcModel', { code: ' ', name: 'M' }, 'code'],
    ])
  })
})
