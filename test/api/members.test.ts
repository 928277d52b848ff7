// Members and loyalty: grades, recharge types and tags; member accounts (checks, masking, lookup, states and
// blacklist with their history); stored value (recharge with gift, paying a folio, refund to balance, adjustment),
// idempotency, concurrent spends, the grade's price and late check-out, points at check-out; permission denial,
// another property's records and bad input.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { beforeAll, test } from 'vitest'
import {
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  setPropertyConfig,
} from './billing-support.ts'
import { bearer, describeProduct, expectFieldErrors, type TestProduct } from './harness.ts'
import { call, day, reserve, roomOf, typeOf } from './orders-support.ts'

const HOUR = 3_600_000

describeProduct('members', (product) => {
  let staff: BillingStaff
  let gradeId: number
  let typeId: number
  let tagId: number
  let member: any

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
  })

  test('grades, recharge types and tags: the manager sets them up, the clerk only reads them', async () => {
    const p = product()
    const grade = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      gradeName: 'Gold',
      gradeRank: 2,
      upgradeWay: 'amount',
      threshold: 1_000_000,
      discount: 90,
      delayHours: 2,
      effectiveMonths: 12,
      state: '0',
    })
    assert.equal(grade.code, 200, grade.msg)
    gradeId = grade.data.gradeId
    const twin = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      ...grade.data,
      gradeId: undefined,
    })
    assert.equal(twin.status, 409)
    const type = await call(p, staff.manager, 'post', '/pms/pmsRechargeType', {
      typeName: '1000 + 200',
      amountCents: 100_000,
      giftCents: 20_000,
      state: '0',
    })
    assert.equal(type.code, 200, type.msg)
    typeId = type.data.rechargeTypeId
    const tag = await call(p, staff.manager, 'post', '/pms/pmsMemberTag', { tagName: 'VIP' })
    assert.equal(tag.code, 200, tag.msg)
    tagId = tag.data.tagId
    const again = await call(p, staff.manager, 'post', '/pms/pmsMemberTag', { tagName: ' VIP ' })
    assert.equal(again.status, 409)
    assert.equal(again.msg, 'The tag already exists.')

    const list = await call(p, staff.clerk, 'get', '/pms/pmsMemberGrade/list')
    assert.equal(list.code, 200)
    assert.deepEqual(
      list.rows!.map((g: any) => g.gradeName),
      ['Gold'],
    )
    const denied = await call(p, staff.clerk, 'post', '/pms/pmsMemberGrade', {
      ...grade.data,
      gradeName: 'X',
    })
    assert.equal(denied.status, 403)
    const deniedType = await call(p, staff.clerk, 'put', '/pms/pmsRechargeType', {
      rechargeTypeId: typeId,
      giftCents: 1,
    })
    assert.equal(deniedType.status, 403)
  })

  test('signing up: phone and ID checked, card number generated, phone unique, phone and ID masked in lists', async () => {
    const p = product()
    const c = staff.clerk
    const body = {
      name: 'Han Meimei',
      phone: '13912345678',
      idType: 'idCard',
      idNo: '11010519491231002X',
      gradeId,
      tagIds: [tagId],
      validity: '1y',
    }
    const badPhone = await call(p, c, 'post', '/pms/pmsMember', { ...body, phone: '12345' })
    assert.equal(badPhone.status, 400)
    assert.match(badPhone.msg, /phone/)
    const hkPhone = await call(p, c, 'post', '/pms/pmsMember', {
      ...body,
      areaCode: '0852',
      phone: '12345678901',
    })
    assert.equal(hkPhone.status, 400, 'Hong Kong numbers have at most 10 digits')
    const badId = await call(p, c, 'post', '/pms/pmsMember', { ...body, idNo: '110105194912310021' })
    assert.equal(badId.status, 400)
    assert.match(badId.msg, /idNo/)
    // A Chinese reader reads the field's label, not its API name.
    const zh = await p.http
      .post('/prod-api/pms/pmsMember')
      .set(bearer(c))
      .set('Accept-Language', 'zh-CN')
      .send({ ...body, idNo: '110105194912310021' })
    assert.equal(zh.body.msg, '证件号码不是有效的身份证号')
    // A birthday is a day that exists and has come.
    const future = await call(p, c, 'post', '/pms/pmsMember', { ...body, birthday: '2099-01-01' })
    assert.equal(future.status, 400)
    assert.match(future.msg, /^birthday cannot be later than today \(\d{4}-\d{2}-\d{2}\)$/)
    const noSuchDay = await call(p, c, 'post', '/pms/pmsMember', { ...body, birthday: '1990-02-30' })
    assert.equal(noSuchDay.status, 400)
    assert.match(noSuchDay.msg, /birthday/)
    const created = await call(p, c, 'post', '/pms/pmsMember', body)
    assert.equal(created.code, 200, created.msg)
    member = created.data
    assert.match(member.cardNo, /^\d{10}$/)
    assert.equal(member.phone, '139****5678')
    assert.equal(member.idNo, '1101**********002X')
    assert.equal(member.gradeName, 'Gold')
    assert.deepEqual(
      member.tags.map((t: any) => t.tagName),
      ['VIP'],
    )
    assert.equal(member.expireDate, await nextYear(p, staff.hotel))
    const dup = await call(p, c, 'post', '/pms/pmsMember', { ...body, name: 'Other' })
    assert.equal(dup.status, 409)
    const dupCard = await call(p, c, 'post', '/pms/pmsMember', {
      name: 'Other',
      phone: '13912345679',
      cardNo: member.cardNo,
    })
    assert.equal(dupCard.status, 409)

    const full = await call(p, c, 'get', `/pms/pmsMember/${member.memberId}`, { full: true })
    assert.equal(full.data.phone, '13912345678', 'a user who may edit sees the full phone in the edit dialog')
    const byTag = await call(p, c, 'get', '/pms/pmsMember/list', { tagId })
    assert.deepEqual(
      byTag.rows!.map((r: any) => r.memberId),
      [member.memberId],
    )
    assert.equal(byTag.rows![0].phone, '139****5678')
  })

  test('lookup by phone or card number, with the SPEC messages when nothing matches', async () => {
    const p = product()
    const byPhone = await call(p, staff.clerk, 'get', '/pms/pmsMember/lookup', { phone: '13912345678' })
    assert.equal(byPhone.code, 200, byPhone.msg)
    assert.equal(byPhone.data.memberId, member.memberId)
    const byCard = await call(p, staff.clerk, 'get', '/pms/pmsMember/lookup', { cardNo: member.cardNo })
    assert.equal(byCard.data.memberId, member.memberId)
    const noPhone = await call(p, staff.clerk, 'get', '/pms/pmsMember/lookup', { phone: '13900000000' })
    assert.equal(noPhone.status, 404)
    assert.equal(noPhone.msg, 'The phone number has not yet registered for membership')
    const noCard = await call(p, staff.clerk, 'get', '/pms/pmsMember/lookup', { cardNo: '0000000000' })
    assert.equal(noCard.status, 404)
    assert.equal(noCard.msg, 'No member information is found.')
  })

  test('a recharge by type credits base and gift with a receipt; the same key again posts nothing', async () => {
    const p = product()
    const key = randomUUID()
    const body = { memberId: member.memberId, rechargeTypeId: typeId, method: 'cash' }
    const first = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', body, key)
    assert.equal(first.code, 200, first.msg)
    assert.deepEqual(
      first.data.map((r: any) => [r.kind, r.baseDelta, r.giftDelta, r.baseAfter, r.giftAfter]),
      [
        ['recharge', 100_000, 0, 100_000, 0],
        ['gift', 0, 20_000, 100_000, 20_000],
      ],
    )
    assert.match(first.data[0].receiptNo, /^RC\d{12}$/)
    const replay = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', body, key)
    assert.deepEqual(replay.data, first.data)
    const other = await bill(
      p,
      staff.clerk,
      'post',
      '/pms/pmsMember/recharge',
      { ...body, method: 'bankCard' },
      key,
    )
    assert.equal(other.status, 409)
    const view = await call(p, staff.clerk, 'get', `/pms/pmsMember/${member.memberId}`)
    assert.equal(view.data.balanceCents, 120_000)
    const noKey = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', body, null)
    assert.equal(noKey.status, 400)
    assert.match(noKey.msg, /Idempotency-Key/)
    // A disabled recharge type is refused.
    await call(p, staff.manager, 'put', '/pms/pmsRechargeType', { rechargeTypeId: typeId, state: '1' })
    const disabled = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', body)
    assert.equal(disabled.status, 409)
    await call(p, staff.manager, 'put', '/pms/pmsRechargeType', { rechargeTypeId: typeId, state: '0' })
  })

  test('paying a folio from the balance: base first, refused when short, refunded to the same accounts', async () => {
    const p = product()
    const c = staff.clerk
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const charge = await bill(p, c, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Banquet',
      amountCents: 150_000,
    })
    assert.equal(charge.code, 200, charge.msg)
    const short = await bill(p, c, 'post', '/pms/pmsMember/pay', {
      memberId: member.memberId,
      orderId: o.orderId,
      amountCents: 120_001,
    })
    assert.equal(short.status, 400)
    assert.equal(short.msg, 'Insufficient balance of membership card.')
    const key = randomUUID()
    const payBody = { memberId: member.memberId, orderId: o.orderId, amountCents: 110_000 }
    const paid = await bill(p, c, 'post', '/pms/pmsMember/pay', payBody, key)
    assert.equal(paid.code, 200, paid.msg)
    assert.equal(paid.data.record.baseDelta, -100_000)
    assert.equal(paid.data.record.giftDelta, -10_000)
    assert.match(paid.data.receiptNo, /^RC/)
    const replay = await bill(p, c, 'post', '/pms/pmsMember/pay', payBody, key)
    assert.deepEqual(replay.data, paid.data)
    const folio = await bill(p, c, 'get', `/pms/pmsFolio/${o.orderId}`)
    const payments = folio.data.entries.filter((e: any) => e.kind === 'payment')
    assert.deepEqual(
      payments.map((e: any) => [e.method, e.amountCents]),
      [['memberCard', 110_000]],
    )
    // The desk's own payment route does not take the member method: only the member flow debits a member.
    const direct = await bill(p, c, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 100,
      method: 'memberCard',
    })
    assert.equal(direct.status, 400)

    const tooMuch = await bill(p, c, 'post', '/pms/pmsMember/refundPayment', {
      entryId: paid.data.entryId,
      amountCents: 110_001,
      reason: 'overpayment',
    })
    assert.equal(tooMuch.status, 400)
    const back = await bill(p, c, 'post', '/pms/pmsMember/refundPayment', {
      entryId: paid.data.entryId,
      amountCents: 15_000,
      reason: 'overpayment',
    })
    assert.equal(back.code, 200, back.msg)
    assert.equal(back.data.record.giftDelta, 10_000, 'the gift it took goes back to gift first')
    assert.equal(back.data.record.baseDelta, 5_000)
    const rest = await bill(p, c, 'post', '/pms/pmsMember/refundPayment', {
      entryId: paid.data.entryId,
      amountCents: 95_001,
      reason: 'overpayment',
    })
    assert.equal(rest.status, 400, 'never more than the payment has left')
    const view = await call(p, c, 'get', `/pms/pmsMember/${member.memberId}`)
    assert.deepEqual([view.data.baseCents, view.data.giftCents], [5_000, 20_000])
    await assertReconciles(member.memberId)
  })

  test('a lost, disabled, blacklisted or expired member cannot pay; every change is in the history', async () => {
    const p = product()
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Tea',
      amountCents: 1000,
    })
    const pay = () =>
      bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
        memberId: member.memberId,
        orderId: o.orderId,
        amountCents: 100,
      })
    const lost = await call(p, staff.clerk, 'post', '/pms/pmsMember/state', {
      memberId: member.memberId,
      state: '1',
    })
    assert.equal(lost.code, 200, lost.msg)
    assert.match(lost.data.unusable, /reported lost/)
    const refused = await pay()
    assert.equal(refused.status, 409)
    assert.equal(refused.msg, `The member card ${member.cardNo} is reported lost and cannot be used`)
    await call(p, staff.clerk, 'post', '/pms/pmsMember/state', { memberId: member.memberId, state: '2' })
    assert.match((await pay()).msg, /disabled/)
    await call(p, staff.clerk, 'post', '/pms/pmsMember/state', { memberId: member.memberId, state: '0' })

    const clerkBlacklist = await call(p, staff.clerk, 'post', '/pms/pmsMember/blacklist', {
      memberId: member.memberId,
      blacklist: true,
      reason: 'Damage',
    })
    assert.equal(clerkBlacklist.status, 403, 'the clerk may not blacklist')
    const noReason = await call(p, staff.manager, 'post', '/pms/pmsMember/blacklist', {
      memberId: member.memberId,
      blacklist: true,
    })
    assert.equal(noReason.status, 400)
    assert.match(noReason.msg, /reason/)
    const black = await call(p, staff.manager, 'post', '/pms/pmsMember/blacklist', {
      memberId: member.memberId,
      blacklist: true,
      reason: 'Damaged the room',
    })
    assert.equal(black.data.blacklistReason, 'Damaged the room')
    assert.match((await pay()).msg, /blacklist/)
    const clerkView = await call(p, staff.clerk, 'get', `/pms/pmsMember/${member.memberId}`)
    assert.equal(clerkView.data.blacklist, true)
    assert.equal(clerkView.data.blacklistReason, '', 'the reason is shown to those who may blacklist')
    await call(p, staff.manager, 'post', '/pms/pmsMember/blacklist', {
      memberId: member.memberId,
      blacklist: false,
    })

    await call(p, staff.manager, 'put', '/pms/pmsMember', {
      memberId: member.memberId,
      expireDate: '2020-01-01',
    })
    assert.match((await pay()).msg, /expired/)
    await call(p, staff.manager, 'put', '/pms/pmsMember', { memberId: member.memberId, validity: 'forever' })
    assert.equal((await pay()).code, 200)

    const detail = await call(p, staff.manager, 'get', `/pms/pmsMember/${member.memberId}`)
    assert.deepEqual(
      detail.data.history.map((h: any) => [h.field, h.fromValue, h.toValue]),
      [
        ['grade', '', String(gradeId)],
        ['state', '0', '1'],
        ['state', '1', '2'],
        ['state', '2', '0'],
        ['blacklist', 'false', 'true'],
        ['blacklist', 'true', 'false'],
      ],
    )
    assert.equal(detail.data.history[1].createByName, 'clerk')
  })

  test('50 concurrent spends of 100 against a balance of 1,000: exactly 10 succeed and the balance is 0', async () => {
    const p = product()
    const m = await call(p, staff.clerk, 'post', '/pms/pmsMember', { name: 'Rush', phone: '13700000001' })
    const memberId = m.data.memberId
    const r = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId,
      amountCents: 100_000,
      method: 'cash',
    })
    assert.equal(r.code, 200, r.msg)
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Hall',
      amountCents: 500_000,
    })
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
          memberId,
          orderId: o.orderId,
          amountCents: 10_000,
        }),
      ),
    )
    const ok = results.filter((x) => x.code === 200)
    const refused = results.filter((x) => x.code !== 200)
    assert.equal(ok.length, 10)
    for (const x of refused) assert.equal(x.msg, 'Insufficient balance of membership card.')
    const view = await call(p, staff.clerk, 'get', `/pms/pmsMember/${memberId}`)
    assert.equal(view.data.balanceCents, 0)
    const [paid] = await p.query<{ total: string }>(
      "SELECT sum(amount_cents) AS total FROM pms_folio_entry WHERE order_id = $1 AND method = 'memberCard'",
      [o.orderId],
    )
    assert.equal(Number(paid!.total), 100_000)
    await assertReconciles(memberId)
  })

  test('the grade prices the stay, delays the check-out, and the check-out credits points', async () => {
    const p = product()
    const c = staff.clerk
    await setPropertyConfig(p, staff.hotel, {
      checkOutMode: '24h',
      checkOutTime: '12:00',
      overtime: { mode: 'startingFee', afterMinutes: 0, feeCents: 5000 },
      fullDayAfterMinutes: null,
      points: { points: 1, per: 10 },
    })
    const type = await typeOf(p, staff.hotel, '标准大床房')
    const [last] = await p.query<{ room_no: string }>(
      'SELECT room_no FROM pms_room WHERE property_id = $1 AND room_type_id = $2 ORDER BY room_id DESC LIMIT 1',
      [staff.hotel, type.roomTypeId],
    )
    const room = await roomOf(p, staff.hotel, last!.room_no)
    const walk = await call(p, c, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: type.roomTypeId,
          roomId: room.roomId,
          guests: [{ name: 'Han Meimei', idType: 'passport', idNo: 'E1' }],
        },
      ],
    })
    assert.equal(walk.code, 200, walk.msg)
    const orderId = walk.data.orderId
    const bound = await call(p, c, 'post', '/pms/pmsMember/bindOrder', { orderId, memberId: member.memberId })
    assert.equal(bound.code, 200, bound.msg)
    const [stay] = await p.query<{ price_cents: string; order_room_id: string }>(
      'SELECT price_cents, order_room_id FROM pms_order_room WHERE order_id = $1',
      [orderId],
    )
    assert.equal(Number(stay!.price_cents), Math.round(type.dailyPrice * 0.9))
    const linked = await call(p, c, 'get', `/pms/pmsMember/orderMember/${orderId}`)
    assert.equal(linked.data.member.memberId, member.memberId)

    // One hour past the due time (24-hour mode): a guest pays overtime, the member is within the grade's two hours.
    const checkedInAt = new Date(Date.now() - 25 * HOUR)
    await p.query(
      `UPDATE pms_order_room SET checked_in_at = $2, stay = tstzrange($2, $3, '[)') WHERE order_id = $1`,
      [orderId, checkedInAt, new Date(checkedInAt.getTime() + 24 * HOUR)],
    )
    const guest = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt, plannedEnd: new Date(checkedInAt.getTime() + 24 * HOUR) },
    ])
    const guestBill = await bill(p, c, 'get', `/pms/pmsFolio/checkoutBill/${guest.orderId}`)
    assert.equal(guestBill.data.rooms[0].overtime.cents, 5000, 'a guest without a member grade pays overtime')
    const billNow = await bill(p, c, 'get', `/pms/pmsFolio/checkoutBill/${orderId}`)
    assert.equal(billNow.code, 200, billNow.msg)
    assert.equal(billNow.data.rooms[0].overtime.cents, 0, 'within the delay: no overtime')
    assert.equal(billNow.data.rooms[0].nights, 1)

    const before = (await call(p, c, 'get', `/pms/pmsMember/${member.memberId}`)).data.points
    const out = await bill(p, c, 'post', '/pms/pmsOrder/checkOut', { orderId })
    assert.equal(out.code, 200, out.msg)
    const after = await call(p, c, 'get', `/pms/pmsMember/${member.memberId}`)
    const charged = Math.round(type.dailyPrice * 0.9)
    assert.equal(after.data.points - before, Math.floor(charged / 1000))
    const earn = await call(p, c, 'get', '/pms/pmsMember/records', {
      memberId: member.memberId,
      kind: 'earn',
    })
    assert.equal(earn.rows!.length, 1)
    assert.equal(earn.rows![0].orderId, orderId)
    await assertReconciles(member.memberId)
  })

  test('a reservation bound to a member is priced at the grade; one member per order; closed orders refused', async () => {
    const p = product()
    const c = staff.clerk
    const type = await typeOf(p, staff.hotel, '标准双床房')
    const booked = await reserve(p, c, {
      startTime: day(3),
      nights: 2,
      contactName: 'Han Meimei',
      rooms: [{ roomTypeId: type.roomTypeId }],
    })
    const bound = await call(p, c, 'post', '/pms/pmsMember/bindOrder', {
      orderId: booked.orderId,
      memberId: member.memberId,
    })
    assert.equal(bound.code, 200, bound.msg)
    const detail = await call(p, c, 'get', `/pms/pmsReserve/${booked.orderId}`)
    assert.equal(detail.data.rooms[0].priceCents, Math.round(type.dailyPrice * 0.9))
    const other = await call(p, c, 'post', '/pms/pmsMember', { name: 'Other', phone: '13700000002' })
    const second = await call(p, c, 'post', '/pms/pmsMember/bindOrder', {
      orderId: booked.orderId,
      memberId: other.data.memberId,
    })
    assert.equal(second.status, 409)
    await call(p, c, 'post', '/pms/pmsReserve/cancel', { orderId: booked.orderId })
    const closed = await call(p, c, 'post', '/pms/pmsMember/bindOrder', {
      orderId: booked.orderId,
      memberId: other.data.memberId,
    })
    assert.equal(closed.status, 409)
  })

  test('adjustments need their permission; another property answers 404; bad input answers 400 naming the field', async () => {
    const p = product()
    const adj = { memberId: member.memberId, baseCents: -1, reason: 'typo' }
    assert.equal((await bill(p, staff.clerk, 'post', '/pms/pmsMember/adjust', adj)).status, 403)
    const tooFar = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      ...adj,
      baseCents: -10_000_000,
    })
    assert.equal(tooFar.status, 400)
    assert.equal(tooFar.msg, 'Insufficient balance of membership card.')
    const done = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      ...adj,
      points: 5,
      baseCents: 0,
    })
    assert.equal(done.code, 200, done.msg)
    assert.equal(done.data.kind, 'adjustment')
    assert.equal((await call(p, staff.viewer, 'get', '/pms/pmsMember/list')).status, 403)

    const [foreign] = await p.query<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone) VALUES ($1, 'APT001', 'Far', '13600000000')
       RETURNING member_id`,
      [staff.apartment],
    )
    const fid = Number(foreign!.member_id)
    assert.equal((await call(p, staff.clerk, 'get', `/pms/pmsMember/${fid}`)).status, 404)
    assert.equal(
      (await call(p, staff.clerk, 'put', '/pms/pmsMember', { memberId: fid, name: 'X' })).status,
      404,
    )
    const foreignLookup = await call(p, staff.clerk, 'get', '/pms/pmsMember/lookup', { cardNo: 'APT001' })
    assert.equal(foreignLookup.status, 404)
    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId: fid,
      amountCents: 100,
      method: 'cash',
    })
    assert.equal(charge.status, 404)
    const list = await call(p, staff.clerk, 'get', '/pms/pmsMember/list', { pageSize: 100 })
    assert.ok(list.rows!.every((r: any) => r.memberId !== fid))

    await expectFieldErrors(p.http, staff.manager, [
      ['post', '/prod-api/pms/pmsMember', { phone: '13911112222' }, 'name'],
      ['post', '/prod-api/pms/pmsMember', { name: 'A', phone: '13911112222', validity: '7y' }, 'validity'],
      ['post', '/prod-api/pms/pmsMember', { name: 'A', phone: 'abc' }, 'phone'],
      ['put', '/prod-api/pms/pmsMember', { name: 'A' }, 'memberId'],
      ['post', '/prod-api/pms/pmsMember/state', { memberId: member.memberId, state: '5' }, 'state'],
      ['post', '/prod-api/pms/pmsMemberGrade', { gradeName: 'A', discount: 120 }, 'gradeRank|discount'],
      [
        'post',
        '/prod-api/pms/pmsRechargeType',
        { typeName: 'A', amountCents: 0, giftCents: 0, state: '0' },
        'amountCents',
      ],
      ['get', '/prod-api/pms/pmsMember/records?beginDate=yesterday', undefined, 'beginDate'],
    ])
    const keyed = (body: object) =>
      p.http
        .post('/prod-api/pms/pmsMember/pay')
        .set(bearer(staff.manager))
        .set('Accept-Language', 'en-US')
        .set('Idempotency-Key', randomUUID())
        .send(body)
    const bad = await keyed({ memberId: member.memberId, orderId: 1, amountCents: -5 })
    assert.equal(bad.status, 400)
    assert.match(bad.body.msg, /amountCents/)
    const noRecharge = await bill(p, staff.manager, 'post', '/pms/pmsMember/recharge', {
      memberId: member.memberId,
      method: 'cash',
    })
    assert.equal(noRecharge.status, 400)
    assert.match(noRecharge.msg, /amountCents/)
  })

  /** The member's balances equal the sums of its records, and each record's balances follow from the one before. */
  async function assertReconciles(memberId: number) {
    const p = product()
    const [m] = await p.query<{ base_cents: string; gift_cents: string; points: string }>(
      'SELECT base_cents, gift_cents, points FROM pms_member WHERE member_id = $1',
      [memberId],
    )
    const records = await p.query<Record<string, string>>(
      'SELECT * FROM pms_member_record WHERE member_id = $1 ORDER BY record_id',
      [memberId],
    )
    let base = 0
    let gift = 0
    let points = 0
    for (const r of records) {
      base += Number(r.base_delta)
      gift += Number(r.gift_delta)
      points += Number(r.points_delta)
      assert.deepEqual(
        [Number(r.base_after), Number(r.gift_after), Number(r.points_after)],
        [base, gift, points],
      )
    }
    assert.deepEqual([Number(m!.base_cents), Number(m!.gift_cents), Number(m!.points)], [base, gift, points])
  }
})

/** A year after the property's business date (validity runs on the property's days, not the machine's). */
async function nextYear(p: TestProduct, propertyId: number): Promise<string> {
  const [row] = await p.query<{ d: string }>(
    `SELECT to_char(business_date + interval '1 year', 'YYYY-MM-DD') AS d FROM pms_business_date WHERE property_id = $1`,
    [propertyId],
  )
  return row!.d
}
