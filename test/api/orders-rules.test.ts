// The order state machine and the guards of every front-desk route: each action not allowed in a state answers 409
// naming the action and the state and changes nothing (table-driven over TRANSITIONS); a record of another property
// is refused on every route; every route is refused without its permission.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { OrderAction, OrderState } from '@pms/protocol/api/orders'
import { TRANSITIONS } from '@pms/protocol/orders/state-machine'
import { beforeAll, test } from 'vitest'
import type { TestProduct } from './harness.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, reserve, roomOf, type Staff, typeOf } from './orders-support.ts'

type Method = 'get' | 'post' | 'put' | 'delete'
interface Target {
  orderId: number
  orderRoomId: number
  guestId: number
  roomId: number
  roomTypeId: number
  /** A booked room of another order, to join to. */
  otherRoomId: number
}

/** The request of each order-targeted action. */
const REQUESTS: Record<string, (t: Target) => [Method, string, object | undefined]> = {
  [OrderAction.editReserve]: (t) => ['put', '/pms/pmsReserve', { orderId: t.orderId, remark: 'x' }],
  [OrderAction.checkIn]: (t) => ['post', '/pms/pmsOrder/checkIn', { orderId: t.orderId }],
  [OrderAction.checkOut]: (t) => ['post', '/pms/pmsOrder/checkOut', { orderId: t.orderId }],
  [OrderAction.cancelCheckOut]: (t) => ['post', '/pms/pmsOrder/cancelCheckOut', { orderId: t.orderId }],
  [OrderAction.cancelApply]: (t) => [
    'post',
    '/pms/pmsReserve/cancelApply',
    { orderId: t.orderId, reason: 'x' },
  ],
  [OrderAction.cancelApprove]: (t) => [
    'post',
    '/pms/pmsReserve/cancelAudit',
    { orderId: t.orderId, approve: true },
  ],
  [OrderAction.cancelRefuse]: (t) => [
    'post',
    '/pms/pmsReserve/cancelAudit',
    { orderId: t.orderId, approve: false, remark: 'x' },
  ],
  [OrderAction.cancelBooking]: (t) => ['post', '/pms/pmsReserve/cancel', { orderId: t.orderId }],
  [OrderAction.restoreBooking]: (t) => ['post', '/pms/pmsReserve/restore', { orderId: t.orderId }],
  [OrderAction.noShow]: (t) => ['post', '/pms/pmsReserve/noShow', { orderId: t.orderId }],
  [OrderAction.setMainAccount]: (t) => [
    'post',
    '/pms/pmsOrder/setMainAccount',
    { orderId: t.orderId, orderRoomId: t.orderRoomId },
  ],
  [OrderAction.jointRoom]: (t) => [
    'post',
    '/pms/pmsOrder/jointRoom',
    { mainRoomId: t.otherRoomId, orderRoomIds: [t.orderRoomId] },
  ],
  [OrderAction.cancelJointRoom]: (t) => [
    'post',
    '/pms/pmsOrder/cancelJointRoom',
    { orderRoomIds: [t.orderRoomId] },
  ],
  [OrderAction.changeRoom]: (t) => [
    'post',
    '/pms/pmsOrder/changeRoom',
    { orderRoomId: t.orderRoomId, roomId: t.roomId },
  ],
  [OrderAction.changePrice]: (t) => [
    'post',
    '/pms/pmsOrder/changePrice',
    { orderRoomId: t.orderRoomId, priceCents: 1 },
  ],
  [OrderAction.addRoom]: (t) => [
    'post',
    '/pms/pmsOrder/addRoom',
    { orderId: t.orderId, roomTypeId: t.roomTypeId },
  ],
  [OrderAction.removeRoom]: (t) => ['post', '/pms/pmsOrder/removeRoom', { orderRoomId: t.orderRoomId }],
  [OrderAction.extendStay]: (t) => [
    'post',
    '/pms/pmsOrder/extendStay',
    { orderRoomId: t.orderRoomId, nights: 1 },
  ],
  [OrderAction.addGuest]: (t) => ['post', '/pms/pmsOrderGuest', { orderRoomId: t.orderRoomId, name: 'x' }],
  [OrderAction.editGuest]: (t) => ['put', '/pms/pmsOrderGuest', { guestId: t.guestId, name: 'x' }],
  [OrderAction.removeGuest]: (t) => ['delete', `/pms/pmsOrderGuest/${t.guestId}`, undefined],
}

