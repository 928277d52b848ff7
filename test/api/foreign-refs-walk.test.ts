// Walks every write route of the app's own route table that property staff may call and names, in each id field it
// takes (path, query, body at any depth), a record that another property owns (made if none exists yet). Each such
// request must be refused as not found and leave the database as it was. An id field nobody has said the meaning of
// fails the walk: a new route states it in `config.refs` (server/src/http/property-records.ts), or uses a field name
// the API already knows.
import assert from 'node:assert/strict'
import { CardType } from '@pms/protocol'
import type { DeclaredRoute } from '@pms/server/http/guard'
import { localize } from '@pms/server/http/language'
import { type PropertyRecord, referenceOf } from '@pms/server/http/property-records'
import { test } from 'vitest'
import { demoIds } from './cards-support.ts'
import { arrangeBooksStaff, call, subjectIds, twoLines } from './finance-support.ts'
import { bearer, describeProduct, type TestProduct } from './harness.ts'
import { roomOf, walkIn } from './orders-support.ts'
import { OwnedRows } from './owned-rows-support.ts'
import {
  ABSENT_ID,
  platformOnly,
  routesOf,
  type Schema,
  sample,
  typesOf,
  WRITE_METHODS,
} from './route-table-support.ts'

/** One id-carrying field of a route: where it is, its name, and whether it holds one id or several. */
interface IdField {
  in: 'params' | 'query' | 'body'
  /** Path into the body (array steps are 0), or the parameter's name. */
  path: (string | number)[]
  name: string
  many: boolean
}

const ID_NAME = /^ids?$|[a-z0-9]Ids?$/

function idKind(name: string, s: Schema | undefined): 'one' | 'many' | undefined {
  if (!ID_NAME.test(name)) return undefined
  if (!s) return /ids$/i.test(name) ? 'many' : 'one'
  const types = [...typesOf(s), ...(s.anyOf ?? []).flatMap((x: Schema) => typesOf(x))]
  if (types.includes('integer') || types.includes('number')) return 'one'
  if (types.includes('array')) {
    const items = s.items ?? {}
    return typesOf(items).includes('integer') ? 'many' : undefined
  }
  if (types.includes('string') && /ids$/i.test(name)) return 'many'
  return undefined
}

function bodyFields(s: Schema | undefined, path: (string | number)[], out: IdField[]) {
  if (!s) return
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const x of s[key] ?? []) bodyFields(x, path, out)
  for (const [name, child] of Object.entries<Schema>(s.properties ?? {})) {
    const kind = idKind(name, child)
    if (kind) out.push({ in: 'body', path: [...path, name], name, many: kind === 'many' })
    else if (typesOf(child).includes('array') && child.items) bodyFields(child.items, [...path, name, 0], out)
    else if (typesOf(child).includes('object')) bodyFields(child, [...path, name], out)
  }
}

function idFields(route: DeclaredRoute): IdField[] {
  const out: IdField[] = []
  const params = (route.schema?.params as Schema | undefined)?.properties ?? {}
  for (const name of (route.url.match(/:(\w+)/g) ?? []).map((p) => p.slice(1))) {
    const kind = idKind(name, params[name])
    if (kind) out.push({ in: 'params', path: [name], name, many: kind === 'many' })
  }
  for (const [name, s] of Object.entries<Schema>((route.schema?.querystring as Schema)?.properties ?? {})) {
    const kind = idKind(name, s)
    if (kind) out.push({ in: 'query', path: [name], name, many: kind === 'many' })
  }
  bodyFields(route.schema?.body as Schema | undefined, [], out)
  const seen = new Set<string>()
  return out.filter((f) => {
    const key = `${f.in}:${f.path.join('.')}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The request naming `foreign` in `field`, everything else sampled from the route's schemas. */
function requestFor(route: DeclaredRoute, field: IdField, foreign: number) {
  const params = (route.schema?.params as Schema | undefined)?.properties ?? {}
  const path = route.url.replace(/:(\w+)/g, (_m, name: string) =>
    field.in === 'params' && field.name === name
      ? String(foreign)
      : encodeURIComponent(String(sample(params[name], name) ?? ABSENT_ID)),
  )
  const query = field.in === 'query' ? `?${field.name}=${foreign}` : ''
  const bodySchema = route.schema?.body as Schema | undefined
  let body = bodySchema ? ((sample(bodySchema) ?? {}) as Record<string, unknown>) : undefined
  if (field.in === 'body') {
    body ??= {}
    let at: any = body
    const steps = field.path
    for (let i = 0; i < steps.length - 1; i++) {
      const step = steps[i]!
      const next = steps[i + 1]
      if (at[step] === undefined || at[step] === null || (Array.isArray(at[step]) && at[step].length === 0))
        at[step] = typeof next === 'number' ? [{}] : {}
      at = at[step]
    }
    at[steps.at(-1)!] = field.many ? [foreign] : foreign
  }
  return { path: `${path}${query}`, body }
}

/** Every table's content, as one fingerprint per table (sessions move on every request and are left out). */
async function fingerprint(p: TestProduct): Promise<Map<string, string>> {
  const tables = await p.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'sys_session'
      ORDER BY table_name`,
  )
  const rows = await p.query<{ t: string; h: string }>(
    tables
      .map(
        ({ table_name: t }) =>
          `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`,
      )
      .join(' UNION ALL '),
  )
  return new Map(rows.map((r) => [r.t, r.h]))
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t)
}

