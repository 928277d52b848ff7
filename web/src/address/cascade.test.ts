import assert from 'node:assert/strict'
import type { RegionNode } from '@pms/protocol/geo/regions'
import { test } from 'vitest'
import {
  cascadeOptions,
  chooseCity,
  chooseCounty,
  chooseProvince,
  hasAddress,
  regionLine,
  setDetail,
  valueOfCode,
} from './cascade.ts'

const TREE: RegionNode[] = [
  {
    code: '440000',
    name: '广东省',
    children: [
      {
        code: '440300',
        name: '深圳市',
        children: [
          { code: '440304', name: '福田区' },
          { code: '440305', name: '南山区' },
        ],
      },
      { code: '441900', name: '东莞市', children: [{ code: '441900003', name: '东城街道' }] },
    ],
  },
  {
    code: '110000',
    name: '北京市',
    children: [{ code: '110100', name: '市辖区', children: [{ code: '110105', name: '朝阳区' }] }],
  },
]

const full = {
  province: '广东省',
  provinceCode: '440000',
  city: '深圳市',
  cityCode: '440300',
  county: '南山区',
  countyCode: '440305',
  address: '海岸路 1 号',
}

test('the options follow the chosen province and city', () => {
  assert.deepEqual(
    cascadeOptions(TREE, {}).provinces.map((p) => p.code),
    ['440000', '110000'],
  )
  assert.deepEqual(cascadeOptions(TREE, {}).cities, [])
  const options = cascadeOptions(TREE, full)
  assert.deepEqual(
    options.cities.map((c) => c.name),
    ['深圳市', '东莞市'],
  )
  assert.deepEqual(
    options.counties.map((c) => c.name),
    ['福田区', '南山区'],
  )
  // A city without counties offers its towns in the county select.
  assert.deepEqual(
    cascadeOptions(TREE, { provinceCode: '440000', cityCode: '441900' }).counties.map((c) => c.code),
    ['441900003'],
  )
})

test('choosing a province clears city and county but keeps the address line', () => {
  const next = chooseProvince(TREE, full, '110000')
  assert.deepEqual(next, {
    address: '海岸路 1 号',
    province: '北京市',
    provinceCode: '110000',
    city: undefined,
    cityCode: undefined,
    county: undefined,
    countyCode: undefined,
  })
  // Choosing the same province again still clears below it: the rule is about the choice, not a change.
  assert.equal(chooseProvince(TREE, full, '440000').cityCode, undefined)
  assert.equal(chooseProvince(TREE, full, '').provinceCode, undefined)
})

test('choosing a city clears the county; choosing a county sets its name', () => {
  const city = chooseCity(TREE, full, '441900')
  assert.equal(city.city, '东莞市')
  assert.equal(city.countyCode, undefined)
  assert.equal(city.county, undefined)
  assert.equal(city.provinceCode, '440000')
  const town = chooseCounty(TREE, city, '441900003')
  assert.equal(town.county, '东城街道')
  // A code that is not under the chosen city is not taken.
  assert.equal(chooseCounty(TREE, city, '440305').countyCode, undefined)
  assert.equal(chooseCity(TREE, { provinceCode: '110000' }, '440300').cityCode, undefined)
})

test('the address line is cut to its maximum; clearing and the region line', () => {
  assert.equal(setDetail({}, 'x'.repeat(120)).address!.length, 100)
  assert.equal(setDetail({}, 'x'.repeat(120), 20).address!.length, 20)
  assert.equal(hasAddress({}), false)
  assert.equal(hasAddress({ address: 'a' }), true)
  assert.equal(regionLine(full), '广东省 深圳市 南山区')
})

test('a value is rebuilt from one area code, parents included', () => {
  assert.deepEqual(valueOfCode(TREE, '440305'), {
    province: '广东省',
    provinceCode: '440000',
    city: '深圳市',
    cityCode: '440300',
    county: '南山区',
    countyCode: '440305',
  })
  assert.equal(valueOfCode(TREE, '440300').countyCode, undefined)
  assert.deepEqual(valueOfCode(TREE, '999999'), valueOfCode(TREE, undefined))
})
