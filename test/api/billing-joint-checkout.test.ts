// Check-out of an account that another order's room is joined to (jointRoom): that room's charges post to this
// account's folio, so while it is in house the account can neither check out nor settle (409 naming the room, and
// nothing posted or moved); once it is unjoined — or has left — the account checks out and settles, and the room
// bills to its own order's folio again.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { arrangeBillingStaff, type BillingStaff, bill, storedEntries } from './billing-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { occupancyOf, roomOf, walkIn } from './orders-support.ts'

describeProduct('billing: check-out of an account with joined rooms of other orders', (product) => {
  let staff: BillingStaff

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
  })

  /** Two walk-ins, the second's room joined to the first's (the account), and a charge on the joined room. */
  async function joinedPair(p: TestProduct, mainNo: string, joinedNo: string) {
    const r1 = await roomOf(p, staff.hotel, mainNo)
    const r2 = await roomOf(p, staff.hotel, joinedNo)
    const account = await walkIn(p, staff.clerk, r1.roomTypeId, r1.roomId)
    const guest = await walkIn(p, staff.clerk, r2.roomTypeId, r2.roomId)
    const joined = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: account.rooms[0].orderRoomId,
      orderRoomIds: [guest.rooms[0].orderRoomId],
    })
    assert.equal(joined.code, 200, joined.msg)
    const minibar = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: guest.orderId,
      orderRoomId: guest.rooms[0].orderRoomId,
      itemName: 'Minibar',
      amountCents: 1500,
    })
    assert.equal(minibar.code, 200, minibar.msg)
    assert.equal(
      minibar.data.orderId,
      account.orderId,
      "the joined room's charge posts to the account's folio",
    )
    return { account, guest, mainRoomId: r1.roomId }
  }

  const orderState = async (p: TestProduct, orderId: number) =>
    (await bill(p, staff.clerk, 'get', `/pms/pmsReserve/${orderId}`)).data.state

  test('the account cannot check out or settle while the joined room is in house; unjoined, it can', async () => {
    const p = product()
    const { account, guest, mainRoomId } = await joinedPair(p, '101', '102')
    const named = `Rooms of other orders joined to this account are still in house: 102 (${guest.orderNo}). Cancel the joint room before checking out or settling`

    const preview = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${account.orderId}`)
    assert.equal(preview.code, 200, preview.msg)
    assert.deepEqual(preview.data.joinedInHouse, [
      {
        orderRoomId: guest.rooms[0].orderRoomId,
        orderId: guest.orderId,
        orderNo: guest.orderNo,
        roomNo: '102',
      },
    ])

    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: account.orderId })
    assert.equal(out.status, 409)
    assert.equal(out.msg, named)
    // Nothing moved: the account is in house, its room full, no room charge posted.
    assert.equal(await orderState(p, account.orderId), 'checkIn')
    assert.equal((await occupancyOf(p, mainRoomId)).occupancy, 'full')
    assert.deepEqual(
      (await storedEntries(p, account.orderId)).map((e: any) => e.kind),
      ['extraCharge'],
    )
    const inChinese = await p.http
      .post('/prod-api/pms/pmsOrder/checkOut')
      .set({ Authorization: `Bearer ${staff.clerk}`, 'Accept-Language': 'zh-CN' })
      .send({ orderId: account.orderId })
    assert.equal(inChinese.body.code, 409)
    assert.equal(
      inChinese.body.msg,
      `联到本账的其他订单房间仍在住：102 (${guest.orderNo})。请先取消联房，再退房或结账`,
    )

    // Paid up, the account still cannot be settled while the joined room stays.
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: account.orderId,
      amountCents: 1500,
      method: 'cash',
    })
    assert.equal(paid.code, 200, paid.msg)
    const settle = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${account.orderId}`)
    assert.equal(settle.status, 409)
    assert.equal(settle.msg, named)
    const folio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${account.orderId}`)
    assert.equal(folio.data.settled, false)

    // Unjoined, the account checks out and settles; the guest's room bills to its own folio again.
    const unjoin = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/cancelJointRoom', {
      orderRoomIds: [guest.rooms[0].orderRoomId],
    })
    assert.equal(unjoin.code, 200, unjoin.msg)
    const after = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${account.orderId}`)
    assert.deepEqual(after.data.joinedInHouse, [])
    const outNow = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: account.orderId })
    assert.equal(outNow.code, 200, outNow.msg)
    const balance = (await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${account.orderId}`)).data.totals
      .balanceCents
    assert.ok(balance > 0, 'the room charge of the account is due')
    const pay = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: account.orderId,
      amountCents: balance,
      method: 'cash',
    })
    assert.equal(pay.code, 200, pay.msg)
    const settled = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${account.orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    assert.equal(settled.data.settled, true)

    const later = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: guest.orderId,
      orderRoomId: guest.rooms[0].orderRoomId,
      itemName: 'Laundry',
      amountCents: 800,
    })
    assert.equal(later.code, 200, later.msg)
    assert.equal(later.data.orderId, guest.orderId, "the unjoined room's charge posts to its own folio")
    const guestOut = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(guestOut.code, 200, guestOut.msg)
    const accountFolio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${account.orderId}`)
    assert.equal(accountFolio.data.settled, true, "the guest's check-out leaves the settled account alone")
    assert.equal(accountFolio.data.totals.balanceCents, 0)
  })

  test('once the joined room has left, the account checks out', async () => {
    const p = product()
    const { account, guest } = await joinedPair(p, '103', '104')
    const guestOut = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(guestOut.code, 200, guestOut.msg)
    // The joined room's own room charge went to the account's folio with its minibar.
    const entries = await p.query<{ order_room_id: string; kind: string }>(
      'SELECT order_room_id, kind FROM pms_folio_entry WHERE order_id = $1 ORDER BY entry_id',
      [account.orderId],
    )
    assert.deepEqual(
      entries.map((e) => [Number(e.order_room_id), e.kind]),
      [
        [guest.rooms[0].orderRoomId, 'extraCharge'],
        [guest.rooms[0].orderRoomId, 'roomCharge'],
      ],
    )
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: account.orderId })
    assert.equal(out.code, 200, out.msg)
  })
})
