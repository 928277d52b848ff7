// The night audit over HTTP (issue 13): blockers, every step and refusal, exactly once (an interrupted run rolls the
// whole day back; a re-run closes it with nothing twice), the scheduler log, permissions and cross-property refusal.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { BUSINESS_DAY_CLOSED, NIGHT_AUDIT_STEPS } from '@pms/protocol/api/night-audit'
import { addDays, DEFAULT_TIME_ZONE } from '@pms/protocol/time/zone'
import { it } from 'vitest'
import { bill, setPropertyConfig } from './billing-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, roomOf, type Staff, TWIN, typeOf, walkIn } from './orders-support.ts'

async function figures(p: TestProduct, propertyId: number, businessDate: string) {
  const charges = await p.query<{ n: string; cents: string }>(
    `SELECT count(*) AS n, COALESCE(sum(amount_cents), 0) AS cents FROM pms_folio_entry
     WHERE property_id = $1 AND business_date = $2 AND night_charge`,
    [propertyId, businessDate],
  )
  const snapshots = await p.query(
    'SELECT * FROM pms_daily_snapshot WHERE property_id = $1 AND business_date = $2',
    [propertyId, businessDate],
  )
  const vouchers = await p.query<{ voucher_id: string }>(
    `SELECT voucher_id FROM f_voucher WHERE property_id = $1 AND source = 'nightAudit' AND source_key = $2`,
    [propertyId, businessDate],
  )
  const [open] = await p.query<{ d: string }>(
    `SELECT to_char(business_date, 'YYYY-MM-DD') AS d FROM pms_business_date WHERE property_id = $1`,
    [propertyId],
  )
  return {
    charged: Number(charges[0]!.n),
    chargedCents: Number(charges[0]!.cents),
    snapshots: snapshots.length,
    vouchers: vouchers.length,
    open: open!.d,
  }
}

