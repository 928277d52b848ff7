// House use and complimentary marks on stays (issue 13): marking needs its permission and a reason; a marked stay
// gets no night charge and no check-out room charge, stays out of the rooms sold and room revenue, and the day's
// snapshot counts it apart (rooms_complimentary, rooms_house_use). A stay not of the property is refused.
import assert from 'node:assert/strict'
import { it } from 'vitest'
import { bill } from './billing-support.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, KING, roomOf, type Staff, TWIN, typeOf, walkIn } from './orders-support.ts'

describeProduct('stay marks: complimentary and house use', (product) => {
  let staff: Staff
  const stays: Record<'comp' | 'house' | 'paid', { orderId: number; orderRoomId: number }> = {} as never

  it('marks need the permission and a reason; a stay not of the property is refused', async () => {
    const p = product()
    staff = await arrangeStaff(p)
    const king = await typeOf(p, staff.hotel, KING)
    const twin = await typeOf(p, staff.hotel, TWIN)
    for (const [key, type, roomNo] of [
      ['comp', king, '102'],
      ['house', twin, '105'],
      ['paid', king, '103'],
    ] as const) {
      const order = await walkIn(
        p,
        staff.clerk,
        type.roomTypeId,
        (await roomOf(p, staff.hotel, roomNo)).roomId,
      )
      stays[key] = { orderId: order.orderId, orderRoomId: order.rooms[0].orderRoomId }
    }
    const clerk = await call(p, staff.clerk, 'post', '/pms/pmsNightAudit/stayMark', {
      orderRoomId: stays.comp.orderRoomId,
      mark: 'complimentary',
      reason: 'VIP',
    })
    assert.equal(clerk.status, 403)
    const noReason = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/stayMark', {
      orderRoomId: stays.comp.orderRoomId,
      mark: 'complimentary',
      reason: '  ',
    })
    assert.equal(noReason.status, 400)
    assert.match(noReason.msg, /reason/)
    const badMark = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/stayMark', {
      orderRoomId: stays.comp.orderRoomId,
      mark: 'free',
      reason: 'x',
    })
    assert.equal(badMark.status, 400)
    // A stay that is not the property's (the foreign-refs walk covers other properties' ids for every route).
    const unknown = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/stayMark', {
      orderRoomId: 999_999_999,
      mark: 'houseUse',
      reason: 'x',
    })
    assert.ok([400, 403, 404].includes(unknown.status), unknown.msg)
    const comp = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/stayMark', {
      orderRoomId: stays.comp.orderRoomId,
      mark: 'complimentary',
      reason: 'VIP guest of the owner',
    })
    assert.equal(comp.code, 200, comp.msg)
    assert.equal(comp.data.markedByName, 'manager')
    // Marked, cleared, marked again: the last mark stands.
    for (const [mark, reason] of [
      ['houseUse', 'Duty manager on call'],
      ['', ''],
      ['houseUse', 'Duty manager on call'],
    ]) {
      const res = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/stayMark', {
        orderRoomId: stays.house.orderRoomId,
        mark,
        reason,
      })
      assert.equal(res.code, 200, res.msg)
    }
    const marks = await p.query<{ order_room_id: string; stay_mark: string; stay_mark_reason: string }>(
      `SELECT order_room_id, stay_mark, stay_mark_reason FROM pms_order_room WHERE order_room_id = ANY($1::bigint[])
       ORDER BY order_room_id`,
      [[stays.comp.orderRoomId, stays.house.orderRoomId, stays.paid.orderRoomId]],
    )
    assert.deepEqual(
      marks.map((m) => [m.stay_mark, m.stay_mark_reason]),
      [
        ['complimentary', 'VIP guest of the owner'],
        ['houseUse', 'Duty manager on call'],
        ['', ''],
      ],
    )
    // The order detail carries each stay's mark and reason (the order screen shows them on the room).
    for (const [key, mark, reason] of [
      ['comp', 'complimentary', 'VIP guest of the owner'],
      ['paid', '', ''],
    ] as const) {
      const detail = await call(p, staff.clerk, 'get', `/pms/pmsOrder/${stays[key].orderId}`)
      assert.equal(detail.code, 200, detail.msg)
      assert.deepEqual(
        [detail.data.rooms[0].stayMark, detail.data.rooms[0].stayMarkReason],
        [mark, reason],
        key,
      )
    }
  })

  it('the night audit charges only the unmarked stay and counts the marked ones apart', async () => {
    const p = product()
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    const day = overview.data.businessDate
    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: day })
    assert.equal(run.code, 200, run.msg)
    const charges = await p.query<{ order_room_id: string; amount_cents: string }>(
      `SELECT order_room_id, amount_cents FROM pms_folio_entry WHERE property_id = $1 AND night_charge`,
      [staff.hotel],
    )
    assert.deepEqual(
      charges.map((c) => Number(c.order_room_id)),
      [stays.paid.orderRoomId],
    )
    const king = await typeOf(p, staff.hotel, KING)
    const snap = await call(p, staff.manager, 'get', `/pms/pmsNightAudit/snapshot/${day}`)
    assert.equal(snap.code, 200, snap.msg)
    assert.equal(snap.data.roomsSold, 1)
    assert.equal(snap.data.roomsComplimentary, 1)
    assert.equal(snap.data.roomsHouseUse, 1)
    assert.equal(snap.data.roomRevenueCents, king.dailyPrice)
  })

  it('the check-out bill charges a marked stay nothing, an unmarked one its room', async () => {
    const p = product()
    const comp = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${stays.comp.orderId}`)
    assert.equal(comp.code, 200, comp.msg)
    assert.equal(comp.data.rooms[0].roomCents, 0)
    assert.equal(comp.data.rooms[0].dueRoomCents, 0)
    const paid = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${stays.paid.orderId}`)
    assert.equal(paid.code, 200, paid.msg)
    assert.ok(paid.data.rooms[0].roomCents > 0)
  })
})
