// The check-out bill (SPEC §9 timing and overtime rules): computed without posting, posted once by checkoutCharges
// (the same function the front desk's check-out calls), in 24-hour, fixed-time and hourly stays; and the order's
// print data and spreadsheet export.

import assert from 'node:assert/strict'
import { DEFAULT_TIME_ZONE, zonedInstant } from '@pms/protocol/time/zone'
import ExcelJS from 'exceljs'
import { beforeAll, test } from 'vitest'
import {
  arrangeBillingStaff,
  arrangeOrder,
  type BillingStaff,
  bill,
  setPropertyConfig,
  storedEntries,
} from './billing-support.ts'
import { assertHotelStamp, bearer, describeProduct } from './harness.ts'

/** A wall-clock reading on the test property's clock (month 0-based, as Date's). */
const local = (y: number, m: number, d: number, h: number, min: number) =>
  zonedInstant({ year: y, month: m + 1, day: d, hour: h, minute: min }, DEFAULT_TIME_ZONE)

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describeProduct('billing: check-out bill', (product) => {
  let staff: BillingStaff

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
  })

  test('24-hour mode: nights, hourly overtime with its grace and cap, a full day past its minutes', async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, {
      checkOutMode: '24h',
      overtime: { mode: 'hourly', graceMinutes: 30, hourlyCents: 2000, capCents: 5000 },
      fullDayAfterMinutes: 360,
    })
    const t0 = new Date(Date.UTC(2024, 2, 10, 7, 0))
    // Seconds inside a minute are not counted: 20 s of slack keeps the in-house room's minutes steady.
    const inHouseSince = new Date(Date.now() - DAY - 7 * HOUR - 20_000)
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: t0, checkedOutAt: new Date(t0.getTime() + DAY + 90 * MIN) },
      { priceCents: 30000, checkedInAt: t0, checkedOutAt: new Date(t0.getTime() + 2 * DAY + 30 * MIN) },
      { priceCents: 30000, checkedInAt: inHouseSince },
      { priceCents: 30000, checkedInAt: t0, checkedOutAt: new Date(t0.getTime() + DAY + 5 * HOUR + 1 * MIN) },
    ])
    const res = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${o.orderId}`)
    assert.equal(res.code, 200, res.msg)
    assert.deepEqual(res.data.timing, { checkOutTime: '12:00', checkOutMode: '24h', hourUnitMinutes: 60 })
    assert.deepEqual(
      res.data.rooms.map((r: any) => [
        r.nights,
        r.overtime.minutes,
        r.overtime.rule,
        r.overtime.hours,
        r.dueRoomCents,
        r.dueOvertimeCents,
      ]),
      [
        [1, 90, 'charged', 2, 30000, 4000],
        [2, 30, 'grace', 0, 60000, 0],
        [1, 420, 'fullDay', 0, 30000, 30000],
        [1, 301, 'capped', 6, 30000, 5000],
      ],
    )
    assert.equal(res.data.dueCents, 189000)
    assert.equal(res.data.balanceAfterCents, 189000)
    assert.equal((await storedEntries(p, o.orderId)).length, 0, 'the bill posts nothing')

    const posted = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/checkoutCharges/${o.orderId}`, {})
    assert.equal(posted.code, 200, posted.msg)
    assert.deepEqual(
      posted.data.posted.map((e: any) => [e.orderRoomId, e.kind, e.amountCents]),
      [
        [o.rooms[0]!.orderRoomId, 'roomCharge', 30000],
        [o.rooms[0]!.orderRoomId, 'overtimeCharge', 4000],
        [o.rooms[1]!.orderRoomId, 'roomCharge', 60000],
        [o.rooms[2]!.orderRoomId, 'roomCharge', 30000],
        [o.rooms[2]!.orderRoomId, 'overtimeCharge', 30000],
        [o.rooms[3]!.orderRoomId, 'roomCharge', 30000],
        [o.rooms[3]!.orderRoomId, 'overtimeCharge', 5000],
      ],
    )
    const again = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/checkoutCharges/${o.orderId}`, {})
    assert.equal(again.code, 200, again.msg)
    assert.deepEqual(again.data.posted, [])
    assert.equal(again.data.dueCents, 0)
    assert.equal(again.data.totals.balanceCents, 189000)
    assert.equal((await storedEntries(p, o.orderId)).length, 7)
  })

  test('fixed-time mode: nights end at the check-out time; a starting fee after its minutes', async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, {
      checkOutMode: 'fixed',
      checkOutTime: '12:00',
      overtime: { mode: 'startingFee', afterMinutes: 60, feeCents: 5000 },
      fullDayAfterMinutes: null,
    })
    // Wall-clock times on the property's clock (its zone, whatever the server's is).
    const arrival = local(2024, 2, 10, 15, 0)
    const o = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 25000,
        checkedInAt: arrival,
        checkedOutAt: local(2024, 2, 12, 13, 30),
        plannedEnd: local(2024, 2, 12, 12, 0),
      },
      { priceCents: 25000, checkedInAt: arrival, checkedOutAt: local(2024, 2, 11, 13, 0) },
      { priceCents: 25000, checkedInAt: arrival, checkedOutAt: local(2024, 2, 10, 20, 0) },
      {
        priceCents: 25000,
        checkedInAt: local(2024, 2, 11, 1, 30),
        checkedOutAt: local(2024, 2, 12, 11, 0),
      },
    ])
    const res = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${o.orderId}`)
    assert.equal(res.code, 200, res.msg)
    assert.deepEqual(
      res.data.rooms.map((r: any) => [
        r.nights,
        r.overtime.minutes,
        r.overtime.rule,
        r.roomCents,
        r.overtime.cents,
      ]),
      [
        [2, 90, 'charged', 50000, 5000],
        [1, 60, 'grace', 25000, 0],
        [1, 0, 'none', 25000, 0],
        // An arrival after midnight belongs to that day: its first night ends the next day at 12:00.
        [1, 0, 'none', 25000, 0],
      ],
    )
    assert.equal(res.data.rooms[0].checkIn, '2024-03-10 15:00:00')
    assert.equal(res.data.rooms[0].departure, '2024-03-12 13:30:00')
  })

  test('room charges already on the folio are not charged twice; some rooms can be posted alone', async () => {
    const p = product()
    const arrival = local(2024, 2, 10, 15, 0)
    const o = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 25000,
        checkedInAt: arrival,
        checkedOutAt: local(2024, 2, 12, 11, 0),
        plannedEnd: local(2024, 2, 12, 12, 0),
      },
      { priceCents: 25000, checkedInAt: arrival, checkedOutAt: local(2024, 2, 11, 11, 0) },
    ])
    const manual = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      orderRoomId: o.rooms[0]!.orderRoomId,
      kind: 'roomCharge',
      itemName: 'Night of 10 March',
      amountCents: 25000,
    })
    assert.equal(manual.code, 200, manual.msg)
    const first = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/checkoutCharges/${o.orderId}`, {
      orderRoomIds: [o.rooms[0]!.orderRoomId],
    })
    assert.equal(first.code, 200, first.msg)
    assert.deepEqual(
      first.data.rooms.map((r: any) => [r.orderRoomId, r.postedRoomCents, r.dueRoomCents]),
      [[o.rooms[0]!.orderRoomId, 25000, 25000]],
    )
    assert.deepEqual(
      first.data.posted.map((e: any) => e.amountCents),
      [25000],
    )
    const rest = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/checkoutCharges/${o.orderId}`, {})
    assert.deepEqual(
      rest.data.posted.map((e: any) => [e.orderRoomId, e.amountCents]),
      [[o.rooms[1]!.orderRoomId, 25000]],
    )
    const other = await arrangeOrder(p, staff.hotel, [{ priceCents: 100, checkedInAt: arrival }])
    const stranger = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/checkoutCharges/${o.orderId}`, {
      orderRoomIds: [other.rooms[0]!.orderRoomId],
    })
    assert.equal(stranger.status, 400)
    assert.match(stranger.msg, /does not belong to this order/)
  })

  test('a settled folio that gets check-out charges is no longer settled', async () => {
    const p = product()
    const arrival = local(2024, 2, 10, 15, 0)
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 25000, checkedInAt: arrival, checkedOutAt: local(2024, 2, 11, 11, 0) },
    ])
    assert.equal((await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${o.orderId}`)).code, 200)
    const posted = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/checkoutCharges/${o.orderId}`, {})
    assert.equal(posted.code, 200, posted.msg)
    const folio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${o.orderId}`)
    assert.equal(folio.data.settled, false)
    assert.equal(folio.data.totals.balanceCents, 25000)
  })

  test('an hourly order is charged by started units of the hour-room unit time', async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, { hourUnitMinutes: 60 })
    const start = local(2024, 2, 10, 9, 0)
    const o = await arrangeOrder(
      p,
      staff.hotel,
      [
        { priceCents: 4800, checkedInAt: start, checkedOutAt: local(2024, 2, 10, 11, 10) },
        { priceCents: 4800, checkedInAt: start, checkedOutAt: local(2024, 2, 10, 10, 0) },
      ],
      { hourly: true },
    )
    const res = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/checkoutBill/${o.orderId}`)
    assert.equal(res.code, 200, res.msg)
    assert.deepEqual(
      res.data.rooms.map((r: any) => [r.hourly, r.units, r.roomCents, r.overtime.rule]),
      [
        [true, 3, 14400, 'none'],
        [true, 1, 4800, 'none'],
      ],
    )
  })

  test("the front desk's check-out posts the room charge; the order detail shows the folio", async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, {})
    const [free] = await p.query<{ room_id: string; room_type_id: string; daily_price: string }>(
      `SELECT r.room_id, r.room_type_id, t.daily_price FROM pms_room r JOIN pms_room_type t USING (room_type_id)
       WHERE r.property_id = $1 AND NOT t.hour_room ORDER BY r.room_id DESC LIMIT 1`,
      [staff.hotel],
    )
    const walkIn = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(free!.room_type_id),
          roomId: Number(free!.room_id),
          guests: [{ name: 'Han Meimei' }],
        },
      ],
    })
    assert.equal(walkIn.code, 200, walkIn.msg)
    const orderId = walkIn.data.orderId
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId })
    assert.equal(out.code, 200, out.msg)
    const folio = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${orderId}`)
    assert.deepEqual(
      folio.data.entries.map((e: any) => [e.kind, e.amountCents, e.createByName]),
      [['roomCharge', Number(free!.daily_price), 'clerk']],
    )
    const detail = await bill(p, staff.clerk, 'get', `/pms/pmsOrder/${orderId}`)
    assert.equal(detail.code, 200, detail.msg)
    assert.equal(detail.data.sections.folio.totals.balanceCents, Number(free!.daily_price))
  })

  test('print data and the xlsx export hold the order, rooms, guests, folio lines and totals', async () => {
    const p = product()
    const o = await arrangeOrder(p, staff.hotel, [
      { priceCents: 30000, checkedInAt: local(2024, 2, 10, 15, 0) },
    ])
    await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: o.orderId,
      itemName: 'Minibar',
      amountCents: 123456,
    })
    await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: o.orderId,
      amountCents: 20000,
      method: 'cash',
    })
    const print = await bill(p, staff.clerk, 'get', `/pms/pmsFolio/print/${o.orderId}`)
    assert.equal(print.code, 200, print.msg)
    assert.equal(print.data.property.propertyName.length > 0, true)
    assert.equal(print.data.order.orderNo, o.orderNo)
    assert.equal(print.data.rooms[0].roomNo, o.rooms[0]!.roomNo)
    assert.deepEqual(
      print.data.rooms[0].guests.map((g: any) => g.name),
      [`Guest ${o.rooms[0]!.roomNo}`],
    )
    assert.equal(print.data.folio.entries.length, 2)
    assert.equal(print.data.folio.totals.balanceCents, 103456)

    const exportedFrom = Date.now()
    const res = await p.http
      .post(`/prod-api/orderSystem/ordSysOrder/export/${o.orderId}`)
      .set(bearer(staff.clerk))
      .set('Accept-Language', 'en-US')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = []
        r.on('data', (c: Buffer) => chunks.push(c))
        r.on('end', () => done(null, Buffer.concat(chunks)))
      })
    assert.equal(res.status, 200)
    assert.match(res.headers['content-type']!, /spreadsheetml/)
    assert.match(res.headers['content-disposition']!, new RegExp(`order_${o.orderNo}_\\d{14}\\.xlsx`))
    assertHotelStamp(res.headers['content-disposition'], exportedFrom, Date.now())
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(res.body as Parameters<typeof book.xlsx.load>[0])
    const sheet = book.getWorksheet('Order')!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => v ?? '')))
    const find = (first: string) => rows.find((r) => r[0] === first)
    assert.deepEqual(find('Order no.'), ['Order no.', o.orderNo])
    // Amounts are numbers of yuan an accountant can sum, shown with two decimals; never text.
    assert.ok(
      rows.some((r) => r[0] === o.rooms[0]!.roomNo && r[2] === 300 && r[4] === `Guest ${o.rooms[0]!.roomNo}`),
    )
    assert.ok(rows.some((r) => r[1] === 'Charge · Minibar' && r[3] === 1234.56))
    assert.ok(rows.some((r) => r[1] === 'Deposit' && r[3] === -200 && r[4] === 'Cash'))
    assert.deepEqual(find('Balance'), ['Balance', '', '', 1034.56])
    let amounts = 0
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value !== 'number') return
        amounts += 1
        assert.equal(cell.numFmt, '#,##0.00', `${cell.address} in the money format`)
      }),
    )
    assert.ok(amounts >= 7, `${amounts} amounts`)
  })
})
