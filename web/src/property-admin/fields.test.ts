import assert from 'node:assert/strict'
import { test } from 'vitest'
import { composeAddress, photoUrl, propertyBody } from './fields.ts'

test('the picked address is written as stored: province, city, county, then the line', () => {
  assert.equal(
    composeAddress({ province: '广东省', city: '深圳市', county: '南山区', address: ' 海岸路 1 号 ' }),
    '广东省深圳市南山区海岸路 1 号',
  )
  assert.equal(composeAddress({ province: '广东省' }), '广东省')
  assert.equal(composeAddress({}), '')
})

test('the property body trims texts, keeps type values and removes every space of a code', () => {
  assert.deepEqual(
    propertyBody({
      propertyName: ' Sea Hotel ',
      propertyCode: ' SEA 01 ',
      address: '1 Coast Road ',
      propertyTypes: ['1', '4'],
      contact: 'Wang',
      contactPhone: '',
      hotelManager: '',
      hotelManagerPhone: '',
    }),
    {
      propertyName: 'Sea Hotel',
      propertyCode: 'SEA01',
      address: '1 Coast Road',
      propertyTypes: ['1', '4'],
      contact: 'Wang',
      contactPhone: '',
      hotelManager: '',
      hotelManagerPhone: '',
    },
  )
  assert.equal('propertyCode' in propertyBody({ propertyName: 'x' }), false)
})

test('stored photo paths are served under the API base', () => {
  assert.equal(photoUrl('/files/property/ab.png'), '/prod-api/files/property/ab.png')
  assert.equal(photoUrl('https://cdn.example/x.png'), 'https://cdn.example/x.png')
})
