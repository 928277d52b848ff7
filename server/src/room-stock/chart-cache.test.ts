// The room status chart's cache against a real database: a chart is answered again only while no change to its
// property's chart committed since the snapshot it was built on and the instants it depends on hold; every change to
// what the chart reads is logged at commit, each room once per transaction, under the transaction's id and only for
// the property's own chart (migration 0067). A kept chart is patched with the rooms logged since, to the byte what a
// chart built whole answers.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, test } from 'vitest'
import { type Database, openDatabase } from '../db/client.ts'
import {
  building,
  floor,
  order,
  orderGuest,
  orderRoom,
  property,
  room,
  roomType,
} from '../db/schema/index.ts'
import { statementCounter } from '../db/statements.ts'
import { chartChangesSince, RoomChartCache } from './chart-cache.ts'
import { chartsChangedSince, pruneRoomChartLog } from './chart-channel.ts'
import type { ChartFilter } from './desk-tiles.ts'

let database: Database
let dir: string
let hotel: number
let other: number
let roomIds: number[]
let roomTypeId: number
let orderId: number
let orderRoomId: number
/** The stay in house ends here (the chart marks it overdue from this instant on). */
const stayEnd = new Date('2031-05-06T04:00:00Z')

const sql = <T>(text: string, params?: unknown[]) =>
  database.sql.query<T>(text, params).then((r) => r.rows as T[])

async function arrangeProperty(name: string) {
  const { db } = database
  const [p] = await db.insert(property).values({ propertyName: name }).returning()
  const propertyId = p!.propertyId
  const [b] = await db
    .insert(building)
    .values({ propertyId, buildingName: `${name} main` })
    .returning()
  const [f] = await db
    .insert(floor)
    .values({ propertyId, buildingId: b!.buildingId, floorNo: 1, floorName: '1F' })
    .returning()
  const [t] = await db
    .insert(roomType)
    .values({ propertyId, typeName: 'King', dailyPrice: 30000 })
    .returning()
  const rooms = await db
    .insert(room)
    .values(
      ['101', '102'].map((roomNo) => ({
        propertyId,
        buildingId: b!.buildingId,
        floorId: f!.floorId,
        roomTypeId: t!.roomTypeId,
        roomNo,
      })),
    )
    .returning()
  return { propertyId, roomTypeId: t!.roomTypeId, roomIds: rooms.map((r) => r.roomId) }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pms-chart-cache-'))
  database = await openDatabase({ dataDir: dir })
  const arranged = await arrangeProperty('Chart inn')
  hotel = arranged.propertyId
  roomIds = arranged.roomIds
  roomTypeId = arranged.roomTypeId
  other = (await arrangeProperty('Other inn')).propertyId
  const { db } = database
  const [o] = await db
    .insert(order)
    .values({
      propertyId: hotel,
      orderNo: 'CC0001',
      orderType: 'walkIn',
      state: 'checkIn',
      contactName: 'Li Lei',
      checkInAt: new Date('2031-05-04T06:00:00Z'),
      checkOutAt: stayEnd,
    })
    .returning()
  orderId = o!.orderId
  const [s] = await db
    .insert(orderRoom)
    .values({
      orderId,
      propertyId: hotel,
      roomId: roomIds[0],
      roomTypeId: arranged.roomTypeId,
      priceCents: 30000,
      stay: `[2031-05-04 06:00:00+00,${stayEnd.toISOString()})`,
      state: 'checkIn',
    })
    .returning()
  orderRoomId = s!.orderRoomId
  await db
    .insert(orderGuest)
    .values({ orderId, orderRoomId, propertyId: hotel, name: 'Han Meimei', main: true })
})

