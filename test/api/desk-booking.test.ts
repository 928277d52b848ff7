// Reservations and check-in at the desk (issue 16): a room type's availability per night is enforced for every
// caller, under concurrency, with overbooking only through the property setting; phones follow SPEC §5; nights are
// 1 to the property's longest stay with a message that says so.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, roomOf, type Staff, typeOf } from './orders-support.ts'

const ROOMS = 4

describeProduct('desk: reservations by room type and check-in rules', (product) => {
  let staff: Staff
  let p: TestProduct
  let typeId: number

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
    const b = await call(p, staff.manager, 'post', '/pms/pmsBuilding', { buildingName: 'Annex Q' })
    const t = await call(p, staff.manager, 'post', '/pms/pmsRoomType', {
      typeName: 'Quad Q',
      dailyPrice: 10000,
    })
    assert.equal(t.code, 200, t.msg)
    typeId = t.data.roomTypeId
    const made = await call(p, staff.manager, 'post', '/pms/pmsRoom/bulk', {
      buildingId: b.data.buildingId,
      floorFrom: 1,
      floorTo: 1,
      roomFrom: 1,
      roomTo: ROOMS,
      roomTypeId: typeId,
      pattern: 'Q{floor}-{room}',
    })
    assert.equal(made.data.rooms, ROOMS)
  })

  const byType = (startTime: string, nights = 1, extra: object = {}) =>
    call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime,
      nights,
      rooms: [{ roomTypeId: typeId }],
      ...extra,
    })

  test(`${3 * ROOMS} concurrent reservations of a ${ROOMS}-room type for one night: exactly ${ROOMS} are accepted`, async () => {
    const results = await Promise.all(Array.from({ length: 3 * ROOMS }, () => byType(day(30))))
    const won = results.filter((r) => r.code === 200)
    const lost = results.filter((r) => r.code !== 200)
    assert.equal(won.length, ROOMS)
    for (const r of lost) {
      assert.equal(r.status, 409)
      assert.equal(r.msg, `No Quad Q room is left on ${day(30)} (${ROOMS} rooms for sale)`)
    }
    const [held] = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_order_room WHERE room_type_id = $1 AND state = 'booking'",
      [typeId],
    )
    assert.equal(Number(held!.n), ROOMS)
    // Stays of the nights around it are not affected; one spanning the full night is.
    assert.equal((await byType(day(31))).code, 200)
    assert.equal((await byType(day(29), 3)).status, 409)
  })

  test('a stay with a room counts too, a locked room is not for sale, and the overbooking setting allows its limit', async () => {
    const [q1] = await p.query<{ room_id: string }>(
      "SELECT room_id FROM pms_room WHERE room_type_id = $1 AND room_no = 'Q1-01'",
      [typeId],
    )
    for (let i = 0; i < ROOMS - 1; i++) assert.equal((await byType(day(40))).code, 200)
    // One room left: locking it leaves none.
    await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [Number(q1!.room_id)],
      state: 'locked',
      value: true,
      reason: 'inventory test',
    })
    assert.equal((await byType(day(40))).status, 409)
    await call(p, staff.clerk, 'put', '/pms/pmsRoom/state', {
      roomIds: [Number(q1!.room_id)],
      state: 'locked',
      value: false,
    })
    const assigned = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(40),
      nights: 1,
      rooms: [{ roomTypeId: typeId, roomId: Number(q1!.room_id) }],
    })
    assert.equal(assigned.code, 200, assigned.msg)
    assert.equal((await byType(day(40))).status, 409)

    const setting = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      overbookRooms: 1,
    })
    assert.equal(setting.code, 200, setting.msg)
    assert.equal((await byType(day(40))).code, 200, 'one room beyond the rooms for sale')
    assert.equal((await byType(day(40))).status, 409, 'but not two')
    await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      overbookRooms: 0,
    })
  })

  test('an extension or a move into nights the type has no room left for is refused, and nothing changes', async () => {
    const [q1, q2] = await Promise.all(['Q1-01', 'Q1-02'].map((no) => roomOf(p, staff.hotel, no)))
    const reserve = (roomTypeId: number, roomId: number) =>
      call(p, staff.clerk, 'post', '/pms/pmsReserve', {
        startTime: day(51),
        nights: 1,
        rooms: [{ roomTypeId, roomId }],
      })
    const stayed = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(50),
      nights: 1,
      rooms: [{ roomTypeId: typeId, roomId: q1.roomId }],
    })
    assert.equal(stayed.code, 200, stayed.msg)
    const king = await typeOf(p, staff.hotel, KING)
    const [kingRoom] = await p.query<{ room_id: string }>(
      'SELECT room_id FROM pms_room WHERE room_type_id = $1 ORDER BY room_no LIMIT 1',
      [king.roomTypeId],
    )
    const guest = await reserve(king.roomTypeId, Number(kingRoom!.room_id))
    assert.equal(guest.code, 200, guest.msg)
    // Every Quad room of night 51 sold by type: its rooms themselves stay free, so only the type's count refuses.
    for (let i = 0; i < ROOMS; i++) assert.equal((await byType(day(51))).code, 200)
    const full = `No Quad Q room is left on ${day(51)} (${ROOMS} rooms for sale)`
    const stayOf = async (orderRoomId: number) =>
      (
        await p.query<{ room_id: string; stay_end: string; events: string }>(
          `SELECT s.room_id, upper(s.stay)::text AS stay_end,
             (SELECT count(*) FROM pms_order_event e WHERE e.order_id = s.order_id) AS events
           FROM pms_order_room s WHERE s.order_room_id = $1`,
          [orderRoomId],
        )
      )[0]!
    const longer = stayed.data.rooms[0].orderRoomId
    const before = await stayOf(longer)
    const extended = await call(p, staff.clerk, 'post', '/pms/pmsOrder/extendStay', {
      orderRoomId: longer,
      nights: 1,
    })
    assert.equal(extended.status, 409)
    assert.equal(extended.msg, full)
    assert.deepEqual(await stayOf(longer), before)
    const moving = guest.data.rooms[0].orderRoomId
    const unmoved = await stayOf(moving)
    const moved = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: moving,
      roomId: q2.roomId,
    })
    assert.equal(moved.status, 409)
    assert.equal(moved.msg, full)
    assert.deepEqual(await stayOf(moving), unmoved)
  })

  test('phones follow SPEC §5 at reservation and check-in', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const r401 = await roomOf(p, staff.hotel, '401')
    const short = await byType(day(50), 1, { contactPhone: '1234567' })
    assert.equal(short.status, 400)
    assert.equal(
      short.msg,
      'contactPhone must be an 11-digit mainland mobile number (1, then 3-9), or start with its area code (+852 …)',
    )
    assert.equal((await byType(day(50), 1, { contactPhone: '12812345678' })).status, 400)
    const hk = await byType(day(51), 1, { contactPhone: '+852 123456789012' })
    assert.equal(hk.status, 400)
    assert.equal(hk.msg, 'contactPhone must have 6 to 10 digits after its area code')
    assert.equal((await byType(day(52), 1, { contactPhone: '+852 91234567' })).code, 200)
    assert.equal((await byType(day(53), 1, { contactPhone: '13912345678' })).code, 200)
    const walkIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: king.roomTypeId,
          roomId: r401.roomId,
          guests: [{ name: 'Short Phone', idType: 'passport', idNo: 'E7654321', phone: '5551234' }],
        },
      ],
    })
    assert.equal(walkIn.status, 400)
    assert.match(walkIn.msg, /^rooms\[0\]\.guests\[0\]\.phone must be an 11-digit mainland mobile number/)
  })

  test('nights are 1 to the property maximum, with a message that says so; long stays need the setting', async () => {
    for (const nights of [0, -1, 400]) {
      const res = await byType(day(60), nights)
      assert.equal(res.status, 400, `${nights} nights`)
      assert.equal(
        res.msg,
        'Nights must be from 1 to 90 (nights); longer stays need the property’s long-stay setting',
      )
    }
    assert.equal((await byType(day(60), 91)).status, 400)
    const setting = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      maxNights: 365,
    })
    assert.equal(setting.code, 200, setting.msg)
    assert.equal((await byType(day(60), 200)).code, 200)
    const past = await byType(day(60), 366)
    assert.equal(
      past.msg,
      'Nights must be from 1 to 365 (nights); longer stays need the property’s long-stay setting',
    )
    const tooLong = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      maxNights: 366,
    })
    assert.equal(tooLong.status, 400)
    await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      maxNights: 90,
    })
  })
})

