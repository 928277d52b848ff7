// The region table and the maps service (SPEC §2.6, §3, §7): the tree's shape and caching, names filled from codes,
// the offline provider's suggestions and districts, its clear 'not available offline' answers, and the AMap adapter's
// requests and response reading (the real service is not reachable here: its fetch is handed in).
import assert from 'node:assert/strict'
import type { RegionNode } from '@pms/protocol/geo/regions'
import { beforeAll, test } from 'vitest'
import { AmapMaps, amapUrl } from '../../server/src/regions/maps.ts'
import { bearer, describeProduct } from './harness.ts'
import { call } from './room-stock-support.ts'

describeProduct('region table and maps service', (product) => {
  let clerk: string

  beforeAll(async () => {
    clerk = await product().login('clerk')
  })

  test('the tree is public: 31 provinces → cities → counties with 6-digit codes, towns under cities without counties', async () => {
    const res = await product().http.get('/prod-api/system/region/tree').set('Accept-Language', 'en-US')
    assert.equal(res.status, 200)
    assert.equal(res.body.code, 200)
    assert.equal(res.body.msg, 'Operation succeeded')
    const tree = res.body.data as RegionNode[]
    assert.equal(tree.length, 31)
    for (const province of tree) {
      assert.match(province.code, /^\d{2}0000$/)
      for (const city of province.children!) {
        assert.match(city.code, /^\d{4}00$/)
        assert.ok(city.code.startsWith(province.code.slice(0, 2)))
        for (const county of city.children ?? []) assert.ok(county.code.startsWith(city.code.slice(0, 4)))
      }
    }
    const guangdong = tree.find((p) => p.code === '440000')!
    assert.equal(guangdong.name, '广东省')
    const shenzhen = guangdong.children!.find((c) => c.code === '440300')!
    assert.equal(shenzhen.name, '深圳市')
    assert.deepEqual(
      shenzhen.children!.find((c) => c.code === '440305'),
      { code: '440305', name: '南山区' },
    )
    // Dongguan has no counties: its children are towns and streets with 9-digit codes.
    const dongguan = guangdong.children!.find((c) => c.code === '441900')!
    assert.ok(dongguan.children!.length > 20)
    assert.ok(dongguan.children!.every((t) => /^441900\d{3}$/.test(t.code)))
  })

  test('the tree is cached: an ETag, and 304 when it has not changed', async () => {
    const first = await product().http.get('/prod-api/system/region/tree').set('Accept-Language', 'en-US')
    const etag = first.headers.etag as string
    assert.ok(etag)
    assert.match(first.headers['cache-control'] as string, /max-age=\d+/)
    const again = await product()
      .http.get('/prod-api/system/region/tree')
      .set('Accept-Language', 'en-US')
      .set('If-None-Match', etag)
    assert.equal(again.status, 304)
    assert.equal(again.text, '')
    // The envelope's message is translated, so another language is another entity.
    const zh = await product().http.get('/prod-api/system/region/tree').set('If-None-Match', etag)
    assert.equal(zh.status, 200)
    assert.notEqual(zh.headers.etag, etag)
  })

  test('an address value gets its names (and parent codes) from its codes', async () => {
    const http = product().http
    const full = await http
      .get('/prod-api/system/region/address')
      .query({ countyCode: '440305', address: '海岸路 1 号' })
    assert.deepEqual(full.body.data, {
      province: '广东省',
      provinceCode: '440000',
      city: '深圳市',
      cityCode: '440300',
      county: '南山区',
      countyCode: '440305',
      address: '海岸路 1 号',
    })
    const cityOnly = await http
      .get('/prod-api/system/region/address')
      .query({ provinceCode: '110000', cityCode: '110100' })
    assert.deepEqual(cityOnly.body.data, {
      province: '北京市',
      provinceCode: '110000',
      city: '市辖区',
      cityCode: '110100',
    })
    const given = await http
      .get('/prod-api/system/region/address')
      .query({ cityCode: '440300', city: 'Shenzhen' })
    assert.equal(given.body.data.city, 'Shenzhen', 'a given name is kept')
    assert.equal(given.body.data.province, '广东省')
    for (const [query, field] of [
      [{ countyCode: '440399' }, 'countyCode'],
      [{ provinceCode: '110000', countyCode: '440305' }, 'countyCode'],
      [{ cityCode: '440305' }, 'cityCode'],
      [{ provinceCode: '44' }, 'provinceCode'],
    ] as const) {
      const res = await http
        .get('/prod-api/system/region/address')
        .query(query)
        .set('Accept-Language', 'en-US')
      assert.equal(res.status, 400, JSON.stringify(query))
      assert.match(res.body.msg, new RegExp(field))
    }
  })

  test('offline suggestions: known property addresses first, then region names, each with its area code', async () => {
    const p = product()
    const street = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '海岸路' })
    assert.equal(street.code, 200)
    assert.equal(street.data.provider, 'offline')
    assert.equal(street.data.available, true)
    assert.deepEqual(street.data.result, [
      { title: '海岸路 1 号', address: '广东省深圳市南山区海岸路 1 号', cityId: '440305' },
    ])

    const nanshan = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '南山' })
    const titles = nanshan.data.result.map((s: { title: string }) => s.title)
    assert.ok(titles.includes('南山区'))
    assert.ok(
      nanshan.data.result.some(
        (s: { address: string; cityId: string }) =>
          s.address === '广东省深圳市南山区' && s.cityId === '440305',
      ),
    )
    assert.ok(nanshan.data.result.length <= 10)

    const both = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '深圳 福田' })
    assert.equal(both.data.result[0].address, '广东省深圳市福田区中心路 8 号')
    assert.ok(both.data.result.some((s: { cityId: string }) => s.cityId === '440304'))

    // Same county name in two cities: both, told apart by their codes; a city restricts them.
    const chaoyang = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '朝阳区' })
    const codes = chaoyang.data.result.map((s: { cityId: string }) => s.cityId)
    assert.ok(codes.includes('110105') && codes.includes('220104'), codes.join())
    const inBeijing = await call(p, clerk, 'get', '/system/maps/suggestion', {
      keyword: '朝阳区',
      city: '110000',
    })
    assert.deepEqual(
      inBeijing.data.result.map((s: { cityId: string }) => s.cityId),
      ['110105'],
    )
    const none = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: 'zzzz-nowhere' })
    assert.deepEqual(none.data.result, [])
    const empty = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '' })
    assert.equal(empty.status, 400)
    assert.match(empty.msg, /keyword/)
  })

  test('offline districts; reverse geocoding and IP location say clearly they are not available offline', async () => {
    const p = product()
    const country = await call(p, clerk, 'get', '/system/maps/district')
    assert.equal(country.data.result[0].level, 'country')
    assert.equal(country.data.result[0].children.length, 31)
    assert.equal(country.data.result[0].children[0].children, undefined)
    const shenzhen = await call(p, clerk, 'get', '/system/maps/district', {
      keywords: '440300',
      subdistrict: 1,
    })
    assert.equal(shenzhen.data.result[0].name, '深圳市')
    assert.equal(shenzhen.data.result[0].level, 'city')
    assert.ok(shenzhen.data.result[0].children.some((c: { name: string }) => c.name === '南山区'))
    const byName = await call(p, clerk, 'get', '/system/maps/district', {
      keywords: '朝阳区',
      subdistrict: 0,
    })
    assert.deepEqual(byName.data.result.map((d: { code: string }) => d.code).sort(), ['110105', '220104'])
    assert.equal((await call(p, clerk, 'get', '/system/maps/district', { subdistrict: 3 })).status, 400)

    const regeo = await call(p, clerk, 'get', '/system/maps/regeo', { lat: 22.52, lng: 113.93 })
    assert.equal(regeo.code, 200)
    assert.deepEqual(regeo.data, { provider: 'offline', available: false })
    assert.equal(regeo.msg, 'Reverse geocoding is not available offline; configure a maps provider')
    const ip = await call(p, clerk, 'get', '/system/maps/ip', { ip: '8.8.8.8' })
    assert.deepEqual(ip.data, { provider: 'offline', available: false })
    assert.equal(ip.msg, 'IP location is not available offline; configure a maps provider')

    const badLat = await call(p, clerk, 'get', '/system/maps/regeo', { lat: 91, lng: 1 })
    assert.equal(badLat.status, 400)
    assert.match(badLat.msg, /lat/)
    assert.equal((await call(p, clerk, 'get', '/system/maps/ip', { ip: 'not-an-ip' })).status, 400)
    for (const path of ['district', 'regeo?lat=1&lng=1', 'suggestion?keyword=a', 'ip']) {
      const res = await p.http.get(`/prod-api/system/maps/${path}`)
      assert.equal(res.status, 401, path)
    }
  })

  test('with sys.maps.provider amap and a key, the calls go to the web service (unreachable here: a clear failure)', async () => {
    const p = product()
    const admin = await p.login('admin')
    for (const [configKey, configValue] of [
      ['sys.maps.provider', 'amap'],
      ['sys.maps.key', 'not-a-real-key'],
    ]) {
      const res = await p.http
        .post('/prod-api/system/config')
        .set(bearer(admin))
        .send({ configName: configKey, configKey, configValue })
      assert.equal(res.body.code, 200, JSON.stringify(res.body))
    }
    try {
      const res = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '海岸路' })
      assert.equal(res.code, 500)
      assert.match(res.msg, /^The maps service failed: /)
    } finally {
      await p.query("DELETE FROM sys_config WHERE config_key IN ('sys.maps.provider', 'sys.maps.key')")
    }
    const back = await call(p, clerk, 'get', '/system/maps/suggestion', { keyword: '海岸路' })
    assert.equal(back.data.provider, 'offline')
  })
})

