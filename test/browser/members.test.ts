// Browser: the desk and a member — the clerk finds the member by phone in the walk-in form, sees the grade's price,
// checks the guest in, pays the bill from the member's balance in the folio, and finds the spend in the member records.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { launchChromium, newContext, type Product, screenshot, signIn, startProduct } from './helpers.ts'

describe('members at the front desk', () => {
  let product: Product
  let browser: Browser

  beforeAll(async () => {
    product = await startProduct()
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await product?.close()
  })

  test('lookup by phone at check-in, the member price, paying from the balance, the spend in the records', async () => {
    const [hotel] = await product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    // A member of the Gold level (80 % of the list price) holding 5,000.00 of stored value, with its recharge record.
    const [grade] = await product.sql<{ grade_id: string }>(
      `INSERT INTO pms_member_grade (property_id, grade_name, discount, delay_hours) VALUES ($1, 'Gold', 80, 2)
       RETURNING grade_id`,
      [propertyId],
    )
    const [m] = await product.sql<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone, grade_id, base_cents)
       VALUES ($1, 'M0001', 'Han Meimei', '13955556666', $2, 500000) RETURNING member_id`,
      [propertyId, grade!.grade_id],
    )
    await product.sql(
      `INSERT INTO pms_member_record (property_id, member_id, kind, base_delta, base_after, gift_after, points_after,
         method) VALUES ($1, $2, 'recharge', 500000, 500000, 0, 0, 'cash')`,
      [propertyId, m!.member_id],
    )
    const [free] = await product.sql<{ room_id: string; room_type_id: string; daily_price: string }>(
      `SELECT r.room_id, r.room_type_id, t.daily_price FROM pms_room r
         JOIN pms_room_type t ON t.room_type_id = r.room_type_id
       WHERE r.property_id = $1 AND NOT t.hour_room AND t.daily_price > 0 AND r.occupancy = 'empty' AND NOT r.dirty
         AND NOT r.locked AND NOT r.maintain
         AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY r.room_id DESC LIMIT 1`,
      [propertyId],
    )
    const list = Number(free!.daily_price)
    const memberPrice = Math.round(list * 0.8)
    const money = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })

    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkIn?roomId=${free!.room_id}&roomTypeId=${free!.room_type_id}`)
    const lookup = page.getByTestId('walk-in-member')
    await lookup.waitFor()
    // A phone that is no member's: the SPEC message.
    await lookup.getByTestId('walk-in-member-text').fill('13900000000')
    await lookup.getByTestId('walk-in-member-search').click()
    await lookup.getByTestId('walk-in-member-message').waitFor()
    assert.equal(
      await lookup.getByTestId('walk-in-member-message').textContent(),
      translate('en-US', 'members.phoneNotRegistered'),
    )
    await lookup.getByTestId('walk-in-member-text').fill('13955556666')
    await lookup.getByTestId('walk-in-member-search').click()
    await lookup.getByTestId('walk-in-member-found').waitFor()
    assert.equal(await lookup.getByTestId('walk-in-member-found').getAttribute('data-balance'), '500000')
    const note = await page.getByTestId('walk-in-member-price').textContent()
    assert.ok(note?.includes(money(memberPrice)), `${note} shows the member price ${money(memberPrice)}`)
    assert.equal(await page.getByTestId('walk-in-guest-name').inputValue(), 'Han Meimei')
    await page.getByTestId('walk-in-guest-idType').selectOption('passport')
    await page.getByTestId('walk-in-guest-idNo').fill('E7654321')
    await page.getByTestId('walk-in-submit').click()
    await page.waitForURL(/orderId=\d+/)
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'))
    const [stay] = await product.sql<{ price_cents: string }>(
      'SELECT price_cents FROM pms_order_room WHERE order_id = $1',
      [orderId],
    )
    assert.equal(Number(stay!.price_cents), memberPrice, 'the stay is priced at the grade')

    // The night's room charge reaches the folio (as the check-out bill posts it), at the member price.
    const token = await context.request
      .post('/prod-api/auth/userPwdLogin', { data: { username: 'clerk', password: 'admin123' } })
      .then(async (r) => (await r.json()).data.access_token as string)
    const posted = await context.request.post(`/prod-api/pms/pmsFolio/checkoutCharges/${orderId}`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `members-${orderId}` },
      data: {},
    })
    assert.equal((await posted.json()).code, 200)

    await page.goto(`/frontDesk/pmsOrder/detail?orderId=${orderId}&tab=folio`)
    await page.getByTestId('order-tab-folio').click()
    await page.getByTestId('folio-panel').waitFor()
    await page.locator(`[data-testid="folio-balance"][data-cents="${memberPrice}"]`).waitFor()
    await page.getByTestId('folio-member-pay').click()
    const dialog = page.getByTestId('member-pay-dialog')
    await dialog.getByTestId('member-pay-lookup-found').waitFor()
    assert.equal(await dialog.getByTestId('member-pay-amount').inputValue(), (memberPrice / 100).toFixed(2))
    await dialog.getByTestId('member-pay-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.locator('[data-testid="folio-balance"][data-cents="0"]').waitFor()
    await screenshot(page, 'members-folio-paid')

    await page.goto('/members/pmsMemberRecord')
    const spend = page.locator('[data-testid="member-records"] tr[data-kind="spend"]')
    await spend.waitFor()
    assert.match((await spend.textContent()) ?? '', new RegExp(`-${money(memberPrice).replace('.', '\\.')}`))
    const [after] = await product.sql<{ base_cents: string }>(
      'SELECT base_cents FROM pms_member WHERE member_id = $1',
      [m!.member_id],
    )
    assert.equal(Number(after!.base_cents), 500000 - memberPrice)
    await context.close()
  })
})