describeProduct('night audit', (product) => {
  let staff: Staff
  const today = () => day(0)

  it('arranges a day: two stays in house, money taken, a reservation due today and not arrived, 108 locked, 110 closed long term', async () => {
    const p = product()
    staff = await arrangeStaff(p)
    const king = await typeOf(p, staff.hotel, KING)
    const twin = await typeOf(p, staff.hotel, TWIN)
    const a = await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '101')).roomId)
    await walkIn(p, staff.clerk, twin.roomTypeId, (await roomOf(p, staff.hotel, '105')).roomId, { nights: 2 })
    for (const [path, body] of [
      ['/pms/pmsFolio/charge', { orderId: a.orderId, itemName: 'Minibar', amountCents: 15000 }],
      ['/pms/pmsFolio/payment', { orderId: a.orderId, amountCents: 12000, method: 'thirdParty' }],
      ['/pms/pmsFolio/deposit', { orderId: a.orderId, amountCents: 50000, method: 'cash' }],
      [
        '/pms/pmsFolio/refund',
        { orderId: a.orderId, amountCents: 2000, method: 'cash', reason: 'overpayment' },
      ],
    ] as const) {
      const res = await bill(p, staff.clerk, 'post', path, body)
      assert.equal(res.code, 200, res.msg)
    }
    const res = await call(p, staff.clerk, 'post', '/pms/pmsReserve', {
      startTime: day(0),
      nights: 1,
      contactName: 'Late Guest',
      rooms: [{ roomTypeId: king.roomTypeId }],
    })
    assert.equal(res.code, 200, res.msg)
    for (const [roomNo, state, longTerm] of [
      ['108', 'locked', false],
      ['110', 'maintain', true],
    ] as const) {
      const closed = await call(p, staff.manager, 'put', '/pms/pmsRoom/state', {
        roomIds: [(await roomOf(p, staff.hotel, roomNo)).roomId],
        state,
        value: true,
        reason: 'Repairs',
        longTerm,
      })
      assert.equal(closed.code, 200, closed.msg)
    }
  })

  it('the overview shows the business date, the blockers and what the run will charge', async () => {
    const res = await call(product(), staff.manager, 'get', '/pms/pmsNightAudit/overview')
    assert.equal(res.code, 200, res.msg)
    const o = res.data
    assert.equal(o.businessDate, today())
    assert.equal(o.timeZone, DEFAULT_TIME_ZONE)
    assert.equal(o.refusal, null)
    assert.equal(o.inHouse, 2)
    const kinds = o.blockers.map((b: { kind: string }) => b.kind)
    assert.ok(kinds.includes('arrivalDue'), JSON.stringify(o.blockers))
    assert.ok(o.blockers.every((b: { blocking: boolean }) => !b.blocking))
  })

  it('needs its permissions: the desk may neither see nor run it', async () => {
    const p = product()
    for (const [method, path, body] of [
      ['get', '/pms/pmsNightAudit/overview', undefined],
      ['get', '/pms/pmsNightAudit/list', undefined],
      ['post', '/pms/pmsNightAudit/run', { businessDate: today() }],
      ['get', '/monitor/jobLog/list', undefined],
    ] as const) {
      const res = await call(p, staff.clerk, method, path, body)
      assert.equal(res.status, 403, `${path}: ${res.msg}`)
    }
  })

  it('refuses a date that is not the open one, naming the field; skipping a date is impossible', async () => {
    const p = product()
    const future = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', {
      businessDate: addDays(today(), 1),
    })
    assert.equal(future.status, 400)
    assert.match(future.msg, /businessDate/)
    const bad = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: '2026-13-01' })
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /businessDate/)
  })

  it('an interruption after any step leaves the day open with nothing posted; the re-run closes it once', async () => {
    const p = product()
    const date = today()
    for (const step of NIGHT_AUDIT_STEPS) {
      await assert.rejects(
        p.server().nightAudit.run({ propertyId: staff.hotel, trigger: 'manual', by: null, crashAfter: step }),
        new RegExp(`interrupted after ${step}`),
      )
      assert.deepEqual(await figures(p, staff.hotel, date), {
        charged: 0,
        chargedCents: 0,
        snapshots: 0,
        vouchers: 0,
        open: date,
      })
    }
    const failed = await p.query<{ n: string }>(
      `SELECT count(*) AS n FROM sys_job_log WHERE property_id = $1 AND status = '1'
       AND exception_info LIKE '%interrupted after%'`,
      [staff.hotel],
    )
    assert.equal(Number(failed[0]!.n), NIGHT_AUDIT_STEPS.length)

    const res = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: date })
    assert.equal(res.code, 200, res.msg)
    // The message names the day it closed (it showed a bare '{0}').
    assert.equal(res.msg, translate('en-US', 'nightAudit.done', [date]))
    assert.ok(!res.msg.includes('{0}'))
    assert.deepEqual(
      res.data.steps.map((s: { step: string }) => s.step),
      NIGHT_AUDIT_STEPS,
    )
    const king = await typeOf(p, staff.hotel, KING)
    const twin = await typeOf(p, staff.hotel, TWIN)
    const after = await figures(p, staff.hotel, date)
    assert.deepEqual(after, {
      charged: 2,
      chargedCents: king.dailyPrice + twin.dailyPrice,
      snapshots: 1,
      vouchers: 1,
      open: addDays(date, 1),
    })
  })

  it("tells the property's desks once: a system record naming the day closed and the date now open", async () => {
    const p = product()
    const date = today()
    // The interrupted runs above wrote theirs in the transaction they rolled back.
    const told = await p.query<{ record_type: string; title: unknown; body: unknown; record_title: string }>(
      `SELECT record_type, title, body, record_title FROM pms_push_record
       WHERE property_id = $1 AND title ->> 'key' = $2`,
      [staff.hotel, BUSINESS_DAY_CLOSED],
    )
    assert.equal(told.length, 1)
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
    assert.equal(told[0]!.record_type, 'system')
    assert.deepEqual(json(told[0]!.title), { key: BUSINESS_DAY_CLOSED, params: [date] })
    assert.deepEqual(json(told[0]!.body), { key: 'nightAudit.push.body', params: [addDays(date, 1)] })
    assert.equal(told[0]!.record_title, `营业日 ${date} 已夜审关账`)
    const list = await call(p, staff.clerk, 'get', '/pms/pmsPushRecord/list', { recordType: 'system' })
    assert.equal(list.code, 200, list.msg)
    assert.ok(
      list.rows!.some(
        (r: { recordTitle: string; recordBody: string }) =>
          r.recordTitle === `Business day ${date} closed by the night audit` &&
          r.recordBody === `The business date is now ${addDays(date, 1)}`,
      ),
    )
  })

  it('marks the reservation no-show, freezes the day and posts a balanced voucher', async () => {
    const p = product()
    const date = today()
    const [order] = await p.query<{ state: string; reserve_state: string }>(
      `SELECT state, reserve_state FROM pms_order WHERE property_id = $1 AND contact_name = 'Late Guest'`,
      [staff.hotel],
    )
    assert.deepEqual(order, { state: 'noShow', reserve_state: 'noShow' })
    const snap = await call(p, staff.manager, 'get', `/pms/pmsNightAudit/snapshot/${date}`)
    assert.equal(snap.code, 200, snap.msg)
    const king = await typeOf(p, staff.hotel, KING)
    const twin = await typeOf(p, staff.hotel, TWIN)
    assert.equal(snap.data.roomsSold, 2)
    assert.equal(snap.data.arrivals, 2)
    assert.equal(snap.data.noShows, 1)
    assert.equal(snap.data.roomRevenueCents, king.dailyPrice + twin.dailyPrice)
    assert.equal(snap.data.roomRevenueCents + snap.data.otherRevenueCents, snap.data.folioChargeCents)
    assert.deepEqual(snap.data.detail.depositsByMethod, { cash: 50000 })
    assert.deepEqual(snap.data.detail.paymentsByMethod, { thirdParty: 12000 })
    assert.deepEqual(snap.data.detail.refundsByMethod, { cash: 2000 })
    const lines = await p.query<{ code: string; debit: string; credit: string }>(
      `SELECT s.subject_code AS code, l.debit_cents AS debit, l.credit_cents AS credit
       FROM f_voucher v JOIN f_voucher_line l ON l.voucher_id = v.voucher_id JOIN f_subject s ON s.subject_id = l.subject_id
       WHERE v.property_id = $1 AND v.source = 'nightAudit' AND v.source_key = $2`,
      [staff.hotel, date],
    )
    const sum = (side: 'debit' | 'credit', code?: string) =>
      lines.filter((l) => !code || l.code === code).reduce((s, l) => s + Number(l[side]), 0)
    assert.equal(sum('debit'), sum('credit'))
    assert.equal(sum('credit', '5001'), king.dailyPrice + twin.dailyPrice)
    assert.equal(sum('credit', '2203'), 50000)
    assert.equal(sum('credit', '5051'), 15000)
    assert.equal(snap.data.otherRevenueCents, 15000)
    assert.equal(sum('debit', '1001'), 50000)
    assert.equal(sum('credit', '1001'), 2000)
    assert.equal(sum('debit', '101201'), 12000)
  })

  it('freezes the long-term closure in the day, room type and floor snapshots: by type and floor, USALI deducts only 110 and the sums equal the day', async () => {
    const p = product()
    const date = today()
    const h = staff.hotel
    const [{ ooo, lt }] = await p.query<{ ooo: number; lt: number }>(
      `SELECT rooms_out_of_order AS ooo, rooms_long_term_closed AS lt FROM pms_daily_snapshot
       WHERE property_id = $1 AND business_date = $2`,
      [h, date],
    )
    assert.deepEqual([Number(ooo), Number(lt)], [2, 1])
    // The demo hotel: 74 rooms; the main building's first floor 101–110, kings 101–104, twins 105–108, deluxe 109–110.
    const twin = (await roomOf(p, h, '108')).roomTypeId
    const deluxe = (await roomOf(p, h, '110')).roomTypeId
    const [{ floor_id: floor1 }] = await p.query<{ floor_id: string }>(
      'SELECT floor_id FROM pms_room WHERE property_id = $1 AND room_no = $2',
      [h, '110'],
    )
    const frozen = async (table: string, key: string) =>
      (
        await p.query<Record<string, string>>(
          `SELECT ${key} AS k, rooms_out_of_order AS ooo, rooms_long_term_closed AS lt FROM ${table}
         WHERE property_id = $1 AND business_date = $2 AND rooms_out_of_order > 0 ORDER BY 1`,
          [h, date],
        )
      ).map((r) => [Number(r.k), Number(r.ooo), Number(r.lt)])
    assert.deepEqual(
      await frozen('pms_daily_room_type_snapshot', 'room_type_id'),
      [
        [twin, 1, 0],
        [deluxe, 1, 1],
      ].sort((a, b) => a[0]! - b[0]!),
    )
    assert.deepEqual(await frozen('pms_daily_floor_snapshot', 'floor_id'), [[Number(floor1), 2, 1]])
    // The closed day's breakdowns read from those snapshots: [in service, out of order, long term, available].
    const four = (c: Record<string, number>) => [
      c.roomsInService,
      c.roomsOutOfOrder,
      c.roomsLongTermClosed,
      c.availableRoomNights,
    ]
    const breakdowns = async (rule: 'usali' | 'deductOutOfOrder') => {
      await setPropertyConfig(p, h, { availabilityRule: rule })
      const period = { beginDate: date, endDate: date }
      const rev = await call(p, staff.manager, 'get', '/pms/pmsReport/revenue', period)
      assert.equal(rev.code, 200, rev.msg)
      const fl = await call(p, staff.manager, 'get', '/pms/pmsReport/occupancyByFloor', period)
      assert.equal(fl.code, 200, fl.msg)
      const daily = await call(p, staff.manager, 'get', '/pms/pmsReport/daily', { businessDate: date })
      assert.equal(daily.code, 200, daily.msg)
      type Row = {
        roomTypeId: number
        floorId: number
        figures: Record<string, number>
        days: Record<string, number>[]
      }
      const sum = (list: Record<string, number>[]) => list.reduce((n, c) => n + c.availableRoomNights!, 0)
      return [
        four(rev.data.rows.find((r: Row) => r.roomTypeId === twin).figures),
        four(rev.data.rows.find((r: Row) => r.roomTypeId === deluxe).figures),
        four(fl.data.floors.find((r: Row) => r.floorId === Number(floor1)).days[0]),
        sum(rev.data.rows.map((r: Row) => r.figures)),
        sum(fl.data.floors.map((r: Row) => r.days[0]!)),
        daily.data.today.kpis.availableRoomNights,
      ]
    }
    // USALI: 110 alone deducted — twins 19 + 1 = 20, deluxe 9 + 1 − 1 = 9, floor 8 + 2 − 1 = 9; 74 − 1 = 73.
    assert.deepEqual(await breakdowns('usali'), [[19, 1, 0, 20], [9, 1, 1, 9], [8, 2, 1, 9], 73, 73, 73])
    // Default: both deducted — twins 19, deluxe 9, floor 8; 74 − 2 = 72.
    assert.deepEqual(await breakdowns('deductOutOfOrder'), [
      [19, 1, 0, 19],
      [9, 1, 1, 9],
      [8, 2, 1, 8],
      72,
      72,
      72,
    ])
  })

  it('running twice for a date is refused with a clear message, and the log shows every run', async () => {
    const p = product()
    const date = today()
    const again = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate: date })
    assert.equal(again.status, 409)
    assert.match(again.msg, new RegExp(`${date}.*already closed`))
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    assert.equal(overview.data.businessDate, addDays(date, 1))
    assert.equal(overview.data.refusal.key, 'nightAudit.notYet')
    assert.equal(overview.data.lastRun.businessDate, date)
    const history = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/list')
    assert.equal(history.total, 1)
    const log = await call(p, staff.manager, 'get', '/monitor/jobLog/list', { status: '0' })
    assert.equal(log.total, 1)
    assert.equal(log.rows![0].jobName, 'nightAudit')
    // On a desk's embedded database (no autovacuum) the closed day analysed the busiest tables; a chain's PostgreSQL
    // leaves that to autovacuum.
    if (p.kind === 'pglite') {
      const analysed = await p.query<{ relname: string; analyze_count: string }>(
        `SELECT relname, analyze_count FROM pg_stat_user_tables WHERE relname IN ('pms_order_room', 'pms_order')`,
      )
      assert.equal(analysed.length, 2)
      for (const t of analysed) assert.ok(Number(t.analyze_count) >= 1, t.relname)
    }
    // The desk's next receipts and orders are numbered in the new business date.
    const [order] = await p.query<{ order_id: string }>(
      `SELECT order_id FROM pms_order WHERE property_id = $1 AND state = 'checkIn' ORDER BY order_id LIMIT 1`,
      [staff.hotel],
    )
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId: Number(order!.order_id),
      amountCents: 100,
      method: 'cash',
    })
    assert.equal(paid.code, 200, paid.msg)
    assert.equal(paid.data.receiptNo.slice(2, 10), addDays(date, 1).replaceAll('-', ''))
  })

  it('posts the night charge once per stay and date, even when asked twice', async () => {
    const p = product()
    const date = today()
    const [stay] = await p.query<{ order_room_id: string; order_id: string }>(
      `SELECT order_room_id, order_id FROM pms_folio_entry WHERE property_id = $1 AND night_charge LIMIT 1`,
      [staff.hotel],
    )
    await assert.rejects(
      p.query(
        `INSERT INTO pms_folio_entry (property_id, order_id, order_room_id, kind, amount_cents, debit_account,
           credit_account, business_date, night_charge) VALUES ($1, $2, $3, 'roomCharge', 100, 'guest', 'roomRevenue', $4, true)`,
        [staff.hotel, stay!.order_id, stay!.order_room_id, date],
      ),
      /pms_folio_entry_night_uq|duplicate key/,
    )
  })
})