describeProduct('desk: a deposit typed on a reservation is posted to its folio', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  test('the deposit becomes a folio deposit with its method and a receipt number, in the same transaction', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const noMethod = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(70),
      nights: 1,
      depositCents: 20000,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(noMethod.status, 400)
    assert.match(noMethod.msg, /depositMethod/)
    const [{ n: orders }] = (await p.query<{ n: string }>(
      'SELECT count(*) AS n FROM pms_order WHERE check_in_at::date = $1::date AND deposit_cents = 20000',
      [day(70)],
    )) as [{ n: string }]
    assert.equal(Number(orders), 0, 'nothing is kept of a refused reservation')

    const res = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(70),
      nights: 1,
      depositCents: 20000,
      depositMethod: 'bankCard',
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(res.code, 200, res.msg)
    const entries = await p.query<{ kind: string; amount_cents: string; method: string; receipt_no: string }>(
      'SELECT kind, amount_cents, method, receipt_no FROM pms_folio_entry WHERE order_id = $1',
      [res.data.orderId],
    )
    assert.equal(entries.length, 1)
    assert.equal(entries[0]!.kind, 'deposit')
    assert.equal(Number(entries[0]!.amount_cents), 20000)
    assert.equal(entries[0]!.method, 'bankCard')
    assert.match(entries[0]!.receipt_no, /^\S+$/)
    const folio = await call(p, staff.clerk, 'get', `/pms/pmsFolio/${res.data.orderId}`)
    assert.equal(folio.code, 200, folio.msg)
    assert.equal(folio.data.totals.balanceCents, -20000)
  })
})
