// Phone and ID numbers on the order and guest APIs (SPEC §5, issue 16): lists, details and write answers are masked;
// only the detail read with `full` by a user who may edit them (guests, check-in, reservation edit) answers the full
// values, for the edit dialogs and the check-in prefill.
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

describeProduct('desk: masked phone and ID numbers', (product) => {
  let staff: Staff
  let p: TestProduct
  let stay: { orderId: number; orderNo: string }
  let booking: { orderId: number }

  beforeAll(async () => {
    p = product()
    staff = await arrangeStaff(p)
    const king = await typeOf(p, staff.hotel, KING)
    const r201 = await roomOf(p, staff.hotel, '201')
    stay = await walkIn(p, staff.clerk, king.roomTypeId, r201.roomId, {
      contactName: 'Li Lei',
      contactPhone: '13912345678',
      rooms: [
        {
          roomTypeId: king.roomTypeId,
          roomId: r201.roomId,
          guests: [{ name: 'Li Lei', idType: 'idCard', idNo: '11010519491231002X', phone: '13912345678' }],
        },
      ],
    })
    booking = await reserve(p, staff.clerk, {
      startTime: day(3),
      nights: 1,
      contactName: 'Zhao Lei',
      contactPhone: '13812345678',
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
  })

  test('lists, details and write answers are masked', async () => {
    const list = await call(p, staff.clerk, 'get', '/pms/pmsOrder/list', { orderNo: stay.orderNo })
    assert.equal(list.rows![0].contactPhone, '139****5678')
    const detail = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${stay.orderId}`)
    assert.equal(detail.data.contactPhone, '139****5678')
    const guest = detail.data.rooms[0].guests[0]
    assert.equal(guest.phone, '139****5678')
    assert.equal(guest.idNo, '110****002X')
    const reservations = await call(p, staff.clerk, 'get', '/pms/pmsReserve/list', {})
    const zhao = reservations.rows!.find((o: { orderId: number }) => o.orderId === booking.orderId)
    assert.equal(zhao.contactPhone, '138****5678')
    const edited = await call(p, staff.clerk, 'put', '/pms/pmsReserve', {
      orderId: booking.orderId,
      remark: 'late',
    })
    assert.equal(edited.code, 200, edited.msg)
    assert.equal(edited.data.contactPhone, '138****5678')
    const stored = await p.query<{ contact_phone: string }>(
      'SELECT contact_phone FROM pms_order WHERE order_id = $1',
      [booking.orderId],
    )
    assert.equal(
      stored[0]!.contact_phone,
      '13812345678',
      'a masked answer never overwrites the stored number',
    )
  })

  test('the full values are read with `full` by a user who may edit them, and only then', async () => {
    const order = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${stay.orderId}`, { full: true })
    assert.equal(order.data.contactPhone, '13912345678')
    assert.equal(order.data.rooms[0].guests[0].idNo, '11010519491231002X')
    const reservation = await call(p, staff.clerk, 'get', `/pms/pmsReserve/${booking.orderId}`, {
      full: true,
    })
    assert.equal(reservation.data.contactPhone, '13812345678')

    // A role that may read orders but neither edit guests, check in nor edit reservations reads them masked.
    const [role] = await p.query<{ role_id: string }>(
      "INSERT INTO sys_role (role_key, role_name, role_type) VALUES ('order_reader', 'reader', 2) RETURNING role_id",
    )
    await p.query(
      `INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, menu_id FROM sys_menu
       WHERE perms IN ('pms:pmsOrder:query', 'pms:pmsOrder:list', 'pms:pmsReserve:query', 'pms:pmsReserve:list')`,
      [role!.role_id],
    )
    const [binding] = await p.query<{ role_id: string }>(
      `SELECT role_id FROM pms_property_user WHERE property_id = $1
       AND user_id = (SELECT user_id FROM sys_user WHERE user_name = 'clerk')`,
      [staff.hotel],
    )
    const bind = (roleId: string) =>
      p.query(
        `UPDATE pms_property_user SET role_id = $1 WHERE property_id = $2
         AND user_id = (SELECT user_id FROM sys_user WHERE user_name = 'clerk')`,
        [roleId, staff.hotel],
      )
    await bind(role!.role_id)
    try {
      const masked = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${stay.orderId}`, { full: true })
      assert.equal(masked.code, 200, masked.msg)
      assert.equal(masked.data.contactPhone, '139****5678')
      assert.equal(masked.data.rooms[0].guests[0].idNo, '110****002X')
      const maskedReservation = await call(p, staff.clerk, 'get', `/pms/pmsReserve/${booking.orderId}`, {
        full: true,
      })
      assert.equal(maskedReservation.data.contactPhone, '138****5678')
    } finally {
      await bind(binding!.role_id)
    }
  })
})