/** Actions that make an order (reserve, walkIn) or that only the sweep takes (overdue) have no order to refuse. */
const NOT_TARGETED = [OrderAction.reserve, OrderAction.walkIn, OrderAction.overdue]

describeProduct('orders: state machine and guards', (product) => {
  let staff: Staff
  let p: TestProduct

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
  })

  test('the transition table names only known states and actions, and every order action has a route', () => {
    const states = Object.values(OrderState) as string[]
    for (const [state, row] of Object.entries(TRANSITIONS)) {
      assert.ok(states.includes(state))
      for (const [action, next] of Object.entries(row)) {
        assert.ok((Object.values(OrderAction) as string[]).includes(action), action)
        assert.ok(states.includes(next!), `${state} --${action}--> ${next}`)
      }
    }
    for (const action of Object.values(OrderAction))
      assert.ok(REQUESTS[action] || NOT_TARGETED.includes(action as never), `no request for ${action}`)
  })

  for (const state of Object.values(OrderState)) {
    test(`in state ${state}, every action the table does not allow is refused and changes nothing`, async () => {
      const king = await typeOf(p, staff.hotel, KING)
      const offset = 200 + Object.values(OrderState).indexOf(state) * 3
      const order = await reserve(p, staff.manager, {
        startTime: day(offset),
        nights: 1,
        rooms: [{ roomTypeId: king.roomTypeId, guests: [{ name: 'Guest' }] }],
      })
      const other = await reserve(p, staff.manager, {
        startTime: day(offset),
        nights: 1,
        rooms: [{ roomTypeId: king.roomTypeId }],
      })
      const target: Target = {
        orderId: order.orderId,
        orderRoomId: order.rooms[0].orderRoomId,
        guestId: order.rooms[0].guests[0].guestId,
        roomId: (await roomOf(p, staff.hotel, '501')).roomId,
        roomTypeId: king.roomTypeId,
        otherRoomId: other.rooms[0].orderRoomId,
      }
      await p.query('UPDATE pms_order SET state = $1 WHERE order_id = $2', [state, order.orderId])
      const snapshot = async () =>
        JSON.stringify([
          await p.query('SELECT * FROM pms_order WHERE order_id = $1', [order.orderId]),
          await p.query('SELECT * FROM pms_order_room WHERE order_id = $1 ORDER BY order_room_id', [
            order.orderId,
          ]),
          await p.query('SELECT * FROM pms_order_guest WHERE order_id = $1 ORDER BY guest_id', [
            order.orderId,
          ]),
          await p.query('SELECT count(*) AS n FROM pms_order_event WHERE order_id = $1', [order.orderId]),
        ])
      const before = await snapshot()
      let refused = 0
      for (const [action, request] of Object.entries(REQUESTS)) {
        if (TRANSITIONS[state][action as OrderAction]) continue
        const [method, path, body] = request(target)
        const res = await call(p, staff.manager, method, path, body)
        const expected = translate('en-US', 'orders.actionNotAllowed', [
          translate('en-US', `orders.action.${action}`),
          translate('en-US', `orders.stateInText.${state}`),
        ])
        assert.equal(res.status, 409, `${state} ${action}: ${res.msg}`)
        assert.equal(res.msg, expected)
        refused++
      }
      assert.ok(refused > 0)
      assert.equal(await snapshot(), before)
    })
  }

  test('the refusal is translated', async () => {
    const king = await typeOf(p, staff.hotel, KING)
    const order = await reserve(p, staff.manager, {
      startTime: day(250),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const res = await p.http
      .post('/prod-api/pms/pmsOrder/checkOut')
      .set('Authorization', `Bearer ${staff.manager}`)
      .set('Accept-Language', 'zh-CN')
      .send({ orderId: order.orderId })
    assert.equal(res.body.code, 409)
    assert.equal(res.body.msg, '预订状态的订单不能退房')
  })

  test('records of another property are refused on every route and left unchanged', async () => {
    // An order of the apartment, made directly: the clerk works in the hotel only.
    const [room] = await p.query<{ room_id: string; room_type_id: string }>(
      'SELECT room_id, room_type_id FROM pms_room WHERE property_id = $1 ORDER BY room_id LIMIT 1',
      [staff.apartment],
    )
    const [created] = await p.query<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, check_in_at, check_out_at)
       VALUES ($1, 'APT-1', 'reserve', 'booking', now() + interval '300 days', now() + interval '301 days')
       RETURNING order_id`,
      [staff.apartment],
    )
    const orderId = Number(created!.order_id)
    const [stay] = await p.query<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state)
       VALUES ($1, $2, $3, $4, 100, tstzrange(now() + interval '300 days', now() + interval '301 days'), 'booking')
       RETURNING order_room_id`,
      [orderId, staff.apartment, room!.room_id, room!.room_type_id],
    )
    const orderRoomId = Number(stay!.order_room_id)
    const [guest] = await p.query<{ guest_id: string }>(
      `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name) VALUES ($1, $2, $3, 'Apt guest')
       RETURNING guest_id`,
      [orderId, orderRoomId, staff.apartment],
    )
    const king = await typeOf(p, staff.hotel, KING)
    const own = await reserve(p, staff.clerk, {
      startTime: day(260),
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    const target: Target = {
      orderId,
      orderRoomId,
      guestId: Number(guest!.guest_id),
      roomId: (await roomOf(p, staff.hotel, '502')).roomId,
      roomTypeId: king.roomTypeId,
      otherRoomId: own.rooms[0].orderRoomId,
    }
    const snapshot = async () =>
      JSON.stringify([
        await p.query('SELECT * FROM pms_order WHERE order_id = $1', [orderId]),
        await p.query('SELECT * FROM pms_order_room WHERE order_id = $1', [orderId]),
        await p.query('SELECT * FROM pms_order_guest WHERE order_id = $1', [orderId]),
      ])
    const before = await snapshot()
    const cases: Array<[Method, string, object | undefined]> = [
      ...Object.values(REQUESTS).map((r) => r(target)),
      ['get', `/pms/pmsOrder/${orderId}`, undefined],
      ['get', `/pms/pmsReserve/${orderId}`, undefined],
      [
        'post',
        '/pms/pmsProperty/getCardIssuerAuthorization',
        { protocol: 'M157', cardType: 1, uid: 'A1B2C3D4', orderRoomId },
      ],
    ]
    for (const [method, path, body] of cases) {
      const res = await call(p, staff.clerk, method, path, body)
      assert.ok(
        [403, 404].includes(res.status),
        `${method} ${path} ${JSON.stringify(body)}: ${res.status} ${res.msg}`,
      )
    }
    const notFound = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${orderId}`)
    assert.equal(notFound.msg, 'Order Not Found')
    // Rooms and room types of the apartment cannot be booked from the hotel, nor joined, nor listed.
    const aptType = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(270),
      nights: 1,
      rooms: [{ roomTypeId: Number(room!.room_type_id) }],
    })
    assert.equal(aptType.status, 404)
    const aptRoom = await call(p, staff.clerk, 'post', '/pms/pmsOrder/changeRoom', {
      orderRoomId: own.rooms[0].orderRoomId,
      roomId: Number(room!.room_id),
    })
    assert.equal(aptRoom.status, 404)
    const join = await call(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: own.rooms[0].orderRoomId,
      orderRoomIds: [orderRoomId],
    })
    assert.equal(join.status, 404)
    const list = await call(p, staff.clerk, 'get', '/pms/pmsOrder/list', { orderNo: 'APT-1' })
    assert.equal(list.total, 0)
    const reserves = await call(p, staff.clerk, 'get', '/pms/pmsReserve/list', {
      orderNo: 'APT-1',
      propertyId: staff.apartment,
    })
    assert.equal(reserves.total, 0)
    const avail = await call(p, staff.clerk, 'get', '/pms/pmsReserve/availability', {
      startTime: day(270),
      nights: 1,
      roomTypeId: Number(room!.room_type_id),
    })
    assert.deepEqual(avail.data.types, [])
    assert.equal(await snapshot(), before)
  })

  test('every front-desk route is refused without its permission', async () => {
    const routes = p.server().routes.filter((r) => /\/pms\/(pmsReserve|pmsOrder|pmsOrderGuest)\b/.test(r.url))
    assert.ok(routes.length >= 28, `${routes.length} routes`)
    for (const r of routes) assert.ok(r.access.permission, `${r.method} ${r.url} declares a permission`)
    await p.query(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
         AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms LIKE 'pms:pmsReserve:%' OR perms LIKE 'pms:pmsOrder:%')`,
    )
    const clerk = await p.login('clerk')
    for (const r of routes) {
      const path = r.url.replace(/^\/prod-api/, '').replace(/:\w+/g, '1')
      const res = await call(p, clerk, r.method.toLowerCase() as Method, path, {})
      assert.equal(res.status, 403, `${r.method} ${r.url}`)
      assert.equal(res.code, 403)
    }
  })
})
