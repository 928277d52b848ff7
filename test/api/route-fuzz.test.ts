// Every route of the app's own route table, fed the malformed inputs a careless client or an attacker sends: huge and
// non-numeric ids in paths and queries, NUL characters, numbers out of any column's range, coerced types in JSON
// bodies, broken multipart. Nothing may answer HTTP 500. Routes added later are covered without anyone listing them.
import assert from 'node:assert/strict'
import type { DeclaredRoute } from '@pms/server/http/guard'
import { test } from 'vitest'
import { bearer, describeProduct, type TestProduct } from './harness.ts'
import { ABSENT_ID, type Schema, sample, typesOf } from './route-table-support.ts'

/** A JSON literal that JSON.stringify cannot write (it would become 100000000000000000000). */
const HUGE = '__HUGE__'
const PATH_VALUES = ['99999999999999999999', 'abc', '%00']
const QUERY_VALUES = ['99999999999999999999', 'abc']
const NUMBER_VALUES: unknown[] = [true, '100', HUGE]
const STRING_VALUES: unknown[] = [12]
const OTHER_VALUES: unknown[] = [HUGE]
function valuesFor(s: Schema): unknown[] {
  const types = typesOf(s.anyOf?.[0] ?? s)
  if (types.includes('integer') || types.includes('number')) return NUMBER_VALUES
  if (types.includes('string')) return STRING_VALUES
  return OTHER_VALUES
}

interface Probe {
  method: string
  path: string
  body?: string
  contentType?: string
  token?: string
}

/** The malformed requests for one route. */
function probes(route: DeclaredRoute, token: string | undefined): Probe[] {
  const method = route.method.toLowerCase()
  const params = (route.url.match(/:(\w+)/g) ?? []).map((p) => p.slice(1))
  const fill = (values: Record<string, string>) =>
    route.url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? String(ABSENT_ID))
  const out: Probe[] = []
  for (const param of params)
    for (const value of PATH_VALUES) out.push({ method, path: fill({ [param]: value }), token })
  const base = fill({})
  const query: Schema | undefined = route.schema?.querystring as Schema | undefined
  const queryNames = Object.keys(query?.properties ?? {})
  for (const name of new Set([...(method === 'get' ? ['pageNum'] : []), ...queryNames]))
    for (const value of QUERY_VALUES) out.push({ method, path: `${base}?${name}=${value}`, token })
  if (queryNames.length)
    out.push({ method, path: `${base}?${queryNames.map((n) => `${n}=%00x`).join('&')}`, token })
  if (!['post', 'put', 'patch', 'delete'].includes(method)) return out
  const body = route.schema?.body as Schema | undefined
  const sampled = (sample(body) ?? {}) as Record<string, unknown>
  const properties = Object.entries<Schema>(body?.properties ?? {})
  const send = (value: Record<string, unknown> | unknown) =>
    out.push({
      method,
      path: base,
      token,
      contentType: 'application/json',
      body: JSON.stringify(value).replaceAll(`"${HUGE}"`, '99999999999999999999'),
    })
  for (const [name, schema] of properties) for (const v of valuesFor(schema)) send({ ...sampled, [name]: v })
  // Routes that read their body by hand (no schema) get the same values under the names clients commonly use.
  if (properties.length === 0)
    for (const v of [...NUMBER_VALUES, ...STRING_VALUES]) send({ id: v, orderId: v, amountCents: v, name: v })
  // NUL is refused before any schema runs, so one probe with every text field holding one covers the route.
  send(
    Object.fromEntries(
      properties.map(([name, schema]) => [
        name,
        valuesFor(schema) === STRING_VALUES ? 'a\u0000b' : sampled[name],
      ]),
    ),
  )
  send('a\u0000b')
  out.push({
    method,
    path: base,
    token,
    contentType: 'multipart/form-data; boundary=fuzz',
    // A part cut off before its end boundary.
    body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  })
  return out
}

async function run(base: string, probe: Probe): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' }
  if (probe.token) headers.authorization = `Bearer ${probe.token}`
  if (probe.contentType) headers['content-type'] = probe.contentType
  const res = await fetch(`${base}${probe.path}`, {
    method: probe.method.toUpperCase(),
    headers,
    body: probe.body,
  })
  return { status: res.status, text: await res.text() }
}

