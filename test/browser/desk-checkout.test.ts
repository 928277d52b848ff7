// Browser: settling at check-out. The payment dialog of the check-out screen offers the order's member's stored value
// (a balance short of the amount is told before anything is sent, and nothing is posted), and a room of another order
// joined to the account and still in house is named and holds the check-out back until the clerk unjoins it; the
// joined order itself checks out on its own: its charges stay on the account, it refunds and settles its own folio.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { describe, test } from 'vitest'
import { apiPoster, screenshot, signIn, useProductAndBrowser } from './helpers.ts'

describe('settling at check-out', () => {
  const suite = useProductAndBrowser()
  const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

  async function hotelId() {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    return Number(hotel!.property_id)
  }

  /** `count` clean, empty daily rooms nobody has stayed in, each walked in now by the clerk (one order each). */
  async function walkIns(count: number, offset: number) {
    const propertyId = await hotelId()
    const rooms = await suite.product.sql<{ room_id: string; room_type_id: string; room_no: string }>(
      `SELECT r.room_id, r.room_type_id, r.room_no FROM pms_room r
         JOIN pms_room_type t ON t.room_type_id = r.room_type_id
       WHERE r.property_id = $1 AND NOT t.hour_room AND t.daily_price > 0 AND r.occupancy = 'empty' AND NOT r.dirty
         AND NOT r.locked AND NOT r.maintain
         AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY r.room_id LIMIT $2 OFFSET $3`,
      [propertyId, count, offset],
    )
    const post = await apiPoster(suite.product.baseUrl, 'clerk')
    const orders: Array<{ orderId: number; orderNo: string; orderRoomId: number; roomNo: string }> = []
    for (const [i, r] of rooms.entries()) {
      const res = await post('/pms/pmsOrder/walkIn', {
        nights: 1,
        rooms: [
          {
            roomTypeId: Number(r.room_type_id),
            roomId: Number(r.room_id),
            guests: [{ name: `Guest ${r.room_no}`, idType: 'passport', idNo: `E00${offset + i}1234` }],
          },
        ],
      })
      orders.push({
        orderId: res.data.orderId,
        orderNo: res.data.orderNo,
        orderRoomId: res.data.rooms[0].orderRoomId,
        roomNo: r.room_no,
      })
    }
    return { post, orders, propertyId }
  }

  const paymentsOf = (orderId: number) =>
    suite.product.sql<{ method: string; amount_cents: string }>(
      "SELECT method, amount_cents FROM pms_folio_entry WHERE order_id = $1 AND kind = 'payment' ORDER BY entry_id",
      [orderId],
    )

  test("the payment dialog takes the order's member's stored value, refusing a balance short of the amount", async () => {
    const { post, orders, propertyId } = await walkIns(1, 0)
    const [order] = orders
    // A member holding 100.00 of stored value, bound to the order.
    const [m] = await suite.product.sql<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone, base_cents)
       VALUES ($1, 'M0101', 'Li Na', '13955550101', 10000) RETURNING member_id`,
      [propertyId],
    )
    await suite.product.sql(
      `INSERT INTO pms_member_record (property_id, member_id, kind, base_delta, base_after, gift_after, points_after,
         method) VALUES ($1, $2, 'recharge', 10000, 10000, 0, 0, 'cash')`,
      [propertyId, m!.member_id],
    )
    await post('/pms/pmsMember/bindOrder', { orderId: order!.orderId, memberId: Number(m!.member_id) })

    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkOut?orderId=${order!.orderId}`)
    await page.getByTestId('check-out-page').waitFor()
    await page.getByTestId('bill-post-charges').click()
    await page.getByTestId('bill-pay').click()
    const dialog = page.getByTestId('folio-dialog')
    const due = Number(await page.getByTestId('bill-balance').getAttribute('data-cents'))
    assert.ok(due > 10000, `the stay (${due}) costs more than the member holds`)
    const method = dialog.getByTestId('folio-method')
    await method.locator('option[value="memberCard"]').waitFor({ state: 'attached' })
    assert.equal(await method.locator('option[value="points"]').count(), 1, 'points are offered too')
    await method.selectOption('memberCard')
    await dialog.getByTestId('folio-member').waitFor()
    assert.ok((await dialog.getByTestId('folio-member').textContent())!.includes('100.00'))
    // The whole balance is more than the member holds: told at once, nothing posted.
    await dialog.getByTestId('folio-submit').click()
    await dialog.getByText(en('members.insufficientBalance')).waitFor()
    assert.deepEqual(await paymentsOf(order!.orderId), [])
    await dialog.getByTestId('folio-amount').fill('100.00')
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.locator(`[data-testid="bill-balance"][data-cents="${due - 10000}"]`).waitFor()
    // The rest in cash, then check out and settle.
    await page.getByTestId('bill-pay').click()
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByTestId('bill-finish').click()
    await page.getByTestId('confirm-dialog').getByTestId('confirm-ok').click()
    await page.locator('[data-testid="check-out-settled"][data-settled="true"]').waitFor()
    await screenshot(page, 'desk-checkout-member')
    assert.deepEqual(
      (await paymentsOf(order!.orderId)).map((p) => [p.method, Number(p.amount_cents)]),
      [
        ['memberCard', 10000],
        ['cash', due - 10000],
      ],
    )
    const [after] = await suite.product.sql<{ base_cents: string }>(
      'SELECT base_cents FROM pms_member WHERE member_id = $1',
      [m!.member_id],
    )
    assert.equal(Number(after!.base_cents), 0)
    await context.close()
  })

  test('a room of another order joined to the account holds its check-out back until it is unjoined', async () => {
    const { post, orders } = await walkIns(2, 1)
    const [account, joined] = orders
    await post('/pms/pmsOrder/jointRoom', {
      mainRoomId: account!.orderRoomId,
      orderRoomIds: [joined!.orderRoomId],
    })
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkOut?orderId=${account!.orderId}`)
    const notice = page.getByTestId('bill-joined')
    await notice.waitFor()
    assert.equal(
      await notice.locator('p').first().textContent(),
      en('frontDeskConsole.checkOut.joinedInHouse', [`${joined!.roomNo} (${joined!.orderNo})`]),
    )
    await page.getByTestId('bill-post-charges').click()
    await page.getByTestId('bill-pay').click()
    await page.getByTestId('folio-dialog').getByTestId('folio-submit').click()
    await page.getByTestId('folio-dialog').waitFor({ state: 'hidden' })
    await page.locator('[data-testid="bill-balance"][data-cents="0"]').waitFor()
    assert.equal(
      await page.getByTestId('bill-finish').count(),
      0,
      'no check-out while the joined room is in house',
    )
    await screenshot(page, 'desk-checkout-joined')
    await notice.getByTestId('bill-unjoin').click()
    await notice.waitFor({ state: 'hidden' })
    await page.getByTestId('bill-finish').click()
    await page.getByTestId('confirm-dialog').getByTestId('confirm-ok').click()
    await page.locator('[data-testid="check-out-settled"][data-settled="true"]').waitFor()
    const [still] = await suite.product.sql<{ state: string; main_room_id: string | null }>(
      'SELECT state, main_room_id FROM pms_order_room WHERE order_room_id = $1',
      [joined!.orderRoomId],
    )
    assert.deepEqual([still!.state, still!.main_room_id], ['checkIn', null])
    await context.close()
  })

  test("a joined order checks out without the account's balance: it refunds and settles its own folio only", async () => {
    const { post, orders } = await walkIns(2, 3)
    const [account, joined] = orders
    // A deposit taken before the join stays on the joined order's own folio; the minibar after it goes to the account.
    await post('/pms/pmsFolio/deposit', {
      orderId: joined!.orderId,
      amountCents: 20000,
      method: 'cash',
      idempotencyKey: `joined-deposit-${joined!.orderId}`,
    })
    await post('/pms/pmsOrder/jointRoom', {
      mainRoomId: account!.orderRoomId,
      orderRoomIds: [joined!.orderRoomId],
    })
    const minibar = await post('/pms/pmsFolio/charge', {
      orderId: joined!.orderId,
      orderRoomId: joined!.orderRoomId,
      itemName: 'Minibar',
      amountCents: 1500,
      idempotencyKey: `joined-minibar-${joined!.orderId}`,
    })
    assert.equal(minibar.data.orderId, account!.orderId)
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkOut?orderId=${joined!.orderId}`)
    // Its own folio: the deposit to give back, not the account's minibar; the account is named.
    await page.locator('[data-testid="bill-balance"][data-cents="-20000"]').waitFor()
    const notice = page.getByTestId('bill-account')
    assert.equal(
      await notice.textContent(),
      en('frontDeskConsole.checkOut.joinedAccount', [`${account!.roomNo} (${account!.orderNo})`]),
    )
    await page.getByTestId('bill-post-charges').click()
    await page.locator('[data-testid="bill-due"][data-cents="0"]').waitFor()
    await page.locator('[data-testid="bill-balance"][data-cents="-20000"]').waitFor()
    await page.getByTestId('bill-refund').click()
    const dialog = page.getByTestId('folio-dialog')
    assert.equal(
      await dialog.getByTestId('folio-dialog-balance').textContent(),
      en('frontDeskConsole.folio.balanceNow', ['-200.00']),
    )
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.locator('[data-testid="bill-balance"][data-cents="0"]').waitFor()
    await page.getByTestId('bill-finish').click()
    await page.getByTestId('confirm-dialog').getByTestId('confirm-ok').click()
    await page.locator('[data-testid="check-out-settled"][data-settled="true"]').waitFor()
    await screenshot(page, 'desk-checkout-joined-order')

    const [own] = await suite.product.sql<{ settled: boolean; state: string }>(
      'SELECT settled, state FROM pms_order WHERE order_id = $1',
      [joined!.orderId],
    )
    assert.deepEqual([own!.settled, own!.state], [true, 'checkOut'])
    const ownEntries = await suite.product.sql<{ kind: string; amount_cents: string }>(
      'SELECT kind, amount_cents FROM pms_folio_entry WHERE order_id = $1 ORDER BY entry_id',
      [joined!.orderId],
    )
    assert.deepEqual(
      ownEntries.map((e) => [e.kind, Number(e.amount_cents)]),
      [
        ['deposit', 20000],
        ['refund', 20000],
      ],
    )
    // The account stays open, in house, holding the joined room's minibar and room charge.
    const [main] = await suite.product.sql<{ settled: boolean; state: string }>(
      'SELECT settled, state FROM pms_order WHERE order_id = $1',
      [account!.orderId],
    )
    assert.deepEqual([main!.settled, main!.state], [false, 'checkIn'])
    const accountEntries = await suite.product.sql<{ kind: string; order_room_id: string }>(
      'SELECT kind, order_room_id FROM pms_folio_entry WHERE order_id = $1 ORDER BY entry_id',
      [account!.orderId],
    )
    assert.deepEqual(
      accountEntries.map((e) => [e.kind, Number(e.order_room_id)]),
      [
        ['extraCharge', joined!.orderRoomId],
        ['roomCharge', joined!.orderRoomId],
      ],
    )
    await context.close()
  })
})
