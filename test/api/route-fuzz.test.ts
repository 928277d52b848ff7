// Every route of the app's own route table, fed the malformed inputs a careless client or an attacker sends: huge and
// non-numeric ids in paths and queries, NUL characters, numbers out of any column's range, coerced types in JSON
// bodies, broken multipart. Nothing may answer HTTP 500. Routes added later are covered without anyone listing them.
import assert from 'node:assert/strict'
import type { DeclaredRoute } from '@pms/server/http/guard'
import { test } from 'vitest'
import { bearer, describeProduct, type TestProduct } from './harness.ts'
import { ABSENT_ID, platformOnly, routesOf, type Schema, sample, typesOf } from './route-table-support.ts'

/** A JSON literal that JSON.stringify cannot write (it would become 100000000000000000000). */
const HUGE = '__HUGE__'
const PATH_VALUES = ['99999999999999999999', 'abc', '%00']
const QUERY_VALUES = ['99999999999999999999', 'abc']
// A string where an integer belongs is the same type error as a boolean (JSON bodies are never coerced); money fields
// get all three coerced forms in the money test.
const NUMBER_VALUES: unknown[] = [true, HUGE]
const STRING_VALUES: unknown[] = [12]
const OTHER_VALUES: unknown[] = [HUGE]
const OUT_OF_RANGE: unknown[] = [HUGE]
const MONEY_NAME = /cents|amount|price|fee|deposit|balance/i
/** What a careless client sends for 100 cents; JSON bodies are never coerced, so each is a 400. */
const COERCIBLE_MONEY: unknown[] = [true, [100], '100']

/** Routes whose body has integer money fields, with their names and a sampled body. */
function moneyRoutes(routes: readonly DeclaredRoute[]) {
  return routes.flatMap((route) => {
    const body = route.schema?.body as Schema | undefined
    const money = Object.entries<Schema>(body?.properties ?? {})
      .filter(([name, s]) => MONEY_NAME.test(name) && typesOf(s.anyOf?.[0] ?? s).includes('integer'))
      .map(([name]) => name)
    return money.length ? [{ ...route, money, sampled: sample(body) as Record<string, unknown> }] : []
  })
}

