// Open API documentation (issue 17, SPEC §2.1 /doc/open/:id): the OpenAPI 3 document generated from the declared route
// schemas, per area, public, with each call's authentication and permission.
import assert from 'node:assert/strict'
import { test } from 'vitest'
import { describeProduct } from './harness.ts'

describeProduct('open API documentation', (product) => {
  test('the areas, and one area generated from its route schemas', async () => {
    const areas = await product().http.get('/prod-api/doc/open')
    assert.equal(areas.body.code, 200)
    const names = areas.body.data.map((a: { area: string }) => a.area)
    for (const area of ['auth', 'finance', 'pms', 'system']) assert.ok(names.includes(area), area)
    assert.ok(!names.includes('doc'), 'the documentation does not document itself')

    const system = await product().http.get('/prod-api/doc/open/system')
    assert.equal(system.body.code, 200, JSON.stringify(system.body).slice(0, 300))
    const doc = system.body.data
    assert.equal(doc.openapi, '3.0.3')
    assert.deepEqual(doc.servers, [{ url: '/prod-api' }])
    assert.equal(doc.components.securitySchemes.bearer.scheme, 'bearer')
    assert.match(doc.info.description, /createPmsApiSecretKeyCode/)
    assert.ok(Object.keys(doc.paths).every((p: string) => p.startsWith('/system/')))
    const list = doc.paths['/system/sysFile/list'].get
    assert.equal(list['x-permission'], 'system:sysFile:list')
    assert.deepEqual(list.security, [{ bearer: [] }])
    // The query parameters come from the route's own schema.
    const params = list.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)
    assert.ok(params.includes('query:fileName') && params.includes('query:pageSize'), params.join(','))
    const managers = (await product().http.get('/prod-api/doc/open/pms')).body.data.paths[
      '/pms/pmsSalesManager'
    ]
    assert.deepEqual(managers.post['x-user-types'], [1])
    assert.ok(managers.post.requestBody.content['application/json'].schema.properties.userId)

    const auth = (await product().http.get('/prod-api/doc/open/auth')).body.data
    assert.deepEqual(auth.paths['/auth/login'].post.security, [], 'signing in needs no token')

    assert.equal((await product().http.get('/prod-api/doc/open/nothing')).status, 404)
    assert.equal((await product().http.get('/prod-api/doc/open/..%2Fetc')).status, 400)
  })
})
