// Cashier shifts and the money they handle (issue 13), and the business date the console's default dates read: the property setting "open a shift before taking money" refuses
// a deposit, payment or refund to a cashier without an open shift (and, off, lets it through as before); a blind count
// with an over and a short books an adjustment voucher in the finance books that balances and shows in the voucher
// list; a count that matches books nothing.
import assert from 'node:assert/strict'
import { it } from 'vitest'
import { bill, storedEntries } from './billing-support.ts'
import { arrangeBooksStaff } from './finance-support.ts'
import { describeProduct } from './harness.ts'
import { arrangeStaff, call, KING, roomOf, type Staff, typeOf, walkIn } from './orders-support.ts'

describeProduct('cashier shifts: money needs a shift; the over/short is booked', (product) => {
  let staff: Staff
  let orderId: number

  const setRequireShift = async (on: boolean) => {
    const p = product()
    const res = await call(p, staff.manager, 'put', '/pms/pmsProperty/propertyConfig', {
      propertyId: staff.hotel,
      requireShift: on,
    })
    assert.equal(res.code, 200, res.msg)
    assert.equal(res.data.requireShift, on)
  }

  it('anyone signed in to the property reads its business date (the console default dates)', async () => {
    const p = product()
    staff = await arrangeStaff(p)
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    const day = await call(p, staff.clerk, 'get', '/pms/pmsNightAudit/businessDate')
    assert.equal(day.code, 200, day.msg)
    assert.deepEqual(day.data, {
      businessDate: overview.data.businessDate,
      timeZone: 'Asia/Shanghai',
      checkOutTime: '12:00',
    })
    const anonymous = await p.http.get('/prod-api/pms/pmsNightAudit/businessDate')
    assert.equal(anonymous.status, 401)
  })

  it('with the setting on, money at the desk without an open shift is refused and nothing is written', async () => {
    const p = product()
    const king = await typeOf(p, staff.hotel, KING)
    orderId = (await walkIn(p, staff.clerk, king.roomTypeId, (await roomOf(p, staff.hotel, '103')).roomId))
      .orderId
    await setRequireShift(true)
    const before = await storedEntries(p, orderId)
    for (const [path, body] of [
      ['/pms/pmsFolio/deposit', { orderId, amountCents: 50000, method: 'cash' }],
      ['/pms/pmsFolio/payment', { orderId, amountCents: 100, method: 'bankCard' }],
      ['/pms/pmsFolio/refund', { orderId, amountCents: 100, method: 'cash', reason: 'overpayment' }],
    ] as const) {
      const res = await bill(p, staff.clerk, 'post', path, body)
      assert.equal(res.status, 409, `${path}: ${res.msg}`)
      assert.match(res.msg, /Open a cashier shift first/)
    }
    // A charge is not money taken: it posts as before.
    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId,
      itemName: 'Laundry',
      amountCents: 3000,
    })
    assert.equal(charge.code, 200, charge.msg)
    assert.equal((await storedEntries(p, orderId)).length, before.length + 1)
  })

  it('with an open shift the same money posts; the close books the over and the short as a balanced voucher', async () => {
    const p = product()
    const opened = await call(p, staff.clerk, 'post', '/pms/pmsShift/open', { openingFloatCents: 20000 })
    assert.equal(opened.code, 200, opened.msg)
    for (const [path, body] of [
      ['/pms/pmsFolio/payment', { orderId, amountCents: 3000, method: 'thirdParty' }],
      ['/pms/pmsFolio/deposit', { orderId, amountCents: 50000, method: 'cash' }],
    ] as const) {
      const res = await bill(p, staff.clerk, 'post', path, body)
      assert.equal(res.code, 200, `${path}: ${res.msg}`)
    }
    // Cash 700.00 expected (200.00 float + 500.00 deposit), 690.00 counted: 10.00 short; third party 5.00 over.
    const closed = await call(p, staff.clerk, 'post', '/pms/pmsShift/close', {
      counted: { cash: 69000, thirdParty: 3500 },
    })
    assert.equal(closed.code, 200, closed.msg)
    assert.equal(closed.data.totals.overShortCents, -500)
    const voucher = closed.data.overShortVoucher
    assert.ok(voucher, 'the over/short was booked')
    const lines = await p.query<{
      code: string
      debit: string
      credit: string
      source: string
      state: string
    }>(
      `SELECT s.subject_code AS code, l.debit_cents AS debit, l.credit_cents AS credit, v.source, v.state
       FROM f_voucher v JOIN f_voucher_line l ON l.voucher_id = v.voucher_id
       JOIN f_subject s ON s.subject_id = l.subject_id WHERE v.voucher_id = $1 ORDER BY l.line_no`,
      [voucher.voucherId],
    )
    // Short: Dr 5711 non-operating expenses, Cr 1001 cash; over: Dr 101201 (third party's first leaf), Cr 5301.
    assert.deepEqual(
      lines
        .map((l) => [l.code, Number(l.debit), Number(l.credit)])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        ['1001', 0, 1000],
        ['101201', 500, 0],
        ['5301', 0, 500],
        ['5711', 1000, 0],
      ],
    )
    const debit = lines.reduce((s, l) => s + Number(l.debit), 0)
    const credit = lines.reduce((s, l) => s + Number(l.credit), 0)
    assert.equal(debit, 1500)
    assert.equal(credit, debit, 'the adjustment balances')
    assert.ok(lines.every((l) => l.source === 'shiftOverShort' && l.state === 'audited'))
    // The accountant finds it among the property's vouchers, balanced.
    const books = await arrangeBooksStaff(p)
    const list = await call(p, books.accountant, 'get', '/finance/fJournalAccount/list?pageSize=100')
    assert.equal(list.code, 200, list.msg)
    const listed = (list.rows ?? []).find((v: { voucherId: number }) => v.voucherId === voucher.voucherId)
    assert.ok(listed, 'the adjustment is in the voucher list')
    assert.equal(listed.debitCents, 1500)
    assert.equal(listed.creditCents, 1500)
    // The handover report names the same voucher.
    const report = await call(p, staff.clerk, 'get', `/pms/pmsShift/report/${closed.data.shift.shiftId}`)
    assert.deepEqual(report.data.overShortVoucher, voucher)
  })

  it('a count that matches books nothing; with the setting off, money posts without a shift as before', async () => {
    const p = product()
    const opened = await call(p, staff.manager, 'post', '/pms/pmsShift/open', { openingFloatCents: 5000 })
    assert.equal(opened.code, 200, opened.msg)
    const closed = await call(p, staff.manager, 'post', '/pms/pmsShift/close', { counted: { cash: 5000 } })
    assert.equal(closed.code, 200, closed.msg)
    assert.equal(closed.data.totals.overShortCents, 0)
    assert.equal(closed.data.overShortVoucher, null)
    const vouchers = await p.query(
      `SELECT 1 FROM f_voucher WHERE source = 'shiftOverShort' AND source_key = $1`,
      [String(closed.data.shift.shiftId)],
    )
    assert.equal(vouchers.length, 0)
    await setRequireShift(false)
    const res = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/deposit', {
      orderId,
      amountCents: 1000,
      method: 'cash',
    })
    assert.equal(res.code, 200, res.msg)
  })
})