function valuesFor(s: Schema, name = ''): unknown[] {
  const types = typesOf(s.anyOf?.[0] ?? s)
  // A money field's coerced values are sent by the money test, which asks for more than 'not 500': a 400.
  if (types.includes('integer') && MONEY_NAME.test(name)) return OUT_OF_RANGE
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
  for (const [name, schema] of properties)
    for (const v of valuesFor(schema, name)) send({ ...sampled, [name]: v })
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
  // NUL in a body that is not even an object, where no text field carried one above.
  if (!properties.some(([, schema]) => valuesFor(schema) === STRING_VALUES)) send('a\u0000b')
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

interface Answer {
  status: number
  text: string
  ms: number
}

/** Sends one probe through the bridge app in-process (light-my-request): every hook, parser and handler of a real
 * request runs, without a socket on either side. */
async function run(product: TestProduct, probe: Probe): Promise<Answer> {
  const headers: Record<string, string> = { host: new URL(product.baseUrl).host, 'accept-language': 'en-US' }
  if (probe.token) headers.authorization = `Bearer ${probe.token}`
  if (probe.contentType) headers['content-type'] = probe.contentType
  const started = performance.now()
  const res = await product.app.inject({
    method: probe.method.toUpperCase() as 'GET',
    url: probe.path,
    headers,
    payload: probe.body,
  })
  return { status: res.statusCode, text: res.body, ms: performance.now() - started }
}

const describeProbe = (probe: Probe, res: Answer) =>
  `${probe.method.toUpperCase()} ${probe.path} ${probe.body?.slice(0, 120) ?? ''} → ${res.status} ${res.text.slice(0, 160)}`

/**
 * Runs the probes several at a time (the database serialises its part; this overlaps HTTP, parsing, validation) and
 * answers those whose answer `wrong` refuses. Identical probes are sent once.
 */
async function runAll(product: TestProduct, probes: Probe[], wrong: (res: Answer) => boolean) {
  const seen = new Set<string>()
  const all = probes.filter((probe) => {
    const key = JSON.stringify(probe)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const failures: string[] = []
  const timings: [number, string][] = []
  let next = 0
  const worker = async () => {
    while (next < all.length) {
      const probe = all[next++]!
      const res = await run(product, probe)
      timings.push([res.ms, `${probe.method.toUpperCase()} ${probe.path.split('?')[0]}`])
      if (wrong(res)) failures.push(describeProbe(probe, res))
    }
  }
  const started = performance.now()
  const cpu = process.cpuUsage()
  await Promise.all(Array.from({ length: 16 }, worker))
  const used = process.cpuUsage(cpu)
  if (process.env.PMS_FUZZ_LOG) {
    const byRoute = new Map<string, number>()
    for (const [ms, route] of timings) byRoute.set(route, Math.max(byRoute.get(route) ?? 0, ms))
    const slowest = [...byRoute].sort((a, b) => b[1] - a[1]).slice(0, 15)
    console.error(
      `${all.length} probes (${probes.length - all.length} duplicates skipped) in ${Math.round(performance.now() - started)} ms, CPU ${Math.round((used.user + used.system) / 1000)} ms`,
      slowest.map(([route, ms]) => `${route} ${Math.round(ms)} ms`),
    )
  }
  return { failures, sent: all.length }
}

/** Routes that end the caller's own session or sign-in state; they are probed without a token. */
const SESSION_ENDING = new Set(['DELETE /prod-api/auth/logout'])

// One product for both tests: starting one is the slowest part of the file.
describeProduct('route-table fuzz', (product) => {
  test('every registered route, every malformed input', { timeout: 300_000 }, async () => {
    const p = product()
    const routes = routesOf(p.server().routes)
    assert.ok(routes.length > 150, `the route table lists ${routes.length} routes`)
    const admin = await p.login('admin')
    const manager = await p.login('manager')
    const all: Probe[] = []
    for (const route of routes) {
      const key = `${route.method} ${route.url}`
      const token = SESSION_ENDING.has(key) ? undefined : platformOnly(route) ? admin : manager
      all.push(...probes(route, token))
    }
    const { failures, sent } = await runAll(p, all, (res) => res.status >= 500)
    assert.deepEqual(failures, [], `${failures.length} of ${sent} malformed requests answered 500`)
    // The fuzz must have run signed in throughout, or it proved nothing beyond the guard.
    for (const token of [admin, manager])
      assert.equal((await p.http.get('/prod-api/system/user/getInfo').set(bearer(token))).status, 200)
  })

  test('a boolean, an array or a string in any money field of any route is a 400', async () => {
    const p = product()
    const admin = await p.login('admin')
    const manager = await p.login('manager')
    const checked: string[] = []
    const all: Probe[] = []
    for (const route of moneyRoutes(p.server().routes)) {
      const token = platformOnly(route) ? admin : manager
      const path = route.url.replace(/:(\w+)/g, String(ABSENT_ID))
      for (const name of route.money) {
        for (const value of COERCIBLE_MONEY)
          all.push({
            method: route.method.toLowerCase(),
            path,
            token,
            contentType: 'application/json',
            body: JSON.stringify({ ...route.sampled, [name]: value }),
          })
        checked.push(`${route.method} ${route.url} ${name}`)
      }
    }
    const { failures, sent } = await runAll(p, all, (res) => res.status !== 400)
    assert.deepEqual(failures, [], `${failures.length} of ${sent} coerced amounts were not refused with 400`)
    for (const route of ['deposit', 'payment', 'refund', 'expense'])
      assert.ok(
        checked.some((c) => c.includes(`/pmsFolio/${route} amountCents`)),
        `the folio ${route} route is among the money routes checked`,
      )
    // The folio routes name the field: every other field of the sample is valid there.
    for (const value of COERCIBLE_MONEY) {
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