/** Runs the probes a few at a time (the database serialises anyway; this only hides the HTTP round trips). */
async function runAll(product: TestProduct, all: Probe[]) {
  const failures: string[] = []
  let next = 0
  const worker = async () => {
    while (next < all.length) {
      const probe = all[next++]!
      const res = await run(product.baseUrl, probe)
      if (res.status >= 500) {
        if (process.env.PMS_FUZZ_LOG) console.error(probe, res.status, res.text.slice(0, 200))
        failures.push(
          `${probe.method.toUpperCase()} ${probe.path} ${probe.body?.slice(0, 120) ?? ''} → ${res.status} ${res.text.slice(0, 160)}`,
        )
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return failures
}

/** Routes that end the caller's own session or sign-in state; they are probed without a token. */
const SESSION_ENDING = new Set(['DELETE /prod-api/auth/logout'])

describeProduct('route-table fuzz: no malformed request answers 500', (product) => {
  test('every registered route, every malformed input', { timeout: 300_000 }, async () => {
    const p = product()
    const routes = p.server().routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    assert.ok(routes.length > 150, `the route table lists ${routes.length} routes`)
    const admin = await p.login('admin')
    const manager = await p.login('manager')
    const all: Probe[] = []
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      const platformOnly = route.access.userTypes?.includes(1) && !route.access.userTypes.includes(2)
      const token = SESSION_ENDING.has(key) ? undefined : platformOnly ? admin : manager
      all.push(...probes(route, token))
    }
    const started = Date.now()
    const failures = await runAll(p, all)
    if (process.env.PMS_FUZZ_LOG) console.error(`${all.length} probes in ${Date.now() - started} ms`)
    assert.deepEqual(failures, [], `${failures.length} of ${all.length} malformed requests answered 500`)
    // The fuzz must have run signed in throughout, or it proved nothing beyond the guard.
    for (const token of [admin, manager])
      assert.equal((await p.http.get('/prod-api/system/user/getInfo').set(bearer(token))).status, 200)
  })
})

const MONEY_NAME = /cents|amount|price|fee|deposit|balance/i

describeProduct('route-table fuzz: money is never coerced', (product) => {
  test('a boolean, an array or a string in any money field of any route is a 400', async () => {
    const p = product()
    const admin = await p.login('admin')
    const manager = await p.login('manager')
    const checked: string[] = []
    for (const route of p.server().routes) {
      const body = route.schema?.body as Schema | undefined
      const money = Object.entries<Schema>(body?.properties ?? {}).filter(
        ([name, s]) => MONEY_NAME.test(name) && typesOf(s.anyOf?.[0] ?? s).includes('integer'),
      )
      if (money.length === 0) continue
      const platformOnly = route.access.userTypes?.includes(1) && !route.access.userTypes.includes(2)
      const token = platformOnly ? admin : manager
      const path = route.url.replace(/:(\w+)/g, String(ABSENT_ID))
      const sampled = sample(body) as Record<string, unknown>
      for (const [name] of money)
        for (const value of [true, [100], '100']) {
          const res = await p.http[route.method.toLowerCase() as 'post']
            .call(p.http, path)
            .set(bearer(token))
            .set('Accept-Language', 'en-US')
            .send({ ...sampled, [name]: value })
          assert.equal(
            res.status,
            400,
            `${route.method} ${route.url} ${name}=${JSON.stringify(value)}: ${res.text}`,
          )
          checked.push(`${route.method} ${route.url} ${name}`)
        }
    }
    for (const route of ['deposit', 'payment', 'refund', 'expense'])
      assert.ok(
        checked.some((c) => c.includes(`/pmsFolio/${route} amountCents`)),
        `the folio ${route} route is among the money routes checked`,
      )
    // The folio routes name the field: every other field of the sample is valid there.
    for (const value of [true, [100], '100']) {
      const res = await p.http
        .post('/prod-api/pms/pmsFolio/deposit')
        .set(bearer(manager))
        .set('Accept-Language', 'en-US')
        .send({ orderId: ABSENT_ID, amountCents: value, method: 'cash' })
      assert.equal(res.status, 400)
      assert.match(res.body.msg, /amountCents/)
    }
  })
})
