// Revenue analysis by order source, customer source, channel and salesman, and occupancy by building and floor, over
// HTTP (issue 14), on the reports' 10-room hotel with 106–109 moved to the main building's second floor. One day at the
// desk closed by the night audit — 101 (298.00, phone, member, Trip.com, Wang), 105 for two nights (328.00, online,
// company, Trip.com, Li), 106 at 300.00 (phone, member, Meituan, no salesman), 102 complimentary — reservations after
// it, and a closed day of last year. Every expected figure is worked out by hand from the scenario.
import assert from 'node:assert/strict'
import { addDays } from '@pms/protocol/time/zone'
import { it } from 'vitest'
import { describeProduct } from './harness.ts'
import { call, day, roomOf, type Staff, walkIn } from './orders-support.ts'
import { arrangeReportHotel, closedDay, lastYearOf } from './reports-support.ts'

describeProduct('reports: revenue by segment, occupancy by building and floor', (product) => {
  let staff: Staff
  let mainId: number
  let annexId: number
  let floor1: number
  let floor2: number
  let annex1: number
  const d0 = () => day(0)
  const d = (n: number) => addDays(d0(), n)

  it('arranges the hotel, a day at the desk with order attributes, reservations ahead, and closes the day', async () => {
    const p = product()
    const hotel = await arrangeReportHotel(p)
    staff = hotel.staff
    const h = staff.hotel
    const floors = await p.query<{
      floor_id: string
      building_id: string
      floor_no: number
      building: string
    }>(
      `SELECT f.floor_id, f.building_id, f.floor_no, b.building_name AS building FROM pms_floor f
       JOIN pms_building b ON b.building_id = f.building_id WHERE f.property_id = $1 AND f.floor_no IN (1, 2)`,
      [h],
    )
    const floorOf = (building: string, no: number) =>
      floors.find((f) => f.building === building && f.floor_no === no)!
    floor1 = Number(floorOf('主楼', 1).floor_id)
    floor2 = Number(floorOf('主楼', 2).floor_id)
    annex1 = Number(floorOf('副楼', 1).floor_id)
    mainId = Number(floorOf('主楼', 1).building_id)
    annexId = Number(floorOf('副楼', 1).building_id)
    await p.query(
      `UPDATE pms_room SET floor_id = $2 WHERE property_id = $1 AND room_no IN ('106', '107', '108', '109')`,
      [h, floor2],
    )
    const attrs = (orderSource: string, customerSource: string, channel: string, salesman: string) => ({
      orderSource,
      customerSource,
      channel,
      salesman,
    })
    await walkIn(
      p,
      staff.clerk,
      hotel.kingId,
      (await roomOf(p, h, '101')).roomId,
      attrs('phone', 'member', 'ctrip', 'Wang'),
    )
    await walkIn(p, staff.clerk, hotel.twinId, (await roomOf(p, h, '105')).roomId, {
      nights: 2,
      ...attrs('online', 'company', 'ctrip', 'Li'),
    })
    for (const [roomNo, typeId, priceCents, extra] of [
      ['106', hotel.twinId, 30000, attrs('phone', 'member', 'meituan', '')],
      ['102', hotel.kingId, 0, {}],
    ] as const) {
      const res = await call(p, staff.manager, 'post', '/pms/pmsOrder/walkIn', {
        nights: 1,
        rooms: [{ roomTypeId: typeId, roomId: (await roomOf(p, h, roomNo)).roomId, priceCents }],
        ...extra,
      })
      assert.equal(res.code, 200, res.msg)
    }
    // Ahead: a twin for tomorrow's night with no room yet, 107 for the night after.
    for (const [start, roomNo] of [
      [d(1), null],
      [d(2), '107'],
    ] as const) {
      const res = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
        startTime: start,
        nights: 1,
        contactName: 'Future Guest',
        rooms: [
          { roomTypeId: hotel.twinId, ...(roomNo ? { roomId: (await roomOf(p, h, roomNo)).roomId } : {}) },
        ],
      })
      assert.equal(res.code, 200, res.msg)
    }
    // Last year's same day: 10 rooms in service, one Trip.com night at 250.00.
    await closedDay(
      p,
      h,
      lastYearOf(d0()),
      { roomsInService: 10, roomsSold: 1, roomRevenueCents: 25000 },
      { segments: [{ dimension: 'channel', segment: 'ctrip', sold: 1, cents: 25000 }] },
    )
    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: d0() })
    assert.equal(run.code, 200, run.msg)
  })

  it('the night audit froze the day by segment: each dimension sums to the day', async () => {
    const rows = await product().query<{ dimension: string; sold: string; cents: string }>(
      `SELECT dimension, sum(rooms_sold) AS sold, sum(room_revenue_cents) AS cents FROM pms_daily_segment_snapshot
       WHERE property_id = $1 AND business_date = $2 GROUP BY 1 ORDER BY 1`,
      [staff.hotel, d0()],
    )
    // 298.00 + 328.00 + 300.00 over 3 rooms, under every dimension.
    assert.deepEqual(
      rows.map((r) => [r.dimension, Number(r.sold), Number(r.cents)]),
      ['channel', 'customerSource', 'orderSource', 'salesman'].map((k) => [k, 3, 92600]),
    )
  })

  it('revenue by channel: room-nights, revenue, ADR, RevPAR part and shares, beside last year', async () => {
    const res = await call(product(), staff.manager, 'get', '/pms/pmsReport/revenueBySegment', {
      dimension: 'channel',
      beginDate: d0(),
      endDate: d0(),
    })
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    assert.deepEqual(
      [r.dimension, r.provisional, r.availableRoomNights, r.availableRoomNightsLastYear],
      ['channel', false, 9, 10],
    )
    const fig = (f: any) => [
      f.roomNightsSold,
      f.roomRevenueCents,
      f.adrCents,
      f.revparCents,
      f.revenueShareBp,
      f.roomNightsShareBp,
    ]
    // Trip.com: 101 and 105, 626.00; 626.00 / 9 = 69.556; 626 / 926 = 67.60 %. Meituan: 106, 300.00; 300 / 9 = 33.33.
    assert.deepEqual(
      r.rows.map((x: any) => [x.segment, ...fig(x.figures)]),
      [
        ['ctrip', 2, 62600, 31300, 6956, 6760, 6667],
        ['meituan', 1, 30000, 30000, 3333, 3240, 3333],
      ],
    )
    // 926.00 / 3 = 308.667; 926.00 / 9 = 102.889.
    assert.deepEqual(fig(r.total), [3, 92600, 30867, 10289, 10000, 10000])
    // Last year: one Trip.com night at 250.00 over 10 available room-nights; Meituan had nothing.
    assert.deepEqual(fig(r.rows[0].lastYear), [1, 25000, 25000, 2500, 10000, 10000])
    assert.deepEqual(fig(r.rows[1].lastYear), [0, 0, null, 0, 0, 0])
    assert.deepEqual(r.trend, {
      step: 'day',
      points: [{ key: d0(), roomRevenueCents: 92600, bySegment: { ctrip: 62600, meituan: 30000 } }],
    })
  })

  it('by order source, customer source and salesman; the open day live and provisional', async () => {
    const p = product()
    const by = async (dimension: string, endDate = d0()) => {
      const res = await call(p, staff.manager, 'get', '/pms/pmsReport/revenueBySegment', {
        dimension,
        beginDate: d0(),
        endDate,
      })
      assert.equal(res.code, 200, res.msg)
      return res.data
    }
    const line = (r: any) =>
      r.rows.map((x: any) => [x.segment, x.figures.roomNightsSold, x.figures.roomRevenueCents])
    assert.deepEqual(line(await by('orderSource')), [
      ['phone', 2, 59800],
      ['online', 1, 32800],
    ])
    assert.deepEqual(line(await by('customerSource')), [
      ['member', 2, 59800],
      ['company', 1, 32800],
    ])
    // Largest first; '' is the order with no salesman.
    assert.deepEqual(line(await by('salesman')), [
      ['Li', 1, 32800],
      ['', 1, 30000],
      ['Wang', 1, 29800],
    ])
    // With the open day: no room charge posted yet, but its 9 rooms in service are available.
    const open = await by('channel', d(1))
    assert.equal(open.provisional, true)
    assert.equal(open.availableRoomNights, 18)
    // 626.00 / 18 = 34.778.
    assert.deepEqual([open.rows[0].segment, open.rows[0].figures.revparCents], ['ctrip', 3478])
    assert.deepEqual(
      open.trend.points.map((x: any) => [x.key, x.roomRevenueCents]),
      [
        [d0(), 92600],
        [d(1), 0],
      ],
    )
    // The month of the open business date by default; a period that has not begun, or an unknown dimension, refused.
    const month = await call(p, staff.manager, 'get', '/pms/pmsReport/revenueBySegment', {
      dimension: 'salesman',
    })
    assert.deepEqual([month.data.beginDate, month.data.endDate], [`${d(1).slice(0, 7)}-01`, d(1)])
    for (const [query, field] of [
      [{ dimension: 'channel', beginDate: d(2), endDate: d(3) }, 'beginDate'],
      [{ dimension: 'weather' }, 'dimension'],
    ] as const) {
      const bad = await call(p, staff.manager, 'get', '/pms/pmsReport/revenueBySegment', query)
      assert.equal(bad.status, 400, bad.msg)
      assert.match(bad.msg, new RegExp(field))
    }
    const clerk = await call(p, staff.clerk, 'get', '/pms/pmsReport/revenueBySegment', {
      dimension: 'channel',
    })
    assert.equal(clerk.status, 403)
  })

  it('occupancy by building and floor: the closed day frozen per floor, the days after forecast by room', async () => {
    const p = product()
    const res = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancyByFloor', {
      beginDate: d0(),
      endDate: d(2),
    })
    assert.equal(res.code, 200, res.msg)
    const r = res.data
    assert.deepEqual(
      [r.dates, r.kinds],
      [
        [d0(), d(1), d(2)],
        ['closed', 'forecast', 'forecast'],
      ],
    )
    const cells = (f: any) => [
      f.roomsInService,
      f.roomsOutOfOrder,
      f.availableRoomNights,
      f.roomNightsSold,
      f.roomsComplimentary,
      f.occupancyBp,
    ]
    const row = (x: any) => [x.buildingId, x.floorId, x.days.map(cells), cells(x.total)]
    assert.deepEqual(r.floors.map(row), [
      // 101–105: 101 and 105 charged, 102 complimentary; then 105's second night; nothing on the third.
      [
        mainId,
        floor1,
        [
          [5, 0, 5, 2, 1, 4000],
          [5, 0, 5, 1, 0, 2000],
          [5, 0, 5, 0, 0, 0],
        ],
        [15, 0, 15, 3, 1, 2000],
      ],
      // 106–109 (109 under maintenance): 106 charged; 107 reserved for the third night.
      [
        mainId,
        floor2,
        [
          [3, 1, 3, 1, 0, 3333],
          [3, 1, 3, 0, 0, 0],
          [3, 1, 3, 1, 0, 3333],
        ],
        [9, 3, 9, 2, 0, 2222],
      ],
      [
        annexId,
        annex1,
        [
          [1, 0, 1, 0, 0, 0],
          [1, 0, 1, 0, 0, 0],
          [1, 0, 1, 0, 0, 0],
        ],
        [3, 0, 3, 0, 0, 0],
      ],
      // The twin reserved for tomorrow without a room yet.
      [
        0,
        0,
        [
          [0, 0, 0, 0, 0, null],
          [0, 0, 0, 1, 0, null],
          [0, 0, 0, 0, 0, null],
        ],
        [0, 0, 0, 1, 0, null],
      ],
    ])
    assert.deepEqual(
      r.floors.map((x: any) => [x.buildingName, x.floorNo]),
      [
        ['主楼', 1],
        ['主楼', 2],
        ['副楼', 1],
        ['', 0],
      ],
    )
    // The main building: 8 in service a day; 3, 1 and 1 sold: 5 / 24.
    assert.deepEqual(
      r.buildings.map((x: any) => [x.buildingId, cells(x.total)]),
      [
        [mainId, [24, 3, 24, 5, 1, 2083]],
        [annexId, [3, 0, 3, 0, 0, 0]],
        [0, [0, 0, 0, 1, 0, null]],
      ],
    )
    // The property: 9 in service a day; 3, 2 (105 and the twin without a room) and 1 sold; 6 / 27.
    assert.deepEqual(
      [r.total.days.map(cells), cells(r.total.total)],
      [
        [
          [9, 1, 9, 3, 1, 3333],
          [9, 1, 9, 2, 0, 2222],
          [9, 1, 9, 1, 0, 1111],
        ],
        [27, 3, 27, 6, 1, 2222],
      ],
    )
    const tooLong = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancyByFloor', {
      beginDate: d0(),
      endDate: d(92),
    })
    assert.equal(tooLong.status, 400)
    assert.match(tooLong.msg, /endDate/)
  })
})
