// Members at the desk, second part: the blacklist refuses reservations and check-ins (with the reason for those who
// manage it), the gift-first setting, paying with points (rate and cap) and points expiring, refunding a recharge
// (unspent base back, gift withdrawn), automatic grade upgrades at check-out, the grade changed by hand only with its
// permission, and the member spreadsheet (export, all-or-nothing import with row errors).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { MEMBER_IMPORT_ERRORS_LISTED } from '@pms/protocol/api/members'
import ExcelJS from 'exceljs'
import { beforeAll, test } from 'vitest'
import {
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  setPropertyConfig,
} from './billing-support.ts'
import { bearer, describeProduct, type TestProduct } from './harness.ts'
import { call, day, roomOf, TWIN, typeOf } from './orders-support.ts'

const HOUR = 3_600_000
const BLACK_ID = '110101199003074514'

describeProduct('members at the desk', (product) => {
  let staff: BillingStaff

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
  })

  async function signUp(p: TestProduct, body: object) {
    const res = await call(p, staff.manager, 'post', '/pms/pmsMember', body)
    assert.equal(res.code, 200, res.msg)
    return res.data
  }

  async function rechargeType(p: TestProduct, amountCents: number, giftCents: number) {
    const res = await call(p, staff.manager, 'post', '/pms/pmsRechargeType', {
      typeName: `${amountCents}+${giftCents}`,
      amountCents,
      giftCents,
      state: '0',
    })
    assert.equal(res.code, 200, res.msg)
    return res.data.rechargeTypeId as number
  }

  async function balances(p: TestProduct, memberId: number) {
    const view = await call(p, staff.manager, 'get', `/pms/pmsMember/${memberId}`)
    return { base: view.data.baseCents, gift: view.data.giftCents, points: view.data.points }
  }

  test('a blacklisted phone or ID number cannot be reserved, walked in or checked in; the reason only for the permitted', async () => {
    const p = product()
    const listed = await signUp(p, { name: 'Li Lei', phone: '13611112222', idType: 'idCard', idNo: BLACK_ID })
    const blacklist = await call(p, staff.clerk, 'post', '/pms/pmsMember/blacklist', {
      memberId: listed.memberId,
      blacklist: true,
      reason: 'Damaged the room',
    })
    assert.equal(blacklist.status, 403, 'the clerk may not blacklist')
    const done = await call(p, staff.manager, 'post', '/pms/pmsMember/blacklist', {
      memberId: listed.memberId,
      blacklist: true,
      reason: 'Damaged the room',
    })
    assert.equal(done.code, 200, done.msg)

    const twin = await typeOf(p, staff.hotel, TWIN)
    const byPhone = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(2),
      nights: 1,
      contactName: 'Li Lei',
      contactPhone: '13611112222',
      rooms: [{ roomTypeId: twin.roomTypeId }],
    })
    assert.equal(byPhone.status, 409)
    assert.equal(byPhone.msg, '136****2222 is on the member blacklist and cannot be reserved or checked in.')
    const asManager = await call(p, staff.manager, 'post', '/pms/pmsReserve', {
      startTime: day(2),
      nights: 1,
      contactPhone: '13611112222',
      rooms: [{ roomTypeId: twin.roomTypeId }],
    })
    assert.equal(asManager.status, 409)
    assert.match(asManager.msg, /Reason: Damaged the room$/)

    // A guest who is not a member but carries the blacklisted ID number, at a walk-in.
    const r106 = await roomOf(p, staff.hotel, '106')
    const walk = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: twin.roomTypeId,
          roomId: r106.roomId,
          guests: [{ name: 'Someone Else', idType: 'idCard', idNo: BLACK_ID.toLowerCase() }],
        },
      ],
    })
    assert.equal(walk.status, 409)
    assert.equal(
      walk.msg,
      '1101**********4514 is on the member blacklist and cannot be reserved or checked in.',
    )
    const [none] = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_order_room WHERE room_id = $1 AND state = 'checkIn'",
      [r106.roomId],
    )
    assert.equal(Number(none!.n), 0, 'nothing was written')

    // A reservation made before the guest was blacklisted cannot be checked in afterwards.
    const later = await signUp(p, {
      name: 'Han Mei',
      phone: '13622223333',
      idType: 'idCard',
      idNo: '440304198512120031',
    })
    const r107 = await roomOf(p, staff.hotel, '107')
    const booked = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(0),
      nights: 1,
      rooms: [
        {
          roomTypeId: twin.roomTypeId,
          roomId: r107.roomId,
          guests: [{ name: 'Han Mei', idType: 'idCard', idNo: '440304198512120031' }],
        },
      ],
    })
    assert.equal(booked.code, 200, booked.msg)
    await call(p, staff.manager, 'post', '/pms/pmsMember/blacklist', {
      memberId: later.memberId,
      blacklist: true,
      reason: 'Unpaid bill',
    })
    // Only the guests of the order checking in are screened: another order's guests check in whoever else is booked.
    const [free] = await p.query<{ room_no: string }>(
      `SELECT room_no FROM pms_room WHERE property_id = $1 AND occupancy = 'empty' AND NOT dirty AND NOT locked
        AND NOT maintain AND room_no NOT IN ('106', '107') ORDER BY room_no DESC LIMIT 1`,
      [staff.hotel],
    )
    const elsewhere = await roomOf(p, staff.hotel, free!.room_no)
    const other = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(0),
      nights: 1,
      rooms: [{ roomTypeId: elsewhere.roomTypeId, roomId: elsewhere.roomId, guests: [{ name: 'Zhou Min' }] }],
    })
    assert.equal(other.code, 200, other.msg)
    const otherIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: other.data.orderId,
    })
    assert.equal(otherIn.code, 200, otherIn.msg)
    const checkIn = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', {
      orderId: booked.data.orderId,
    })
    assert.equal(checkIn.status, 409)
    assert.match(checkIn.msg, /^4403\*+0031 is on the member blacklist/)
    // Adding the blacklisted phone as a guest of the booked room is refused too.
    const guest = await call(p, staff.clerk, 'post', '/pms/pmsOrderGuest', {
      orderRoomId: booked.data.rooms[0].orderRoomId,
      name: 'X',
      phone: '13611112222',
    })
    assert.equal(guest.status, 409)
    assert.match(guest.msg, /^136\*{4}2222 is on the member blacklist/)
    // Off the blacklist, the same check-in goes through.
    await call(p, staff.manager, 'post', '/pms/pmsMember/blacklist', {
      memberId: later.memberId,
      blacklist: false,
    })
    const ok = await call(p, staff.clerk, 'post', '/pms/pmsOrder/checkIn', { orderId: booked.data.orderId })
    assert.equal(ok.code, 200, ok.msg)
  })

  test('gift first, points pay at the property rate up to the cap, points expire first in first out', async () => {
    const p = product()
    const m = await signUp(p, { name: 'Wei Hua', phone: '13633334444' })
    const typeId = await rechargeType(p, 50_000, 10_000)
    const rc = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId: m.memberId,
      rechargeTypeId: typeId,
      method: 'cash',
    })
    assert.equal(rc.code, 200, rc.msg)
    await setPropertyConfig(p, staff.hotel, {
      members: {
        spendOrder: 'giftFirst',
        pointsPerUnit: 10,
        pointsPayCapPercent: 50,
        pointsValidityMonths: 12,
      },
    })
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Dinner',
      amountCents: 40_000,
    })
    assert.equal(charge.code, 200, charge.msg)
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
      memberId: m.memberId,
      orderId: o.orderId,
      amountCents: 15_000,
    })
    assert.equal(paid.code, 200, paid.msg)
    assert.deepEqual(
      [paid.data.record.giftDelta, paid.data.record.baseDelta],
      [-10_000, -5_000],
      'gift first',
    )

    // Points: 1,000 earned 13 months ago (expire), 500 earned last month.
    await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      memberId: m.memberId,
      points: 1_000,
      reason: 'old',
    })
    await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      memberId: m.memberId,
      points: 500,
      reason: 'new',
    })
    await p.query(
      `UPDATE pms_member_record SET create_time = now() - interval '13 months',
         business_date = business_date - interval '13 months' WHERE member_id = $1 AND remark = 'old'`,
      [m.memberId],
    )
    const denied = await bill(p, staff.clerk, 'post', '/pms/pmsMember/expirePoints', { memberId: m.memberId })
    assert.equal(denied.status, 403, 'the clerk does not expire points')
    // The cap: 50% of the 40,000 charged = 20,000; 25,000 is over it.
    const over = await bill(p, staff.clerk, 'post', '/pms/pmsMember/payPoints', {
      memberId: m.memberId,
      orderId: o.orderId,
      amountCents: 25_000,
    })
    assert.equal(over.status, 400)
    assert.equal(over.msg, 'Points payment 250.00 is more than this folio allows (200.00).')
    // 60.00 takes 600 points: the old 1,000 expire first, 500 are left — too few.
    const short = await bill(p, staff.clerk, 'post', '/pms/pmsMember/payPoints', {
      memberId: m.memberId,
      orderId: o.orderId,
      amountCents: 6_000,
    })
    assert.equal(short.status, 400)
    assert.equal(short.msg, 'Insufficient points of membership card: 600 needed, 500 held.')
    assert.equal(
      (await balances(p, m.memberId)).points,
      1_500,
      'a refused payment rolled its expiry back too',
    )
    const expired = await bill(p, staff.manager, 'post', '/pms/pmsMember/expirePoints', {
      memberId: m.memberId,
    })
    assert.equal(expired.data.points, 1_000)
    const again = await bill(p, staff.manager, 'post', '/pms/pmsMember/expirePoints', {})
    assert.equal(again.data.points, 0, 'expired once')
    const byPoints = await bill(p, staff.clerk, 'post', '/pms/pmsMember/payPoints', {
      memberId: m.memberId,
      orderId: o.orderId,
      amountCents: 4_000,
    })
    assert.equal(byPoints.code, 200, byPoints.msg)
    assert.equal(byPoints.data.points, 400)
    assert.equal(byPoints.data.record.pointsDelta, -400)
    const folio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${o.orderId}`)
    assert.deepEqual(
      folio.data.entries.filter((e: any) => e.kind === 'payment').map((e: any) => [e.method, e.amountCents]),
      [
        ['memberCard', 15_000],
        ['points', 4_000],
      ],
    )
    assert.deepEqual(await balances(p, m.memberId), { base: 45_000, gift: 0, points: 100 })
    const direct = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: o.orderId,
      amountCents: 100,
      method: 'points',
    })
    assert.equal(direct.status, 400, 'points are taken only by the member flow')

    // Refunding the points payment returns its points in the same share; never more than it took.
    const half = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundPayment', {
      entryId: byPoints.data.entryId,
      amountCents: 1_000,
      reason: 'overpayment',
    })
    assert.equal(half.code, 200, half.msg)
    assert.equal(half.data.record.pointsDelta, 100)
    const over2 = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundPayment', {
      entryId: byPoints.data.entryId,
      amountCents: 3_001,
      reason: 'overpayment',
    })
    assert.equal(over2.status, 400)
    const rest = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundPayment', {
      entryId: byPoints.data.entryId,
      amountCents: 3_000,
      reason: 'overpayment',
    })
    assert.equal(rest.code, 200, rest.msg)
    assert.equal(rest.data.record.pointsDelta, 300)
    assert.equal((await balances(p, m.memberId)).points, 500)
    await assertReconciles(p, m.memberId)
  })

  test('refunding a recharge pays back the unspent base once and withdraws its gift', async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, {})
    const m = await signUp(p, { name: 'Zhao Yun', phone: '13644445555' })
    const typeId = await rechargeType(p, 100_000, 20_000)
    const rc = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId: m.memberId,
      rechargeTypeId: typeId,
      method: 'bankCard',
    })
    const rechargeRecord = rc.data.find((r: any) => r.kind === 'recharge')
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Spa',
      amountCents: 30_000,
    })
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
      memberId: m.memberId,
      orderId: o.orderId,
      amountCents: 30_000,
    })
    assert.equal(paid.data.record.baseDelta, -30_000, 'base first by default')
    const tooMuch = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundRecharge', {
      recordId: rechargeRecord.recordId,
      amountCents: 70_001,
      method: 'cash',
      reason: 'Moving away',
    })
    assert.equal(tooMuch.status, 400)
    assert.equal(
      tooMuch.msg,
      'Refund 700.01 is more than the 700.00 that may be refunded (what is spent is not refunded).',
    )
    const refund = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundRecharge', {
      recordId: rechargeRecord.recordId,
      method: 'cash',
      reason: 'Moving away',
    })
    assert.equal(refund.code, 200, refund.msg)
    assert.equal(refund.data.kind, 'withdrawal')
    assert.deepEqual([refund.data.baseDelta, refund.data.giftDelta], [-70_000, -20_000])
    assert.match(refund.data.receiptNo, /^RC/)
    assert.deepEqual(await balances(p, m.memberId), { base: 0, gift: 0, points: 0 })
    const twice = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundRecharge', {
      recordId: rechargeRecord.recordId,
      method: 'cash',
      reason: 'Again',
    })
    assert.equal(twice.status, 400)
    const notRecharge = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundRecharge', {
      recordId: paid.data.record.recordId,
      method: 'cash',
      reason: 'x',
    })
    assert.equal(notRecharge.status, 404)
    await assertReconciles(p, m.memberId)
  })

  test('a settled stay upgrades the member automatically; the clerk cannot change a grade by hand', async () => {
    const p = product()
    const silver = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      gradeName: 'Silver',
      gradeRank: 1,
      upgradeWay: 'frequency',
      threshold: 1,
      discount: 95,
      delayHours: 0,
      effectiveMonths: 12,
      state: '0',
    })
    assert.equal(silver.code, 200, silver.msg)
    const platinum = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      gradeName: 'Platinum',
      gradeRank: 3,
      upgradeWay: 'amount',
      threshold: 100_000_000,
      discount: 80,
      delayHours: 4,
      effectiveMonths: 0,
      state: '0',
    })
    assert.equal(platinum.code, 200, platinum.msg)
    const m = await signUp(p, { name: 'Sun Li', phone: '13655556666' })
    const byHand = await call(p, staff.clerk, 'put', '/pms/pmsMember', {
      memberId: m.memberId,
      gradeId: silver.data.gradeId,
    })
    assert.equal(byHand.status, 403)
    const r108 = await roomOf(p, staff.hotel, '108')
    const walk = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [{ roomTypeId: r108.roomTypeId, roomId: r108.roomId, guests: [{ name: 'Sun Li' }] }],
    })
    assert.equal(walk.code, 200, walk.msg)
    const bound = await call(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
      orderId: walk.data.orderId,
      memberId: m.memberId,
    })
    assert.equal(bound.code, 200, bound.msg)
    const detail = await call(p, staff.clerk, 'get', `/pms/pmsReserve/${walk.data.orderId}`)
    const section = detail.data.sections.member
    assert.deepEqual([section.cardNo, section.discount, section.gradeName], [m.cardNo, 100, null])
    assert.equal(section.rooms[0].priceCents, section.rooms[0].listCents, 'no grade yet: the list price')
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: walk.data.orderId })
    assert.equal(out.code, 200, out.msg)
    const after = await call(p, staff.manager, 'get', `/pms/pmsMember/${m.memberId}`)
    assert.equal(after.data.gradeName, 'Silver', 'one settled stay reaches Silver, not Platinum')
    const change = after.data.history.find((h: any) => h.field === 'grade')
    assert.deepEqual(
      [change.fromValue, change.toValue, change.reason],
      ['', String(silver.data.gradeId), 'auto'],
    )
  })

  test("an amount grade counts the room revenue of the member's settled stays, this one's too, not extra charges", async () => {
    const p = product()
    const r109 = await roomOf(p, staff.hotel, '109')
    const [type] = await p.query<{ daily_price: string }>(
      'SELECT daily_price FROM pms_room_type WHERE room_type_id = $1',
      [r109.roomTypeId],
    )
    const price = Number(type!.daily_price)
    // Reached by two nights' room revenue; one night with a minibar charge above a night's price is not enough.
    const gold = await call(p, staff.manager, 'post', '/pms/pmsMemberGrade', {
      gradeName: 'Gold',
      gradeRank: 2,
      upgradeWay: 'amount',
      threshold: price + 1,
      discount: 90,
      delayHours: 0,
      effectiveMonths: 0,
      state: '0',
    })
    assert.equal(gold.code, 200, gold.msg)
    const m = await signUp(p, { name: 'Qian Duo', phone: '13655557777' })
    /** A night in `roomNo` bound to the member, with `extraCents` of minibar, checked out; the member's grade after. */
    const stay = async (roomNo: string, extraCents: number) => {
      const r = await roomOf(p, staff.hotel, roomNo)
      const walk = await call(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
        nights: 1,
        rooms: [{ roomTypeId: r.roomTypeId, roomId: r.roomId, guests: [{ name: 'Qian Duo' }] }],
      })
      assert.equal(walk.code, 200, walk.msg)
      const orderId = walk.data.orderId as number
      const bound = await call(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
        orderId,
        memberId: m.memberId,
      })
      assert.equal(bound.code, 200, bound.msg)
      if (extraCents) {
        const charged = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
          orderId,
          itemName: 'Minibar',
          amountCents: extraCents,
        })
        assert.equal(charged.code, 200, charged.msg)
      }
      const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId })
      assert.equal(out.code, 200, out.msg)
      const [revenue] = await p.query<{ cents: string }>(
        `SELECT coalesce(sum(amount_cents), 0) AS cents FROM pms_folio_entry
          WHERE order_id = $1 AND kind IN ('roomCharge', 'overtimeCharge')`,
        [orderId],
      )
      const after = await call(p, staff.manager, 'get', `/pms/pmsMember/${m.memberId}`)
      return { revenue: Number(revenue!.cents), grade: after.data.gradeName as string | null }
    }
    const first = await stay('109', price)
    assert.equal(first.revenue, price, "the first stay's room revenue is a night")
    assert.notEqual(
      first.grade,
      'Gold',
      'a night and a minibar charge: the room revenue is below the threshold',
    )
    const second = await stay('110', 0)
    assert.equal(second.grade, 'Gold', 'the settled night and the night settling now reach it')
  })

  test('export to xlsx; an import with bad rows names them and writes nothing; a good one writes every row', async () => {
    const p = product()
    const tag = await call(p, staff.manager, 'post', '/pms/pmsMemberTag', { tagName: 'Corporate' })
    assert.equal(tag.code, 200, tag.msg)
    await signUp(p, { name: 'Export Me', phone: '13677778888', tagIds: [tag.data.tagId] })
    const exported = await p.http
      .post('/prod-api/pms/pmsMember/export')
      .set(bearer(staff.manager))
      .set('Accept-Language', 'en-US')
      .send({ name: 'Export' })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
    assert.equal(exported.status, 200)
    assert.match(exported.headers['content-disposition'] ?? '', /members_\d{14}\.xlsx/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(exported.body)
    const sheet = book.worksheets[0]!
    assert.equal(sheet.getRow(1).getCell(4).value, 'Phone')
    assert.equal(sheet.rowCount, 2, 'only the members the search selects')
    assert.equal(sheet.getRow(2).getCell(4).value, '13677778888', 'full numbers for those who edit members')
    assert.equal(sheet.getRow(2).getCell(10).value, 'Corporate')
    // The balance is a number of yuan in the money format (an accountant sums it), not text.
    assert.equal(sheet.getRow(1).getCell(14).value, 'Balance')
    assert.equal(typeof sheet.getRow(2).getCell(14).value, 'number')
    assert.equal(sheet.getRow(2).getCell(14).numFmt, '#,##0.00')

    const clerkExport = await p.http.post('/prod-api/pms/pmsMember/export').set(bearer(staff.clerk)).send({})
    assert.equal(clerkExport.status, 403)

    const upload = (token: string, file: Buffer, name = 'members.xlsx') =>
      p.http
        .post('/prod-api/pms/pmsMember/import')
        .set(bearer(token))
        .set('Accept-Language', 'en-US')
        .attach('file', file, name)
    const headings = sheet.getRow(1).values as unknown[]
    const workbook = async (rows: unknown[][]) => {
      const b = new ExcelJS.Workbook()
      const s = b.addWorksheet('Members')
      s.addRow(headings.slice(1))
      for (const r of rows) s.addRow(r)
      return Buffer.from(await b.xlsx.writeBuffer())
    }
    const good = [
      '',
      'Imported One',
      '0086',
      13688880001,
      'ID card',
      '31011519780615002X',
      'Female',
      new Date(Date.UTC(1978, 5, 15)),
      '',
      'Corporate',
      '1 year',
    ]
    const bad = await workbook([
      good,
      ['', 'Bad Phone', '0086', '12345'],
      ['', 'Same Phone', '0086', '13688880001'],
      ['', 'No Tag', '0086', '13688880004', '', '', '', '', '', 'Nope'],
    ])
    const refused = await upload(staff.manager, bad)
    assert.equal(refused.status, 400)
    assert.equal(refused.body.msg, '3 of 4 rows have errors; no member was imported.')
    assert.deepEqual(
      refused.body.data.errors.map((e: any) => e.row),
      [3, 4, 5],
    )
    assert.match(refused.body.data.errors[2].message, /Tags: "Nope" is not valid/)
    const [count] = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_member WHERE phone LIKE '136888800%'",
    )
    assert.equal(Number(count!.n), 0, 'nothing half-imported')

    // A row with several problems names them all; a file of many bad rows counts them all and lists the first 100.
    const many = await upload(
      staff.manager,
      await workbook([
        good,
        ['', '', '0086', '', 'Passport?', '', 'Robot', '1978/06/15', 'No Such Level', 'Nope, Corporate'],
        ...Array.from({ length: 119 }, (_, i) => ['', `Bad ${i}`, '0086', `1234${i}`]),
      ]),
    )
    assert.equal(many.status, 400)
    assert.equal(many.body.msg, '120 of 121 rows have errors; no member was imported.')
    assert.equal(many.body.data.errorRows, 120)
    assert.equal(many.body.data.errors.length, MEMBER_IMPORT_ERRORS_LISTED)
    assert.deepEqual(
      many.body.data.errors.map((e: any) => e.row),
      Array.from({ length: MEMBER_IMPORT_ERRORS_LISTED }, (_, i) => i + 3),
    )
    assert.equal(
      many.body.data.errors[0].message,
      [
        'Name cannot be empty',
        'Phone cannot be empty',
        'ID type: "Passport?" is not valid',
        'Gender: "Robot" is not valid',
        'Birthday: "1978/06/15" is not valid',
        'Level: "No Such Level" is not valid',
        'Tags: "Nope" is not valid',
      ].join('; '),
    )
    assert.match(many.body.data.errors[1].message, /phone/i)
    const [none] = await p.query<{ n: string }>(
      "SELECT count(*) AS n FROM pms_member WHERE phone LIKE '136888800%'",
    )
    assert.equal(Number(none!.n), 0, 'nothing half-imported')

    const fine = await upload(staff.manager, await workbook([good, ['', 'Imported Two', '', '13688880002']]))
    assert.equal(fine.status, 200, fine.body.msg)
    assert.deepEqual(fine.body.data, { imported: 2, errors: [], errorRows: 0 })
    const one = await call(p, staff.manager, 'get', '/pms/pmsMember/list', { name: 'Imported One' })
    assert.equal(one.rows![0].source, 'import')
    assert.equal(one.rows![0].birthday, '1978-06-15')
    assert.equal(one.rows![0].gender, '2')
    assert.equal(one.rows![0].validity, '1y')
    assert.deepEqual(
      one.rows![0].tags.map((t: any) => t.tagName),
      ['Corporate'],
    )

    const csv = await upload(staff.manager, Buffer.from('a,b'), 'members.csv')
    assert.equal(csv.status, 400)
    assert.equal(csv.body.msg, 'Only XLS or XLSX files can be imported.')
    const garbage = await upload(staff.manager, Buffer.from('not a workbook'), 'old.xls')
    assert.equal(garbage.status, 400)
    const clerk = await upload(staff.clerk, await workbook([good]))
    assert.equal(clerk.status, 403, 'the clerk does not import')
  })

  test('member settings: changed by field in the property configuration, read by the desk; new routes stay in the property', async () => {
    const p = product()
    const saved = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      members: { pointsPerUnit: 20 },
    })
    assert.equal(saved.code, 200, saved.msg)
    const again = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      members: { spendOrder: 'giftFirst' },
    })
    assert.equal(again.code, 200, again.msg)
    const settings = await call(p, staff.clerk, 'get', '/pms/pmsMember/settings')
    assert.deepEqual(settings.data, {
      spendOrder: 'giftFirst',
      pointsPerUnit: 20,
      pointsPayCapPercent: 100,
      pointsValidityMonths: 0,
    })
    const bad = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      members: { pointsPayCapPercent: 101 },
    })
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /pointsPayCapPercent/)

    // Progress towards the next grade in the member's detail (the Silver of the upgrade test: one stay).
    const fresh = await signUp(p, { name: 'Zhou Xun', phone: '13699990000' })
    const detail = await call(p, staff.clerk, 'get', `/pms/pmsMember/${fresh.memberId}`)
    assert.deepEqual(
      [detail.data.progress.gradeName, detail.data.progress.current, detail.data.progress.threshold],
      ['Silver', 0, 1],
    )

    const [foreign] = await p.query<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone, points) VALUES ($1, 'APT009', 'Far', '13600000009', 0)
       RETURNING member_id`,
      [staff.apartment],
    )
    const fid = Number(foreign!.member_id)
    const [rec] = await p.query<{ record_id: string }>(
      `INSERT INTO pms_member_record (property_id, member_id, kind, base_delta, base_after, gift_after, points_after)
       VALUES ($1, $2, 'recharge', 100, 100, 0, 0) RETURNING record_id`,
      [staff.apartment, fid],
    )
    await p.query('UPDATE pms_member SET base_cents = 100 WHERE member_id = $1', [fid])
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    const points = await bill(p, staff.clerk, 'post', '/pms/pmsMember/payPoints', {
      memberId: fid,
      orderId: o.orderId,
      amountCents: 100,
    })
    assert.equal(points.status, 404)
    const refund = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundRecharge', {
      recordId: Number(rec!.record_id),
      method: 'cash',
      reason: 'x',
    })
    assert.equal(refund.status, 404)
    const expireForeign = await bill(p, staff.manager, 'post', '/pms/pmsMember/expirePoints', {
      memberId: fid,
    })
    assert.equal(expireForeign.status, 404)
  })

  test('a database seeded before migration 0018 gains the import and export buttons, granted to the property admin', async () => {
    const p = product()
    await p.query("DELETE FROM sys_menu WHERE perms IN ('pms:pmsMember:import', 'pms:pmsMember:export')")
    const sql = readFileSync(
      new URL('../../server/migrations/0018_members_more.sql', import.meta.url),
      'utf8',
    )
    const upgrade = sql.slice(sql.indexOf('-- A database seeded before'))
    for (const statement of upgrade.split(';').filter((s) => s.replace(/--.*$/gm, '').trim()))
      await p.query(statement)
    const granted = await p.query<{ perms: string }>(
      `SELECT m.perms FROM sys_menu m JOIN sys_role_menu rm ON rm.menu_id = m.menu_id
         JOIN sys_role r ON r.role_id = rm.role_id
       WHERE r.role_key = 'merchant_admin' AND m.perms LIKE 'pms:pmsMember:%port' ORDER BY m.perms`,
    )
    assert.deepEqual(
      granted.map((g) => g.perms),
      ['pms:pmsMember:export', 'pms:pmsMember:import'],
    )
    const manager = await p.login('manager')
    const exported = await p.http.post('/prod-api/pms/pmsMember/export').set(bearer(manager)).send({})
    assert.equal(exported.status, 200)
  })

  async function assertReconciles(p: TestProduct, memberId: number) {
    const records = await p.query<{ base_delta: string; gift_delta: string; points_delta: string }>(
      'SELECT base_delta, gift_delta, points_delta FROM pms_member_record WHERE member_id = $1 ORDER BY record_id',
      [memberId],
    )
    const sum = (k: 'base_delta' | 'gift_delta' | 'points_delta') =>
      records.reduce((s, r) => s + Number(r[k]), 0)
    const b = await balances(p, memberId)
    assert.deepEqual([b.base, b.gift, b.points], [sum('base_delta'), sum('gift_delta'), sum('points_delta')])
  }
})
