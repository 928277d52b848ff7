// Browser: what the clerk sees of issue 16's folio fixes — masked phone and ID numbers on the order, the property's
// charge items in the charge dialog, an overpayment named in money, refund reasons from the refund-type dictionary,
// and the order export saved in place.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { beforeAll, describe, test } from 'vitest'
import { signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

describe('the folio at the desk', () => {
  const suite = useProductAndBrowser()
  let orderId: number

  beforeAll(async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    const now = Date.now()
    const [order] = await suite.product.sql<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
         contact_name, contact_phone)
       VALUES ($1, 'FOLIO-1', 'walkIn', 'checkIn', 'toOrder', $2, $3, 'Li Lei', '13912345678') RETURNING order_id`,
      [propertyId, new Date(now - 3_600_000), new Date(now + 86_400_000)],
    )
    orderId = Number(order!.order_id)
    const [stay] = await suite.product.sql<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state, checked_in_at)
       SELECT $1, $2, room_id, room_type_id, 10800, tstzrange($3, $4, '[)'), 'checkIn', $3
       FROM pms_room WHERE property_id = $2 AND room_no = '105' RETURNING order_room_id`,
      [orderId, propertyId, new Date(now - 3_600_000), new Date(now + 86_400_000)],
    )
    await suite.product.sql(
      `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name, id_type, id_no, phone, main)
       VALUES ($1, $2, $3, 'Li Lei', 'idCard', '110101199003071234', '13912345678', true)`,
      [orderId, Number(stay!.order_room_id), propertyId],
    )
    await suite.product.sql(
      `INSERT INTO pms_folio_entry (property_id, order_id, order_room_id, kind, amount_cents, debit_account,
         credit_account, item_name)
       VALUES ($1, $2, $3, 'roomCharge', 10800, 'guest', 'roomRevenue', 'Room')`,
      [propertyId, orderId, Number(stay!.order_room_id)],
    )
    // A refund reason an administrator added to the dictionary: no language pack knows it.
    await suite.product.sql(
      `INSERT INTO sys_dict_data (dict_sort, dict_label, dict_value, dict_type)
       VALUES (9, '商誉补偿', 'goodwill', 'pms_refund_type')`,
    )
  })

  test('masked personal data, charge items, money in messages, refund types, export in place', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    const detail = `/frontDesk/pmsOrder/detail?orderId=${orderId}`
    await page.goto(detail)
    // Phone and ID number are masked (SPEC §5).
    const body = page.locator('body')
    await page.getByTestId('guest-phone').first().waitFor()
    assert.equal(await page.getByTestId('guest-phone').first().textContent(), '139****5678')
    const text = (await body.textContent()) ?? ''
    assert.ok(!text.includes('13912345678'), 'no full phone on screen')
    assert.ok(!text.includes('110101199003071234'), 'no full ID number on screen')
    assert.ok(text.includes('110****1234'))

    // Export: the file is saved where the clerk is.
    const download = page.waitForEvent('download')
    await page.getByTestId('order-export').click()
    assert.match((await download).suggestedFilename(), new RegExp(`^order_${orderId}_\\d{14}\\.xlsx$`))
    assert.ok(page.url().endsWith(detail), `still on the order: ${page.url()}`)

    // The charge dialog offers the property's charge items.
    await page.goto(`${detail}&tab=folio`)
    await page.getByTestId('folio-charge').click()
    const dialog = page.getByTestId('folio-dialog')
    const options = dialog.getByTestId('folio-cost').locator('option')
    await dialog
      .locator('[data-testid="folio-cost"] option[value^="item:"]')
      .first()
      .waitFor({ state: 'attached' })
    const labels = await options.allTextContents()
    assert.ok(
      labels.some((l) => l.startsWith('早餐 (38.00)')),
      labels.join(' | '),
    )
    await dialog.getByTestId('folio-cost').selectOption({ label: labels.find((l) => l.startsWith('早餐'))! })
    await dialog.getByTestId('folio-quantity').fill('2')
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.locator('[data-testid="folio-entry"][data-kind="extraCharge"]').waitFor()
    assert.equal(await page.getByTestId('folio-balance').getAttribute('data-cents'), String(10800 + 7600))

    // An overpayment is named in money, not cents.
    await page.getByTestId('folio-payment').click()
    await dialog.getByTestId('folio-amount').fill('300')
    await dialog.getByTestId('folio-submit').click()
    await dialog.getByText(en('billing.overpayment', ['300.00', '184.00'])).waitFor()
    await dialog.getByRole('button', { name: en('crud.cancel') }).click()
    await dialog.waitFor({ state: 'hidden' })

    // Refund reasons are the refund-type dictionary's.
    await page.getByTestId('folio-deposit').click()
    await dialog.getByTestId('folio-amount').fill('50')
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByTestId('folio-refund').click()
    await dialog
      .locator('[data-testid="folio-reason"] option[value="earlyDeparture"]')
      .waitFor({ state: 'attached' })
    const reasons = await dialog
      .locator('[data-testid="folio-reason"] option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean))
    assert.deepEqual(reasons, [
      'depositReturn',
      'overpayment',
      'serviceIssue',
      'earlyDeparture',
      'other',
      'goodwill',
    ])
    // One the dictionary added reads as the dictionary labels it, in the dialog and on the folio line.
    const goodwill = dialog.locator('[data-testid="folio-reason"] option[value="goodwill"]')
    assert.equal(await goodwill.textContent(), '商誉补偿')
    await dialog.getByTestId('folio-reason').selectOption('goodwill')
    await dialog.getByTestId('folio-amount').fill('10')
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    const refunded = page.locator('[data-testid="folio-entry"][data-kind="refund"]')
    await refunded.waitFor()
    const line = (await refunded.textContent()) ?? ''
    assert.ok(line.includes('商誉补偿'), line)
    assert.ok(!line.includes('goodwill'), line)
    await context.close()
  })
})
