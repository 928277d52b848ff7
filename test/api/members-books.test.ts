// Members in the books and the night audit (issue 12): each recharge and each recharge refund is its own audited,
// balanced voucher (method's cash/bank subject against 2241 stored value), in the journal and the sub-ledger, posted
// once however often the request is repeated; the night audit's day voucher leaves them out, and its points-expiry
// step expires points past their validity on the business date it closes, as a record of the member's points flow.
// The member detail's stays and flows page on the server.
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
import { arrangeBooksStaff, type BooksStaff, call as booksCall, subjectIds } from './finance-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { call } from './orders-support.ts'

interface VoucherRow {
  voucher_id: string
  state: string
  voucher_date: string
  code: string
  debit: string
  credit: string
}

async function vouchersOf(p: TestProduct, propertyId: number, source: string, key: string) {
  return p.query<VoucherRow>(
    `SELECT v.voucher_id, v.state, to_char(v.voucher_date, 'YYYY-MM-DD') AS voucher_date, s.subject_code AS code,
       l.debit_cents AS debit, l.credit_cents AS credit
     FROM f_voucher v JOIN f_voucher_line l ON l.voucher_id = v.voucher_id JOIN f_subject s ON s.subject_id = l.subject_id
     WHERE v.property_id = $1 AND v.source = $2 AND v.source_key = $3 ORDER BY l.line_no`,
    [propertyId, source, key],
  )
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

const sides = (rows: VoucherRow[]) => rows.map((r) => [r.code, Number(r.debit), Number(r.credit)])

describeProduct('members in the books and the night audit', (product) => {
  let staff: BillingStaff
  let books: BooksStaff
  let businessDate: string

  beforeAll(async () => {
    const p = product()
    staff = await arrangeBillingStaff(p)
    books = await arrangeBooksStaff(p)
    const overview = await call(p, staff.manager, 'get', '/pms/pmsNightAudit/overview')
    assert.equal(overview.code, 200, overview.msg)
    businessDate = overview.data.businessDate
  })

  async function signUp(p: TestProduct, name: string, phone: string) {
    const res = await call(p, staff.manager, 'post', '/pms/pmsMember', { name, phone })
    assert.equal(res.code, 200, res.msg)
    return res.data as { memberId: number; cardNo: string }
  }

  test('a recharge and its refund are each a balanced voucher in the journal, posted once', async () => {
    const p = product()
    const m = await signUp(p, 'Zhao Books', '13722223333')
    const type = await call(p, staff.manager, 'post', '/pms/pmsRechargeType', {
      typeName: 'Books 1000+200',
      amountCents: 100_000,
      giftCents: 20_000,
      state: '0',
    })
    assert.equal(type.code, 200, type.msg)
    const key = randomUUID()
    const body = { memberId: m.memberId, rechargeTypeId: type.data.rechargeTypeId, method: 'bankCard' }
    const first = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', body, key)
    assert.equal(first.code, 200, first.msg)
    const again = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', body, key)
    assert.equal(again.code, 200, again.msg)
    const receiptNo = first.data[0].receiptNo as string

    const recharged = await vouchersOf(p, staff.hotel, 'memberRecharge', receiptNo)
    assert.deepEqual(
      sides(recharged),
      [
        ['1002', 100_000, 0],
        ['2241', 0, 100_000],
      ],
      'the money paid in, not the gift: bank against stored value',
    )
    assert.equal(new Set(recharged.map((r) => r.voucher_id)).size, 1, 'one voucher for a repeated request')
    assert.equal(recharged[0]!.state, 'audited')
    assert.equal(recharged[0]!.voucher_date, businessDate)

    const refund = await bill(p, staff.clerk, 'post', '/pms/pmsMember/refundRecharge', {
      recordId: first.data[0].recordId,
      amountCents: 30_000,
      method: 'cash',
      reason: 'Part back',
    })
    assert.equal(refund.code, 200, refund.msg)
    const withdrawn = await vouchersOf(p, staff.hotel, 'memberWithdrawal', refund.data.receiptNo)
    assert.deepEqual(sides(withdrawn), [
      ['2241', 30_000, 0],
      ['1001', 0, 30_000],
    ])

    // In the journal the accountant reads, and in the stored-value sub-ledger.
    const period = businessDate.slice(0, 4) + businessDate.slice(5, 7)
    const list = await booksCall(
      p,
      books.accountant,
      'get',
      `/finance/fJournalAccount/listAll?period=${period}`,
    )
    assert.equal(list.code, 200, list.msg)
    const posted = list.data.filter((v: { voucherId: number }) =>
      [recharged[0]!.voucher_id, withdrawn[0]!.voucher_id].map(Number).includes(v.voucherId),
    )
    assert.equal(posted.length, 2)
    for (const v of posted) {
      assert.equal(v.debitCents, v.creditCents, 'balanced')
      assert.equal(v.state, 'audited')
    }
    const codes = await subjectIds(p, staff.hotel)
    const ledger = await booksCall(p, books.accountant, 'post', '/finance/fBookkeepeVoucher/subLedger', {
      subjectId: codes['2241'],
      beginDate: businessDate,
      endDate: businessDate,
    })
    assert.equal(ledger.code, 200, ledger.msg)
    const mine = ledger.data.lines.filter((l: { summary: string }) => l.summary.includes(m.cardNo))
    assert.deepEqual(
      mine.map((l: { debitCents: number; creditCents: number }) => [l.debitCents, l.creditCents]),
      [
        [0, 100_000],
        [30_000, 0],
      ],
    )
  })

  test('the member detail pages through the stays (dates, rooms, amounts) and the stored-value and points flows', async () => {
    const p = product()
    const m = await signUp(p, 'Sun Stays', '13766667777')
    const rc = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId: m.memberId,
      amountCents: 50_000,
      method: 'cash',
    })
    assert.equal(rc.code, 200, rc.msg)
    const earlier = await arrangeOrder(p, staff.hotel, [
      {
        priceCents: 30_000,
        checkedInAt: new Date(Date.now() - 3 * DAY),
        checkedOutAt: new Date(Date.now() - 2 * DAY),
      },
    ])
    const later = await arrangeOrder(p, staff.hotel, [
      { priceCents: 40_000, checkedInAt: new Date(Date.now() - HOUR) },
      { priceCents: 40_000, checkedInAt: new Date(Date.now() - HOUR) },
    ])
    for (const o of [earlier, later]) {
      const bound = await call(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
        orderId: o.orderId,
        memberId: m.memberId,
      })
      assert.equal(bound.code, 200, bound.msg)
    }
    const charge = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/charge', {
      orderId: later.orderId,
      itemName: 'Dinner',
      amountCents: 12_000,
    })
    assert.equal(charge.code, 200, charge.msg)
    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
      memberId: m.memberId,
      orderId: later.orderId,
      amountCents: 10_000,
    })
    assert.equal(paid.code, 200, paid.msg)
    const points = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      memberId: m.memberId,
      points: 300,
      reason: 'welcome',
    })
    assert.equal(points.code, 200, points.msg)

    const first = await call(p, staff.clerk, 'get', `/pms/pmsMember/stays?memberId=${m.memberId}&pageSize=1`)
    assert.equal(first.code, 200, first.msg)
    assert.equal(first.total, 2)
    const stay = first.rows![0]
    assert.equal(stay.orderNo, later.orderNo, 'newest first')
    assert.deepEqual(stay.roomNos, later.rooms.map((r) => r.roomNo).sort())
    assert.deepEqual([stay.chargesCents, stay.paidCents, stay.state], [12_000, 10_000, 'checkIn'])
    assert.match(stay.checkInAt, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const second = await call(
      p,
      staff.clerk,
      'get',
      `/pms/pmsMember/stays?memberId=${m.memberId}&pageSize=1&pageNum=2`,
    )
    assert.deepEqual(
      second.rows!.map((r: { orderNo: string; roomNos: string[] }) => [r.orderNo, r.roomNos]),
      [[earlier.orderNo, [earlier.rooms[0]!.roomNo]]],
    )

    const flow = async (kind: string, query = '') => {
      const res = await call(
        p,
        staff.clerk,
        'get',
        `/pms/pmsMember/records?memberId=${m.memberId}&flow=${kind}${query}`,
      )
      assert.equal(res.code, 200, res.msg)
      return res
    }
    const balance = await flow('balance')
    assert.deepEqual(
      balance.rows!.map((r: { kind: string; baseDelta: number }) => [r.kind, r.baseDelta]),
      [
        ['spend', -10_000],
        ['recharge', 50_000],
      ],
    )
    const pointsFlow = await flow('points')
    assert.deepEqual(
      pointsFlow.rows!.map((r: { kind: string; pointsDelta: number }) => [r.kind, r.pointsDelta]),
      [['adjustment', 300]],
    )
    const paged = await flow('balance', '&pageSize=1&pageNum=2')
    assert.equal(paged.total, 2)
    assert.equal(paged.rows![0].kind, 'recharge')
    const today = await flow('balance', `&beginDate=${businessDate}&endDate=${businessDate}`)
    assert.equal(today.total, 2, 'dates are the business dates the records were booked to')

    const bad = await call(p, staff.clerk, 'get', `/pms/pmsMember/records?memberId=${m.memberId}&flow=cash`)
    assert.equal(bad.status, 400)
    assert.match(bad.msg, /flow/)
    const [foreign] = await p.query<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone) VALUES ($1, 'F-STAYS', 'Foreign', '13799990000')
       RETURNING member_id`,
      [staff.apartment],
    )
    const foreignStays = await call(
      p,
      staff.clerk,
      'get',
      `/pms/pmsMember/stays?memberId=${foreign!.member_id}`,
    )
    assert.equal(foreignStays.status, 404)
    const denied = await call(p, staff.viewer, 'get', `/pms/pmsMember/stays?memberId=${m.memberId}`)
    assert.equal(denied.status, 403)
  })

  test('the night audit expires points past their validity as its own step, and its day voucher leaves recharges out', async () => {
    const p = product()
    await setPropertyConfig(p, staff.hotel, { members: { pointsValidityMonths: 12 } })
    const m = await signUp(p, 'Qian Points', '13744445555')
    for (const [points, reason] of [
      [1_000, 'old'],
      [500, 'new'],
    ] as const) {
      const res = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
        memberId: m.memberId,
        points,
        reason,
      })
      assert.equal(res.code, 200, res.msg)
    }
    // 1,000 credited on the business date twelve months before the one the audit closes: their last day is today.
    const [year, month, day] = businessDate.split('-')
    await p.query(
      `UPDATE pms_member_record SET business_date = $2::date WHERE member_id = $1 AND remark = 'old'`,
      [m.memberId, `${Number(year) - 1}-${month}-${month === '02' && day === '29' ? '28' : day}`],
    )

    const run = await call(p, staff.manager, 'post', '/pms/pmsNightAudit/run', { businessDate })
    assert.equal(run.code, 200, run.msg)
    const step = run.data.steps.find((s: { step: string }) => s.step === 'pointsExpiry')
    assert.deepEqual(step.counts, { points: 1_000 })

    const view = await call(p, staff.manager, 'get', `/pms/pmsMember/${m.memberId}`)
    assert.equal(view.data.points, 500)
    const flow = await call(
      p,
      staff.manager,
      'get',
      `/pms/pmsMember/records?memberId=${m.memberId}&kind=expiry`,
    )
    assert.equal(flow.total, 1)
    assert.deepEqual([flow.rows?.[0].pointsDelta, flow.rows?.[0].pointsAfter], [-1_000, 500])
    const [booked] = await p.query<{ d: string }>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS d FROM pms_member_record WHERE member_id = $1 AND kind = 'expiry'`,
      [m.memberId],
    )
    assert.equal(booked!.d, businessDate, 'booked to the date the audit closed')

    // The recharges of that day were booked when taken; the day voucher does not book them again.
    const dayLines = await p.query<{ n: string }>(
      `SELECT count(*) AS n FROM f_voucher v JOIN f_voucher_line l ON l.voucher_id = v.voucher_id
       JOIN f_subject s ON s.subject_id = l.subject_id
       WHERE v.property_id = $1 AND v.source = 'nightAudit' AND v.source_key = $2 AND s.subject_code = '2241'
         AND l.credit_cents > 0`,
      [staff.hotel, businessDate],
    )
    assert.equal(Number(dayLines[0]!.n), 0)
    const stored = await p.query<{ net: string }>(
      `SELECT COALESCE(sum(l.credit_cents - l.debit_cents), 0) AS net FROM f_voucher v
       JOIN f_voucher_line l ON l.voucher_id = v.voucher_id JOIN f_subject s ON s.subject_id = l.subject_id
       WHERE v.property_id = $1 AND s.subject_code = '2241' AND v.source IN ('memberRecharge', 'memberWithdrawal')`,
      [staff.hotel],
    )
    const [money] = await p.query<{ net: string }>(
      `SELECT COALESCE(sum(base_delta), 0) AS net FROM pms_member_record
       WHERE property_id = $1 AND kind IN ('recharge', 'withdrawal')`,
      [staff.hotel],
    )
    assert.equal(
      Number(stored[0]!.net),
      Number(money!.net),
      'stored value in the books = recharges less refunds',
    )
  })
})
