// Settling at check-out with the order's member (what the check-out screen's payment dialog sends): after the guests
// leave, the folio's balance is paid from the member's stored value and points under the member routes' rules — a
// balance or points short of the amount is refused with the translated message and writes nothing (no folio entry, no
// member record, no balance moved) — and the folio then settles once the rest is paid.
import assert from 'node:assert/strict'
import { beforeAll, test } from 'vitest'
import { arrangeBillingStaff, type BillingStaff, bill } from './billing-support.ts'
import { describeProduct, type TestProduct } from './harness.ts'
import { call, roomOf, walkIn } from './orders-support.ts'

describeProduct("members: settling at check-out from the member's stored value", (product) => {
  let staff: BillingStaff

  beforeAll(async () => {
    staff = await arrangeBillingStaff(product())
  })

  /** What was written for the order and the member: folio entries, member records, the member's balances. */
  async function written(p: TestProduct, orderId: number, memberId: number) {
    const entries = await p.query<{ kind: string; method: string | null; amount_cents: string }>(
      'SELECT kind, method, amount_cents FROM pms_folio_entry WHERE order_id = $1 ORDER BY entry_id',
      [orderId],
    )
    const [records] = await p.query<{ n: string }>(
      'SELECT count(*) AS n FROM pms_member_record WHERE member_id = $1',
      [memberId],
    )
    const [m] = await p.query<{ base_cents: string; points: string }>(
      'SELECT base_cents, points FROM pms_member WHERE member_id = $1',
      [memberId],
    )
    return {
      entries: entries.map((e) => [e.kind, e.method, Number(e.amount_cents)]),
      records: Number(records!.n),
      baseCents: Number(m!.base_cents),
      points: Number(m!.points),
    }
  }

  test('a short balance or points are refused and write nothing; what the member holds pays; the rest settles', async () => {
    const p = product()
    const signUp = await call(p, staff.manager, 'post', '/pms/pmsMember', {
      name: 'Zhao Min',
      phone: '13688880001',
    })
    assert.equal(signUp.code, 200, signUp.msg)
    const memberId = signUp.data.memberId as number
    const recharged = await bill(p, staff.clerk, 'post', '/pms/pmsMember/recharge', {
      memberId,
      amountCents: 10_000,
      method: 'cash',
    })
    assert.equal(recharged.code, 200, recharged.msg)
    const adjusted = await bill(p, staff.manager, 'post', '/pms/pmsMember/adjust', {
      memberId,
      points: 500,
      reason: 'welcome',
    })
    assert.equal(adjusted.code, 200, adjusted.msg)
    const r = await roomOf(p, staff.hotel, '201')
    const order = await walkIn(p, staff.clerk, r.roomTypeId, r.roomId)
    const bound = await bill(p, staff.clerk, 'post', '/pms/pmsMember/bindOrder', {
      orderId: order.orderId,
      memberId,
    })
    assert.equal(bound.code, 200, bound.msg)
    const out = await bill(p, staff.clerk, 'post', '/pms/pmsOrder/checkOut', { orderId: order.orderId })
    assert.equal(out.code, 200, out.msg)
    const due = (await bill(p, staff.clerk, 'get', `/pms/pmsFolio/${order.orderId}`)).data.totals.balanceCents
    const before = await written(p, order.orderId, memberId)
    assert.ok(due > 10_000 + before.points, `the stay (${due}) costs more than the member holds`)

    const short = await bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
      memberId,
      orderId: order.orderId,
      amountCents: due,
    })
    assert.equal(short.status, 400)
    assert.equal(short.msg, 'Insufficient balance of membership card.')
    const inChinese = await p.http
      .post('/prod-api/pms/pmsMember/pay')
      .set({
        Authorization: `Bearer ${staff.clerk}`,
        'Accept-Language': 'zh-CN',
        'Idempotency-Key': 'zh-short',
      })
      .send({ memberId, orderId: order.orderId, amountCents: due })
    assert.equal(inChinese.body.msg, '会员卡余额不足')
    // At the default 100 points a unit a cent takes a point: one cent more than the points held (the 500 adjusted
    // and what the check-out earned) is refused.
    const fewPoints = await bill(p, staff.clerk, 'post', '/pms/pmsMember/payPoints', {
      memberId,
      orderId: order.orderId,
      amountCents: before.points + 1,
    })
    assert.equal(fewPoints.status, 400)
    assert.equal(
      fewPoints.msg,
      `Insufficient points of membership card: ${before.points + 1} needed, ${before.points} held.`,
    )
    assert.deepEqual(await written(p, order.orderId, memberId), before, 'the refusals wrote nothing')

    const paid = await bill(p, staff.clerk, 'post', '/pms/pmsMember/pay', {
      memberId,
      orderId: order.orderId,
      amountCents: 10_000,
    })
    assert.equal(paid.code, 200, paid.msg)
    const points = await bill(p, staff.clerk, 'post', '/pms/pmsMember/payPoints', {
      memberId,
      orderId: order.orderId,
      amountCents: 500,
    })
    assert.equal(points.code, 200, points.msg)
    const notYet = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${order.orderId}`)
    assert.equal(notYet.status, 400, 'the rest is still due')
    const cash = await bill(p, staff.clerk, 'post', '/pms/pmsFolio/payment', {
      orderId: order.orderId,
      amountCents: due - 10_500,
      method: 'cash',
    })
    assert.equal(cash.code, 200, cash.msg)
    const settled = await bill(p, staff.clerk, 'post', `/pms/pmsFolio/settle/${order.orderId}`)
    assert.equal(settled.code, 200, settled.msg)
    const after = await written(p, order.orderId, memberId)
    assert.deepEqual(after.entries.slice(-3), [
      ['payment', 'memberCard', 10_000],
      ['payment', 'points', 500],
      ['payment', 'cash', due - 10_500],
    ])
    assert.equal(after.baseCents, 0)
    assert.equal(after.points, before.points - 500)
  })
})
