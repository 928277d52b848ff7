// Browser: the desk and a member — the clerk finds the member by phone in the walk-in form, sees the grade's price,
// checks the guest in, pays the bill from the member's balance in the folio, and finds the spend in the member records.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import ExcelJS from 'exceljs'
import { describe, test } from 'vitest'
import { businessDate } from '../support/business-date.ts'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

describe('members at the front desk', () => {
  const suite = useProductAndBrowser()

  test('lookup by phone at check-in, the member price, paying from the balance, the spend in the records', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    // A member of the Gold level (80 % of the list price) holding 5,000.00 of stored value, with its recharge record.
    const [grade] = await suite.product.sql<{ grade_id: string }>(
      `INSERT INTO pms_member_grade (property_id, grade_name, discount, delay_hours) VALUES ($1, 'Gold', 80, 2)
       RETURNING grade_id`,
      [propertyId],
    )
    const [m] = await suite.product.sql<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone, grade_id, base_cents)
       VALUES ($1, 'M0001', 'Han Meimei', '13955556666', $2, 500000) RETURNING member_id`,
      [propertyId, grade!.grade_id],
    )
    await suite.product.sql(
      `INSERT INTO pms_member_record (property_id, member_id, kind, base_delta, base_after, gift_after, points_after,
         method) VALUES ($1, $2, 'recharge', 500000, 500000, 0, 0, 'cash')`,
      [propertyId, m!.member_id],
    )
    const [free] = await suite.product.sql<{ room_id: string; room_type_id: string; daily_price: string }>(
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

    const context = await suite.newContext()
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
    const [stay] = await suite.product.sql<{ price_cents: string }>(
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
    const [after] = await suite.product.sql<{ base_cents: string }>(
      'SELECT base_cents FROM pms_member WHERE member_id = $1',
      [m!.member_id],
    )
    assert.equal(Number(after!.base_cents), 500000 - memberPrice)

    // The member's detail: the stay (its order, room and amounts) and the stored-value flow, page by page.
    const [order] = await suite.product.sql<{ order_no: string }>(
      'SELECT order_no FROM pms_order WHERE order_id = $1',
      [orderId],
    )
    await page.goto('/members/pmsMember')
    await page.locator('tr', { hasText: 'M0001' }).getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-detail').click()
    const detail = page.getByTestId('member-detail')
    await detail.getByTestId('member-tab-stays').click()
    const stayRow = detail.locator(`[data-testid="member-stays"] tr[data-order="${order!.order_no}"]`)
    await stayRow.waitFor()
    assert.ok(
      ((await stayRow.textContent()) ?? '').includes(money(memberPrice)),
      'the stay shows what it cost',
    )
    await detail.getByTestId('member-tab-balance').click()
    await detail.locator('[data-testid="member-records"] tr[data-kind="recharge"]').waitFor()
    assert.equal(await detail.locator('[data-testid="member-records"] tr[data-kind="spend"]').count(), 1)
    await detail.getByTestId('member-tab-points').click()
    await detail
      .locator('[data-testid="member-records"] tr[data-kind="recharge"]')
      .waitFor({ state: 'detached' })
    await screenshot(page, 'members-detail-flows')
    await context.close()
  })

  test('a reservation at check-in: the member attached by phone prices the room; the bill paid with points and balance', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    // Points pay at 100 points per 1.00, up to the whole folio.
    await suite.product.sql(
      `INSERT INTO pms_property_config (property_id, config) VALUES ($1, $2::jsonb)
       ON CONFLICT (property_id) DO UPDATE SET config = pms_property_config.config || EXCLUDED.config`,
      [propertyId, JSON.stringify({ members: { pointsPerUnit: 100, pointsPayCapPercent: 100 } })],
    )
    const [grade] = await suite.product.sql<{ grade_id: string }>(
      `INSERT INTO pms_member_grade (property_id, grade_name, discount) VALUES ($1, 'Silver', 90) RETURNING grade_id`,
      [propertyId],
    )
    const [m] = await suite.product.sql<{ member_id: string }>(
      `INSERT INTO pms_member (property_id, card_no, name, phone, grade_id, base_cents, points)
       VALUES ($1, 'M0002', 'Li Lei', '13944447777', $2, 300000, 2000) RETURNING member_id`,
      [propertyId, grade!.grade_id],
    )
    await suite.product.sql(
      `INSERT INTO pms_member_record (property_id, member_id, kind, base_delta, points_delta, base_after, gift_after,
         points_after, method) VALUES ($1, $2, 'adjustment', 300000, 2000, 300000, 0, 2000, NULL)`,
      [propertyId, m!.member_id],
    )
    const [free] = await suite.product.sql<{ room_id: string; room_type_id: string; daily_price: string }>(
      `SELECT r.room_id, r.room_type_id, t.daily_price FROM pms_room r
         JOIN pms_room_type t ON t.room_type_id = r.room_type_id
       WHERE r.property_id = $1 AND NOT t.hour_room AND t.daily_price > 0 AND r.occupancy = 'empty' AND NOT r.dirty
         AND NOT r.locked AND NOT r.maintain
         AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY r.room_id LIMIT 1`,
      [propertyId],
    )
    const memberPrice = Math.round(Number(free!.daily_price) * 0.9)
    const context = await suite.newContext()
    const token = await context.request
      .post('/prod-api/auth/userPwdLogin', { data: { username: 'clerk', password: 'admin123' } })
      .then(async (r) => (await r.json()).data.access_token as string)
    const auth = { Authorization: `Bearer ${token}` }
    const today = await businessDate(suite.product.server().sql, propertyId)
    const reserved = await context.request.post('/prod-api/pms/pmsReserve', {
      headers: auth,
      data: {
        startTime: today,
        nights: 1,
        contactName: 'Li Lei',
        rooms: [{ roomTypeId: Number(free!.room_type_id), roomId: Number(free!.room_id) }],
      },
    })
    const booking = await reserved.json()
    assert.equal(booking.code, 200, booking.msg)
    const orderId = booking.data.orderId as number
    const orderRoomId = booking.data.rooms[0].orderRoomId as number

    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkIn?orderId=${orderId}`)
    const box = page.getByTestId('check-in-member')
    await box.waitFor()
    await box.getByTestId('check-in-member-lookup-text').fill('13944447777')
    await box.getByTestId('check-in-member-lookup-search').click()
    await box.getByTestId('check-in-member-lookup-found').waitFor()
    // The phone is masked on the screen.
    assert.match((await box.getByTestId('check-in-member-lookup-found').textContent()) ?? '', /139\*{4}7777/)
    await box.getByTestId('check-in-member-attach').click()
    await box.getByTestId('check-in-member-bound').waitFor()
    await box
      .locator(`[data-testid="check-in-member-price-${orderRoomId}"][data-cents="${memberPrice}"]`)
      .waitFor()
    await page.getByTestId('check-in-submit').click()
    await page.getByTestId('check-in-cards').waitFor()

    const posted = await context.request.post(`/prod-api/pms/pmsFolio/checkoutCharges/${orderId}`, {
      headers: { ...auth, 'Idempotency-Key': `members-points-${orderId}` },
      data: {},
    })
    assert.equal((await posted.json()).code, 200)
    await page.goto(`/frontDesk/pmsOrder/detail?orderId=${orderId}&tab=folio`)
    await page.getByTestId('order-tab-folio').click()
    await page.getByTestId('folio-panel').waitFor()
    await page.locator(`[data-testid="folio-balance"][data-cents="${memberPrice}"]`).waitFor()
    // The order shows its member, the list price and the member price.
    const line = page.locator(`[data-testid="order-member-room-${orderRoomId}"][data-cents="${memberPrice}"]`)
    await line.waitFor()
    assert.match((await line.textContent()) ?? '', /List price .*member price \(90%\)/)

    // 10.00 with points (1,000 points), then the rest from the balance.
    await page.getByTestId('folio-points-pay').click()
    const pointsDialog = page.locator('[data-testid="member-pay-dialog"][data-mode="points"]')
    await pointsDialog.getByTestId('member-pay-lookup-found').waitFor()
    await pointsDialog.getByTestId('member-pay-amount').fill('10.00')
    await pointsDialog.locator('[data-testid="member-pay-points-rule"]:has-text("1000")').waitFor()
    await pointsDialog.getByTestId('member-pay-submit').click()
    await pointsDialog.waitFor({ state: 'hidden' })
    await page.locator(`[data-testid="folio-balance"][data-cents="${memberPrice - 1000}"]`).waitFor()
    await page.getByTestId('folio-member-pay').click()
    const balanceDialog = page.locator('[data-testid="member-pay-dialog"][data-mode="balance"]')
    await balanceDialog.getByTestId('member-pay-lookup-found').waitFor()
    assert.equal(
      await balanceDialog.getByTestId('member-pay-amount').inputValue(),
      ((memberPrice - 1000) / 100).toFixed(2),
    )
    await balanceDialog.getByTestId('member-pay-submit').click()
    await balanceDialog.waitFor({ state: 'hidden' })
    await page.locator('[data-testid="folio-balance"][data-cents="0"]').waitFor()
    await screenshot(page, 'members-points-and-balance')

    const [after] = await suite.product.sql<{ base_cents: string; points: string }>(
      'SELECT base_cents, points FROM pms_member WHERE member_id = $1',
      [m!.member_id],
    )
    assert.deepEqual(
      [Number(after!.base_cents), Number(after!.points)],
      [300000 - (memberPrice - 1000), 1000],
    )
    // The member records page filters by date with a date picker; today's spends show.
    await page.goto('/members/pmsMemberRecord')
    const begin = page.getByTestId('member-record-page').getByTestId('field-beginDate')
    assert.equal(await begin.getAttribute('type'), 'date')
    await begin.fill(today)
    await page.getByTestId('member-record-page').getByTestId('crud-search-submit').click()
    await page.locator('[data-testid="member-records"] tr[data-kind="spend"]').nth(1).waitFor()
    await context.close()
  })

  test('the property admin imports members (a bad row listed, nothing written), exports them, and sets gift first', async () => {
    const sheet = async (rows: unknown[][]) => {
      const book = new ExcelJS.Workbook()
      const ws = book.addWorksheet('Members')
      ws.addRow(['Card no.', 'Name', 'Area code', 'Phone'])
      for (const r of rows) ws.addRow(r)
      return Buffer.from(await book.xlsx.writeBuffer())
    }
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.goto('/members/pmsMember')
    await page.getByTestId('member-page').waitFor()
    await page.getByTestId('member-import').click()
    const dialog = page.getByTestId('member-import-dialog')
    await dialog.getByTestId('member-import-file').setInputFiles({
      name: 'members.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet([
        ['', 'Import Good', '0086', '13812340001'],
        ['', 'Import Bad', '0086', '12345'],
        // 105 bad rows in all: the first 100 are listed, the rest counted.
        ...Array.from({ length: 104 }, (_, i) => ['', `Import Bad ${i}`, '0086', `99${i}`]),
      ]),
    })
    await dialog.getByTestId('member-import-submit').click()
    const errors = dialog.getByTestId('member-import-errors')
    await errors.waitFor()
    assert.equal(
      await dialog.getByTestId('member-import-message').textContent(),
      translate('en-US', 'members.import.refused', [105, 106]),
    )
    assert.equal(await errors.locator('p:not([data-testid])').count(), 100)
    assert.match((await errors.textContent()) ?? '', /^Row 3: /, 'the bad row is named by its sheet row')
    assert.equal(
      await errors.getByTestId('member-import-more').textContent(),
      translate('en-US', 'members.import.moreRows', [5]),
    )
    const [none] = await suite.product.sql<{ n: string }>(
      "SELECT count(*) AS n FROM pms_member WHERE name LIKE 'Import %'",
    )
    assert.equal(Number(none!.n), 0)
    await dialog.getByTestId('member-import-file').setInputFiles({
      name: 'members.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet([['', 'Import Good', '0086', '13812340001']]),
    })
    await dialog.getByTestId('member-import-submit').click()
    await dialog.locator('[data-testid="member-import-message"]:has-text("1 members imported")').waitFor()
    assert.equal(await dialog.getByTestId('member-import-errors').count(), 0)
    await screenshot(page, 'members-import')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await page.getByTestId('member-page').getByText('Import Good').waitFor()
    // The phone is masked in the list.
    await page.getByTestId('member-page').getByText('138****0001').waitFor()

    const download = page.waitForEvent('download')
    await page.getByTestId('member-export').click()
    assert.equal((await download).suggestedFilename(), 'members.xlsx')

    await page.goto('/members/pmsMemberGrade')
    await page.getByTestId('member-settings').click()
    const settings = page.getByTestId('member-settings-dialog')
    await settings.getByTestId('member-settings-spendOrder').selectOption('giftFirst')
    await settings.getByTestId('member-settings-pointsValidityMonths').fill('24')
    await settings.getByTestId('member-settings-save').click()
    await settings.waitFor({ state: 'hidden' })
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const [config] = await suite.product.sql<{ config: { members: Record<string, unknown> } }>(
      'SELECT config FROM pms_property_config WHERE property_id = $1',
      [hotel!.property_id],
    )
    assert.equal(config!.config.members.spendOrder, 'giftFirst')
    assert.equal(config!.config.members.pointsValidityMonths, 24)
    await context.close()
  })
})
