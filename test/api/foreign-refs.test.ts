// A write body may not point at another property's records: an order, an order room or a room of property A named by
// a session acting in property B is answered 404 and never stored as a reference.
import assert from 'node:assert/strict'
import { CardType } from '@pms/protocol'
import { test } from 'vitest'
import { auth, demoIds, ISSUE_URL } from './cards-support.ts'
import { bearer, describeProduct } from './harness.ts'
import { roomOf, walkIn } from './orders-support.ts'

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
})