afterAll(async () => {
  await database?.sql.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The chart at `now` and how many statements answering it took. */
async function chartAt(cache: RoomChartCache, now: Date, filter = {}) {
  const before = statementCounter.count
  const answer = await cache.chart(database.db, hotel, filter, now)
  return { chart: JSON.parse(answer.json), statements: statementCounter.count - before }
}

/** The snapshot now: what a chart built now is kept as of. */
const snapshot = async () => (await sql<{ s: string }>('SELECT pg_current_snapshot()::text AS s'))[0]!.s

/** What changed in the property's chart since `seen`: none, rooms or whole. */
const changedSince = async (seen: string, propertyId = hotel) =>
  (await chartChangesSince(database.db, propertyId, seen)).changed

/** The rooms the property's log holds since `seen`, in order (null: the chart whole, last). */
const loggedSince = async (seen: string, propertyId = hotel) =>
  (
    await sql<{ room_id: string | null }>(
      `SELECT room_id::text FROM pms_room_chart_change
       WHERE property_id = $1 AND NOT pg_visible_in_snapshot(xid, $2::pg_snapshot) ORDER BY room_id`,
      [propertyId, seen],
    )
  ).map((r) => (r.room_id === null ? null : Number(r.room_id)))

const stayTile = (chart: any) =>
  chart.buildings[0].floors[0].rooms.find((r: any) => r.roomId === roomIds[0]).stay

test('a chart is answered again while nothing it shows changed, and built afresh once its stay turns overdue', async () => {
  const cache = new RoomChartCache()
  const before = new Date(stayEnd.getTime() - 3_600_000)
  const first = await chartAt(cache, before)
  assert.ok(first.statements > 1, 'the first chart is built')
  assert.equal(stayTile(first.chart).guestName, 'Han Meimei')
  assert.equal(stayTile(first.chart).overdue, false)
  const again = await chartAt(cache, before)
  assert.equal(again.statements, 1, 'only the changes since are read')
  assert.deepEqual(again.chart, first.chart)

  // No write: the clock passing the stay's end changes the chart.
  const after = await chartAt(cache, new Date(stayEnd.getTime() + 1000))
  assert.ok(after.statements > 1)
  assert.equal(stayTile(after.chart).overdue, true)
  assert.equal(after.chart.today.overdue, 1)
  // Nothing else is due to change: kept from here on.
  assert.equal((await chartAt(cache, new Date(stayEnd.getTime() + 60_000))).statements, 1)
})

test('a change made by anyone (here plain SQL) is in the next chart', async () => {
  const cache = new RoomChartCache()
  const at = new Date(stayEnd.getTime() - 3_600_000)
  await chartAt(cache, at)
  await sql('UPDATE pms_order_guest SET name = $1 WHERE order_room_id = $2', ['Wei Hua', orderRoomId])
  const renamed = await chartAt(cache, at)
  assert.ok(renamed.statements > 1)
  assert.equal(stayTile(renamed.chart).guestName, 'Wei Hua')
  await sql('UPDATE pms_room SET dirty = true WHERE room_id = $1', [roomIds[1]])
  assert.equal((await chartAt(cache, at)).chart.counts.dirty, 1)
})

test('filters are charts of their own, and an instance keeps at most `limit` charts', async () => {
  const cache = new RoomChartCache(2)
  const at = new Date(stayEnd.getTime() - 3_600_000)
  const all = await chartAt(cache, at)
  const dirty = await chartAt(cache, at, { state: 'dirty' })
  assert.ok(dirty.statements > 1)
  assert.equal(dirty.chart.buildings[0].floors[0].rooms.length, 1)
  assert.equal((await chartAt(cache, at)).statements, 1)
  assert.equal((await chartAt(cache, at, { state: 'dirty' })).statements, 1)
  assert.deepEqual((await chartAt(cache, at)).chart, all.chart)
  // A third chart pushes the least recently used one (the dirty filter) out.
  await chartAt(cache, at, { state: 'locked' })
  assert.equal((await chartAt(cache, at)).statements, 1)
  assert.ok((await chartAt(cache, at, { state: 'dirty' })).statements > 1)
})

test('every table the chart reads logs its change once per transaction, at commit, for its own property only', async () => {
  const changes: Array<[string, string, unknown[], 'rooms' | 'whole']> = [
    ['room', 'UPDATE pms_room SET lock_reason = lock_reason WHERE room_id = $1', [roomIds[1]], 'rooms'],
    [
      'building',
      'UPDATE pms_building SET building_name = building_name || $2 WHERE property_id = $1',
      [hotel, '.'],
      'whole',
    ],
    ['floor', 'UPDATE pms_floor SET floor_name = floor_name WHERE property_id = $1', [hotel], 'whole'],
    ['room type', 'UPDATE pms_room_type SET type_name = type_name WHERE property_id = $1', [hotel], 'whole'],
    ['order', 'UPDATE pms_order SET contact_name = $2 WHERE order_id = $1', [orderId, 'Lucy'], 'rooms'],
    [
      'stay',
      'UPDATE pms_order_room SET price_cents = price_cents WHERE order_room_id = $1',
      [orderRoomId],
      'rooms',
    ],
    ['guest', 'UPDATE pms_order_guest SET main = true WHERE order_room_id = $1', [orderRoomId], 'rooms'],
    [
      'folio',
      `INSERT INTO pms_folio_entry (property_id, order_id, kind, amount_cents, debit_account, credit_account)
       VALUES ($1, $2, 'extraCharge', 100, 'guest', 'extraRevenue')`,
      [hotel, orderId],
      'rooms',
    ],
    [
      'business date',
      'UPDATE pms_business_date SET update_time = now() WHERE property_id = $1',
      [hotel],
      'whole',
    ],
    [
      'configuration',
      `INSERT INTO pms_property_config (property_id, config) VALUES ($1, '{"timeZone":"Asia/Tokyo"}')
       ON CONFLICT (property_id) DO UPDATE SET config = EXCLUDED.config`,
      [hotel],
      'whole',
    ],
  ]
  for (const [what, text, params, kind] of changes) {
    const before = await snapshot()
    await sql(text, params)
    assert.equal(await changedSince(before), kind, what)
    assert.equal(
      await changedSince(before, other),
      'none',
      `${what}: the other property's chart is unchanged`,
    )
  }

  // One transaction of many rows and tables: logged at its commit, and seen only once it commits.
  const before = await snapshot()
  await database.db.transaction(async (tx) => {
    await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE property_id = ${hotel}`)
    assert.equal(
      (await chartChangesSince(tx as never, hotel, before)).changed,
      'none',
      'not before the commit',
    )
    await tx.execute(`UPDATE pms_room_type SET remark = 'x' WHERE property_id = ${hotel}`)
  })
  assert.equal(await changedSince(before), 'whole')
  assert.deepEqual(await loggedSince(before), [...roomIds, null], 'each room, then the chart whole, once')
  // A rolled-back change logs nothing.
  const committed = await snapshot()
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE property_id = ${hotel}`)
      throw new Error('undone')
    }),
    /undone/,
  )
  assert.equal(await changedSince(committed), 'none')
})

