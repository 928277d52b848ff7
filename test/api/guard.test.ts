// Cross-cutting proof over every declared route: no token → 401 (unless public), a permission the caller lacks → 403,
// and malformed bodies, params and queries → 400 naming the field, never 500.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import type { DeclaredRoute } from '../../server/src/http/guard.ts'
import { bearer, describeProduct, type TestProduct } from './harness.ts'

/** Valid stand-ins for path parameters, so a call reaches the guard with a well-formed URL. */
const PARAM_VALUES: Record<string, string> = {
  type: 'sys_yes_no',
  key: 'sys.account.captchaEnabled',
  code: 'en-US',
  uuid: '00000000-0000-4000-8000-000000000000',
  folder: 'avatar',
  name: `${'0'.repeat(24)}.png`,
}
export function fillParams(url: string, overrides: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_, name: string) => overrides[name] ?? PARAM_VALUES[name] ?? '1')
}

function call(product: TestProduct, route: { method: string; url: string }, token?: string) {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'
  const req = product.http[method](route.url)
  if (token) req.set(bearer(token))
  return route.method === 'GET' || route.method === 'DELETE' ? req : req.send({})
}

describeProduct('route guard over every declared route', (product) => {
  let routes: DeclaredRoute[]
  let admin: string
  let manager: string
  let roleless: string

  beforeAll(async () => {
    routes = product()
      .server()
      .routes.filter((r) => r.method !== 'OPTIONS')
      .map((r) => ({ ...r, url: r.url.startsWith('/prod-api') ? r.url : `/prod-api${r.url}` }))
    admin = await product().login('admin')
    manager = await product().login('manager')
    // A property staff account bound to no property and holding no role: it may sign in, and do nothing guarded.
    const created = await product()
      .http.post('/prod-api/system/user')
      .set(bearer(admin))
      .send({ userName: 'noroles', password: 'noroles123', nickName: 'No roles', userType: 2 })
    assert.equal(created.body.code, 200, JSON.stringify(created.body))
    roleless = await product().login('noroles', 'noroles123')
  })

  test('the route list covers the system core and push records', () => {
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`))
    for (const expected of [
      'GET /prod-api/system/dict/data/type/:type',
      'GET /prod-api/system/config/configKey/:key',
      'DELETE /prod-api/system/config/clearCache',
      'GET /prod-api/system/sysLanguage/web',
      'POST /prod-api/system/sysLanguage/importData',
      'GET /prod-api/system/sysPropertyComp/listAll',
      'PUT /prod-api/system/role/changeStatus',
      'GET /prod-api/system/menu/roleMenuTreeselect/:roleId',
      'GET /prod-api/pms/pmsPushRecord/unreadCount',
      'GET /prod-api/system/smsRecord/list',
    ])
      assert.ok(urls.has(expected), expected)
    assert.ok(routes.length > 60, `only ${routes.length} routes`)
  })

  test('(a) every route not declared public answers 401 without a token', async () => {
    const guarded = routes.filter((r) => r.access.auth !== 'public')
    const failures: string[] = []
    for (const route of guarded) {
      const res = await call(product(), { method: route.method, url: fillParams(route.url) })
      if (res.status !== 401 || res.body.code !== 401)
        failures.push(`${route.method} ${route.url} → ${res.status}`)
    }
    assert.deepEqual(failures, [])
    assert.ok(guarded.length > 50)
  })

  test('(b) every route with a permission answers 403 to a staff account whose role lacks it', async () => {
    const info = await product().http.get('/prod-api/system/user/getInfo').set(bearer(roleless))
    assert.deepEqual(info.body.data.permissions, [])
    const withPermission = routes.filter((r) => r.access.permission)
    const failures: string[] = []
    for (const route of withPermission) {
      const res = await call(product(), { method: route.method, url: fillParams(route.url) }, roleless)
      if (res.status !== 403 || res.body.code !== 403)
        failures.push(`${route.method} ${route.url} → ${res.status}`)
    }
    assert.deepEqual(failures, [])
    // Platform-only routes refuse property staff even where no permission is named.
    for (const route of routes.filter((r) => r.access.userTypes && !r.access.userTypes.includes(2))) {
      const res = await call(product(), { method: route.method, url: fillParams(route.url) }, manager)
      assert.equal(res.status, 403, `${route.method} ${route.url}`)
    }
    assert.ok(withPermission.length > 40)
  })

  test('(c) malformed bodies, params and queries answer 400 naming the field, never 500', async () => {
    const http = product().http
    type Case = [method: string, url: string, body: unknown, field: string, as?: 'manager']
    const long = (n: number) => 'x'.repeat(n)
    const cases: Case[] = [
      // Dictionary
      ['post', '/system/dict/type', { dictName: 'x' }, 'dictType'],
      ['post', '/system/dict/type', { dictName: long(101), dictType: 'a_b' }, 'dictName'],
      ['post', '/system/dict/type', { dictName: 'x', dictType: 'a_b', status: 2 }, 'status'],
      ['put', '/system/dict/type', { dictId: 'one', dictName: 'x' }, 'dictId'],
      [
        'post',
        '/system/dict/data',
        { dictType: 'sys_yes_no', dictValue: long(101), dictLabel: 'x' },
        'dictValue',
      ],
      [
        'post',
        '/system/dict/data',
        { dictType: { name: 'sys_yes_no' }, dictValue: '1', dictLabel: 'x' },
        'dictType',
      ],
      [
        'post',
        '/system/dict/data',
        { dictType: 'sys_yes_no', dictValue: '1', dictLabel: 'x', isDefault: 'maybe' },
        'isDefault',
      ],
      ['get', '/system/dict/data/list?pageSize=-5', undefined, 'pageSize'],
      ['get', `/system/dict/data/list?dictLabel=${long(101)}`, undefined, 'dictLabel'],
      ['get', '/system/dict/data/type/Not-A-Type', undefined, 'type'],
      // Config
      ['post', '/system/config', { configKey: 'a.b', configValue: '1' }, 'configName'],
      [
        'post',
        '/system/config',
        { configName: 'x', configKey: 'a.b', configValue: { nested: true } },
        'configValue',
      ],
      ['put', '/system/config', { configId: 0 }, 'configId'],
      ['get', '/system/config/list?pageSize=501', undefined, 'pageSize'],
      ['get', '/system/config/configKey/has%20space', undefined, 'key'],
      // Languages
      [
        'post',
        '/system/sysLanguage',
        { languageCode: 'en-US', languageKey: 'a b', content: 'x' },
        'languageKey',
      ],
      [
        'post',
        '/system/sysLanguage',
        { languageCode: 'en-US', languageKey: long(201), content: 'x' },
        'languageKey',
      ],
      [
        'post',
        '/system/sysLanguage',
        { languageCode: 'en-US', languageKey: 'a.b', content: long(2001) },
        'content',
      ],
      ['post', '/system/sysLanguage/writeLanguage', { entries: { a: 'b' } }, 'languageCode'],
      [
        'post',
        '/system/sysLanguage/writeLanguage',
        { languageCode: 'en-US', entries: ['a', 'b'] },
        'entries',
      ],
      ['post', '/system/sysLanguage/importData?languageCode=%21%21', undefined, 'languageCode'],
      ['get', '/system/sysLanguage/list?pageNum=0', undefined, 'pageNum'],
      ['put', '/system/sysLanguage/type', { name: 'x' }, 'code'],
      ['get', '/system/sysLanguage/type/e', undefined, 'code'],
      // Property components
      ['post', '/system/sysPropertyComp', { component: 'PmsX' }, 'compType'],
      ['post', '/system/sysPropertyComp', { component: 'PmsX', compType: 1.5 }, 'compType'],
      ['post', '/system/sysPropertyComp', { component: long(101), compType: 0 }, 'component'],
      ['get', '/system/sysPropertyComp/listAll?compType=1000', undefined, 'compType'],
      // Roles and menus
      ['post', '/system/role', { roleName: long(31), roleKey: 'x' }, 'roleName'],
      ['put', '/system/role', { roleName: 'x' }, 'roleId'],
      ['put', '/system/role/changeStatus', { roleId: 1, status: 'on' }, 'status'],
      ['get', '/system/role/list?roleType=abc', undefined, 'roleType'],
      ['delete', '/system/role/1,x', undefined, 'ids'],
      ['post', '/system/menu', { menuName: 'x', menuType: 'F', orderNum: -1 }, 'orderNum'],
      ['post', '/system/menu', { menuName: 'x', menuType: 'F', perms: 'a b' }, 'perms'],
      ['post', '/system/menu', { menuName: 'x', menuType: 'C', affix: 'yes' }, 'affix'],
      ['get', '/system/menu/list?status=9', undefined, 'status'],
      // Push records and sms/email records
      ['get', '/pms/pmsPushRecord/list?pageSize=501', undefined, 'pageSize', 'manager'],
      ['get', '/pms/pmsPushRecord/list?pageSize=-1', undefined, 'pageSize', 'manager'],
      ['put', '/pms/pmsPushRecord', { recordId: -2 }, 'recordId', 'manager'],
      ['put', '/pms/pmsPushRecord', { recordType: { type: 'order' } }, 'recordType', 'manager'],
      ['get', '/system/smsRecord/list?pageSize=501', undefined, 'pageSize'],
      ['get', `/system/emailRecord/list?email=${long(101)}`, undefined, 'email'],
      ['get', '/system/emailRecord/list?pageNum=-1', undefined, 'pageNum'],
      // Users and auth (the foundation's routes)
      ['post', '/system/user', { userName: 'ab', password: 'secret1' }, 'nickName'],
      ['post', '/system/user', { userName: 'a b', password: 'secret1', nickName: 'x' }, 'userName'],
      ['put', '/system/user/resetPwd', { userId: 'abc', password: 'secret1' }, 'userId'],
      ['get', '/system/user/list?pageSize=501', undefined, 'pageSize'],
      ['put', '/system/user/changeStatus', { userId: 2 }, 'status'],
      // Days that do not exist, years no database holds
      ['post', '/pms/pmsNightAudit/run', { businessDate: '2026-02-31' }, 'businessDate', 'manager'],
      ['get', '/pms/pmsNightAudit/snapshot/2026-02-31', undefined, 'businessDate', 'manager'],
      ['get', '/pms/pmsReport/daily?businessDate=2025-02-29', undefined, 'businessDate', 'manager'],
      ['get', '/pms/pmsReport/monthly?month=0000-01', undefined, 'month', 'manager'],
      ['get', '/pms/pmsReport/annual?year=0000', undefined, 'year', 'manager'],
      ['get', '/pms/pmsReport/income?beginDate=2026-04-31', undefined, 'beginDate', 'manager'],
      [
        'post',
        '/finance/fBookkeepeVoucher/subLedger',
        { subjectId: 1, beginDate: '2026-06-31', endDate: '2026-07-01' },
        'beginDate',
        'manager',
      ],
    ]
    // Every `:id` / `:ids` path parameter refuses a non-number.
    for (const route of routes) {
      const param = route.url.match(/:(id|ids|roleId)\b/)?.[1]
      if (!param) continue
      const as = route.access.userTypes && !route.access.userTypes.includes(1) ? 'manager' : undefined
      cases.push([
        route.method.toLowerCase(),
        fillParams(route.url, { [param]: 'abc' }).replace('/prod-api', ''),
        undefined,
        param,
        as,
      ])
    }
    assert.ok(cases.length >= 50, `${cases.length} cases`)
    const failures: string[] = []
    for (const [method, url, body, field, as] of cases) {
      const req = (http as any)
        [method](`/prod-api${url}`)
        .set(bearer(as === 'manager' ? manager : admin))
        .set('Accept-Language', 'en-US')
      const res = body === undefined ? await req : await req.send(body)
      if (res.status !== 400 || res.body.code !== 400 || !String(res.body.msg).includes(field))
        failures.push(`${method.toUpperCase()} ${url} → ${res.status} ${res.body.msg}`)
    }
    assert.deepEqual(failures, [])
  })
})
