// Browser: the front-desk journey on the simulated bridge — reserve two rooms for a family, check in with a guest,
// issue a key card on the simulated encoder, add a charge (a double click posts once), move one room, check out with
// payment; the bill is settled and the rooms left show dirty on the room status chart.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

async function optionValues(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .first()
    .locator('option')
    .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))
}

describe('front desk in the console', () => {
  const suite = useProductAndBrowser()

  test('reserve two rooms, check in with a card, charge, move a room, check out and settle', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')

    // The front-desk menu lists the reservation and order screens.
    const sidebar = page.getByTestId('sidebar')
    await sidebar.locator(`[title="${en('orders.menu')}"]`).click()
    await sidebar.locator(`a[title="${en('frontDeskConsole.menu.orders')}"]`).waitFor()
    await sidebar.locator(`a[title="${en('frontDeskConsole.menu.reserve')}"]`).click()
    await page.waitForURL('**/reserve')

    // 1. Book two rooms of one type, both assigned now, with the free rooms per night shown.
    await page.getByTestId('reserve-new').click()
    const dialog = page.getByTestId('reserve-dialog')
    const firstType = dialog
      .getByTestId('availability-type')
      .filter({ has: page.locator('button:not([disabled])') })
      .first()
    await firstType.waitFor()
    assert.ok(Number(await firstType.getByTestId('availability-night').first().textContent()) >= 2)
    await dialog.getByTestId('reserve-save').click()
    await dialog.getByTestId('reserve-lines-error').waitFor()
    await firstType.getByTestId('availability-add').click()
    await firstType.getByTestId('availability-add').click()
    const lines = dialog.getByTestId('reserve-line')
    assert.equal(await lines.count(), 2)
    const rooms: string[] = []
    for (let i = 0; i < 2; i++) {
      const select = lines.nth(i).getByTestId('reserve-line-room')
      const values = (
        await optionValues(
          page,
          `[data-testid="reserve-line"]:nth-child(${i + 1}) [data-testid="reserve-line-room"]`,
        )
      ).filter(Boolean)
      await select.selectOption(values[0]!)
      rooms.push((await select.locator('option:checked').textContent())!.trim())
    }
    assert.notEqual(rooms[0], rooms[1])
    // Without pms:pmsOrder:changePrice the price stays the room type's.
    assert.equal(await lines.first().getByTestId('reserve-line-price').isDisabled(), true)
    await dialog.getByTestId('reserve-contact-name').fill('Zhang Family')
    await dialog.getByTestId('reserve-contact-phone').fill('13800138000')
    await dialog.getByTestId('reserve-deposit').fill('500')
    // The distribution channel is picked as the order is made.
    await dialog.getByTestId('reserve-channel').selectOption('ctrip')
    await dialog.getByTestId('reserve-save').click()
    await dialog.waitFor({ state: 'hidden' })

    await page.getByTestId('filter-guestName').fill('Zhang Family')
    await page.getByTestId('filter-search').click()
    const row = page.getByTestId('crud-row').filter({ hasText: 'Zhang Family' })
    await row.waitFor()
    assert.equal(await row.getByTestId('row-state').textContent(), en('orders.reserveState.reserving'))
    // The reservation carries its channel: its edit dialog opens on it.
    await row.getByTestId('row-action-editReserve').click()
    const edit = page.getByTestId('reserve-edit-dialog')
    await page.waitForFunction(
      `document.querySelector('[data-testid="reserve-edit-dialog"] [data-testid="field-channel"]')?.value === 'ctrip'`,
    )
    await edit.getByRole('button', { name: en('crud.cancel') }).click()
    await edit.waitFor({ state: 'hidden' })

    // 2. Check in both rooms with a guest each (the first with a mainland ID card).
    await row.getByTestId('row-action-checkIn').click()
    await page.getByTestId('check-in-page').waitFor()
    const title = (await page.getByTestId('check-in-title').textContent()) ?? ''
    assert.ok(title.includes(rooms[0]!) && title.includes(rooms[1]!), title)
    await page.getByTestId('check-in-guest-0-name').first().fill('Zhang Wei')
    await page.getByTestId('check-in-guest-0-idNo').first().fill('110105194912310021')
    await page.getByTestId('check-in-guest-0-name').nth(1).fill('Zhang Min')
    await page.getByTestId('check-in-submit').click()
    await page.getByText(en('frontDeskConsole.error.idCard')).waitFor()
    await page.getByTestId('check-in-guest-0-idNo').first().fill('11010519491231002X')
    await page.getByTestId('check-in-submit').click()
    await page.getByTestId('check-in-cards').waitFor()
    await screenshot(page, 'front-desk-check-in')

    // 3. A guest card for the first room, written on the simulated encoder (a blank card on the tray).
    const created = (await (await page.request.post('/bridge/sim/cards')).json()) as { data: { uid: string } }
    assert.equal((await page.request.post(`/bridge/sim/cards/${created.data.uid}/place`)).status(), 200)
    const box = page.locator(`[data-testid="card-box"][data-room-no="${rooms[0]}"]`)
    await box.getByTestId('card-issue-stay').click()
    await box.getByTestId('card-issued').waitFor({ timeout: 60_000 })
    assert.ok(((await box.getByTestId('card-issued').textContent()) ?? '').includes(created.data.uid))

    // 4. An extra charge; a double click on the dialog's button posts it once.
    await page.getByTestId('check-in-detail').click()
    await page.getByTestId('order-detail').waitFor()
    await page.getByTestId('order-tab-folio').click()
    await page.getByTestId('folio-charge').click()
    const folioDialog = page.getByTestId('folio-dialog')
    await folioDialog.getByTestId('folio-item').fill('Minibar')
    await folioDialog.getByTestId('folio-amount').fill('1,035.5')
    await folioDialog.getByTestId('folio-submit').dblclick()
    await folioDialog.waitFor({ state: 'hidden' })
    const extra = page.locator('[data-testid="folio-entry"][data-kind="extraCharge"]')
    await extra.first().waitFor()
    assert.equal(await extra.count(), 1)
    assert.equal(await extra.getByTestId('folio-entry-amount').textContent(), '1,035.50')

    // 5. Move the second room to another free room.
    await page.getByTestId('order-tab-rooms').click()
    const second = page.locator(`[data-testid="order-room"][data-room-no="${rooms[1]}"]`)
    await second.getByTestId('room-action-changeRoom').click()
    const move = page.getByTestId('room-action-dialog')
    const target = move.getByTestId('room-action-room')
    await target.locator('option:nth-child(2)').waitFor({ state: 'attached' })
    const value = (
      await target.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))
    ).find(Boolean)!
    await target.selectOption(value)
    const movedTo = ((await target.locator('option:checked').textContent()) ?? '').split('·')[0]!.trim()
    await move.getByTestId('prompt-ok').click()
    await page.locator(`[data-testid="order-room"][data-room-no="${movedTo}"]`).waitFor()
    // The moved stay's cards are offered at once: a guest card for the new room, a checkout card for the old one.
    const movedCards = page.getByTestId('moved-room-cards')
    await movedCards.waitFor()
    const issueOn = async (box: ReturnType<typeof page.locator>) => {
      const blank = (await (await page.request.post('/bridge/sim/cards')).json()) as { data: { uid: string } }
      assert.equal((await page.request.post(`/bridge/sim/cards/${blank.data.uid}/place`)).status(), 200)
      await box.getByTestId('card-issue-stay').click()
      await box.getByTestId('card-issued').waitFor({ timeout: 60_000 })
      return blank.data.uid
    }
    const guestBox = movedCards.getByTestId('moved-guest-card')
    assert.equal(await guestBox.getAttribute('data-room-no'), movedTo)
    assert.equal(await guestBox.getAttribute('data-card-kind'), 'stay')
    const checkoutBox = movedCards.getByTestId('moved-checkout-card')
    assert.equal(await checkoutBox.getAttribute('data-room-no'), rooms[1])
    assert.equal(await checkoutBox.getAttribute('data-card-kind'), 'checkout')
    await issueOn(guestBox)
    await issueOn(checkoutBox)
    await screenshot(page, 'front-desk-moved-cards')
    await movedCards.getByTestId('moved-room-cards-close').click()
    await movedCards.waitFor({ state: 'hidden' })
    // Extending the moved stay by a night offers its guest card again, valid to the new departure (no checkout card).
    const movedRoom = page.locator(`[data-testid="order-room"][data-room-no="${movedTo}"]`)
    await movedRoom.getByTestId('room-action-extendStay').click()
    const extend = page.getByTestId('room-action-dialog')
    await extend.getByTestId('room-action-count').fill('1')
    await extend.getByTestId('prompt-ok').click()
    const extendCards = page.locator('[data-testid="moved-room-cards"][data-kind="extend"]')
    await extendCards.waitFor()
    assert.equal(await extendCards.getByTestId('moved-guest-card').getAttribute('data-room-no'), movedTo)
    assert.equal(await extendCards.getByTestId('moved-checkout-card').count(), 0)
    await extendCards.getByTestId('moved-room-cards-close').click()
    await extendCards.waitFor({ state: 'hidden' })
    // The Cards tab lists the order's three cards: two guest cards and the old room's checkout card.
    await page.getByTestId('order-tab-cards').click()
    await page.locator('[data-testid="order-card-records"][data-count="3"]').waitFor()
    assert.equal(await page.locator('[data-testid="order-card-record"][data-card-type="14"]').count(), 1)
    assert.equal(await page.locator('[data-testid="order-card-record"][data-card-type="1"]').count(), 2)
    await page.getByTestId('order-tab-history').click()
    await page.locator('[data-testid="order-event"][data-action="changeRoom"]').waitFor()

    // 6. Check out: post the room charges, take the balance, check out and settle.
    await page.getByTestId('order-action-checkOut').click()
    await page.getByTestId('check-out-page').waitFor()
    await page.getByTestId('bill-post-charges').click()
    await page.getByTestId('bill-pay').click()
    await page.getByTestId('folio-dialog').getByTestId('folio-submit').click()
    await page.getByTestId('bill-finish').click()
    // Settling asks first.
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.waitFor()
    assert.ok(
      (await confirm.textContent())!.includes(
        en('billing.checkOutSettleConfirm', [rooms.join(', ')]).slice(0, 10),
      ),
    )
    await confirm.getByTestId('confirm-ok').click()
    await page.locator('[data-testid="check-out-settled"][data-settled="true"]').waitFor()
    assert.equal(await page.getByTestId('bill-balance').getAttribute('data-cents'), '0')
    assert.equal(await page.getByTestId('bill-next').textContent(), en('frontDeskConsole.checkOut.done'))
    await screenshot(page, 'front-desk-bill')
    // A checkout card for each room of the order, on the encoder.
    const checkoutCard = page.locator(`[data-testid="checkout-card-box"][data-room-no="${rooms[0]}"]`)
    assert.equal(await checkoutCard.getAttribute('data-card-kind'), 'checkout')
    await page.locator(`[data-testid="checkout-card-box"][data-room-no="${movedTo}"]`).waitFor()
    await issueOn(checkoutCard)

    // 7. The rooms left are dirty on the chart; a dirty room offers 'set clean'.
    await page.goto('/frontDesk/roomStatus')
    const tile = page.locator(`[data-testid="room-tile"][data-room-no="${rooms[0]}"]`)
    await tile.waitFor()
    assert.equal(await tile.getAttribute('data-dirty'), 'true')
    assert.equal(await tile.getAttribute('data-state'), 'empty')
    assert.equal(
      await page.locator(`[data-testid="room-tile"][data-room-no="${movedTo}"]`).getAttribute('data-dirty'),
      'true',
    )
    await tile.click()
    await page.getByTestId('desk-action-setClean').waitFor()
    await screenshot(page, 'front-desk-room-status')
    await page.getByTestId('desk-action-setClean').click()
    // Setting a room clean is confirmed first.
    await page.getByTestId('confirm-ok').click()
    await page.locator(`[data-testid="room-tile"][data-room-no="${rooms[0]}"][data-dirty="false"]`).waitFor()
    await context.close()
  })
  test('an hour room is walked in by the hour: its hour units and hourly price, not nights', async () => {
    const [free] = await suite.product.sql<{ room_id: string; room_type_id: string; hourly_price: string }>(
      `SELECT r.room_id, r.room_type_id, t.hourly_price FROM pms_room r
         JOIN pms_room_type t ON t.room_type_id = r.room_type_id
         JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND t.hour_room AND t.hourly_price > 0 AND r.occupancy = 'empty'
         AND NOT r.dirty AND NOT r.locked AND NOT r.maintain
         AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY r.room_id LIMIT 1`,
    )
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkIn?roomId=${free!.room_id}&roomTypeId=${free!.room_type_id}`)
    // An hour room starts hourly, priced by the hour unit.
    await page.getByTestId('walk-in-hours').waitFor()
    assert.equal(await page.getByTestId('walk-in-nights').count(), 0)
    const hourly = Number(free!.hourly_price)
    await page.locator(`[data-testid="walk-in-price"][value="${(hourly / 100).toFixed(2)}"]`).waitFor()
    await page.getByTestId('walk-in-hours').fill('2')
    await page.getByTestId('walk-in-guest-name').fill('Li Lei')
    await page.getByTestId('walk-in-guest-idType').selectOption('passport')
    await page.getByTestId('walk-in-guest-idNo').fill('E1234567')
    await page.getByTestId('walk-in-submit').click()
    await page.waitForURL(/orderId=\d+/)
    const orderId = Number(new URL(page.url()).searchParams.get('orderId'))
    const [stay] = await suite.product.sql<{ hourly: boolean; minutes: string }>(
      `SELECT o.hourly, extract(epoch FROM upper(s.stay) - lower(s.stay)) / 60 AS minutes
       FROM pms_order o JOIN pms_order_room s ON s.order_id = o.order_id WHERE o.order_id = $1`,
      [orderId],
    )
    // Two hour units of the property's unit (60 minutes in the demo).
    assert.deepEqual([stay!.hourly, Number(stay!.minutes)], [true, 120])
    // The room status chart says until when, not nights.
    const [room] = await suite.product.sql<{ room_no: string }>(
      'SELECT room_no FROM pms_room WHERE room_id = $1',
      [Number(free!.room_id)],
    )
    await page.goto('/frontDesk/roomStatus')
    const stayText = page
      .locator(`[data-testid="room-tile"][data-room-no="${room!.room_no}"]`)
      .getByTestId('room-stay')
    await stayText.waitFor()
    assert.match((await stayText.textContent()) ?? '', /Li Lei · until \d{2}:\d{2}/)
    await context.close()
  })
})
