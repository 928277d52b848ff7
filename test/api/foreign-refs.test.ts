// A write body may not point at another property's records: an order, an order room or a room of property A named by
// a session acting in property B is answered 404 and never stored as a reference.
import assert from 'node:assert/strict'
import { CardType } from '@pms/protocol'
import { test } from 'vitest'
import { statementCounter } from '../../server/src/db/statements.ts'
import { auth, demoIds, ISSUE_URL } from './cards-support.ts'
import { bearer, describeProduct } from './harness.ts'
import { call, day, reserve, roomOf, walkIn } from './orders-support.ts'

describeProduct('references to another property in write bodies', (product) => {
  test('card records and card grants refuse another property’s order and order room', async () => {
    const p = product()
    const ids = await demoIds(p)
    const clerk = await p.login('clerk')
    const hotelRoom = await roomOf(p, ids.hotel, '102')
    const order = await walkIn(p, clerk, hotelRoom.roomTypeId, hotelRoom.roomId)
    const orderId = Number(order.orderId ?? order.order?.orderId)
    assert.ok(orderId > 0, JSON.stringify(order).slice(0, 300))
    const [stay] = await p.query<{ order_room_id: number }>(
      'SELECT order_room_id FROM pms_order_room WHERE order_id = $1',
      [orderId],
    )
    // The manager works in the apartment building now: the hotel's order is not its to reference.
    const manager = await p.login('manager')
    const switched = await p.http.put(`/prod-api/auth/switchProperty/${ids.apartment}`).set(bearer(manager))
    assert.equal(switched.body.code, 200)
    const before = await p.query('SELECT record_id FROM pms_card_record')
    const record = await p.http.post('/prod-api/pms/pmsCardRecord').set(auth(manager)).send({
      cardid: '55667788',
      cardType: CardType.GUEST,
      protocol: 'M157',
      orderId,
    })
    assert.equal(record.status, 404, record.text)
    const grant = await p.http
      .post(ISSUE_URL)
      .set(auth(manager))
      .send({
        protocol: 'M157',
        cardType: CardType.GUEST,
        uid: 'DEADBEEF',
        roomId: ids.apartmentRoom.roomId,
        guestName: 'Li Lei',
        startTime: '2030-01-01 12:00:00',
        endTime: '2030-01-03 12:00:00',
        orderId,
        orderRoomId: Number(stay!.order_room_id),
      })
    assert.equal(grant.status, 404, grant.text)
    const byStay = await p.http
      .post(ISSUE_URL)
      .set(auth(manager))
      .send({
        protocol: 'M157',
        cardType: CardType.GUEST,
        uid: 'DEADBEEF',
        roomId: ids.apartmentRoom.roomId,
        guestName: 'Li Lei',
        startTime: '2030-01-01 12:00:00',
        endTime: '2030-01-03 12:00:00',
        orderRoomId: Number(stay!.order_room_id),
      })
    assert.equal(byStay.status, 404, byStay.text)
    assert.equal((await p.query('SELECT record_id FROM pms_card_record')).length, before.length)
    // In the hotel, the same order is accepted.
    const own = await p.http.post('/prod-api/pms/pmsCardRecord').set(auth(clerk)).send({
      cardid: '55667788',
      cardType: CardType.GUEST,
      protocol: 'M157',
      orderId,
    })
    assert.equal(own.status, 200, own.text)
  })

  test('an order made on this server is known as its property’s: checking it in asks no owner, and another property’s session is still refused', async () => {
    const p = product()
    const ids = await demoIds(p)
    const clerk = await p.login('clerk')
    const hotelRoom = await roomOf(p, ids.hotel, '103')
    const order = await reserve(p, clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: hotelRoom.roomTypeId, roomId: hotelRoom.roomId }],
    })
    statementCounter.log = []
    try {
      const checkedIn = await call(p, clerk, 'post', '/pms/pmsOrder/checkIn', { orderId: order.orderId })
      assert.equal(checkedIn.code, 200, checkedIn.msg)
      const asked = statementCounter.log.filter((text) => /\bAS owner\b/.test(text))
      assert.deepEqual(asked, [], 'the order and its stay were known from the reservation')
    } finally {
      statementCounter.log = null
    }
    // The manager, acting in the apartment building, names the hotel's order: refused as before.
    const manager = await p.login('manager')
    const switched = await p.http.put(`/prod-api/auth/switchProperty/${ids.apartment}`).set(bearer(manager))
    assert.equal(switched.body.code, 200)
    const foreign = await call(p, manager, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    assert.equal(foreign.status, 404, foreign.msg)
  })
})
