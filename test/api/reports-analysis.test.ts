// The occupancy report and forecast, revenue analysis by room type, income by cashier and shift, and the manager's
// dashboard over HTTP (issue 14), on a 10-room hotel: kings 101–104, twins 105–109 (109 out of order), the hourly
// room B101. One day of desk activity closed by the night audit, reservations on the books after it, money posted in
// and outside a cashier's shift. Every expected figure is worked out by hand from the scenario.
import assert from 'node:assert/strict'
import { addDays } from '@pms/protocol/time/zone'
import { it } from 'vitest'
import { bill, setPropertyConfig } from './billing-support.ts'
import { describeProduct } from './harness.ts'
import { call, day, KING, roomOf, type Staff, walkIn } from './orders-support.ts'
import { arrangeReportHotel, closedDay, lastYearOf } from './reports-support.ts'

describeProduct('reports: occupancy, revenue by room type, cashiers, dashboard', (product) => {
  let staff: Staff
  let kingId: number
  let twinId: number
  let hourlyId: number
  let shiftId: number
  let clerkId: number
  let managerId: number
  let twinOrderId: number
  const d0 = () => day(0)
  const d = (n: number) => addDays(d0(), n)
  const ly = lastYearOf

  it('arranges the hotel, a day at the desk with a shift, reservations ahead, and closes the day', async () => {
    const p = product()
    const hotel = await arrangeReportHotel(p)
    staff = hotel.staff
    const h = staff.hotel
    kingId = hotel.kingId
    twinId = hotel.twinId
    hourlyId = hotel.hourlyId
    await p.query(`UPDATE pms_room SET dirty = room_no IN ('103', '104') WHERE property_id = $1`, [h])
    const opened = await call(p, staff.clerk, 'post', '/pms/pmsShift/open', { openingFloatCents: 0 })
    assert.equal(opened.code, 200, opened.msg)
    shiftId = opened.data.shiftId

    const a = await walkIn(p, staff.clerk, kingId, (await roomOf(p, h, '101')).roomId)
    const b = await walkIn(p, staff.clerk, twinId, (await roomOf(p, h, '105')).roomId, { nights: 2 })
    twinOrderId = b.orderId
    const comp = await call(p, staff.manager, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [{ roomTypeId: kingId, roomId: (await roomOf(p, h, '102')).roomId, priceCents: 0 }],
    })
    assert.equal(comp.code, 200, comp.msg)
    await walkIn(p, staff.clerk, hourlyId, (await roomOf(p, h, 'B101')).roomId, {
      nights: undefined,
      hourly: true,
      hours: 2,
    })
    for (const [path, body] of [
      ['/pms/pmsFolio/charge', { orderId: a.orderId, itemName: 'Minibar', amountCents: 15000 }],
      ['/pms/pmsFolio/payment', { orderId: a.orderId, amountCents: 12000, method: 'thirdParty' }],
      ['/pms/pmsFolio/deposit', { orderId: a.orderId, amountCents: 50000, method: 'cash' }],
    ] as const) {
      const res = await bill(p, staff.clerk, 'post', path, body)
      assert.equal(res.code, 200, res.msg)
    }
    const closed = await call(p, staff.clerk, 'post', '/pms/pmsShift/close', {
      counted: { cash: 50000, thirdParty: 12000 },
    })
    assert.equal(closed.code, 200, closed.msg)
    // After the shift closed: the clerk's refund and the manager's deposit belong to no shift.
    const refund = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/refund', {
      orderId: a.orderId,
      amountCents: 2000,
      method: 'cash',
      reason: 'overpayment',
    })
    assert.equal(refund.code, 200, refund.msg)
    const deposit = await bill(p, staff.manager, 'post', '/pms/pmsFolio/deposit', {
      orderId: b.orderId,
      amountCents: 20000,
      method: 'cash',
    })
    assert.equal(deposit.code, 200, deposit.msg)

    for (const [start, nights, typeId, cancel] of [
      [d(1), 1, twinId, false],
      [d(2), 2, kingId, false],
      [d(3), 1, twinId, true],
    ] as const) {
      const res = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
        startTime: start,
        nights,
        contactName: 'Future Guest',
        rooms: [{ roomTypeId: typeId }],
      })
      assert.equal(res.code, 200, res.msg)
      if (cancel) {
        const c = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancel', { orderId: res.data.orderId })
        assert.equal(c.code, 200, c.msg)
      }
    }
    // A closed day of last year: 4 kings in service, 2 sold, 600.00.
    const lastYearDay = { roomsInService: 4, roomsSold: 2, roomRevenueCents: 60000 }
    const kings = [{ roomTypeId: kingId, typeName: KING, roomsInService: 4, sold: 2, cents: 60000 }]
    await closedDay(p, h, ly(d0()), lastYearDay, { roomTypes: kings })
    // Another property's figures on the same date never reach this hotel's reports.
    await closedDay(p, staff.apartment, ly(d0()), lastYearDay, { roomTypes: kings })
    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: d0() })
    assert.equal(run.code, 200, run.msg)
    const users = await p.query<{ user_id: string; user_name: string }>(
      `SELECT user_id, user_name FROM sys_user WHERE user_name IN ('clerk', 'manager')`,
    )
    clerkId = Number(users.find((u) => u.user_name === 'clerk')!.user_id)
    managerId = Number(users.find((u) => u.user_name === 'manager')!.user_id)
  })

  it('the night audit froze the day per room type; the types sum to the day', async () => {
    const rows = await product().query<Record<string, string>>(
      `SELECT room_type_id, rooms_in_service, rooms_out_of_order, rooms_sold, room_revenue_cents
       FROM pms_daily_room_type_snapshot WHERE property_id = $1 AND business_date = $2 ORDER BY room_type_id`,
      [staff.hotel, d0()],
    )
    const of = (id: number) => rows.find((r) => Number(r.room_type_id) === id)!
    const nums = (r: Record<string, string>) =>
      [r.rooms_in_service, r.rooms_out_of_order, r.rooms_sold, r.room_revenue_cents].map(Number)
    assert.equal(rows.length, 3)
    assert.deepEqual(nums(of(kingId)), [4, 0, 1, 29800])
    assert.deepEqual(nums(of(twinId)), [4, 1, 1, 32800])
    assert.deepEqual(nums(of(hourlyId)), [1, 0, 0, 0])
  })

  it('occupancy: closed days from the snapshot, the open day and after forecast from the books', async () => {
    const p = product()
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancy', {
      beginDate: d0(),
      endDate: d(4),
    })
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    assert.equal(r.rule, 'deductOutOfOrder')
    assert.equal(r.openBusinessDate, d(1))
    const line = (x: any) => [
      x.date,
      x.kind,
      x.roomsInService,
      x.roomsOutOfOrder,
      x.availableRoomNights,
      x.roomNightsSold,
      x.roomsComplimentary,
      x.occupancyBp,
    ]
    assert.deepEqual(r.rows.map(line), [
      // 101 and 105 charged; 102 at price 0 complimentary; the hourly stay is not a night.
      [d0(), 'closed', 9, 1, 9, 2, 1, 2222],
      // 105 (two nights) and the twin reservation arriving that day.
      [d(1), 'forecast', 9, 1, 9, 2, 0, 2222],
      // The king reservation's two nights; the cancelled one is not on the books.
      [d(2), 'forecast', 9, 1, 9, 1, 0, 1111],
      [d(3), 'forecast', 9, 1, 9, 1, 0, 1111],
      [d(4), 'forecast', 9, 1, 9, 0, 0, 0],
    ])
    assert.deepEqual(
      [r.total.roomsInService, r.total.availableRoomNights, r.total.roomNightsSold, r.total.occupancyBp],
      [45, 45, 6, 1333], // 6 / 45
    )
    // Without a period: the open business day and the 29 after it, on the books.
    const ahead = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancy')
    assert.deepEqual(
      [ahead.data.beginDate, ahead.data.endDate, ahead.data.rows.length, ahead.data.total.roomNightsSold],
      [d(1), d(30), 30, 4],
    )
    await setPropertyConfig(p, staff.hotel, { availabilityRule: 'usali' })
    const usali = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancy', {
      beginDate: d0(),
      endDate: d0(),
    })
    assert.equal(usali.data.rule, 'usali')
    assert.deepEqual([usali.data.rows[0].availableRoomNights, usali.data.rows[0].occupancyBp], [10, 2000])
    await setPropertyConfig(p, staff.hotel, { availabilityRule: 'deductOutOfOrder' })
  })

  it('revenue analysis by room type: room-nights, revenue, ADR, occupancy, RevPAR and share, beside last year', async () => {
    const res = await call(product(), staff.manager, 'get', '/pms/pmsReport/revenue', {
      beginDate: d0(),
      endDate: d(1),
    })
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    assert.equal(r.provisional, true)
    const fig = (f: any) => [
      f.availableRoomNights,
      f.roomNightsSold,
      f.roomRevenueCents,
      f.adrCents,
      f.occupancyBp,
      f.revparCents,
      f.revenueShareBp,
    ]
    const row = (id: number) => r.rows.find((x: { roomTypeId: number }) => x.roomTypeId === id)
    // Two days (the closed one and the open one, no room charge yet): kings 4 + 4 rooms in service.
    assert.deepEqual(fig(row(kingId).figures), [8, 1, 29800, 29800, 1250, 3725, 4760]) // 29800 / 62600 = 47.60 %
    // Twins: 4 + 4 in service (109 out of order).
    assert.deepEqual(fig(row(twinId).figures), [8, 1, 32800, 32800, 1250, 4100, 5240])
    assert.deepEqual(fig(row(hourlyId).figures), [2, 0, 0, null, 0, 0, 0])
    assert.equal(row(kingId).typeName, KING)
    // 62600 / 2 sold; 2 / 18; 62600 / 18 = 3477.8.
    assert.deepEqual(fig(r.total), [18, 2, 62600, 31300, 1111, 3478, 10000])
    // Last year's same period: the hotel's own king figures only (not the apartment's).
    assert.deepEqual(fig(row(kingId).lastYear), [4, 2, 60000, 30000, 5000, 15000, 10000])
    assert.deepEqual(fig(r.totalLastYear), [4, 2, 60000, 30000, 5000, 15000, 10000])
    assert.equal(row(twinId).lastYear.roomRevenueCents, 0)
    // Without a period: the open business date's month up to it.
    const month = await call(product(), staff.manager, 'get', '/pms/pmsReport/revenue')
    assert.deepEqual([month.data.beginDate, month.data.endDate], [`${d(1).slice(0, 7)}-01`, d(1)])
  })

  it('income by cashier and shift: the shift, outside it, per cashier; totals equal the income report', async () => {
    const p = product()
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/cashier', {
      beginDate: d0(),
      endDate: d(1),
    })
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    const line = (x: any) => [x.userId, x.userName, x.shiftId, x.receivedByMethod, x.receivedCents]
    assert.deepEqual(r.rows.map(line), [
      [clerkId, 'clerk', shiftId, { cash: 50000, thirdParty: 12000 }, 62000],
      [clerkId, 'clerk', null, { cash: -2000 }, -2000],
      [managerId, 'manager', null, { cash: 20000 }, 20000],
    ])
    assert.ok(r.rows[0].openTime && r.rows[0].closeTime)
    assert.deepEqual(
      r.cashiers.map((c: any) => [c.userName, c.receivedByMethod, c.receivedCents]),
      [
        ['clerk', { cash: 48000, thirdParty: 12000 }, 60000],
        ['manager', { cash: 20000 }, 20000],
      ],
    )
    assert.deepEqual([r.totalByMethod, r.totalCents], [{ cash: 68000, thirdParty: 12000 }, 80000])
    const income = await call(p, staff.manager, 'get', '/pms/pmsReport/income', {
      beginDate: d0(),
      endDate: d(1),
    })
    const t = income.data.total
    for (const m of ['cash', 'thirdParty'])
      assert.equal(
        r.totalByMethod[m],
        (t.paymentsByMethod[m] ?? 0) + (t.depositsByMethod[m] ?? 0) - (t.refundsByMethod[m] ?? 0),
        m,
      )
    const empty = await call(p, staff.manager, 'get', '/pms/pmsReport/cashier', {
      beginDate: d(-5),
      endDate: d(-1),
    })
    assert.deepEqual([empty.data.rows, empty.data.totalCents], [[], 0])
    // Without a period: the open business date, where nothing was taken yet.
    const today = await call(p, staff.manager, 'get', '/pms/pmsReport/cashier')
    assert.deepEqual([today.data.beginDate, today.data.endDate, today.data.totalCents], [d(1), d(1), 0])
  })

  it('dashboard: yesterday closed beside last year, today so far, the next 7 days and the last 30', async () => {
    const laundry = await bill(product(), staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: twinOrderId,
      itemName: 'Laundry',
      amountCents: 5000,
    })
    assert.equal(laundry.code, 200, laundry.msg)
    const res = await call(product(), staff.manager, 'get', '/pms/pmsReport/dashboard')
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    assert.equal(r.openBusinessDate, d(1))
    assert.equal(r.yesterday.businessDate, d0())
    assert.deepEqual(
      [
        r.yesterday.figures.roomsSold,
        r.yesterday.figures.roomRevenueCents,
        r.yesterday.figures.kpis.occupancyBp,
      ],
      [2, 62600, 2222],
    )
    assert.deepEqual(
      [r.yesterday.lastYear.roomRevenueCents, r.yesterday.lastYear.kpis.occupancyBp],
      [60000, 5000],
    )
    assert.equal(r.today.figures.provisionalDays, 1)
    assert.equal(r.today.figures.otherRevenueCents, 5000)
    // What guests owe: closed day 626.00 rooms + 150.00 minibar − 120.00 paid − 500.00 and 200.00 deposits + 20.00
    // refunded = −24.00; today the 50.00 laundry on top.
    assert.deepEqual([r.yesterday.figures.receivablesCents, r.today.figures.receivablesCents], [-2400, 2600])
    // Due in: the twin reservation; due out: 101, 102 and the hourly stay; in house: 101, 102, 105, B101.
    assert.deepEqual(
      [r.today.arrivalsDue, r.today.departuresDue, r.today.inHouseRooms, r.today.roomsDirty],
      [1, 3, 4, 2],
    )
    assert.deepEqual(
      r.next7.map((x: any) => [x.date, x.kind, x.roomNightsSold]),
      [0, 1, 2, 3, 4, 5, 6].map((i) => [d(1 + i), 'forecast', [2, 1, 1, 0, 0, 0, 0][i]]),
    )
    assert.equal(r.last30.length, 30)
    // 298.00 + 328.00 room and 150.00 minibar.
    assert.deepEqual(r.last30.at(-1), {
      date: d0(),
      occupancyBp: 2222,
      totalRevenueCents: 77600,
      closed: true,
    })
    assert.deepEqual(r.last30[0], { date: d(-29), occupancyBp: null, totalRevenueCents: 0, closed: false })
  })

  it('each needs its permission; bad and too long periods are refused naming the field', async () => {
    const p = product()
    for (const [path, query] of [
      ['/pms/pmsReport/occupancy', { beginDate: d0(), endDate: d(1) }],
      ['/pms/pmsReport/revenue', { beginDate: d0(), endDate: d(1) }],
      ['/pms/pmsReport/cashier', { beginDate: d0(), endDate: d(1) }],
      ['/pms/pmsReport/dashboard', {}],
    ] as const) {
      const res = await call(p, staff.clerk, 'get', path, query)
      assert.equal(res.status, 403, path)
    }
    for (const [path, query, field] of [
      ['/pms/pmsReport/occupancy', { beginDate: d(1), endDate: d0() }, 'endDate'],
      ['/pms/pmsReport/occupancy', { beginDate: d0(), endDate: d(400) }, 'endDate'],
      ['/pms/pmsReport/revenue', { beginDate: d(3), endDate: d(4) }, 'beginDate'],
      ['/pms/pmsReport/cashier', { beginDate: '2026-02-30x', endDate: d0() }, 'beginDate'],
    ] as const) {
      const res = await call(p, staff.manager, 'get', path, query)
      assert.equal(res.status, 400, `${path} ${JSON.stringify(query)}: ${res.msg}`)
      assert.match(res.msg, new RegExp(field))
    }
  })

  it('the forecast counts house use and complimentary nights apart from sold ones, as the night audit does', async () => {
    const p = product()
    const book = async (start: string, nights: number, roomTypeId: number, mark: string) => {
      const res = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
        startTime: start,
        nights,
        contactName: `Forecast ${mark || 'paying'}`,
        rooms: [{ roomTypeId }],
      })
      assert.equal(res.code, 200, res.msg)
      if (!mark) return
      const [stay] = await p.query<{ order_room_id: string }>(
        'SELECT order_room_id FROM pms_order_room WHERE order_id = $1',
        [res.data.orderId],
      )
      const marked = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/stayMark', {
        orderRoomId: Number(stay!.order_room_id),
        mark,
        reason: 'forecast test',
      })
      assert.equal(marked.code, 200, marked.msg)
    }
    // d+10: a paying king for two nights and a twin for the hotel's own use; d+11: a king given to the guest (its
    // price stays above 0, the mark makes it complimentary).
    await book(d(10), 2, kingId, '')
    await book(d(10), 1, twinId, 'houseUse')
    await book(d(11), 1, kingId, 'complimentary')
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancy', {
      beginDate: d(10),
      endDate: d(12),
    })
    assert.equal(res.code, 200, res.msg)
    const line = (x: any) => [x.date, x.roomNightsSold, x.roomsComplimentary, x.roomsHouseUse, x.occupancyBp]
    assert.deepEqual(res.data.rows.map(line), [
      [d(10), 1, 0, 1, 1111], // 1 sold / 9 available
      [d(11), 1, 1, 0, 1111],
      [d(12), 0, 0, 0, 0],
    ])
    assert.deepEqual(
      [res.data.total.roomNightsSold, res.data.total.roomsComplimentary, res.data.total.roomsHouseUse],
      [2, 1, 1],
    )
  })
})
