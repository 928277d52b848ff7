// Cashier shifts (issue 13 交班): open with a float, the money the cashier posts belongs to the shift, a blind count
// with an over and a short, the report's totals equal the shift's entries, the handover by the next cashier, a closed
// shift never changes, and an open shift blocks the night audit under the 'block' rule.
import assert from 'node:assert/strict'
import { it } from 'vitest'
import { bill } from './billing-support.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, day, KING, roomOf, type Staff, typeOf, walkIn } from './orders-support.ts'

describeProduct('cashier shifts', (product) => {
  let staff: Staff
  let shiftId: number

  it('opens one shift per cashier; closing without one is refused', async () => {
    const p = product()
    staff = await arrangeStaff(p)
    const none = await call(p, staff.clerk, 'post', '/pms/pmsShift/close', { counted: {} })
    assert.equal(none.status, 409)
    assert.match(none.msg, /no open shift/)
    const opened = await call(p, staff.clerk, 'post', '/pms/pmsShift/open', { openingFloatCents: 20000 })
    assert.equal(opened.code, 200, opened.msg)
    shiftId = opened.data.shiftId
    const twice = await call(p, staff.clerk, 'post', '/pms/pmsShift/open', { openingFloatCents: 0 })
    assert.equal(twice.status, 409)
    const current = await call(p, staff.clerk, 'get', '/pms/pmsShift/current')
    assert.equal(current.data.shiftId, shiftId)
    assert.equal(current.data.expected, undefined)
  })

  it('an open shift blocks the night audit under the block rule', async () => {
    const p = product()
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    assert.equal(overview.data.refusal.key, 'nightAudit.blocked')
    assert.ok(
      overview.data.blockers.some(
        (b: { kind: string; blocking: boolean }) => b.kind === 'openShift' && b.blocking,
      ),
    )
    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', {
      businessDate: day(0),
    })
    assert.equal(run.status, 409)
    assert.match(run.msg, /shift/)
  })

  it('closes with a blind count: over on one method, short on another, totals equal the entries', async () => {
    const p = product()
    const king = await typeOf(p, staff.hotel, KING)
    const order = await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '102')).roomId)
    for (const [path, body] of [
      ['/pms/pmsFolio/charge', { orderId: order.orderId, itemName: 'Laundry', amountCents: 15000 }],
      ['/pms/pmsFolio/payment', { orderId: order.orderId, amountCents: 12000, method: 'thirdParty' }],
      ['/pms/pmsFolio/deposit', { orderId: order.orderId, amountCents: 50000, method: 'cash' }],
      [
        '/pms/pmsFolio/refund',
        { orderId: order.orderId, amountCents: 2000, method: 'cash', reason: 'overpayment' },
      ],
    ] as const) {
      const res = await bill(p, staff.clerk, 'post', path, body)
      assert.equal(res.code, 200, res.msg)
    }
    // Money the manager posts is not the clerk's.
    const other = await bill(p, staff.manager, 'post', '/pms/pmsFolio/deposit', {
      orderId: order.orderId,
      amountCents: 999,
      method: 'cash',
    })
    assert.equal(other.code, 200, other.msg)
    const bad = await call(p, staff.clerk, 'post', '/pms/pmsShift/close', { counted: { gold: 5 } })
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /counted\.gold/)
    const res = await call(p, staff.clerk, 'post', '/pms/pmsShift/close', {
      counted: { cash: 67000, thirdParty: 12500 },
    })
    assert.equal(res.code, 200, res.msg)
    const report = res.data
    const line = (m: string) => report.lines.find((l: { method: string }) => l.method === m)
    assert.deepEqual(line('cash'), {
      method: 'cash',
      expectedCents: 68000,
      countedCents: 67000,
      overShortCents: -1000,
    })
    assert.deepEqual(line('thirdParty'), {
      method: 'thirdParty',
      expectedCents: 12000,
      countedCents: 12500,
      overShortCents: 500,
    })
    assert.equal(report.totals.overShortCents, -500)
    assert.equal(report.shift.overShortCents, -500)
    const entriesSum = report.entries.reduce((s: number, e: { cents: number }) => s + e.cents, 0)
    assert.equal(report.totals.expectedCents, entriesSum + 20000)
    assert.equal(report.entries.length, 3)
  })

  it('the next cashier takes over once; the cashier cannot take over their own; a closed shift never changes', async () => {
    const p = product()
    const own = await call(p, staff.clerk, 'post', `/pms/pmsShift/handover/${shiftId}`)
    assert.equal(own.status, 409)
    const taken = await call(p, staff.manager, 'post', `/pms/pmsShift/handover/${shiftId}`)
    assert.equal(taken.code, 200, taken.msg)
    assert.equal(taken.data.handedToName, 'manager')
    const again = await call(p, staff.manager, 'post', `/pms/pmsShift/handover/${shiftId}`)
    assert.equal(again.status, 409)
    await assert.rejects(
      p.query('UPDATE pms_shift SET over_short_cents = 0 WHERE shift_id = $1', [shiftId]),
      /is closed/,
    )
    const report = await call(p, staff.clerk, 'get', `/pms/pmsShift/report/${shiftId}`)
    assert.equal(report.code, 200, report.msg)
    assert.equal(report.data.shift.handedToName, 'manager')
  })

  it('the clerk lists their own shifts, the admin every shift; another property sees none', async () => {
    const p = product()
    await call(p, staff.manager, 'post', '/pms/pmsShift/open', { openingFloatCents: 0 })
    const mine = await call(p, staff.clerk, 'get', '/pms/pmsShift/list')
    assert.equal(mine.total, 1)
    const all = await call(p, staff.manager, 'get', '/pms/pmsShift/list')
    assert.equal(all.total, 2)
    const [apartmentShift] = await p.query<{ shift_id: string }>(
      `INSERT INTO pms_shift (property_id, user_id, user_name) SELECT $1, user_id, user_name FROM sys_user
       WHERE user_name = 'admin' RETURNING shift_id`,
      [staff.apartment],
    )
    const foreign = await call(p, staff.manager, 'post', `/pms/pmsShift/handover/${apartmentShift!.shift_id}`)
    assert.equal(foreign.status, 404)
  })
})