/** A fetch that records the URL asked for and answers a documented AMap response body. */
function recordingFetch(body: unknown) {
  const urls: URL[] = []
  const fetch = (async (input: URL) => {
    urls.push(new URL(input))
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  return { fetch, urls }
}

test('AMap requests carry the documented paths, parameters and the key', () => {
  const url = amapUrl(
    '/v3/assistant/inputtips',
    { keywords: '海岸路', city: '440300', citylimit: undefined },
    'K1',
  )
  assert.equal(url.origin, 'https://restapi.amap.com')
  assert.equal(url.pathname, '/v3/assistant/inputtips')
  assert.equal(url.searchParams.get('keywords'), '海岸路')
  assert.equal(url.searchParams.get('city'), '440300')
  assert.equal(url.searchParams.has('citylimit'), false)
  assert.equal(url.searchParams.get('key'), 'K1')
  assert.equal(url.searchParams.get('output'), 'JSON')
})

test('the AMap adapter reads input tips, reverse geocoding, IP location and districts', async () => {
  const tips = recordingFetch({
    status: '1',
    info: 'OK',
    tips: [
      {
        name: '海岸城',
        district: '广东省深圳市南山区',
        adcode: '440305',
        location: '113.936,22.517',
        address: '文心五路33号',
      },
      { name: '地铁2号线', district: [], adcode: [], location: [], address: [] },
    ],
  })
  const maps = new AmapMaps('K2', { fetch: tips.fetch })
  const suggestions = await maps.suggestions(' 海岸 ', '440300')
  assert.equal(tips.urls[0]!.pathname, '/v3/assistant/inputtips')
  assert.equal(tips.urls[0]!.searchParams.get('keywords'), '海岸')
  assert.equal(tips.urls[0]!.searchParams.get('citylimit'), 'true')
  assert.deepEqual(suggestions, {
    provider: 'amap',
    available: true,
    result: [
      {
        title: '海岸城',
        address: '广东省深圳市南山区文心五路33号',
        cityId: '440305',
        location: { lat: 22.517, lng: 113.936 },
      },
    ],
  })

  const regeo = recordingFetch({
    status: '1',
    regeocode: {
      formatted_address: '广东省深圳市南山区粤海街道海岸城',
      addressComponent: { adcode: '440305' },
    },
  })
  const place = await new AmapMaps('K3', { fetch: regeo.fetch }).reverseGeocode({ lat: 22.517, lng: 113.936 })
  assert.equal(regeo.urls[0]!.searchParams.get('location'), '113.936000,22.517000', 'longitude first')
  assert.deepEqual(place.result, {
    province: '广东省',
    provinceCode: '440000',
    city: '深圳市',
    cityCode: '440300',
    county: '南山区',
    countyCode: '440305',
    address: '广东省深圳市南山区粤海街道海岸城',
    location: { lat: 22.517, lng: 113.936 },
  })

  const ip = recordingFetch({ status: '1', province: '广东省', city: '深圳市', adcode: '440300' })
  const located = await new AmapMaps('K4', { fetch: ip.fetch }).ipLocation('113.88.0.1')
  assert.equal(ip.urls[0]!.pathname, '/v3/ip')
  assert.equal(ip.urls[0]!.searchParams.get('ip'), '113.88.0.1')
  assert.equal(located.result!.cityCode, '440300')
  assert.equal(located.result!.countyCode, '')

  const district = recordingFetch({
    status: '1',
    districts: [
      {
        adcode: '440300',
        name: '深圳市',
        center: '114.057868,22.543099',
        level: 'city',
        districts: [
          {
            adcode: '440305',
            name: '南山区',
            center: '113.930413,22.533287',
            level: 'district',
            districts: [],
          },
        ],
      },
    ],
  })
  const districts = await new AmapMaps('K5', { fetch: district.fetch }).districts({
    keywords: '深圳',
    subdistrict: 1,
  })
  assert.equal(district.urls[0]!.searchParams.get('subdistrict'), '1')
  assert.equal(districts.result![0]!.children![0]!.level, 'county')
  assert.deepEqual(districts.result![0]!.center, { lat: 22.543099, lng: 114.057868 })
})

test('the AMap adapter reports a refused key and a timeout as a maps failure', async () => {
  const refused = recordingFetch({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' })
  await assert.rejects(new AmapMaps('bad', { fetch: refused.fetch }).suggestions('x'), (e: any) => {
    assert.equal(e.key, 'maps.providerFailed')
    assert.deepEqual(e.params, ['INVALID_USER_KEY'])
    return true
  })
  const hanging = ((_: URL, init: RequestInit) =>
    new Promise((_resolve, reject) => {
      init.signal!.addEventListener('abort', () => reject(init.signal!.reason))
    })) as unknown as typeof globalThis.fetch
  // AbortSignal.timeout's timer does not hold the event loop open; this interval does, until the abort is seen.
  const keepAlive = setInterval(() => {}, 1000)
  try {
    await assert.rejects(
      new AmapMaps('k', { fetch: hanging, timeoutMs: 20 }).ipLocation('1.1.1.1'),
      (e: any) => {
        assert.deepEqual(e.params, ['timeout'])
        return true
      },
    )
  } finally {
    clearInterval(keepAlive)
  }
  const nothing = recordingFetch({
    status: '1',
    regeocode: { formatted_address: [], addressComponent: { adcode: [] } },
  })
  await assert.rejects(
    new AmapMaps('k', { fetch: nothing.fetch }).reverseGeocode({ lat: 0, lng: 0 }),
    (e: any) => {
      assert.equal(e.key, 'maps.notFound')
      return true
    },
  )
})
