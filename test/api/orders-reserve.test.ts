// Reservations (SPEC §3 Order, §4 Reserve, §5): rooms by type assigned now or later, prices from the room type (an
// override needs pms:pmsOrder:changePrice), hourly rules, availability, the list filters, the cancellation request
// (refusing needs a remark), cancel / restore / no-show, push records, and no double booking under 50 racing requests.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import {
  arrangeStaff,
  call,
  day,
  HOURLY,
  KING,
  reserve,
  roomOf,
  SEA,
  type Staff,
  typeOf,
} from './orders-support.ts'

describeProduct('orders: reservations', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  test('a reservation holds typed rooms, one assigned now and one later, at the room type price', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r101 = await roomOf(p, staff.hotel, '101')
    const order = await reserve(p, staff.clerk, {
      startTime: day(10),
      nights: 2,
      contactName: 'Han Meimei',
      contactPhone: '13800138000',
      orderSource: 'phone',
      customerSource: 'walkIn',
      salesman: 'Wang',
      secret: true,
      remark: 'late arrival',
      depositCents: 20000,
      depositMethod: 'bankCard',
      rooms: [
        {
          roomTypeId: king.roomTypeId,
          roomId: r101.roomId,
          guests: [{ name: 'Han Meimei', idNo: '11010519491231002X' }],
        },
        { roomTypeId: king.roomTypeId },
      ],
    })
    assert.equal(order.state, 'booking')
    assert.equal(order.reserveState, 'reserving')
    assert.equal(order.cancelStatus, 'normal')
    assert.equal(order.orderType, 'reserve')
    assert.match(order.orderNo, /^R\d{12}$/)
    assert.equal(order.secret, true)
    assert.equal(order.depositCents, 20000)
    assert.equal(order.rooms.length, 2)
    assert.equal(order.rooms[0].roomNo, '101')
    assert.equal(order.rooms[1].roomId, null)
    assert.equal(order.rooms[0].priceCents, king.dailyPrice)
    assert.equal(
      order.rooms[0].startTime,
      `${day(10)} 12:00:00`,
      'a date alone arrives at the check-out time',
    )
    assert.equal(order.rooms[0].endTime, `${day(12)} 12:00:00`)
    assert.equal(order.mainAccount, order.rooms[0].orderRoomId)
    assert.equal(order.rooms[0].guests[0].main, true)
    assert.equal(order.events[0].action, 'reserve')
    assert.equal(order.events[0].createByName, 'clerk')
    // The room stays empty until check-in.
    const [row] = await p.query<{ occupancy: string }>('SELECT occupancy FROM pms_room WHERE room_id = $1', [
      r101.roomId,
    ])
    assert.equal(row!.occupancy, 'empty')
  })

  test('back-to-back stays of one room do not collide: the next guest arrives the day the last one leaves', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r102 = await roomOf(p, staff.hotel, '102')
    const stay = (start: string) =>
      reserve(p, staff.clerk, {
        startTime: start,
        nights: 1,
        contactName: 'Back To Back',
        rooms: [{ roomTypeId: king.roomTypeId, roomId: r102.roomId }],
      })
    const first = await stay(day(40))
    const next = await stay(day(41))
    assert.equal(first.rooms[0].endTime, next.rooms[0].startTime)
  })

  test('a new reservation publishes an order push record to the property', async () => {
    const sea = await typeOf(p, staff.hotel, SEA)
    const order = await reserve(p, staff.clerk, {
      startTime: day(30),
      nights: 1,
      rooms: [{ roomTypeId: sea.roomTypeId }],
    })
    const rows = await p.query<{ record_title: string; record_type: string; property_id: string }>(
      'SELECT record_title, record_type, property_id FROM pms_push_record WHERE record_title LIKE $1',
      [`%${order.orderNo}%`],
    )
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.record_type, 'order')
    assert.equal(Number(rows[0]!.property_id), staff.hotel)
    // Stored in the default language whoever booked (the clerk asked in English); read in each reader's.
    assert.equal(rows[0]!.record_title, `新预订 ${order.orderNo}`)
    const listed = await call(p, staff.clerk, 'get', '/pms/pmsPushRecord/list', { recordType: 'order' })
    const mine = listed.rows!.find(
      (r: { title?: { params: unknown[] } }) => r.title?.params[0] === order.orderNo,
    )
    assert.equal(mine.recordTitle, `New reservation ${order.orderNo}`)
  })

  test('the push record is written with the order: it names what the order shows; a refused order leaves none', async () => {
    const sea = await typeOf(p, staff.hotel, SEA)
    const king = await typeOf(p, staff.hotel, KING)
    const r201 = await roomOf(p, staff.hotel, '201')
    // No contact name: the first guest (of the second stay) is named; an unassigned stay shows its type.
    const order = await reserve(p, staff.clerk, {
      startTime: day(33),
      nights: 2,
      rooms: [
        { roomTypeId: king.roomTypeId, roomId: r201.roomId },
        { roomTypeId: sea.roomTypeId, guests: [{ name: 'Pushed Guest', main: true }] },
      ],
    })
    const [row] = await p.query<{ body: { key: string; params: string[] }; create_time: Date }>(
      "SELECT body, create_time FROM pms_push_record WHERE title->'params'->>0 = $1",
      [order.orderNo],
    )
    assert.deepEqual(row!.body, {
      key: 'orders.push.body',
      params: ['Pushed Guest', `201, ${order.rooms[1].typeName}`, order.checkInAt, order.checkOutAt],
    })
    const [event] = await p.query<{ create_time: Date }>(
      'SELECT create_time FROM pms_order_event WHERE order_id = $1',
      [order.orderId],
    )
    assert.equal(
      row!.create_time.getTime(),
      event!.create_time.getTime(),
      'one time for the order and its record',
    )
    // The same room over the same nights is refused: no order, no record.
    const before = await p.query<{ n: string }>('SELECT count(*) AS n FROM pms_push_record')
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(33),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r201.roomId }],
    })
    assert.equal(refused.status, 409)
    const after = await p.query<{ n: string }>('SELECT count(*) AS n FROM pms_push_record')
    assert.equal(after[0]!.n, before[0]!.n)
  })

  test('a price other than the room type price needs pms:pmsOrder:changePrice', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const body = { startTime: day(40), nights: 1, rooms: [{ roomTypeId: king.roomTypeId, priceCents: 100 }] }
    const denied = await call(p, staff.clerk, 'post', '/pms/pmsReserve', body)
    assert.equal(denied.status, 403)
    assert.equal(denied.msg, 'No permission to change the room price')
    const same = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      ...body,
      rooms: [{ roomTypeId: king.roomTypeId, priceCents: king.dailyPrice }],
    })
    assert.equal(same.code, 200, same.msg)
    const allowed = await call(p, staff.manager, 'post', '/pms/pmsReserve', body)
    assert.equal(allowed.code, 200, allowed.msg)
    assert.equal(allowed.data.rooms[0].priceCents, 100)
  })

  test('only hourly rooms can be reserved by the hour', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const hourly = await typeOf(p, staff.hotel, HOURLY)
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: `${day(5)} 14:00:00`,
      hourly: true,
      hours: 3,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(refused.status, 400)
    assert.equal(
      refused.msg,
      `Rooms that are not hourly rooms cannot be checked in or reserved as hourly (${KING})`,
    )
    const ok = await reserve(p, staff.clerk, {
      startTime: `${day(5)} 14:00:00`,
      hourly: true,
      hours: 3,
      rooms: [{ roomTypeId: hourly.roomTypeId }],
    })
    assert.equal(ok.hourly, true)
    assert.equal(ok.rooms[0].priceCents, hourly.hourlyPrice)
    assert.equal(ok.rooms[0].endTime, `${day(5)} 17:00:00`)
    const hoursOnDaily = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(5),
      hours: 3,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(hoursOnDaily.status, 400)
    assert.equal(hoursOnDaily.msg, 'Only hourly orders are counted in hours')
  })

  test('bad input answers 400 naming the field', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    for (const [body, needle] of [
      [{ nights: 1, rooms: [{ roomTypeId: king.roomTypeId }] }, 'startTime'],
      [{ startTime: day(3), rooms: [{ roomTypeId: king.roomTypeId }] }, 'nights'],
      [{ startTime: 'tomorrow!', nights: 1, rooms: [{ roomTypeId: king.roomTypeId }] }, 'startTime'],
      [{ startTime: day(3), nights: 1, rooms: [] }, 'rooms'],
      [
        {
          startTime: day(3),
          nights: 1,
          rooms: [{ roomTypeId: king.roomTypeId, guests: [{ name: 'A', idNo: '123' }] }],
        },
        'idNo',
      ],
    ] as const) {
      const res = await call(p, staff.clerk, 'post', '/pms/pmsReserve', body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.match(res.msg, new RegExp(needle), res.msg)
    }
    const past = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(-5),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(past.status, 400)
    assert.equal(past.msg, 'The stay is already over')
  })

  test('availability counts free rooms per type per night and lists the rooms free for the whole range', async () => {
    const sea = await typeOf(p, staff.hotel, SEA)
    const seaRooms = await p.query<{ room_id: string; room_no: string }>(
      'SELECT room_id, room_no FROM pms_room WHERE room_type_id = $1 ORDER BY room_no',
      [sea.roomTypeId],
    )
    const first = Number(seaRooms[0]!.room_id)
    await reserve(p, staff.clerk, {
      startTime: day(50),
      nights: 1,
      rooms: [{ roomTypeId: sea.roomTypeId, roomId: first }],
    })
    await reserve(p, staff.clerk, { startTime: day(51), nights: 1, rooms: [{ roomTypeId: sea.roomTypeId }] })
    await p.query('UPDATE pms_room SET maintain = true WHERE room_id = $1', [Number(seaRooms[1]!.room_id)])
    const res = await call(p, staff.clerk, 'get', '/pms/pmsReserve/availability', {
      startTime: day(50),
      nights: 2,
      roomTypeId: sea.roomTypeId,
    })
    assert.equal(res.code, 200, res.msg)
    const type = res.data.types[0]
    assert.equal(type.roomTypeId, sea.roomTypeId)
    assert.equal(type.total, seaRooms.length)
    // Two nights, each from noon (the check-out time) to noon: the held stay is night 50's, the unassigned one night
    // 51's (the first guest leaves at noon of day 51, freeing the room for that night); one room is under maintenance
    // every night. The morning of departure (day 52) is no night of the stay.
    assert.deepEqual(
      type.nights.map((n: { date: string; free: number }) => [n.date, n.free]),
      [
        [day(50), seaRooms.length - 2],
        [day(51), seaRooms.length - 2],
      ],
    )
    assert.ok(!type.freeRooms.some((r: { roomId: number }) => r.roomId === first))
    assert.ok(!type.freeRooms.some((r: { roomId: number }) => r.roomId === Number(seaRooms[1]!.room_id)))
    assert.equal(type.freeRooms.length, seaRooms.length - 2)
    await p.query('UPDATE pms_room SET maintain = false WHERE room_id = $1', [Number(seaRooms[1]!.room_id)])
    const held = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(50),
      nights: 1,
      rooms: [{ roomTypeId: sea.roomTypeId, roomId: first }],
    })
    assert.equal(held.status, 409)
    assert.equal(held.msg, `Room ${seaRooms[0]!.room_no} is not available for that time`)
    // Half-open: leaving at noon frees the room for an arrival that day.
    const next = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: `${day(51)} 12:00:00`,
      nights: 1,
      rooms: [{ roomTypeId: sea.roomTypeId, roomId: first }],
    })
    assert.equal(next.code, 200, next.msg)
  })

  test('the list filters by date, state, guest, phone and room', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r104 = await roomOf(p, staff.hotel, '104')
    const order = await reserve(p, staff.clerk, {
      startTime: day(60),
      nights: 1,
      contactName: 'Zhou Xun',
      contactPhone: '13911112222',
      rooms: [
        {
          roomTypeId: king.roomTypeId,
          roomId: r104.roomId,
          guests: [{ name: 'Guest Filter', phone: '13700001111' }],
        },
      ],
    })
    const find = async (q: object) => {
      const res = await call(p, staff.clerk, 'get', '/pms/pmsReserve/list', q)
      assert.equal(res.code, 200, res.msg)
      return res.rows!.map((r) => r.orderId)
    }
    assert.ok((await find({ guestName: 'zhou' })).includes(order.orderId))
    assert.ok((await find({ guestName: 'Guest Filter' })).includes(order.orderId))
    assert.ok((await find({ phone: '1370000' })).includes(order.orderId))
    assert.ok((await find({ phone: '13911112222' })).includes(order.orderId))
    assert.ok((await find({ roomNo: '104' })).includes(order.orderId))
    assert.ok((await find({ beginDate: day(60), endDate: day(60) })).includes(order.orderId))
    assert.ok(!(await find({ beginDate: day(70), endDate: day(71) })).includes(order.orderId))
    assert.ok((await find({ reserveState: 'reserving', orderNo: order.orderNo })).includes(order.orderId))
    assert.ok(!(await find({ reserveState: 'canceled', orderNo: order.orderNo })).includes(order.orderId))
    const orders = await call(p, staff.clerk, 'get', '/pms/pmsOrder/list', {
      state: 'booking',
      roomNo: '104',
    })
    assert.ok(orders.rows!.some((r) => r.orderId === order.orderId))
    const row = orders.rows!.find((r) => r.orderId === order.orderId)!
    assert.deepEqual(row.roomNos, ['104'])
    assert.deepEqual(row.guestNames, ['Guest Filter'])
    const bad = await call(p, staff.clerk, 'get', '/pms/pmsReserve/list', { reserveState: 'nope' })
    assert.equal(bad.status, 400)
  })

  test('editing a reservation changes its header and records before and after', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const order = await reserve(p, staff.clerk, {
      startTime: day(61),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const res = await call(p, staff.clerk, 'put', '/pms/pmsReserve', {
      orderId: order.orderId,
      remark: 'VIP',
      salesman: 'Li',
    })
    assert.equal(res.code, 200, res.msg)
    assert.equal(res.data.remark, 'VIP')
    const event = res.data.events.at(-1)
    assert.equal(event.action, 'editReserve')
    assert.deepEqual(event.detail, {
      before: { remark: '', salesman: '' },
      after: { remark: 'VIP', salesman: 'Li' },
    })
  })

  test('a cancellation request goes normal → applying → done; refusing needs a remark', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r102 = await roomOf(p, staff.hotel, '102')
    const order = await reserve(p, staff.clerk, {
      startTime: day(80),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r102.roomId }],
    })
    const id = order.orderId
    const applied = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancelApply', {
      orderId: id,
      reason: 'plans changed',
    })
    assert.equal(applied.code, 200, applied.msg)
    assert.equal(applied.data.cancelStatus, 'applying')
    const again = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancelApply', {
      orderId: id,
      reason: 'x',
    })
    assert.equal(again.status, 409)
    assert.equal(again.msg, 'Not possible while the cancellation status is cancellation requested')
    const clerkAudit = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancelAudit', {
      orderId: id,
      approve: true,
    })
    assert.equal(clerkAudit.status, 403)
    const noRemark = await call(p, staff.manager, 'post', '/pms/pmsReserve/cancelAudit', {
      orderId: id,
      approve: false,
    })
    assert.equal(noRemark.status, 400)
    assert.equal(noRemark.msg, 'Refusing a cancellation requires a remark')
    const refused = await call(p, staff.manager, 'post', '/pms/pmsReserve/cancelAudit', {
      orderId: id,
      approve: false,
      remark: 'non-refundable rate',
    })
    assert.equal(refused.code, 200, refused.msg)
    assert.equal(refused.data.cancelStatus, 'normal')
    assert.equal(refused.data.cancelRemark, 'non-refundable rate')
    assert.equal(refused.data.state, 'booking')
    await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancelApply', { orderId: id, reason: 'really' })
    const approved = await call(p, staff.manager, 'post', '/pms/pmsReserve/cancelAudit', {
      orderId: id,
      approve: true,
    })
    assert.equal(approved.code, 200, approved.msg)
    assert.equal(approved.data.state, 'cancel')
    assert.equal(approved.data.reserveState, 'canceled')
    assert.equal(approved.data.cancelStatus, 'done')
    assert.equal(approved.data.rooms[0].state, 'cancel')
    // The room is free again.
    const other = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(80),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r102.roomId }],
    })
    assert.equal(other.code, 200, other.msg)
    // Restoring the cancelled booking now collides with the new one: 409 naming the room, nothing changed.
    const restore = await call(p, staff.clerk, 'post', '/pms/pmsReserve/restore', { orderId: id })
    assert.equal(restore.status, 409)
    assert.equal(restore.msg, 'Room 102 is not available for that time')
    const still = await call(p, staff.clerk, 'get', `/pms/pmsReserve/${id}`)
    assert.equal(still.data.state, 'cancel')
    await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancel', { orderId: other.data.orderId })
    const restored = await call(p, staff.clerk, 'post', '/pms/pmsReserve/restore', { orderId: id })
    assert.equal(restored.code, 200, restored.msg)
    assert.equal(restored.data.state, 'booking')
    assert.equal(restored.data.reserveState, 'reserving')
    assert.equal(restored.data.rooms[0].state, 'booking')
  })

  test('cancel booking, no-show (from the arrival day on) and restore booking', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    // Guests due in three months have not failed to come yet.
    const later = await reserve(p, staff.clerk, {
      startTime: day(90),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const early = await call(p, staff.clerk, 'post', '/pms/pmsReserve/noShow', { orderId: later.orderId })
    assert.equal(early.status, 409)
    assert.equal(
      early.msg,
      `The guests are due on ${day(90)}: a booking is marked no-show from its arrival day on`,
    )
    const order = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const cancelled = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancel', {
      orderId: order.orderId,
      remark: 'guest called',
    })
    assert.equal(cancelled.code, 200, cancelled.msg)
    assert.equal(cancelled.data.state, 'cancel')
    assert.equal(cancelled.data.cancelReason, 'guest called')
    const twice = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancel', { orderId: order.orderId })
    assert.equal(twice.status, 409)
    assert.equal(twice.msg, 'Cannot cancel the booking of an order that is cancelled')
    await call(p, staff.clerk, 'post', '/pms/pmsReserve/restore', { orderId: order.orderId })
    const noShow = await call(p, staff.clerk, 'post', '/pms/pmsReserve/noShow', { orderId: order.orderId })
    assert.equal(noShow.code, 200, noShow.msg)
    assert.equal(noShow.data.state, 'noShow')
    assert.equal(noShow.data.reserveState, 'noShow')
    assert.equal(noShow.data.rooms[0].state, 'noShow')
    const back = await call(p, staff.clerk, 'post', '/pms/pmsReserve/restore', { orderId: order.orderId })
    assert.equal(back.data.state, 'booking')
    assert.deepEqual(
      back.data.events.map((e: { action: string }) => e.action),
      ['reserve', 'cancelBooking', 'restoreBooking', 'noShow', 'restoreBooking'],
    )
  })

  test('50 concurrent reservations of one room and night: exactly one succeeds, the others 409', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r103 = await roomOf(p, staff.hotel, '103')
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(p, staff.clerk, 'post', '/pms/pmsReserve', {
          startTime: day(100),
          nights: 1,
          rooms: [{ roomTypeId: king.roomTypeId, roomId: r103.roomId }],
        }),
      ),
    )
    const won = results.filter((r) => r.code === 200)
    const lost = results.filter((r) => r.code !== 200)
    assert.equal(won.length, 1)
    assert.equal(lost.length, 49)
    for (const r of lost) {
      assert.equal(r.status, 409)
      assert.equal(r.msg, 'Room 103 is not available for that time')
    }
    const [held] = await p.query<{ n: string }>(
      `SELECT count(*) AS n FROM pms_order_room WHERE room_id = $1 AND state IN ('booking', 'checkIn')`,
      [r103.roomId],
    )
    assert.equal(Number(held!.n), 1)
  })

  test('order numbers are issued before the reservation transaction: a refused reservation leaves a gap', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r104 = await roomOf(p, staff.hotel, '104')
    const body = {
      startTime: day(120),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r104.roomId }],
    }
    const first = await reserve(p, staff.clerk, body)
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsReserve', body)
    assert.equal(refused.status, 409)
    const next = await reserve(p, staff.clerk, { ...body, startTime: day(121) })
    const counter = (orderNo: string) => Number(orderNo.slice(-4))
    assert.equal(next.orderNo.slice(0, 9), first.orderNo.slice(0, 9))
    assert.equal(counter(next.orderNo), counter(first.orderNo) + 2)
  })

  test("a property's first orders set its business date and are numbered by it, each its own number", async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const rooms = await Promise.all(['101', '102', '104'].map((no) => roomOf(p, staff.hotel, no)))
    await p.query('DELETE FROM pms_business_date WHERE property_id = $1', [staff.hotel])
    const orders = await Promise.all(
      rooms.map((r) =>
        reserve(p, staff.clerk, {
          startTime: day(140),
          nights: 1,
          rooms: [{ roomTypeId: king.roomTypeId, roomId: r.roomId }],
        }),
      ),
    )
    const [row] = await p.query<{ d: string }>(
      `SELECT to_char(business_date, 'YYYYMMDD') AS d FROM pms_business_date WHERE property_id = $1`,
      [staff.hotel],
    )
    for (const o of orders) assert.equal(o.orderNo.slice(1, 9), row!.d)
    assert.equal(new Set(orders.map((o) => o.orderNo)).size, 3)
  })
})