test('an order logs its rooms only for what a tile shows of it; a new order, by its stays (migration 0064)', async () => {
  const changed = async (text: string, params: unknown[]) => {
    const before = await snapshot()
    await sql(text, params)
    return changedSince(before)
  }
  const shown: Array<[string, unknown]> = [
    ['order_no', 'CC0001-A'],
    ['contact_name', 'Lucy Li'],
    ['contact_phone', '13800138000'],
    ['hourly', true],
    ['main_account', orderRoomId],
  ]
  for (const [column, value] of shown)
    assert.equal(
      await changed(`UPDATE pms_order SET ${column} = $2 WHERE order_id = $1`, [orderId, value]),
      'rooms',
      column,
    )
  const notShown: Array<[string, unknown]> = [
    ['state', 'checkOut'],
    ['remark', 'late arrival'],
    ['check_out_at', new Date(stayEnd.getTime() + 3_600_000)],
    ['update_time', new Date()],
  ]
  for (const [column, value] of notShown)
    assert.equal(
      await changed(`UPDATE pms_order SET ${column} = $2 WHERE order_id = $1`, [orderId, value]),
      'none',
      column,
    )
  await sql(`UPDATE pms_order SET state = 'checkIn', hourly = false WHERE order_id = $1`, [orderId])

  // A new order: nothing until its stay is written.
  assert.equal(
    await changed(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, check_in_at, check_out_at)
       VALUES ($1, 'CC0002', 'reserve', 'booking', $2, $3)`,
      [hotel, new Date('2031-06-01T06:00:00Z'), new Date('2031-06-02T04:00:00Z')],
    ),
    'none',
    'an order with no stay yet',
  )
  const before = await snapshot()
  await database.db.transaction(async (tx) => {
    const [o] = await tx
      .insert(order)
      .values({
        propertyId: hotel,
        orderNo: 'CC0003',
        orderType: 'reserve',
        state: 'booking',
        checkInAt: new Date('2031-06-01T06:00:00Z'),
        checkOutAt: new Date('2031-06-02T04:00:00Z'),
      })
      .returning()
    await tx.insert(orderRoom).values({
      orderId: o!.orderId,
      propertyId: hotel,
      roomId: roomIds[1],
      roomTypeId,
      priceCents: 30000,
      stay: '[2031-06-01 06:00:00+00,2031-06-02 04:00:00+00)',
      state: 'booking',
    })
  })
  assert.deepEqual(await loggedSince(before), [roomIds[1]], "a new order with its stay: the stay's room")
  const [added] = await sql<{ order_id: string }>(
    "SELECT order_id::text FROM pms_order WHERE order_no = 'CC0002'",
  )
  // Removing an order removes its stays, which log their rooms; one with no stay was on no tile.
  assert.equal(await changed('DELETE FROM pms_order WHERE order_id = $1', [added!.order_id]), 'none')
})

/** The chart's text as a cache that kept nothing builds it (whole). */
const builtWhole = async (filter: object, at: Date) =>
  (await new RoomChartCache().chart(database.db, hotel, filter, at)).json

test('a kept chart is patched with the rooms changed since (2 statements), to the byte the chart built whole', async () => {
  const at = new Date(stayEnd.getTime() - 3_600_000)
  const filters: ChartFilter[] = [
    {},
    { state: 'dirty' },
    { state: 'full' },
    { state: 'locked' },
    { roomTypeId },
  ]
  const caches = filters.map(() => new RoomChartCache())
  // Asked only at the end: patched across every change at once.
  const late = new RoomChartCache()
  await late.chart(database.db, hotel, {}, at)
  for (const [i, filter] of filters.entries()) await caches[i]!.chart(database.db, hotel, filter, at)
  const changes: Array<[string, string, unknown[]]> = [
    // A reason holding a tile's opening: escaped in the chart's text, never taken for the other room's tile.
    [
      'room state',
      'UPDATE pms_room SET locked = NOT locked, lock_reason = $2 WHERE room_id = $1',
      [roomIds[1], `{"roomId":${roomIds[0]},"roomNo":"101"} }`],
    ],
    ['room dirty', 'UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[0]]],
    ['guest', 'UPDATE pms_order_guest SET name = $2 WHERE order_room_id = $1', [orderRoomId, 'Zhou "Zhou"']],
    ['order', 'UPDATE pms_order SET contact_name = $2 WHERE order_id = $1', [orderId, 'Lin']],
    [
      'folio',
      `INSERT INTO pms_folio_entry (property_id, order_id, kind, amount_cents, debit_account, credit_account)
       VALUES ($1, $2, 'extraCharge', 2500, 'guest', 'extraRevenue')`,
      [hotel, orderId],
    ],
    [
      'stay moved',
      'UPDATE pms_order_room SET room_id = $2 WHERE order_room_id = $1',
      [orderRoomId, roomIds[1]],
    ],
    [
      'stay back',
      'UPDATE pms_order_room SET room_id = $2 WHERE order_room_id = $1',
      [orderRoomId, roomIds[0]],
    ],
  ]
  for (const [what, text, params] of changes) {
    await sql(text, params)
    for (const [i, filter] of filters.entries()) {
      const before = statementCounter.count
      const json = (await caches[i]!.chart(database.db, hotel, filter, at)).json
      if (i === 0) assert.equal(statementCounter.count - before, 2, `${what}: the changes, then the patch`)
      assert.equal(json, await builtWhole(filter, at), `${what}, ${JSON.stringify(filter)}`)
    }
  }
  const before = statementCounter.count
  const patched = (await late.chart(database.db, hotel, {}, at)).json
  assert.equal(statementCounter.count - before, 2, 'patched across every change since')
  assert.equal(patched, await builtWhole({}, at))
})

test('one transaction changing a room several ways logs it once (migrations 0066, 0067)', async () => {
  const at = new Date(stayEnd.getTime() - 3_600_000)
  const cache = new RoomChartCache()
  await cache.chart(database.db, hotel, {}, at)
  const [{ room_id: stayRoom }] = await sql<{ room_id: number }>(
    'SELECT room_id FROM pms_order_room WHERE order_room_id = $1',
    [orderRoomId],
  )
  const otherRoom = roomIds.find((id) => id !== Number(stayRoom))!
  // As a check-out does: a charge posted on the order, its stay and its room changed, then another room.
  const before = await snapshot()
  await database.db.transaction(async (tx) => {
    await tx.execute(
      `INSERT INTO pms_folio_entry (property_id, order_id, kind, amount_cents, debit_account, credit_account)
       VALUES (${hotel}, ${orderId}, 'extraCharge', 300, 'guest', 'extraRevenue')`,
    )
    await tx.execute(
      `UPDATE pms_order_room SET price_cents = price_cents + 1 WHERE order_room_id = ${orderRoomId}`,
    )
    await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE room_id = ${stayRoom}`)
    await tx.execute(`UPDATE pms_order_guest SET name = name || '.' WHERE order_room_id = ${orderRoomId}`)
    await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE room_id = ${otherRoom}`)
  })
  assert.deepEqual(
    await loggedSince(before),
    [Number(stayRoom), otherRoom].sort((a, b) => a - b),
    'each room once',
  )
  const before2 = statementCounter.count
  const json = (await cache.chart(database.db, hotel, {}, at)).json
  assert.equal(statementCounter.count - before2, 2, 'the changes, then the patch')
  assert.equal(json, await builtWhole({}, at))
  // The next transaction logs the same room again, under its own id.
  const next = await snapshot()
  await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [stayRoom])
  assert.deepEqual(await loggedSince(next), [Number(stayRoom)])
  // A change to the chart whole amid room changes: logged once, and nothing after it in the transaction.
  const amid = await snapshot()
  await database.db.transaction(async (tx) => {
    await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE room_id = ${stayRoom}`)
    await tx.execute(`UPDATE pms_floor SET floor_name = floor_name WHERE property_id = ${hotel}`)
    await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE room_id = ${otherRoom}`)
  })
  assert.deepEqual(await loggedSince(amid), [Number(stayRoom), null])
  assert.equal(await changedSince(amid), 'whole')
  assert.equal((await cache.chart(database.db, hotel, {}, at)).json, await builtWhole({}, at))
})

test('a change to no room alone, or older than the rooms recorded, builds the kept chart whole', async () => {
  const at = new Date(stayEnd.getTime() - 3_600_000)
  const cache = new RoomChartCache()
  const statementsOf = async () => {
    const before = statementCounter.count
    const json = (await cache.chart(database.db, hotel, {}, at)).json
    const statements = statementCounter.count - before
    assert.equal(json, await builtWhole({}, at))
    return statements
  }
  await statementsOf()
  const whole: Array<[string, string, unknown[]]> = [
    ['building', 'UPDATE pms_building SET building_name = $2 WHERE property_id = $1', [hotel, 'East']],
    ['floor', 'UPDATE pms_floor SET floor_name = $2 WHERE property_id = $1', [hotel, 'G']],
    ['room type', 'UPDATE pms_room_type SET type_name = $2 WHERE property_id = $1', [hotel, 'Queen']],
    ['room number', 'UPDATE pms_room SET room_no = $2 WHERE room_id = $1', [roomIds[1], '100']],
    [
      'configuration',
      `UPDATE pms_property_config SET config = '{"timeZone":"Europe/Paris"}' WHERE property_id = $1`,
      [hotel],
    ],
  ]
  for (const [what, text, params] of whole) {
    await sql(text, params)
    assert.ok((await statementsOf()) > 2, what)
    // A room's change after it is patched again.
    await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[0]])
    assert.equal(await statementsOf(), 2, `a room after ${what}`)
  }
  // Pruned (chart-channel.ts, about once a minute): a chart kept from before the bound is built whole, and patched
  // again from there; the log keeps nothing older than the bound.
  await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[1]])
  assert.ok((await pruneRoomChartLog(database.sql, 0)) > 0, 'rows pruned')
  assert.ok((await statementsOf()) > 2, 'older than the log')
  await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[1]])
  assert.equal(await statementsOf(), 2, 'patched again')
  const [{ older }] = await sql<{ older: number }>(
    `SELECT count(*)::int AS older FROM pms_room_chart_change
     WHERE xid < (SELECT below FROM pms_room_chart_pruned)`,
  )
  assert.equal(older, 0)
  // A chart asked while nothing changed is kept as of that ask: a pruning after it loses nothing it needs.
  assert.equal(await statementsOf(), 1)
  await pruneRoomChartLog(database.sql, 0)
  assert.equal(await statementsOf(), 1, 'still unchanged, not rebuilt')
  await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[0]])
  assert.equal(await statementsOf(), 2)
})

test("the log's reader names each property whose chart a transaction committed since its last read", async () => {
  const before = statementCounter.count
  const first = await chartsChangedSince(database.sql, null)
  assert.equal(statementCounter.count, before, "a read is the server's upkeep, not a request's statement")
  assert.deepEqual(first.properties, [], 'the first read only takes its snapshot')
  let seen = first.seen
  const read = async () => {
    const next = await chartsChangedSince(database.sql, seen)
    seen = next.seen
    return next.properties.sort((a, b) => a - b)
  }
  assert.deepEqual(await read(), [])
  await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[0]])
  await sql('UPDATE pms_room SET dirty = NOT dirty WHERE room_id = $1', [roomIds[1]])
  assert.deepEqual(await read(), [hotel], 'two changes of one property: named once')
  assert.deepEqual(await read(), [], 'and not again')
  await sql(`UPDATE pms_room_type SET remark = 'y' WHERE property_id IN ($1, $2)`, [hotel, other])
  assert.deepEqual(
    await read(),
    [hotel, other].sort((a, b) => a - b),
  )
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await tx.execute(`UPDATE pms_room SET dirty = NOT dirty WHERE property_id = ${other}`)
      throw new Error('undone')
    }),
    /undone/,
  )
  assert.deepEqual(await read(), [], 'a rolled-back change is never named')
})