/** Records whose rules a bare row cannot meet (stays, ledgers, cards) are made in the hotel the way the desk makes
 * them; every other kind is found or made by OwnedRows. */
async function arrangeHotelBusiness(p: TestProduct, hotel: number) {
  const clerk = await p.login('clerk')
  const room = await roomOf(p, hotel, '102')
  const order = await walkIn(p, clerk, room.roomTypeId, room.roomId)
  const orderId = Number(order.orderId ?? order.order?.orderId)
  const deposit = await call(p, clerk, 'post', '/pms/pmsFolio/deposit', {
    orderId,
    amountCents: 100,
    method: 'cash',
    idempotencyKey: 'walk-deposit',
  })
  assert.equal(deposit.code, 200, deposit.msg)
  const card = await call(p, clerk, 'post', '/pms/pmsCardRecord', {
    cardid: '55667788',
    cardType: CardType.GUEST,
    protocol: 'M157',
    orderId,
  })
  assert.equal(card.code, 200, card.msg)
  const books = await arrangeBooksStaff(p)
  const codes = await subjectIds(p, hotel)
  const voucher = await call(p, books.accountant, 'post', '/finance/fJournalAccount', {
    voucherDate: '2026-01-05',
    lines: twoLines(codes['1002']!, codes['5001']!, 100),
  })
  assert.equal(voucher.code, 200, voucher.msg)
}

describeProduct('every write route refuses another property’s records', (product) => {
  test('a foreign id in any id field of any write route is not found and writes nothing', {
    timeout: 240_000,
  }, async () => {
    const p = product()
    const ids = await demoIds(p)
    // The manager administers both demo properties; acting in the apartment, the hotel's records are foreign.
    const manager = await p.login('manager')
    const switched = await p.http.put(`/prod-api/auth/switchProperty/${ids.apartment}`).set(bearer(manager))
    assert.equal(switched.body.code, 200, switched.text)
    await arrangeHotelBusiness(p, ids.hotel)
    const rows = new OwnedRows(p)

    const routes = routesOf(p.server().routes).filter(
      (r) => WRITE_METHODS.has(r.method) && r.access.auth !== 'public' && !platformOnly(r),
    )
    const undeclared: string[] = []
    const accepted: string[] = []
    const wrote: string[] = []
    const checked = new Set<string>()
    let requests = 0
    for (const route of routes) {
      const fields = idFields(route)
        .map((field) => ({ field, record: referenceOf(field.name, route.refs) }))
        .filter(({ field, record }) => {
          if (record === undefined)
            undeclared.push(`${route.method} ${route.url} ${field.in}.${field.path.join('.')}`)
          return Boolean(record)
        }) as { field: IdField; record: PropertyRecord }[]
      if (fields.length === 0) continue
      const targets = await Promise.all(fields.map(({ record }) => rows.of(record, ids.hotel)))
      const before = await fingerprint(p)
      for (const [i, { field, record }] of fields.entries()) {
        const { path, body } = requestFor(route, field, targets[i]!)
        const call = (p.http as any)
          [route.method.toLowerCase()](`/prod-api${path.replace(/^\/prod-api/, '')}`)
          .set(bearer(manager))
          .set('Accept-Language', 'en-US')
        const res = body === undefined ? await call : await call.send(body)
        requests++
        const what = localize('en-US', record.entity)
        if (res.status !== 404 || !String(res.body.msg).includes(what))
          accepted.push(
            `${route.method} ${route.url} ${field.in}.${field.path.join('.')}=${targets[i]} → ${res.status} ${res.text.slice(0, 160)}`,
          )
        checked.add(record.entity)
      }
      const changed = changedTables(before, await fingerprint(p))
      if (changed.length) wrote.push(`${route.method} ${route.url} changed ${changed.join(', ')}`)
    }
    assert.deepEqual(
      { undeclared, accepted, wrote },
      { undeclared: [], accepted: [], wrote: [] },
      `of ${requests} requests naming a foreign record: id fields nobody declared (config.refs on the route), ` +
        'foreign references not refused as not found, refused requests that changed the database',
    )
    // The walk reached the records the issue names, through the routes that take them.
    for (const entity of [
      'billing.entity.order',
      'orders.entity.orderRoom',
      'entity.room',
      'members.entity.member',
    ])
      assert.ok(checked.has(entity), `the walk named a foreign ${entity}`)
    assert.ok(requests > 100, `${requests} requests`)
  })
})
