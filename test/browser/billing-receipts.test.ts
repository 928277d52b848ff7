// Browser: the folio's expense and receipts — the clerk records a taxi paid out for the guest, takes a deposit with
// its receipt type, sees the receipt number on the folio and opens the printable receipt.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string) => translate('en-US', key)

describe('folio receipts and expenses in the console', () => {
  const suite = useProductAndBrowser()

  test('an expense and a deposit are posted; the deposit shows its receipt number and prints', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    // A checked-in order on a room with no stay of the demo data (written as the billing API suites do).
    const [free] = await suite.product.sql<{ room_id: string; room_type_id: string; room_no: string }>(
      `SELECT room_id, room_type_id, room_no FROM pms_room r WHERE property_id = $1
         AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY room_id DESC LIMIT 1`,
      [propertyId],
    )
    const now = new Date()
    const end = new Date(now.getTime() + 86_400_000)
    const [o] = await suite.product.sql<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
         contact_name, contact_phone)
       VALUES ($1, 'RCPT000001', 'walkIn', 'checkIn', 'toOrder', $2, $3, 'Han Meimei', '13900139000')
       RETURNING order_id`,
      [propertyId, now, end],
    )
    const orderId = Number(o!.order_id)
    const [stay] = await suite.product.sql<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state, checked_in_at)
       VALUES ($1, $2, $3, $4, 20000, tstzrange($5, $6, '[)'), 'checkIn', $5) RETURNING order_room_id`,
      [orderId, propertyId, free!.room_id, free!.room_type_id, now, end],
    )
    await suite.product.sql(
      `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name, id_type, phone, main)
       VALUES ($1, $2, $3, 'Han Meimei', 'passport', '13900139000', true)`,
      [orderId, stay!.order_room_id, propertyId],
    )
    await suite.product.sql('UPDATE pms_order SET main_account = $1 WHERE order_id = $2', [
      stay!.order_room_id,
      orderId,
    ])

    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/detail?orderId=${orderId}&tab=folio`)
    await page.getByTestId('order-tab-folio').click()
    await page.getByTestId('folio-panel').waitFor()

    // The expense: what was paid for, the amount and the method it was paid out with.
    await page.getByTestId('folio-expense').click()
    const dialog = page.getByTestId('folio-dialog')
    await dialog.getByTestId('folio-item').fill('Taxi')
    await dialog.getByTestId('folio-amount').fill('88')
    await dialog.getByTestId('folio-method').selectOption('transfer')
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    const expense = page.locator('[data-testid="folio-entry"][data-kind="expense"]')
    await expense.waitFor()
    assert.equal(await expense.getByTestId('folio-entry-amount').textContent(), '88.00')
    assert.equal(await page.getByTestId('folio-balance').getAttribute('data-cents'), '8800')
    assert.equal(await expense.getByTestId('folio-receipt-no').count(), 0)

    // The deposit, typed as 'other'.
    await page.getByTestId('folio-deposit').click()
    await dialog.getByTestId('folio-amount').fill('500')
    await dialog.getByTestId('folio-receipt-type').selectOption('other')
    await dialog.getByTestId('folio-submit').click()
    await dialog.waitFor({ state: 'hidden' })
    const deposit = page.locator('[data-testid="folio-entry"][data-kind="deposit"]')
    await deposit.waitFor()
    const receiptNo = (await deposit.getByTestId('folio-receipt-no').textContent()) ?? ''
    assert.match(receiptNo, /^RC\d{8}\d{4}$/)
    const [stored] = await suite.product.sql<{ receipt_no: string; receipt_type: string }>(
      "SELECT receipt_no, receipt_type FROM pms_folio_entry WHERE order_id = $1 AND kind = 'deposit'",
      [orderId],
    )
    assert.deepEqual(stored, { receipt_no: receiptNo, receipt_type: 'other' })
    await screenshot(page, 'folio-receipts')

    const [receipt] = await Promise.all([
      context.waitForEvent('page'),
      deposit.getByTestId('folio-receipt-print').click(),
    ])
    await receipt.getByTestId('receipt-page').waitFor()
    assert.equal(await receipt.getByTestId('receipt-no').textContent(), receiptNo)
    assert.equal(await receipt.getByTestId('receipt-amount').textContent(), '500.00')
    assert.equal(await receipt.getByTestId('receipt-type').textContent(), en('billing.receiptType.other'))
    assert.ok(((await receipt.getByTestId('receipt-guest').textContent()) ?? '').includes('Han Meimei'))
    await screenshot(receipt, 'folio-receipt-print')
    await context.close()
  })
})
