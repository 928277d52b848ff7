// Check-out of an account that another order's room is joined to (jointRoom): that room's charges post to this
// account's folio, so while it is in house the account can neither check out nor settle (409 naming the room, and
// nothing posted or moved); once it is unjoined — or has left — the account checks out and settles, and the room
// bills to its own order's folio again. The joined order leaves on its own: its charges stay on the account, its
// check-out bill and settling are of its own folio (server/src/billing/joint-rooms.ts rule 3). A room is not joined
// to a settled account (rule 4).
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { arrangeBillingStaff, type BillingStaff, bill, storedEntries } from './billing-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { day, occupancyOf, reserve, roomOf, walkIn } from './orders-support.ts'

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

  /** Pays a folio's balance due (`due` says why there is one) in cash and settles it. */
  async function payAndSettle(p: TestProduct, orderId: number, due: string) {
    const balance = (await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${orderId}`)).data.totals.balanceCents
    assert.ok(balance > 0, due)
    const pay = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId,
      amountCents: balance,
      method: 'cash',
    })
    assert.equal(pay.code, 200, pay.msg)
    const settled = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    assert.equal(settled.data.settled, true)
  }

  const orderState = async (p: TestProduct, orderId: number) =>
    (await bill(p, staff.clerk, 'get', `/pms/pmsReserve/${orderId}`)).data.state

  test('the account cannot check out or settle while the joined room is in house; unjoined, it can', async () => {
    const p = product()
    const { account, guest, mainRoomId } = await joinedPair(p, '101', '102')
    const named = `Rooms of other orders joined to this account are still in house or to arrive: 102 (${guest.orderNo}). Cancel the joint room before checking out or settling`

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
      `联到本账的其他订单房间仍在住或待入住：102 (${guest.orderNo})。请先取消联房，再退房或结账`,
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
    await payAndSettle(p, account.orderId, 'the room charge of the account is due')

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

  test('a check-out of some rooms is held back only by rooms joined to those leaving, or, when the last leave, to any', async () => {
    // The account has two rooms in house (301, 302); another order's room (303) is joined to 301. Which stays leave,
    // and whether the order's last room leaves, is decided with the order's lock (migration 0071): 302 leaves alone,
    // 301 does not while 303 is joined to it, neither as the last room out.
    const p = product()
    const [r301, r302, r303] = await Promise.all(
      ['301', '302', '303'].map((no) => roomOf(p, staff.hotel, no)),
    )
    const walked = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [r301, r302].map((r) => ({
        roomTypeId: r.roomTypeId,
        roomId: r.roomId,
        guests: [{ name: 'Han Mei' }],
      })),
    })
    assert.equal(walked.code, 200, walked.msg)
    const account = walked.data
    const [first, second] = account.rooms.map((r: { orderRoomId: number }) => r.orderRoomId)
    const guest = await walkIn(p, staff.clerk, r303!.roomTypeId, r303!.roomId)
    const joined = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: first,
      orderRoomIds: [guest.rooms[0].orderRoomId],
    })
    assert.equal(joined.code, 200, joined.msg)
    const checkOut = (orderRoomIds?: number[]) =>
      bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: account.orderId, orderRoomIds })
    const named = `Rooms of other orders joined to this account are still in house or to arrive: 303 (${guest.orderNo}). Cancel the joint room before checking out or settling`

    const firstAlone = await checkOut([first])
    assert.equal(firstAlone.status, 409)
    assert.equal(firstAlone.msg, named)
    const secondAlone = await checkOut([second])
    assert.equal(secondAlone.code, 200, secondAlone.msg)
    assert.deepEqual(
      secondAlone.data.rooms.map((r: { roomNo: string; state: string }) => [r.roomNo, r.state]),
      [
        ['301', 'checkIn'],
        ['302', 'checkOut'],
      ],
    )
    const lastOut = await checkOut()
    assert.equal(lastOut.status, 409)
    assert.equal(lastOut.msg, named)
    assert.equal(await orderState(p, account.orderId), 'checkIn')

    const guestOut = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(guestOut.code, 200, guestOut.msg)
    const out = await checkOut([first])
    assert.equal(out.code, 200, out.msg)
    assert.equal(out.data.state, 'checkOut')
  })

  const folioOf = async (p: TestProduct, orderId: number) =>
    (await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${orderId}`)).data

  test("the joined order leaves without the account's balance: its charges stay there, the account stays open", async () => {
    const p = product()
    const { account, guest } = await joinedPair(p, '105', '106')
    const guestRoom = guest.rooms[0].orderRoomId
    const preview = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${guest.orderId}`)
    assert.equal(preview.code, 200, preview.msg)
    // The bill is of the guest's own folio (empty: the minibar went to the account), naming the account.
    assert.equal(preview.data.folioOrderId, guest.orderId)
    assert.equal(preview.data.settled, false)
    assert.deepEqual(preview.data.account, {
      orderRoomId: account.rooms[0].orderRoomId,
      orderId: account.orderId,
      orderNo: account.orderNo,
      roomNo: '105',
    })
    assert.equal(preview.data.totals.balanceCents, 0)
    assert.ok(preview.data.dueCents > 0, "the joined room's charge is due")
    assert.equal(
      preview.data.balanceAfterCents,
      0,
      'its due charge goes to the account, not to its own folio',
    )
    const accountBill = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${account.orderId}`)
    assert.equal(accountBill.data.account, null)

    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(out.code, 200, out.msg)
    const settled = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${guest.orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    assert.equal(settled.data.folioOrderId, guest.orderId)
    assert.equal(settled.data.settled, true)

    // The account is untouched: open, holding the joined room's minibar and room charge, its guests in house.
    const accountFolio = await folioOf(p, account.orderId)
    assert.equal(accountFolio.settled, false)
    assert.deepEqual(
      accountFolio.entries.map((e: any) => [e.orderRoomId, e.kind]),
      [
        [guestRoom, 'extraCharge'],
        [guestRoom, 'roomCharge'],
      ],
    )
    assert.equal(accountFolio.totals.balanceCents, 1500 + preview.data.dueCents)
    const later = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: account.orderId,
      orderRoomId: account.rooms[0].orderRoomId,
      itemName: 'Laundry',
      amountCents: 800,
    })
    assert.equal(later.code, 200, later.msg)
    assert.equal(later.data.orderId, account.orderId)
  })

  test("the joined order's own folio is paid back and settled on its own; the account's is not", async () => {
    const p = product()
    const r1 = await roomOf(p, staff.hotel, '107')
    const r2 = await roomOf(p, staff.hotel, '108')
    const account = await walkIn(p, staff.clerk, r1.roomTypeId, r1.roomId)
    const guest = await walkIn(p, staff.clerk, r2.roomTypeId, r2.roomId)
    // A deposit taken before the join stays on the guest's own folio.
    const deposit = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: guest.orderId,
      amountCents: 30000,
      method: 'cash',
    })
    assert.equal(deposit.code, 200, deposit.msg)
    const joined = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: account.rooms[0].orderRoomId,
      orderRoomIds: [guest.rooms[0].orderRoomId],
    })
    assert.equal(joined.code, 200, joined.msg)
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(out.code, 200, out.msg)
    const own = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${guest.orderId}`)
    assert.equal(own.data.totals.balanceCents, -30000, 'the deposit is owed back')
    assert.equal(own.data.dueCents, 0)

    // Not settled while its deposit is owed back; the refund names the order's own folio.
    const early = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${guest.orderId}`)
    assert.equal(early.status, 400)
    assert.equal(early.msg, 'The folio cannot be settled: its balance is -300.00, not zero')
    const refund = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/refund', {
      orderId: guest.orderId,
      orderRoomId: guest.rooms[0].orderRoomId,
      amountCents: 30000,
      method: 'cash',
      reason: 'depositReturn',
      ownFolio: true,
    })
    assert.equal(refund.code, 200, refund.msg)
    assert.equal(refund.data.orderId, guest.orderId)
    const settled = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${guest.orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    assert.equal(settled.data.settled, true)
    assert.deepEqual(
      (await storedEntries(p, guest.orderId)).map((e) => [e.kind, Number(e.amount_cents)]),
      [
        ['deposit', 30000],
        ['refund', 30000],
      ],
    )
    const accountFolio = await folioOf(p, account.orderId)
    assert.equal(accountFolio.settled, false)
    assert.deepEqual(
      accountFolio.entries.map((e: any) => e.kind),
      ['roomCharge'],
    )
    // A room of another order named with ownFolio is refused, nothing posted.
    const stranger = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: guest.orderId,
      orderRoomId: account.rooms[0].orderRoomId,
      amountCents: 100,
      method: 'cash',
      ownFolio: true,
    })
    assert.equal(stranger.status, 400)
    assert.equal(stranger.msg, `Order room ${account.rooms[0].orderRoomId} does not belong to this order`)
    assert.equal((await storedEntries(p, guest.orderId)).length, 2)
  })

  test('a booked room of another order joined to the account holds its check-out and settling back; a joined room’s check-out is not undone onto a settled account', async () => {
    const p = product()
    const [r201, r202, r203, r204] = await Promise.all(
      ['201', '202', '203', '204'].map((no) => roomOf(p, staff.hotel, no)),
    )
    const account = await walkIn(p, staff.clerk, r201!.roomTypeId, r201!.roomId)
    const booked = await reserve(p, staff.clerk, {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: r202!.roomTypeId, roomId: r202!.roomId }],
    })
    const join = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: account.rooms[0].orderRoomId,
      orderRoomIds: [booked.rooms[0].orderRoomId],
    })
    assert.equal(join.code, 200, join.msg)
    // Checked in later, the booked room would bill to a closed account: the account waits for it or for the unjoin.
    const named = `Rooms of other orders joined to this account are still in house or to arrive: 202 (${booked.orderNo}). Cancel the joint room before checking out or settling`
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: account.orderId })
    assert.equal(out.status, 409)
    assert.equal(out.msg, named)
    const settle = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${account.orderId}`)
    assert.equal(settle.status, 409)
    assert.equal(settle.msg, named)
    const unjoin = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/cancelJointRoom', {
      orderRoomIds: [booked.rooms[0].orderRoomId],
    })
    assert.equal(unjoin.code, 200, unjoin.msg)
    const outNow = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: account.orderId })
    assert.equal(outNow.code, 200, outNow.msg)

    // A joined room leaves on its own; its account is then paid and settled; its check-out is not undone onto it.
    const other = await walkIn(p, staff.clerk, r203!.roomTypeId, r203!.roomId)
    const guest = await walkIn(p, staff.clerk, r204!.roomTypeId, r204!.roomId)
    const joined = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', {
      mainRoomId: other.rooms[0].orderRoomId,
      orderRoomIds: [guest.rooms[0].orderRoomId],
    })
    assert.equal(joined.code, 200, joined.msg)
    const guestOut = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(guestOut.code, 200, guestOut.msg)
    await payAndSettle(p, other.orderId, 'the joined room’s charges are due on the account')
    const back = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/cancelCheckOut', {
      orderId: guest.orderId,
    })
    assert.equal(back.status, 409)
    assert.equal(
      back.msg,
      `This room is joined to the account of 203 (${other.orderNo}), which is settled and takes no more entries: its check-out cannot be cancelled onto it. Cancel the joint room first, then cancel the check-out`,
    )
    assert.equal(await orderState(p, guest.orderId), 'checkOut')
  })

  test('a room is not joined to a settled account: 409 naming it, nothing joined', async () => {
    const p = product()
    const r1 = await roomOf(p, staff.hotel, '109')
    const r2 = await roomOf(p, staff.hotel, '110')
    const account = await walkIn(p, staff.clerk, r1.roomTypeId, r1.roomId)
    const guest = await walkIn(p, staff.clerk, r2.roomTypeId, r2.roomId)
    const settled = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${account.orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    const body = { mainRoomId: account.rooms[0].orderRoomId, orderRoomIds: [guest.rooms[0].orderRoomId] }
    const joined = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/jointRoom', body)
    assert.equal(joined.status, 409)
    assert.equal(
      joined.msg,
      `The account of 109 (${account.orderNo}) is settled and takes no more entries: no room can be joined to it. Join to a room whose account is open, or once the account is reopened`,
    )
    for (const [language, text] of [
      [
        'zh-CN',
        `主账 109 (${account.orderNo}) 已结账，不再入账，不能联房到该账。请选账未结的房间作主房，或待该账重新入账后再联房`,
      ],
      [
        'zh-HK',
        `主賬 109 (${account.orderNo}) 已結賬，不再入賬，不能聯房到該賬。請選賬未結的房間作主房，或待該賬重新入賬後再聯房`,
      ],
    ] as const) {
      const res = await p.http
        .post('/prod-api/pms/pmsOrder/jointRoom')
        .set({ Authorization: `Bearer ${staff.clerk}`, 'Accept-Language': language })
        .send(body)
      assert.equal(res.body.code, 409)
      assert.equal(res.body.msg, text)
    }
    // Nothing joined, no history written; the guest's charge posts to its own folio.
    const [row] = await p.query<{ main_room_id: string | null }>(
      'SELECT main_room_id FROM pms_order_room WHERE order_room_id = $1',
      [guest.rooms[0].orderRoomId],
    )
    assert.equal(row!.main_room_id, null)
    const events = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_order_event WHERE order_room_id = $1 AND action = 'jointRoom'",
      [guest.rooms[0].orderRoomId],
    )
    assert.equal(Number(events[0]!.n), 0)
    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: guest.orderId,
      orderRoomId: guest.rooms[0].orderRoomId,
      itemName: 'Minibar',
      amountCents: 1500,
    })
    assert.equal(charge.code, 200, charge.msg)
    assert.equal(charge.data.orderId, guest.orderId)
  })

  test("a joined order's payment naming no room goes to the account; its member earns on the account folio's charges", async () => {
    const p = product()
    const { account, guest } = await joinedPair(p, '205', '206')
    // The order's main account is its joined room: money naming no room goes to the account, bounded by its balance.
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: guest.orderId,
      amountCents: 1500,
      method: 'cash',
    })
    assert.equal(paid.code, 200, paid.msg)
    assert.equal(paid.data.orderId, account.orderId)
    const joined = await bill(p, staff.manager, 'post', '/pms/pmsMember', {
      name: 'Joint Guest',
      phone: '13700002222',
    })
    assert.equal(joined.code, 200, joined.msg)
    const memberId = joined.data.memberId as number
    const bound = await bill(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
      orderId: guest.orderId,
      memberId,
    })
    assert.equal(bound.code, 200, bound.msg)
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: guest.orderId })
    assert.equal(out.code, 200, out.msg)

    // The minibar and the guest's room went to the account's folio; the guest's own folio charged nothing.
    const charged = async (orderId: number) =>
      (await storedEntries(p, orderId))
        .filter((e) => ['roomCharge', 'overtimeCharge', 'extraCharge'].includes(e.kind))
        .reduce((sum, e) => sum + Number(e.amount_cents), 0)
    const onAccount = await charged(account.orderId)
    assert.ok(onAccount > 1500, "the guest's room charge posted to the account")
    assert.equal(await charged(guest.orderId), 0)
    // One point per unit (the property's default rule), on the account folio's charges.
    const member = await bill(p, staff.clerk, 'get', `/pms/pmsMember/${memberId}`)
    assert.equal(member.data.points, Math.floor(onAccount / 100))
  })
})
