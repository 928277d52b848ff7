// Stays and room actions (SPEC §4 order actions and rules, §5 occupancy messages, §8 card messages): walk-in and
// check-in set the room full / not full, guests (ID card checked, maximum occupancy), check-out leaves the room empty
// and dirty, cancel check-out, change room, change price, add / remove room rules, extend stay, joint rooms, main
// account, overdue (computed and swept), and key cards issued for a stay.
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
  occupancyOf,
  reserve,
  roomOf,
  SEA,
  type Staff,
  TWIN,
  typeOf,
  walkIn,
} from './orders-support.ts'

const ID_CARD = '11010519491231002X'

describeProduct('orders: stays and room actions', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  test('a walk-in checks in at once: a room sold whole is full with one guest; sold by bed, not full below its beds; a push record follows', async () => {
    const sea = await typeOf(p, staff.hotel, SEA)
    const r109 = await roomOf(p, staff.hotel, '109')
    const order = await walkIn(p, staff.clerk, sea.roomTypeId, r109.roomId)
    assert.equal(order.state, 'checkIn')
    assert.equal(order.orderType, 'walkIn')
    assert.equal(order.rooms[0].state, 'checkIn')
    assert.ok(order.rooms[0].checkedInAt)
    assert.equal((await occupancyOf(p, r109.roomId)).occupancy, 'full')
    // Sold by bed (a dormitory), the same room is not full while beds are left.
    await p.query('UPDATE pms_room_type SET sold_by_bed = true WHERE room_type_id = $1', [sea.roomTypeId])
    const added = await call(p, staff.clerk, 'post', '/pms/pmsOrderGuest', {
      orderRoomId: order.rooms[0].orderRoomId,
      name: 'Wang Fang',
      idNo: ID_CARD,
    })
    assert.equal(added.code, 200, added.msg)
    assert.equal((await occupancyOf(p, r109.roomId)).occupancy, 'notFull')
    await call(p, staff.clerk, 'post', '/pms/pmsOrderGuest', {
      orderRoomId: order.rooms[0].orderRoomId,
      name: 'Third',
    })
    assert.equal((await occupancyOf(p, r109.roomId)).occupancy, 'full')
    await p.query('UPDATE pms_room_type SET sold_by_bed = false WHERE room_type_id = $1', [sea.roomTypeId])
    const fourth = await call(p, staff.clerk, 'post', '/pms/pmsOrderGuest', {
      orderRoomId: order.rooms[0].orderRoomId,
      name: 'Fourth',
    })
    assert.equal(fourth.status, 409)
    assert.equal(fourth.msg, 'Room 109 has a maximum occupancy of 3 people.')
    // Kept as its pack key and parameters, for each reader's language.
    const rows = await p.query<{ record_title: string }>(
      "SELECT record_title FROM pms_push_record WHERE title->>'key' = 'orders.push.checkedIn' AND title->'params'->>0 = $1",
      [order.orderNo],
    )
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.record_title, `入住 ${order.orderNo}`)
  })

  test('a check-in into a room another order holds over the stay is refused, naming the room; nothing changes', async () => {
    const twin = await typeOf(p, staff.hotel, TWIN)
    const [free] = await p.query<{ room_id: string; room_no: string }>(
      `SELECT r.room_id, r.room_no FROM pms_room r WHERE r.property_id = $1 AND r.room_type_id = $2
         AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id) ORDER BY r.room_no LIMIT 1`,
      [staff.hotel, twin.roomTypeId],
    )
    assert.ok(free, 'a twin room nobody has booked')
    const byType = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: twin.roomTypeId }],
    })
    await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: twin.roomTypeId, roomId: Number(free.room_id) }],
    })
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: byType.orderId,
      rooms: [{ orderRoomId: byType.rooms[0].orderRoomId, roomId: Number(free.room_id) }],
    })
    assert.equal(refused.status, 409)
    assert.equal(refused.msg, `Room ${free.room_no} is not available for that time`)
    const detail = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${byType.orderId}`)
    assert.equal(detail.data.state, 'booking')
    assert.equal(detail.data.rooms[0].state, 'booking')
    assert.equal(detail.data.rooms[0].roomId ?? null, null, 'the stay was not moved into the room')
    assert.equal((await occupancyOf(p, Number(free.room_id))).occupancy, 'empty')
  })

  test('a walk-in needs an empty room in service', async () => {
    const sea = await typeOf(p, staff.hotel, SEA)
    const r109 = await roomOf(p, staff.hotel, '109')
    const taken = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [{ roomTypeId: sea.roomTypeId, roomId: r109.roomId }],
    })
    assert.equal(taken.status, 409)
    assert.equal(taken.msg, 'Only empty rooms or hourly rooms can be chosen (room 109 is not empty)')
    const r110 = await roomOf(p, staff.hotel, '110')
    await p.query('UPDATE pms_room SET locked = true WHERE room_id = $1', [r110.roomId])
    const locked = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [{ roomTypeId: sea.roomTypeId, roomId: r110.roomId }],
    })
    assert.equal(locked.status, 409)
    assert.equal(locked.msg, 'Room 110 is locked or under maintenance')
    await p.query('UPDATE pms_room SET locked = false WHERE room_id = $1', [r110.roomId])
    const king = await typeOf(p, staff.hotel, KING)
    const wrongType = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r110.roomId }],
    })
    assert.equal(wrongType.status, 409)
    assert.equal(wrongType.msg, `Room 110 is not of room type ${KING}`)
  })

  test('an hourly walk-in only in an hourly room', async () => {
    const hourly = await typeOf(p, staff.hotel, HOURLY)
    const b101 = await roomOf(p, staff.hotel, 'B101')
    const order = await walkIn(p, staff.clerk, hourly.roomTypeId, b101.roomId, {
      hourly: true,
      hours: 2,
      nights: undefined,
    })
    assert.equal(order.hourly, true)
    assert.equal(order.rooms[0].priceCents, hourly.hourlyPrice)
    const twin = await typeOf(p, staff.hotel, TWIN)
    const r105 = await roomOf(p, staff.hotel, '105')
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      hourly: true,
      hours: 2,
      rooms: [{ roomTypeId: twin.roomTypeId, roomId: r105.roomId }],
    })
    assert.equal(refused.status, 400)
    assert.match(refused.msg, /^Rooms that are not hourly rooms cannot be checked in or reserved as hourly/)
  })

  test('check-in from a reservation assigns rooms, adds guests, and reports part and all checked in; each check-in tells the desks once, a refused one never', async () => {
    const twin = await typeOf(p, staff.hotel, TWIN)
    const r106 = await roomOf(p, staff.hotel, '106')
    const r107 = await roomOf(p, staff.hotel, '107')
    const order = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: twin.roomTypeId }, { roomTypeId: twin.roomTypeId, roomId: r107.roomId }],
    })
    const [first, second] = order.rooms
    /** The push records telling the desks this order's guests checked in (written in the check-in's transaction). */
    const checkedInRecords = async () =>
      Number(
        (
          await p.query<{ n: string }>(
            "SELECT count(*) AS n FROM pms_push_record WHERE title->>'key' = 'orders.push.checkedIn' AND title->'params'->>0 = $1",
            [order.orderNo],
          )
        )[0]!.n,
      )
    const missing = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [{ orderRoomId: first.orderRoomId }],
    })
    assert.equal(missing.status, 400)
    assert.match(missing.msg, /rooms\[0\]\.roomId/)
    const tooMany = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [
        {
          orderRoomId: first.orderRoomId,
          roomId: r106.roomId,
          guests: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
        },
      ],
    })
    assert.equal(tooMany.status, 409)
    assert.equal(tooMany.msg, 'Room 106 can only add 2 guests at most')
    assert.equal(await checkedInRecords(), 0)
    const part = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [
        {
          orderRoomId: first.orderRoomId,
          roomId: r106.roomId,
          guests: [{ name: 'A' }, { name: 'B', main: true }],
        },
      ],
    })
    assert.equal(part.code, 200, part.msg)
    assert.equal(part.data.state, 'checkIn')
    assert.equal(part.data.reserveState, 'checkInPart')
    assert.equal(part.data.rooms[0].roomNo, '106')
    assert.deepEqual(
      part.data.rooms[0].guests.map((g: { name: string; main: boolean }) => [g.name, g.main]),
      [
        ['A', false],
        ['B', true],
      ],
    )
    assert.equal((await occupancyOf(p, r106.roomId)).occupancy, 'full')
    assert.equal(await checkedInRecords(), 1)
    const again = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [{ orderRoomId: first.orderRoomId }],
    })
    assert.equal(again.status, 409)
    assert.equal(again.msg, '106 is not booked and cannot be checked in')
    assert.equal(await checkedInRecords(), 1)
    const all = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', { orderId: order.orderId })
    assert.equal(all.code, 200, all.msg)
    assert.equal(all.data.reserveState, 'checkInAll')
    assert.equal(all.data.rooms[1].state, 'checkIn')
    assert.equal(await checkedInRecords(), 2)
    // Each record names who checked in (no contact: the first guest given, else '-') and the rooms checked in then,
    // from the stays' span: the part check-in room 106, the rest room 107 alone.
    const told = await p.query<{ who: string; rooms: string; start: string; end: string }>(
      `SELECT body->'params'->>0 AS who, body->'params'->>1 AS rooms, body->'params'->>2 AS start,
         body->'params'->>3 AS end
       FROM pms_push_record WHERE title->>'key' = 'orders.push.checkedIn' AND title->'params'->>0 = $1
       ORDER BY record_id`,
      [order.orderNo],
    )
    assert.deepEqual(
      told.map((t) => [t.who, t.rooms]),
      [
        ['A', '106'],
        ['-', '107'],
      ],
    )
    assert.equal(told[1]!.end, all.data.checkOutAt)
    assert.equal(second.roomNo, '107')
    // Full when nobody is registered yet: the room is taken.
    assert.equal((await occupancyOf(p, r107.roomId)).occupancy, 'full')
  })

  test("a check-in counts the guests the reservation named: the room's occupancy, and the main guest handed over", async () => {
    const twin = await typeOf(p, staff.hotel, TWIN)
    const [free] = await p.query<{ room_id: string; room_no: string }>(
      'SELECT room_id, room_no FROM pms_room WHERE room_type_id = $1 ORDER BY room_no DESC LIMIT 1',
      [twin.roomTypeId],
    )
    const order = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [
        {
          roomTypeId: twin.roomTypeId,
          roomId: Number(free!.room_id),
          guests: [{ name: 'Booked', main: true }],
        },
      ],
    })
    const orderRoomId = order.rooms[0].orderRoomId
    // A twin takes two: with the guest booked, one more.
    const tooMany = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [{ orderRoomId, guests: [{ name: 'A' }, { name: 'B' }] }],
    })
    assert.equal(tooMany.status, 409)
    assert.equal(tooMany.msg, `Room ${free!.room_no} can only add 1 guest at most`)
    const checkedIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [{ orderRoomId, guests: [{ name: 'Arrived', main: true }] }],
    })
    assert.equal(checkedIn.code, 200, checkedIn.msg)
    assert.deepEqual(
      checkedIn.data.rooms[0].guests.map((g: { name: string; main: boolean }) => [g.name, g.main]),
      [
        ['Booked', false],
        ['Arrived', true],
      ],
    )
  })

  test('guests: a mainland ID card is validated; edit and delete; one main guest per room', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r201 = await roomOf(p, staff.hotel, '201')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, r201.roomId)
    const stay = order.rooms[0].orderRoomId
    const bad = await call(p, staff.clerk, 'post', '/pms/pmsOrderGuest', {
      orderRoomId: stay,
      name: 'X',
      idNo: '110105194912310021',
    })
    assert.equal(bad.status, 400)
    assert.equal(bad.msg, 'idNo is not a valid Chinese ID card number')
    const passport = await call(p, staff.clerk, 'post', '/pms/pmsOrderGuest', {
      orderRoomId: stay,
      name: 'Tom',
      idType: 'passport',
      idNo: 'X1',
      main: true,
    })
    assert.equal(passport.code, 200, passport.msg)
    const detail = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${order.orderId}`)
    assert.deepEqual(
      detail.data.rooms[0].guests.map((g: { name: string; main: boolean }) => [g.name, g.main]),
      [
        ['Li Lei', false],
        ['Tom', true],
      ],
    )
    const edited = await call(p, staff.clerk, 'put', '/pms/pmsOrderGuest', {
      guestId: passport.data.guestId,
      phone: '13800000000',
    })
    assert.equal(edited.code, 200, edited.msg)
    // The answer is for reading: masked; the detail read `full` by a user who may edit shows the stored number.
    assert.equal(edited.data.phone, '138****0000')
    const full = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${order.orderId}`, { full: true })
    const tom = full.data.rooms[0].guests.find((g: { name: string }) => g.name === 'Tom')
    assert.equal(tom.phone, '13800000000')
    const badEdit = await call(p, staff.clerk, 'put', '/pms/pmsOrderGuest', {
      guestId: passport.data.guestId,
      idType: 'idCard',
    })
    assert.equal(badEdit.status, 400)
    // A guest the property does not have is 404, edited or removed, and nothing changes: one unknown, one the
    // apartment's (the guest's row moved there by hand; the hotel's clerk reads and locks through it nothing).
    const lost = 2_000_000_000
    await p.query('UPDATE pms_order_guest SET property_id = $1 WHERE guest_id = $2', [
      staff.apartment,
      passport.data.guestId,
    ])
    for (const guestId of [lost, passport.data.guestId]) {
      const notOurs = await call(p, staff.clerk, 'put', '/pms/pmsOrderGuest', { guestId, name: 'Nobody' })
      assert.equal(notOurs.status, 404, notOurs.msg)
      const notRemoved = await call(p, staff.clerk, 'delete', `/pms/pmsOrderGuest/${guestId}`)
      assert.equal(notRemoved.status, 404, notRemoved.msg)
    }
    await p.query('UPDATE pms_order_guest SET property_id = $1 WHERE guest_id = $2', [
      staff.hotel,
      passport.data.guestId,
    ])
    const [still] = await p.query<{ name: string }>('SELECT name FROM pms_order_guest WHERE guest_id = $1', [
      passport.data.guestId,
    ])
    assert.equal(still!.name, 'Tom')
    const removed = await call(p, staff.clerk, 'delete', `/pms/pmsOrderGuest/${passport.data.guestId}`)
    assert.equal(removed.code, 200, removed.msg)
    const after = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${order.orderId}`)
    assert.deepEqual(
      after.data.rooms[0].guests.map((g: { name: string; main: boolean }) => [g.name, g.main]),
      [['Li Lei', true]],
    )
    assert.equal((await occupancyOf(p, r201.roomId)).occupancy, 'full')
    const actions = after.data.events.map((e: { action: string }) => e.action)
    assert.deepEqual(actions, ['walkIn', 'addGuest', 'editGuest', 'removeGuest'])
  })

  test('guests booked from tomorrow check in today only when the desk confirms the night added', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r504 = await roomOf(p, staff.hotel, '504')
    const order = await reserve(p, staff.clerk, {
      startTime: day(1),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r504.roomId }],
    })
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', { orderId: order.orderId })
    assert.equal(refused.status, 409)
    assert.equal(
      refused.msg,
      `The guests are booked to arrive on ${day(1)} and the business date is ${day(0)}: checking in now adds the nights before, confirm the early check-in`,
    )
    assert.equal((await occupancyOf(p, r504.roomId)).occupancy, 'empty')
    const early = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      early: true,
    })
    assert.equal(early.code, 200, early.msg)
    assert.equal(early.data.rooms[0].state, 'checkIn')
    // The stay starts now: the night before the booked arrival is added.
    assert.ok(early.data.rooms[0].startTime < `${day(1)} 00:00:00`, early.data.rooms[0].startTime)
  })

  test("the last guests' check-out cancels the rooms still to arrive only when the desk confirms it", async () => {
    const twin = await typeOf(p, staff.hotel, TWIN)
    const r108 = await roomOf(p, staff.hotel, '108')
    const order = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: twin.roomTypeId, roomId: r108.roomId }, { roomTypeId: twin.roomTypeId }],
    })
    // The room still to assign shows by its type, in the view and in the list.
    assert.deepEqual(order.unassigned, [TWIN])
    const listed = await call(p, staff.clerk, 'get', '/pms/pmsOrder/list', { roomNo: '108' })
    assert.deepEqual(listed.rows!.find((r: any) => r.orderId === order.orderId).unassigned, [TWIN])
    const early = order.rooms.find((r: any) => r.roomId === r108.roomId)
    const later = order.rooms.find((r: any) => r.roomId !== r108.roomId)
    const checkIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: order.orderId,
      rooms: [{ orderRoomId: early.orderRoomId }],
    })
    assert.equal(checkIn.code, 200, checkIn.msg)
    // Without the desk's word, no booking is lost: refused, naming the room to arrive.
    const asked = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    assert.equal(asked.status, 409)
    assert.equal(
      asked.msg,
      `Once the last guests leave, ${TWIN} still to arrive would be cancelled: confirm the cancellation to check out`,
    )
    const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', {
      orderId: order.orderId,
      cancelBooked: true,
    })
    assert.equal(out.code, 200, out.msg)
    const states = Object.fromEntries(out.data.rooms.map((r: any) => [r.orderRoomId, r.state]))
    assert.deepEqual(states, { [early.orderRoomId]: 'checkOut', [later.orderRoomId]: 'cancel' })
    assert.equal(out.data.state, 'checkOut')
    assert.deepEqual(out.data.events.at(-1).detail.cancelled, [later.orderRoomId])
  })

  test('check-out leaves the room empty and dirty; cancel check-out checks it in again', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r202 = await roomOf(p, staff.hotel, '202')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, r202.roomId)
    const out = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    assert.equal(out.code, 200, out.msg)
    assert.equal(out.data.state, 'checkOut')
    assert.equal(out.data.rooms[0].state, 'checkOut')
    // Left before the planned departure: the order shows when its guests left, beside the plan.
    assert.equal(order.departedAt, null)
    assert.equal(out.data.departedAt, out.data.rooms[0].checkedOutAt)
    assert.ok(out.data.departedAt < out.data.checkOutAt, `${out.data.departedAt} < ${out.data.checkOutAt}`)
    const listed = await call(p, staff.clerk, 'get', '/pms/pmsOrder/list', { roomNo: '202' })
    assert.equal(listed.rows!.find((r: any) => r.orderId === order.orderId).departedAt, out.data.departedAt)
    assert.deepEqual(await occupancyOf(p, r202.roomId), { occupancy: 'empty', dirty: true })
    const back = await call(p, staff.clerk, 'post', '/pms/pmsOrder/cancelCheckOut', {
      orderId: order.orderId,
    })
    assert.equal(back.code, 200, back.msg)
    assert.equal(back.data.state, 'checkIn')
    assert.equal(back.data.rooms[0].checkedOutAt, null)
    assert.equal(back.data.departedAt, null)
    assert.equal((await occupancyOf(p, r202.roomId)).occupancy, 'full')
    await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    // Someone else moved in meanwhile: the check-out cannot be cancelled.
    await walkIn(p, staff.clerk, king.roomTypeId, r202.roomId)
    const refused = await call(p, staff.clerk, 'post', '/pms/pmsOrder/cancelCheckOut', {
      orderId: order.orderId,
    })
    assert.equal(refused.status, 409)
    assert.equal(refused.msg, 'Room 202 is occupied again: the check-out cannot be undone')
  })

  test('change room keeps the stay and guests; the old room becomes dirty and empty, the new one must be free', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const sea = await typeOf(p, staff.hotel, SEA)
    const r203 = await roomOf(p, staff.hotel, '203')
    const r204 = await roomOf(p, staff.hotel, '204')
    const r209 = await roomOf(p, staff.hotel, '209')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, r203.roomId)
    await walkIn(p, staff.clerk, king.roomTypeId, r204.roomId)
    const stay = order.rooms[0].orderRoomId
    const busy = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: stay,
      roomId: r204.roomId,
    })
    assert.equal(busy.status, 409)
    assert.equal(busy.msg, 'Only empty rooms or hourly rooms can be chosen (room 204 is not empty)')
    const moved = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: stay,
      roomId: r209.roomId,
    })
    assert.equal(moved.code, 200, moved.msg)
    assert.equal(moved.data.rooms[0].orderRoomId, stay)
    assert.equal(moved.data.rooms[0].roomNo, '209')
    assert.equal(moved.data.rooms[0].typeName, SEA)
    assert.equal(moved.data.rooms[0].priceCents, king.dailyPrice)
    assert.equal(moved.data.rooms[0].guests[0].name, 'Li Lei')
    assert.deepEqual(await occupancyOf(p, r203.roomId), { occupancy: 'empty', dirty: true })
    assert.equal((await occupancyOf(p, r209.roomId)).occupancy, 'full')
    const priced = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: stay,
      roomId: r203.roomId,
      priceCents: sea.dailyPrice + 1,
    })
    assert.equal(priced.status, 403)
    const same = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: stay,
      roomId: r209.roomId,
    })
    assert.equal(same.status, 400)
  })

  test('change price needs pms:pmsOrder:changePrice and is recorded', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const order = await reserve(p, staff.clerk, {
      startTime: day(20),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const stay = order.rooms[0].orderRoomId
    const denied = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changePrice', {
      orderRoomId: stay,
      priceCents: 1000,
    })
    assert.equal(denied.status, 403)
    const changed = await call(p, staff.manager, 'post', '/pms/pmsOrder/changePrice', {
      orderRoomId: stay,
      priceCents: 1000,
    })
    assert.equal(changed.code, 200, changed.msg)
    assert.equal(changed.data.rooms[0].priceCents, 1000)
    const event = changed.data.events.at(-1)
    assert.equal(event.action, 'changePrice')
    assert.deepEqual(event.detail, { before: king.dailyPrice, after: 1000 })
    assert.equal(event.createByName, 'manager')
  })

  test('add room and remove room: checked-in rooms stay, guests go first, a subroom cannot add a subroom', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r301 = await roomOf(p, staff.hotel, '301')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, r301.roomId)
    const main = order.rooms[0].orderRoomId
    const added = await call(p, staff.clerk, 'post', '/pms/pmsOrder/addRoom', {
      orderId: order.orderId,
      roomTypeId: king.roomTypeId,
      mainRoomId: main,
      guests: [{ name: 'Kid' }],
    })
    assert.equal(added.code, 200, added.msg)
    const sub = added.data.rooms[1]
    assert.equal(sub.state, 'booking')
    assert.equal(sub.mainRoomId, main)
    // A walk-in is all in; with a room to arrive it is partly checked in.
    assert.deepEqual([order.reserveState, added.data.reserveState], ['checkInAll', 'checkInPart'])
    const subSub = await call(p, staff.clerk, 'post', '/pms/pmsOrder/addRoom', {
      orderId: order.orderId,
      roomTypeId: king.roomTypeId,
      mainRoomId: sub.orderRoomId,
    })
    assert.equal(subSub.status, 409)
    assert.equal(subSub.msg, `Subroom ${KING} cannot add a subroom`)
    const checkedIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/removeRoom', { orderRoomId: main })
    assert.equal(checkedIn.status, 409)
    assert.equal(checkedIn.msg, 'Checked-in room 301 cannot be removed')
    const withGuest = await call(p, staff.clerk, 'post', '/pms/pmsOrder/removeRoom', {
      orderRoomId: sub.orderRoomId,
    })
    assert.equal(withGuest.status, 409)
    assert.equal(withGuest.msg, `Delete the guest information of room ${KING} before removing it`)
    await call(p, staff.clerk, 'delete', `/pms/pmsOrderGuest/${sub.guests[0].guestId}`)
    const removed = await call(p, staff.clerk, 'post', '/pms/pmsOrder/removeRoom', {
      orderRoomId: sub.orderRoomId,
    })
    assert.equal(removed.code, 200, removed.msg)
    assert.equal(removed.data.rooms.length, 1)
    assert.equal(removed.data.events.at(-1).action, 'removeRoom')
    const booked = await reserve(p, staff.clerk, {
      startTime: day(21),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const last = await call(p, staff.clerk, 'post', '/pms/pmsOrder/removeRoom', {
      orderRoomId: booked.rooms[0].orderRoomId,
    })
    assert.equal(last.status, 409)
    assert.equal(last.msg, 'An order keeps at least one room')
  })

  test('extend stay moves the end, refused when the room is taken after it', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r302 = await roomOf(p, staff.hotel, '302')
    const order = await reserve(p, staff.clerk, {
      startTime: day(30),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r302.roomId }],
    })
    const stay = order.rooms[0].orderRoomId
    const longer = await call(p, staff.clerk, 'post', '/pms/pmsOrder/extendStay', {
      orderRoomId: stay,
      nights: 2,
    })
    assert.equal(longer.code, 200, longer.msg)
    assert.equal(longer.data.rooms[0].endTime, `${day(33)} 12:00:00`)
    assert.equal(longer.data.checkOutAt, `${day(33)} 12:00:00`)
    // The whole stay stays within the longest one (90 nights in the demo), however it is extended.
    const tooLong = await call(p, staff.clerk, 'post', '/pms/pmsOrder/extendStay', {
      orderRoomId: stay,
      nights: 88,
    })
    assert.equal(tooLong.status, 400)
    assert.equal(tooLong.msg, 'nights: the stay would last 91 nights, more than the longest stay of 90')
    await reserve(p, staff.clerk, {
      startTime: `${day(33)} 14:00:00`,
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: r302.roomId }],
    })
    const blocked = await call(p, staff.clerk, 'post', '/pms/pmsOrder/extendStay', {
      orderRoomId: stay,
      nights: 1,
    })
    assert.equal(blocked.status, 409)
    assert.equal(blocked.msg, 'Room 302 is not available for that time')
  })

  test('joint rooms and main account', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const a = await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '303')).roomId)
    const b = await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '304')).roomId)
    const c = await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '401')).roomId)
    const [ra, rb, rc] = [a.rooms[0].orderRoomId, b.rooms[0].orderRoomId, c.rooms[0].orderRoomId]
    const joined = await call(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: ra,
      orderRoomIds: [rb],
    })
    assert.equal(joined.code, 200, joined.msg)
    const bDetail = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${b.orderId}`)
    assert.equal(bDetail.data.rooms[0].mainRoomId, ra)
    // Joined to another order's room: named by its number.
    assert.equal(bDetail.data.rooms[0].mainRoomNo, '303')
    const subMain = await call(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: rb,
      orderRoomIds: [rc],
    })
    assert.equal(subMain.status, 409)
    assert.equal(subMain.msg, 'Subroom 304 cannot add a subroom')
    const mainAsSub = await call(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: rc,
      orderRoomIds: [ra],
    })
    assert.equal(mainAsSub.status, 409)
    assert.equal(mainAsSub.msg, '303 is the main room of joined rooms and cannot become a subroom')
    const self = await call(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: ra,
      orderRoomIds: [ra],
    })
    assert.equal(self.status, 400)
    const cancelled = await call(p, staff.clerk, 'post', '/pms/pmsOrder/cancelJointRoom', {
      orderRoomIds: [rb],
    })
    assert.equal(cancelled.code, 200, cancelled.msg)
    const notJoined = await call(p, staff.clerk, 'post', '/pms/pmsOrder/cancelJointRoom', {
      orderRoomIds: [rb],
    })
    assert.equal(notJoined.status, 409)
    assert.equal(notJoined.msg, '304 is not joined to another room')
    const added = await call(p, staff.clerk, 'post', '/pms/pmsOrder/addRoom', {
      orderId: a.orderId,
      roomTypeId: king.roomTypeId,
    })
    const second = added.data.rooms[1].orderRoomId
    const main = await call(p, staff.clerk, 'post', '/pms/pmsOrder/setMainAccount', {
      orderId: a.orderId,
      orderRoomId: second,
    })
    assert.equal(main.code, 200, main.msg)
    assert.equal(main.data.mainAccount, second)
    const foreign = await call(p, staff.clerk, 'post', '/pms/pmsOrder/setMainAccount', {
      orderId: a.orderId,
      orderRoomId: rb,
    })
    assert.equal(foreign.status, 400)
    assert.equal(foreign.msg, `Order room ${rb} is not in this order`)
  })

  test('a stay past its end is overdue in list and detail, and the sweep makes it a state', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r402 = await roomOf(p, staff.hotel, '402')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, r402.roomId)
    await p.query(
      `UPDATE pms_order_room SET stay = tstzrange(now() - interval '2 days', now() - interval '1 hour') WHERE order_id = $1`,
      [order.orderId],
    )
    const detail = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${order.orderId}`)
    assert.equal(detail.data.overdue, true)
    assert.equal(detail.data.rooms[0].overdue, true)
    assert.equal(detail.data.state, 'checkIn')
    const list = await call(p, staff.clerk, 'get', '/pms/pmsOrder/list', { orderNo: order.orderNo })
    assert.equal(list.rows![0].overdue, true)
    const swept = await call(p, staff.clerk, 'post', '/pms/pmsOrder/sweepOverdue')
    assert.equal(swept.code, 200, swept.msg)
    assert.ok(swept.data.orderIds.includes(order.orderId))
    const after = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${order.orderId}`)
    assert.equal(after.data.state, 'overdue')
    assert.equal(after.data.events.at(-1).action, 'overdue')
    const noCheckIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/addRoom', {
      orderId: order.orderId,
      roomTypeId: king.roomTypeId,
    })
    assert.equal(noCheckIn.status, 409)
    assert.equal(noCheckIn.msg, 'Cannot add a room to an order that is overdue')
    const extended = await call(p, staff.clerk, 'post', '/pms/pmsOrder/extendStay', {
      orderRoomId: order.rooms[0].orderRoomId,
      nights: 2,
    })
    assert.equal(extended.code, 200, extended.msg)
    assert.equal(extended.data.state, 'checkIn')
    assert.equal(extended.data.overdue, false)
  })

  test('key cards for a stay: room, guest and validity from the stay; refused without a guest or once over', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r403 = await roomOf(p, staff.hotel, '403')
    const order = await walkIn(p, staff.clerk, king.roomTypeId, r403.roomId)
    const stay = order.rooms[0]
    const issue = (orderRoomId: number) =>
      call(p, staff.clerk, 'post', '/pms/pmsProperty/getCardIssuerAuthorization', {
        protocol: 'M157',
        cardType: 1,
        uid: 'A1B2C3D4',
        orderRoomId,
      })
    const granted = await issue(stay.orderRoomId)
    assert.equal(granted.code, 200, granted.msg)
    const [record] = await p.query<{
      room_id: string
      order_id: string
      order_room_id: string
      guest_name: string
      start_time: string
      end_time: string
    }>(
      'SELECT room_id, order_id, order_room_id, guest_name, start_time, end_time FROM pms_card_record WHERE record_id = $1',
      [granted.data.recordId],
    )
    assert.equal(Number(record!.room_id), r403.roomId)
    assert.equal(Number(record!.order_id), order.orderId)
    assert.equal(Number(record!.order_room_id), stay.orderRoomId)
    assert.equal(record!.guest_name, 'Li Lei')
    const [range] = await p.query<{ s: string; e: string }>(
      'SELECT floor(extract(epoch FROM lower(stay)))::bigint AS s, floor(extract(epoch FROM upper(stay)))::bigint AS e FROM pms_order_room WHERE order_room_id = $1',
      [stay.orderRoomId],
    )
    assert.equal(Number(record!.start_time), Number(range!.s))
    assert.equal(Number(record!.end_time), Number(range!.e))
    await call(p, staff.clerk, 'delete', `/pms/pmsOrderGuest/${stay.guests[0].guestId}`)
    const noGuest = await issue(stay.orderRoomId)
    assert.equal(noGuest.status, 400)
    assert.equal(noGuest.msg, 'Do not issue card without guest information.')
    await p.query(
      `UPDATE pms_order_room SET stay = tstzrange(now() - interval '2 days', now() - interval '1 hour') WHERE order_room_id = $1`,
      [stay.orderRoomId],
    )
    const expired = await issue(stay.orderRoomId)
    assert.equal(expired.status, 409)
    assert.equal(expired.msg, 'Check-in information has expired, please stay after issuing')
  })
})
