// The business daily, monthly and annual reports over HTTP (issue 14), on a 10-room hotel: a day of front-desk
// activity closed by the night audit (through its API), the next day open and provisional, a correction posted after
// the close landing on its own day, last year's closed day beside it, the USALI switch, permissions, isolation and bad
// input. Every expected figure below is worked out by hand from the scenario, not by calling the code under test.
import assert from 'node:assert/strict'
import { addDays } from '@pms/protocol/time/zone'
import { it } from 'vitest'
import { bill, setPropertyConfig } from './billing-support.ts'
import { describeProduct } from './harness.ts'
import { call, day, roomOf, type Staff, walkIn } from './orders-support.ts'
import { arrangeReportHotel, closedDay, lastYearOf, type ReportHotel } from './reports-support.ts'

describeProduct('reports', (product) => {
  let staff: Staff
  let hotel: ReportHotel
  const d0 = () => day(0)
  const d1 = () => addDays(d0(), 1)
  const lastYear = () => lastYearOf(d0())

  it('arranges a 10-room hotel and a day: two paying stays, a complimentary one, an hourly one, a no-show, a cancellation, an extra, money and a member recharge', async () => {
    const p = product()
    hotel = await arrangeReportHotel(p)
    staff = hotel.staff
    const h = staff.hotel
    const king = { roomTypeId: hotel.kingId }
    const twin = { roomTypeId: hotel.twinId }
    const hourly = { roomTypeId: hotel.hourlyId }

    const a = await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, h, '101')).roomId)
    await walkIn(p, staff.clerk, twin.roomTypeId, (await roomOf(p, h, '105')).roomId, { nights: 2 })
    const comp = await call(p, staff.manager, 'post', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [{ roomTypeId: king.roomTypeId, roomId: (await roomOf(p, h, '102')).roomId, priceCents: 0 }],
    })
    assert.equal(comp.code, 200, comp.msg)
    await walkIn(p, staff.clerk, hourly.roomTypeId, (await roomOf(p, h, 'B101')).roomId, {
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
    const late = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: d0(),
      nights: 1,
      contactName: 'Late Guest',
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(late.code, 200, late.msg)
    const cancelled = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: addDays(d0(), 3),
      nights: 1,
      contactName: 'Changed Plans',
      rooms: [{ roomTypeId: twin.roomTypeId }],
    })
    assert.equal(cancelled.code, 200, cancelled.msg)
    const cancel = await call(p, staff.clerk, 'post', '/pms/pmsReserve/cancel', {
      orderId: cancelled.data.orderId,
    })
    assert.equal(cancel.code, 200, cancel.msg)

    const type = await call(p, staff.manager, 'post', '/pms/pmsRechargeType', {
      typeName: '1000 + 200',
      amountCents: 100_000,
      giftCents: 20_000,
      state: '0',
    })
    assert.equal(type.code, 200, type.msg)
    const member = await call(p, staff.clerk, 'post', '/pms/pmsMember', {
      name: 'Han Meimei',
      phone: '13912345678',
    })
    assert.equal(member.code, 200, member.msg)
    const recharge = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId: member.data.memberId,
      rechargeTypeId: type.data.rechargeTypeId,
      method: 'cash',
    })
    assert.equal(recharge.code, 200, recharge.msg)
    const lastYearDay = (roomsSold: number, cents: number) => ({
      roomsInService: 10,
      roomsSold,
      roomRevenueCents: cents,
      detail: { revenueByItem: { roomCharge: cents }, paymentsByMethod: { cash: cents } },
    })
    await closedDay(p, h, lastYear(), lastYearDay(5, 150_000))
    // Another property's closed day on the same date never reaches this hotel's report.
    await closedDay(p, staff.apartment, lastYear(), lastYearDay(36, 9_999_900))
  })

  it('the open day is provisional and computed live; the night audit closes it through its API', async () => {
    const p = product()
    const open = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: d0() })
    assert.equal(open.code, 200, open.msg)
    assert.equal(open.data.openBusinessDate, d0())
    assert.equal(open.data.today.provisionalDays, 1)
    // Room charges are posted by the night audit: none yet.
    assert.equal(open.data.today.roomRevenueCents, 0)
    assert.equal(open.data.today.otherRevenueCents, 15000)

    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: d0() })
    assert.equal(run.code, 200, run.msg)
  })

  it('the closed day: exact counts, revenue by item, money by method and the KPIs', async () => {
    const res = await call(product(), staff.manager, 'get', '/pms/pmsReport/daily')
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    assert.equal(r.businessDate, d0(), 'without a date: the last closed day')
    assert.equal(r.openBusinessDate, d1())
    assert.equal(r.rule, 'deductOutOfOrder')
    const t = r.today
    assert.equal(t.days, 1)
    assert.equal(t.provisionalDays, 0)
    assert.deepEqual(
      [t.roomsInService, t.roomsOutOfOrder, t.roomsSold, t.roomsComplimentary, t.hourlyStays],
      [9, 1, 2, 1, 1],
    )
    assert.deepEqual([t.arrivals, t.noShows, t.cancellations], [4, 1, 1])
    // 298.00 + 328.00 room, 150.00 minibar.
    assert.equal(t.roomRevenueCents, 62600)
    assert.equal(t.otherRevenueCents, 15000)
    assert.equal(t.totalRevenueCents, 77600)
    assert.equal(t.revenueByItem.Minibar, 15000)
    assert.equal(t.revenueByItem.roomCharge, 62600)
    assert.deepEqual(t.paymentsByMethod, { thirdParty: 12000 })
    assert.deepEqual(t.depositsByMethod, { cash: 50000 })
    assert.equal(t.memberRechargeCents, 100_000)
    assert.deepEqual(t.kpis, {
      availableRoomNights: 9,
      roomNightsSold: 2,
      occupancyBp: 2222, // 2 / 9
      adrCents: 31300, // 62600 / 2
      revparCents: 6956, // 62600 / 9 = 6955.6
      alosHundredths: 67, // 2 nights / 3 nightly arrivals
      cancellationRateBp: 1667, // 1 / (4 + 1 + 1)
    })
    // Last year's closed day, and this hotel's only (the apartment's row on the same date is not summed).
    assert.equal(r.lastYear.days, 1)
    assert.equal(r.lastYear.roomRevenueCents, 150_000)
    assert.equal(r.lastYear.kpis.occupancyBp, 5000)
    assert.equal(r.lastYear.kpis.adrCents, 30000)
    assert.equal(r.monthToDateLastYear.roomRevenueCents, 150_000)
    assert.equal(r.monthToDate.totalRevenueCents, 77600)
    assert.equal(r.yearToDate.totalRevenueCents, 77600)
  })

  it('a correction after the close lands on the open day; the closed day does not change', async () => {
    const p = product()
    const [order] = await p.query<{ order_id: string }>(
      `SELECT o.order_id FROM pms_order o JOIN pms_order_room s ON s.order_id = o.order_id
       JOIN pms_room r ON r.room_id = s.room_id WHERE o.property_id = $1 AND r.room_no = '101'`,
      [staff.hotel],
    )
    const fix = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: Number(order!.order_id),
      itemName: 'Minibar',
      amountCents: 3000,
    })
    assert.equal(fix.code, 200, fix.msg)
    const closed = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: d0() })
    assert.equal(closed.data.today.otherRevenueCents, 15000)
    assert.equal(closed.data.today.revenueByItem.Minibar, 15000)
    const open = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: d1() })
    assert.equal(open.code, 200, open.msg)
    assert.equal(open.data.today.provisionalDays, 1)
    assert.equal(open.data.today.otherRevenueCents, 3000)
    assert.deepEqual(open.data.today.revenueByItem, { Minibar: 3000 })
    // Month to date sums both days when they share a month.
    const sameMonth = d0().slice(0, 7) === d1().slice(0, 7)
    assert.equal(open.data.monthToDate.otherRevenueCents, sameMonth ? 18000 : 3000)
    assert.equal(open.data.monthToDate.days, sameMonth ? 2 : 1)
  })

  it('monthly: a row per day with the totals; annual: a row per month', async () => {
    const p = product()
    const month = d0().slice(0, 7)
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/monthly', { month })
    assert.equal(res.code, 200, res.msg)
    const m = res.data
    const [y, mo] = month.split('-').map(Number) as [number, number]
    assert.equal(m.rows.length, new Date(Date.UTC(y, mo, 0)).getUTCDate())
    const row = m.rows.find((r: { key: string }) => r.key === d0())
    assert.equal(row.figures.totalRevenueCents, 77600)
    assert.equal(row.figures.kpis.occupancyBp, 2222)
    const sum = m.rows.reduce((s: number, r: any) => s + r.figures.totalRevenueCents, 0)
    assert.equal(m.total.totalRevenueCents, sum)
    const sameMonth = d0().slice(0, 7) === d1().slice(0, 7)
    assert.equal(m.total.totalRevenueCents, sameMonth ? 80600 : 77600)
    assert.equal(m.total.roomsSold, 2)

    const annual = await call(p, staff.manager, 'get', '/pms/pmsReport/annual', { year: d0().slice(0, 4) })
    assert.equal(annual.code, 200, annual.msg)
    assert.equal(annual.data.rows.length, 12)
    const monthRow = annual.data.rows.find((r: { key: string }) => r.key === month)
    assert.equal(monthRow.figures.roomRevenueCents, 62600)
    const lastYearAnnual = await call(p, staff.manager, 'get', '/pms/pmsReport/annual', {
      year: lastYear().slice(0, 4),
    })
    assert.equal(lastYearAnnual.data.total.roomRevenueCents, 150_000)
  })

  it('income: money by method and revenue by item per day reconcile with the folio to the cent', async () => {
    const p = product()
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/income', {
      beginDate: d0(),
      endDate: d1(),
    })
    assert.equal(res.code, 200, res.msg)
    assert.deepEqual(
      res.data.rows.map((r: { key: string }) => r.key),
      [d0(), d1()],
    )
    const total = res.data.total
    assert.deepEqual(total.paymentsByMethod, { thirdParty: 12000 })
    assert.deepEqual(total.depositsByMethod, { cash: 50000 })
    assert.deepEqual(total.revenueByItem, { Minibar: 18000, roomCharge: 62600 })
    const folio = await p.query<{ kind: string; method: string | null; cents: string }>(
      `SELECT kind, method, sum(amount_cents) AS cents FROM pms_folio_entry
       WHERE property_id = $1 AND business_date BETWEEN $2 AND $3 GROUP BY kind, method`,
      [staff.hotel, d0(), d1()],
    )
    const of = (kind: string, method?: string) =>
      folio
        .filter((r) => r.kind === kind && (!method || r.method === method))
        .reduce((s, r) => s + Number(r.cents), 0)
    assert.equal(total.paymentsByMethod.thirdParty, of('payment', 'thirdParty'))
    assert.equal(total.depositsByMethod.cash, of('deposit', 'cash'))
    assert.equal(total.roomRevenueCents, of('roomCharge') + of('overtimeCharge'))
    assert.equal(total.otherRevenueCents, of('extraCharge'))
    const denied = await call(p, staff.clerk, 'get', '/pms/pmsReport/income', {
      beginDate: d0(),
      endDate: d1(),
    })
    assert.equal(denied.status, 403)
    const backwards = await call(p, staff.manager, 'get', '/pms/pmsReport/income', {
      beginDate: d1(),
      endDate: d0(),
    })
    assert.equal(backwards.status, 400)
    assert.match(backwards.msg, /endDate/)
  })

  it('members: who joined, stored value moved and outstanding, points earned, used and expired, top members with their phone masked', async () => {
    const p = product()
    // Points: 1,000 credited 400 days before the open day (outside the period, past a 12-month validity), 300
    // credited and 200 taken off in the period; expiring takes the 200 from the oldest first, so 800 expire.
    await setPropertyConfig(p, staff.hotel, { members: { pointsValidityMonths: 12 } })
    const [han] = await p.query<{ member_id: string }>(
      `SELECT member_id FROM pms_member WHERE property_id = $1 AND phone = '13912345678'`,
      [staff.hotel],
    )
    const memberId = Number(han!.member_id)
    for (const [points, reason] of [
      [1_000, 'old'],
      [300, 'new'],
      [-200, 'taken'],
    ] as const) {
      const res = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', { memberId, points, reason })
      assert.equal(res.code, 200, res.msg)
    }
    await p.query(
      `UPDATE pms_member_record SET business_date = $2::date - 400 WHERE member_id = $1 AND remark = 'old'`,
      [memberId, d1()],
    )
    const expire = await call(p, staff.manager, 'post', '/pms/pmsMember/expirePoints', { memberId })
    assert.equal(expire.code, 200, expire.msg)
    assert.equal(expire.data.points, 800)
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/member', {
      beginDate: d0(),
      endDate: d1(),
    })
    assert.equal(res.code, 200, res.msg)
    const m = res.data
    assert.equal(m.newMembers, 1)
    assert.deepEqual(m.newBySource, { desk: 1 })
    assert.deepEqual(m.newByGrade, { '': 1 })
    assert.deepEqual(
      [
        m.rechargeBaseCents,
        m.rechargeGiftCents,
        m.spentBaseCents,
        m.outstandingBaseCents,
        m.outstandingGiftCents,
      ],
      [100_000, 20_000, 0, 100_000, 20_000],
    )
    assert.deepEqual([m.pointsEarned, m.pointsUsed, m.pointsExpired], [300, 200, 800])
    assert.equal(m.topMembers.length, 1)
    assert.deepEqual(
      [
        m.topMembers[0].name,
        m.topMembers[0].phone,
        m.topMembers[0].rechargeCents,
        m.topMembers[0].spentCents,
      ],
      ['Han Meimei', '139****5678', 120_000, 0],
    )
    // Before the recharge's day nothing moved, and nothing was outstanding.
    const before = await call(p, staff.manager, 'get', '/pms/pmsReport/member', {
      beginDate: addDays(d0(), -3),
      endDate: addDays(d0(), -1),
    })
    assert.deepEqual(
      [
        before.data.newMembers,
        before.data.outstandingBaseCents,
        before.data.topMembers,
        before.data.pointsEarned,
        before.data.pointsExpired,
      ],
      [0, 0, [], 0, 0],
    )
    const denied = await call(p, staff.clerk, 'get', '/pms/pmsReport/member', {
      beginDate: d0(),
      endDate: d1(),
    })
    assert.equal(denied.status, 403)
  })

  it('the USALI rule keeps out-of-order rooms available, and the report says so', async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, { availabilityRule: 'usali' })
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: d0() })
    assert.equal(res.data.rule, 'usali')
    assert.equal(res.data.today.kpis.availableRoomNights, 10)
    assert.equal(res.data.today.kpis.occupancyBp, 2000)
    assert.equal(res.data.today.kpis.revparCents, 6260)
    await setPropertyConfig(p, staff.hotel, { availabilityRule: 'deductOutOfOrder' })
  })

  it('each report needs its permission; bad and future dates are refused naming the field', async () => {
    const p = product()
    for (const [path, query] of [
      ['/pms/pmsReport/daily', { businessDate: d0() }],
      ['/pms/pmsReport/monthly', { month: d0().slice(0, 7) }],
      ['/pms/pmsReport/annual', { year: d0().slice(0, 4) }],
    ] as const) {
      const res = await call(p, staff.clerk, 'get', path, query)
      assert.equal(res.status, 403, path)
    }
    for (const [path, query, field] of [
      ['/pms/pmsReport/daily', { businessDate: '2026-13-01' }, 'businessDate'],
      ['/pms/pmsReport/daily', { businessDate: addDays(d1(), 1) }, 'businessDate'],
      ['/pms/pmsReport/monthly', { month: '2026-1' }, 'month'],
      ['/pms/pmsReport/annual', { year: 'last' }, 'year'],
    ] as const) {
      const res = await call(p, staff.manager, 'get', path, query)
      assert.equal(res.status, 400, `${path} ${JSON.stringify(query)}: ${res.msg}`)
      assert.match(res.msg, new RegExp(field))
    }
    // Without a period: around the property's open business date (d1), whatever the caller's clock says.
    const month = `${d1().slice(0, 7)}-01`
    for (const [path, period, begin, end] of [
      ['/pms/pmsReport/monthly', d1().slice(0, 7), month, null],
      ['/pms/pmsReport/annual', d1().slice(0, 4), `${d1().slice(0, 4)}-01-01`, `${d1().slice(0, 4)}-12-31`],
      ['/pms/pmsReport/income', `${month}~${d1()}`, month, d1()],
      ['/pms/pmsReport/member', undefined, month, d1()],
    ] as const) {
      const res = await call(p, staff.manager, 'get', path)
      assert.equal(res.code, 200, `${path}: ${res.msg}`)
      assert.deepEqual(
        [res.data.period, res.data.beginDate, end === null ? null : res.data.endDate],
        [period, begin, end],
        path,
      )
    }
  })

  it('USALI deducts only rooms a manager closed long term: a short maintenance is not deducted, a long-term closure is; by default both are', async () => {
    const p = product()
    const h = staff.hotel
    const r108 = (await roomOf(p, h, '108')).roomId
    const close = (token: string, body: object) =>
      call(p, token, 'put', '/pms/pmsRoom/state', { roomIds: [r108], ...body })
    // The desk may lock a room but not mark it closed long term; a long-term mark needs a closure being set.
    const desk = await close(staff.clerk, { state: 'maintain', value: true, reason: 'Refit', longTerm: true })
    assert.equal(desk.status, 403)
    const cancelMark = await close(staff.manager, { state: 'maintain', value: false, longTerm: true })
    assert.equal(cancelMark.status, 400)
    assert.match(cancelMark.msg, /longTerm/)
    const set = await close(staff.manager, {
      state: 'maintain',
      value: true,
      reason: 'Refit',
      longTerm: true,
    })
    assert.equal(set.code, 200, set.msg)

    // The open day d1, live (the night audit's own day figures): 10 rooms, 109 under a short maintenance, 108 closed
    // long term → 8 in service, 2 out of order, 1 of them long term.
    let breakdowns: unknown[] = []
    const figures = async (rule: 'usali' | 'deductOutOfOrder') => {
      await setPropertyConfig(p, h, { availabilityRule: rule })
      breakdowns = await breakdownsOf(d1())
      const daily = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: d1() })
      assert.equal(daily.code, 200, daily.msg)
      const occ = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancy', {
        beginDate: d1(),
        endDate: d1(),
      })
      assert.equal(occ.code, 200, occ.msg)
      const t = daily.data.today
      return [
        daily.data.rule,
        t.roomsInService,
        t.roomsOutOfOrder,
        t.roomsLongTermClosed,
        t.kpis.availableRoomNights,
        occ.data.rows[0].availableRoomNights,
      ]
    }
    // The same day by room type (revenue analysis, the open day live) and by building and floor (the forecast):
    // [in service, out of order, long term, available] of the kings (101–104), the twins (105–109: 108 and 109 out
    // of order), the hourly room, the floor of 101–109 and the floor of B101, then the sums of the rows' available
    // room-nights and the reports' totals.
    const floorOf = async (no: string) =>
      Number(
        (
          await p.query<{ floor_id: string }>(
            'SELECT floor_id FROM pms_room WHERE property_id = $1 AND room_no = $2',
            [h, no],
          )
        )[0]!.floor_id,
      )
    const [floorA, floorB] = [await floorOf('101'), await floorOf('B101')]
    const breakdownsOf = async (date: string) => {
      const rev = await call(p, staff.manager, 'get', '/pms/pmsReport/revenue', {
        beginDate: date,
        endDate: date,
      })
      assert.equal(rev.code, 200, rev.msg)
      const fl = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancyByFloor', {
        beginDate: date,
        endDate: date,
      })
      assert.equal(fl.code, 200, fl.msg)
      type Counts = {
        roomsInService: number
        roomsOutOfOrder: number
        roomsLongTermClosed: number
        availableRoomNights: number
      }
      const four = (c: Counts) => [
        c.roomsInService,
        c.roomsOutOfOrder,
        c.roomsLongTermClosed,
        c.availableRoomNights,
      ]
      const type = (id: number) =>
        four(rev.data.rows.find((r: { roomTypeId: number }) => r.roomTypeId === id).figures)
      const floor = (id: number) =>
        four(fl.data.floors.find((r: { floorId: number }) => r.floorId === id).days[0])
      const sum = (list: Counts[]) => list.reduce((n, c) => n + c.availableRoomNights, 0)
      return [
        type(hotel.kingId),
        type(hotel.twinId),
        type(hotel.hourlyId),
        floor(floorA),
        floor(floorB),
        sum(rev.data.rows.map((r: { figures: Counts }) => r.figures)),
        rev.data.total.availableRoomNights,
        sum(fl.data.floors.map((r: { days: Counts[] }) => r.days[0])),
        fl.data.total.days[0].availableRoomNights,
      ]
    }
    // USALI: 8 + 2 − 1 = 9 available (109's short maintenance stays available, 108 is deducted).
    assert.deepEqual(await figures('usali'), ['usali', 8, 2, 1, 9, 9])
    // By type and floor only 108 is deducted: twins 3 + 2 − 1 = 4, floor 1 of building A 7 + 2 − 1 = 8; sums 9.
    assert.deepEqual(breakdowns, [
      [4, 0, 0, 4],
      [3, 2, 1, 4],
      [1, 0, 0, 1],
      [7, 2, 1, 8],
      [1, 0, 0, 1],
      9,
      9,
      9,
      9,
    ])
    // Default: both out-of-order rooms deducted, 8 available.
    assert.deepEqual(await figures('deductOutOfOrder'), ['deductOutOfOrder', 8, 2, 1, 8, 8])
    assert.deepEqual(breakdowns, [
      [4, 0, 0, 4],
      [3, 2, 1, 3],
      [1, 0, 0, 1],
      [7, 2, 1, 7],
      [1, 0, 0, 1],
      8,
      8,
      8,
      8,
    ])
    // Back in service, the mark is gone: under USALI all 10 are available again.
    const reopen = await close(staff.manager, { state: 'maintain', value: false })
    assert.equal(reopen.code, 200, reopen.msg)
    assert.deepEqual(await figures('usali'), ['usali', 9, 1, 0, 10, 10])
    assert.deepEqual(breakdowns, [
      [4, 0, 0, 4],
      [4, 1, 0, 5],
      [1, 0, 0, 1],
      [8, 1, 0, 9],
      [1, 0, 0, 1],
      10,
      10,
      10,
      10,
    ])
    await setPropertyConfig(p, h, { availabilityRule: 'deductOutOfOrder' })
  })
})
