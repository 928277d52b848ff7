// The desk's room status chart (issue 16): occupancy follows the stays (no hand-set empty/full/not-full on a room
// with a guest in house, for any caller), lock and maintain need a reason that is kept, tiles carry the stay in house
// (guest, nights, balance, due out, overdue) and today's arrival, and the counters count every occupied room.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import {
  arrangeStaff,
  call,
  day,
  KING,
  reserve,
  roomOf,
  type Staff,
  typeOf,
  walkIn,
} from './orders-support.ts'

describeProduct('desk: room status chart follows the stays', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  const setState = (token: string, roomId: number, state: string, value: boolean, reason?: string) =>
    call(p, token, 'put', '/pms/pmsRoom/state', { roomIds: [roomId], state, value, reason })
  const tileOf = async (roomNo: string) => {
    const chart = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart')
    assert.equal(chart.code, 200, chart.msg)
    const tiles = chart.data.buildings.flatMap((b: any) => b.floors.flatMap((f: any) => f.rooms))
    return { chart: chart.data, tile: tiles.find((t: any) => t.roomNo === roomNo) }
  }

  test('a room with a guest in house cannot be set empty, full or not full by hand, by anyone', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r301 = await roomOf(p, staff.hotel, '301')
    await walkIn(p, staff.clerk, king.roomTypeId, r301.roomId)
    for (const token of [staff.clerk, staff.manager])
      for (const [state, value] of [
        ['empty', true],
        ['full', false],
        ['notFull', true],
        ['full', true],
      ] as const) {
        const res = await setState(token, r301.roomId, state, value)
        assert.equal(res.status, 409, `${state} ${value}`)
        assert.equal(
          res.msg,
          'Room 301 has a guest in house: its occupancy follows the stay and cannot be changed by hand (check out or change room)',
        )
      }
    const [row] = await p.query<{ occupancy: string }>('SELECT occupancy FROM pms_room WHERE room_id = $1', [
      r301.roomId,
    ])
    assert.equal(row!.occupancy, 'full')
    // Housekeeping flags still follow the desk.
    assert.equal((await setState(staff.clerk, r301.roomId, 'dirty', true)).code, 200)
    assert.equal((await setState(staff.clerk, r301.roomId, 'dirty', false)).code, 200)
  })

  test('lock and maintain need a reason, which the room keeps until the flag is cancelled', async () => {
    const r302 = await roomOf(p, staff.hotel, '302')
    const bare = await setState(staff.clerk, r302.roomId, 'locked', true)
    assert.equal(bare.status, 400)
    assert.match(bare.msg, /reason/)
    const blank = await setState(staff.clerk, r302.roomId, 'maintain', true, '   ')
    assert.equal(blank.status, 400)
    assert.equal((await setState(staff.clerk, r302.roomId, 'maintain', true, ' leaking tap ')).code, 200)
    assert.equal((await setState(staff.clerk, r302.roomId, 'locked', true, 'VIP hold')).code, 200)
    const { tile } = await tileOf('302')
    assert.equal(tile.maintainReason, 'leaking tap')
    assert.equal(tile.lockReason, 'VIP hold')
    const records = await p.query<{ record_body: string }>(
      "SELECT record_body FROM pms_push_record WHERE record_type = 'roomStatus' ORDER BY record_id DESC LIMIT 1",
    )
    assert.equal(JSON.parse(records[0]!.record_body).reason, 'VIP hold')
    assert.equal((await setState(staff.clerk, r302.roomId, 'locked', false)).code, 200)
    assert.equal((await setState(staff.clerk, r302.roomId, 'maintain', false)).code, 200)
    const after = await tileOf('302')
    assert.equal(after.tile.lockReason, '')
    assert.equal(after.tile.maintainReason, '')
  })

  test('tiles show the stay in house (guest, nights, balance, due out, overdue) and the arrival of today', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r303 = await roomOf(p, staff.hotel, '303')
    const r304 = await roomOf(p, staff.hotel, '304')
    const stay = await walkIn(p, staff.clerk, king.roomTypeId, r303.roomId, { nights: 2 })
    const deposit = await call(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: stay.orderId,
      amountCents: 30000,
      method: 'cash',
      idempotencyKey: `desk-chart-${stay.orderId}`,
    })
    assert.equal(deposit.code, 200, deposit.msg)
    const booked = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      contactName: 'Zhao Lei',
      contactPhone: '13912345678',
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r304.roomId }],
    })
    const { chart, tile } = await tileOf('303')
    assert.equal(tile.occupancy, 'full')
    assert.deepEqual(
      { ...tile.stay, endTime: undefined },
      {
        orderId: stay.orderId,
        orderRoomId: stay.rooms[0].orderRoomId,
        orderNo: stay.orderNo,
        guestName: 'Li Lei',
        nights: 2,
        hourly: false,
        balanceCents: -30000,
        endTime: undefined,
        dueOut: false,
        overdue: false,
      },
    )
    const arriving = (await tileOf('304')).tile
    assert.equal(arriving.occupancy, 'empty')
    assert.equal(arriving.stay, null)
    assert.deepEqual(arriving.arrival, {
      orderId: booked.orderId,
      orderRoomId: booked.rooms[0].orderRoomId,
      orderNo: booked.orderNo,
      contactName: 'Zhao Lei',
      contactPhone: '139****5678',
      startTime: booked.rooms[0].startTime,
    })
    // Every room in house counts as occupied ('full' never reads 0 while guests are in).
    assert.ok(chart.counts.full >= 2, `full ${chart.counts.full}`)
    assert.equal(chart.counts.full, chart.today.inHouse)
    assert.ok(chart.today.arriving >= 1)

    // Past its departure the stay is due out and overdue.
    await p.query(
      "UPDATE pms_order_room SET stay = tstzrange(lower(stay) - interval '3 days', now() - interval '1 hour', '[)') WHERE order_room_id = $1",
      [stay.rooms[0].orderRoomId],
    )
    const late = await tileOf('303')
    assert.equal(late.tile.stay.overdue, true)
    assert.equal(late.tile.stay.dueOut, true)
    assert.ok(late.chart.today.overdue >= 1)
  })

  test("a group's balance shows once, on its main account's tile, and follows the main account", async () => {
    const rooms = await Promise.all(['306', '307', '308'].map((no) => roomOf(p, staff.hotel, no)))
    const group = await walkIn(p, staff.clerk, 0, 0, {
      rooms: rooms.map((r, i) => ({
        roomTypeId: r.roomTypeId,
        roomId: r.roomId,
        guests: [{ name: `Group Guest ${i + 1}`, idType: 'passport', idNo: `G100000${i}` }],
      })),
    })
    const stayIn = (roomId: number) => group.rooms.find((s: any) => s.roomId === roomId).orderRoomId
    assert.equal(group.mainAccount, stayIn(rooms[0]!.roomId), 'the first room holds the folio')
    const charged = await call(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: group.orderId,
      itemName: 'Meeting room',
      amountCents: 30000,
      idempotencyKey: `desk-chart-group-${group.orderId}`,
    })
    assert.equal(charged.code, 200, charged.msg)
    const balances = async () => {
      const chart = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart')
      assert.equal(chart.code, 200, chart.msg)
      const tiles = chart.data.buildings.flatMap((b: any) => b.floors.flatMap((f: any) => f.rooms))
      return ['306', '307', '308'].map((no) => tiles.find((t: any) => t.roomNo === no).stay.balanceCents)
    }
    // 300.00 owed by the order reads 300.00 once, not 900.00 over three tiles.
    assert.deepEqual(await balances(), [30000, 0, 0])
    const moved = await call(p, staff.clerk, 'post', '/pms/pmsOrder/setMainAccount', {
      orderId: group.orderId,
      orderRoomId: stayIn(rooms[1]!.roomId),
    })
    assert.equal(moved.code, 200, moved.msg)
    assert.deepEqual(await balances(), [0, 30000, 0], 'the balance moves with the main account')
    // The main account not in house (its stay left): the order's first room in house carries the balance.
    const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', {
      orderId: group.orderId,
      orderRoomIds: [stayIn(rooms[1]!.roomId)],
    })
    assert.equal(out.code, 200, out.msg)
    // The check-out posted the leaving room's night: the order's whole folio, still on one tile.
    const [folio] = await p.query<{ balance: string }>(
      `SELECT sum(CASE WHEN kind IN ('deposit', 'payment') THEN -amount_cents ELSE amount_cents END) AS balance
       FROM pms_folio_entry WHERE order_id = $1`,
      [group.orderId],
    )
    assert.ok(Number(folio!.balance) > 30000)
    const chart = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart')
    const tiles = chart.data.buildings.flatMap((b: any) => b.floors.flatMap((f: any) => f.rooms))
    assert.deepEqual(
      ['306', '307', '308'].map((no) => tiles.find((t: any) => t.roomNo === no).stay?.balanceCents ?? null),
      [Number(folio!.balance), null, 0],
    )
  })

  test("'not full' is only for rooms sold by bed; the full counter includes them", async () => {
    const dorm = await call(p, staff.manager, 'post', '/pms/pmsRoomType', {
      typeName: 'Dorm 4',
      dailyPrice: 5000,
      maxOccupancy: 4,
      soldByBed: true,
    })
    assert.equal(dorm.code, 200, dorm.msg)
    const r305 = await roomOf(p, staff.hotel, '305')
    await p.query('UPDATE pms_room SET room_type_id = $1 WHERE room_id = $2', [
      dorm.data.roomTypeId,
      r305.roomId,
    ])
    await walkIn(p, staff.clerk, dorm.data.roomTypeId, r305.roomId)
    const { chart, tile } = await tileOf('305')
    assert.equal(tile.occupancy, 'notFull')
    assert.equal(chart.counts.full, chart.today.inHouse)
    assert.ok(chart.counts.notFull >= 1)
    const onlyFull = await call(p, staff.clerk, 'get', '/pms/pmsRoom/statusChart', { state: 'full' })
    const shown = onlyFull.data.buildings.flatMap((b: any) =>
      b.floors.flatMap((f: any) => f.rooms.map((r: any) => r.roomNo)),
    )
    assert.ok(shown.includes('305'), 'a not-full room is an occupied room')
    assert.ok(shown.includes('301'))
  })
})
