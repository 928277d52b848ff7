// The room status chart an instance keeps is never older than the database: instance B answers its kept chart (one
// statement: the changes logged since its snapshot) until a change is committed anywhere, and the chart after it at once —
// made through instance A's API or by plain SQL. On PostgreSQL A and B are two servers on one database; on PGlite,
// one instance is both. A kept chart is patched with the rooms changed since, to the byte the chart built whole.
// (The cache's rules against the clock: server/src/room-stock/chart-cache.test.ts.)
import assert from 'node:assert/strict'
import { drizzle } from 'drizzle-orm/pg-proxy'
import { afterAll, beforeAll, test } from 'vitest'
import type { Db } from '../../server/src/db/client.ts'
import { statementCounter } from '../../server/src/db/statements.ts'
import { ChartAnswer } from '../../server/src/room-stock/chart-answer.ts'
import { buildStatusChart } from '../../server/src/room-stock/desk-tiles.ts'
import { businessDate, setBusinessDate } from '../support/business-date.ts'
import { bearer, describeProduct, type TestProduct } from './harness.ts'
import { arrangeStaff, call, KING, roomOf, type Staff, typeOf, walkIn } from './orders-support.ts'
import { type Instance, secondInstance } from './second-instance.ts'

describeProduct(
  'the room status chart kept by an instance follows every change, on every instance',
  (product) => {
    let p: TestProduct
    let staff: Staff
    let b: Instance

    beforeAll(async () => {
      p = product()
      staff = await arrangeStaff(p)
      // A hotel in use has its clock: the first use of a property writes its business date, which moves the chart's
      // chart whole once (a chart built by that first use is rebuilt on its next ask, never served stale).
      await setBusinessDate(p.query, staff.hotel, await businessDate(p.server().sql, staff.hotel))
      b = await secondInstance(p)
    })
    afterAll(async () => {
      await b?.close()
    })

    /** B's chart for the clerk, and the statements answering it took. */
    const chartOnB = async (query: object = {}) => {
      const before = statementCounter.count
      const res = await b.http
        .get('/prod-api/pms/pmsRoom/statusChart')
        .query(query)
        .set(bearer(staff.clerk))
        .set('Accept-Language', 'en-US')
      const statements = statementCounter.count - before
      assert.equal(res.body.code, 200, res.body.msg)
      return { chart: res.body.data, statements }
    }
    const tileOf = (chart: any, roomNo: string) =>
      chart.buildings
        .flatMap((x: any) => x.floors.flatMap((f: any) => f.rooms))
        .find((t: any) => t.roomNo === roomNo)

    test('B answers its kept chart until A changes a room, then the changed one', async () => {
      const r201 = await roomOf(p, staff.hotel, '201')
      await chartOnB()
      const kept = await chartOnB()
      assert.equal(kept.statements, 1, 'only the changes since are read')
      assert.equal(tileOf(kept.chart, '201').dirty, false)
      const set = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
        roomIds: [r201.roomId],
        state: 'dirty',
        value: true,
      })
      assert.equal(set.code, 200, set.msg)
      const after = await chartOnB()
      assert.ok(after.statements > 1, 'built afresh')
      assert.equal(tileOf(after.chart, '201').dirty, true)
      assert.equal(after.chart.counts.dirty, kept.chart.counts.dirty + 1)
      // Filters are kept apart and follow the same changes.
      const dirtyOnly = await chartOnB({ state: 'dirty' })
      assert.ok(tileOf(dirtyOnly.chart, '201'))
      assert.equal((await chartOnB({ state: 'dirty' })).statements, 1)
    })

    test("a walk-in, its deposit and its guest's new name, made through A or by SQL, are in B's next chart", async () => {
      const king = await typeOf(p, staff.hotel, KING)
      const r202 = await roomOf(p, staff.hotel, '202')
      await chartOnB()
      const stay = await walkIn(p, staff.clerk, king.roomTypeId, r202.roomId)
      const inHouse = tileOf((await chartOnB()).chart, '202')
      assert.equal(inHouse.stay.orderId, stay.orderId)
      assert.equal(inHouse.stay.balanceCents, 0)

      const deposit = await call(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
        orderId: stay.orderId,
        amountCents: 20000,
        method: 'cash',
        idempotencyKey: `chart-cache-${stay.orderId}`,
      })
      assert.equal(deposit.code, 200, deposit.msg)
      assert.equal(tileOf((await chartOnB()).chart, '202').stay.balanceCents, -20000)

      // Not through any server: an administrator's SQL.
      await p.query('UPDATE pms_order_guest SET name = $1 WHERE order_room_id = $2', [
        'Wang Fang',
        stay.rooms[0].orderRoomId,
      ])
      const renamed = await chartOnB()
      assert.ok(renamed.statements > 1)
      assert.equal(tileOf(renamed.chart, '202').stay.guestName, 'Wang Fang')
      assert.equal((await chartOnB()).statements, 1)
    })
    test('a desk holding the current chart is told so (304); a change, another language or instance gives the new one', async () => {
      const r203 = await roomOf(p, staff.hotel, '203')
      const ask = (http: typeof b.http, headers: Record<string, string>) =>
        http.get('/prod-api/pms/pmsRoom/statusChart').set(bearer(staff.clerk)).set(headers)
      const first = await ask(b.http, { 'Accept-Language': 'en-US' })
      assert.equal(first.status, 200)
      const tag = first.headers.etag as string
      assert.ok(tag, 'the chart has a tag')
      assert.equal(first.headers['cache-control'], 'private, no-cache')
      // The tag names the content: the instance that did not build this chart names it alike.
      assert.equal((await ask(p.http, { 'Accept-Language': 'en-US' })).headers.etag, tag)

      const held = await ask(b.http, { 'Accept-Language': 'en-US', 'If-None-Match': tag })
      assert.equal(held.status, 304)
      assert.equal(held.text, '')
      assert.equal(held.headers.etag, tag)
      const otherLanguage = await ask(b.http, { 'Accept-Language': 'zh-CN', 'If-None-Match': tag })
      assert.equal(otherLanguage.status, 200)
      assert.deepEqual(otherLanguage.body.data, first.body.data)

      // Gzipped when asked, the same chart (the first ask accepting gzip starts making it and is answered plain).
      const askGzip = () => ask(b.http, { 'Accept-Language': 'en-US', 'Accept-Encoding': 'gzip' })
      let gzipped = await askGzip()
      while (gzipped.headers['content-encoding'] !== 'gzip') gzipped = await askGzip()
      const plain = await ask(b.http, { 'Accept-Language': 'en-US', 'Accept-Encoding': 'identity' })
      assert.equal(plain.headers['content-encoding'], undefined)
      assert.deepEqual(gzipped.body, plain.body)

      const set = await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
        roomIds: [r203.roomId],
        state: 'dirty',
        value: true,
      })
      assert.equal(set.code, 200, set.msg)
      const changed = await ask(b.http, { 'Accept-Language': 'en-US', 'If-None-Match': tag })
      assert.equal(changed.status, 200)
      assert.notEqual(changed.headers.etag, tag)
      assert.equal(tileOf(changed.body.data, '203').dirty, true)
    })

    test("B's kept chart is patched with A's changes (2 statements), to the byte the chart built whole", async () => {
      // The chart built whole on B's database, as a cache that kept nothing builds it.
      const db = drizzle(async (text, params, method) => {
        const { rows } = await b.server.sql.query<Record<string, unknown>>(text, params)
        return { rows: method === 'all' ? rows.map((r) => Object.values(r)) : (rows as never) }
      }) as unknown as Db
      const [r205, r206] = [await roomOf(p, staff.hotel, '205'), await roomOf(p, staff.hotel, '206')]
      const filters = [{}, { roomTypeId: r206.roomTypeId }, { state: 'dirty' }, { state: 'full' }]
      const textOnB = async (query: object) => {
        const before = statementCounter.count
        const res = await b.http
          .get('/prod-api/pms/pmsRoom/statusChart')
          .query(query)
          .set(bearer(staff.clerk))
          .set('Accept-Language', 'en-US')
        return { res, statements: statementCounter.count - before }
      }
      for (const filter of filters) await textOnB(filter)
      const changes: Array<[string, () => Promise<unknown>]> = [
        [
          'locked',
          () =>
            call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
              roomIds: [r205.roomId],
              state: 'locked',
              value: true,
              reason: 'window "stuck" {"roomId":1,',
            }),
        ],
        ['walk-in', () => walkIn(p, staff.clerk, r206.roomTypeId, r206.roomId)],
        [
          'dirty',
          () =>
            call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
              roomIds: [r205.roomId, r206.roomId],
              state: 'dirty',
              value: true,
            }),
        ],
      ]
      for (const [what, change] of changes) {
        await change()
        for (const filter of filters) {
          const { res, statements } = await textOnB(filter)
          if (!('state' in filter)) assert.equal(statements, 2, `${what}: the changes, then the patch`)
          // Built whole, with the instant it changes by time alone, as the route sends it.
          const built = await buildStatusChart(db, staff.hotel, filter as object, new Date())
          const whole = new ChartAnswer(built.json, built.changesAt).body('en-US', res.body.msg, false)
          assert.equal(res.text, whole.bytes.toString(), `${what}, ${JSON.stringify(filter)}`)
        }
      }
    })
  },
)
