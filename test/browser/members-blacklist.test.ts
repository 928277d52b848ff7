// Browser: the member blacklist at the desk — a clerk walking in a guest whose ID number is on a blacklisted member
// sees the translated refusal with the number masked and no reason; a manager (who may manage the blacklist) booking
// with the member's phone sees the reason too. Nothing is booked either time.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { beforeAll, describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const BLACK_ID = '110101199003074514'
const BLACK_PHONE = '13611112222'
const REASON = 'Damaged the room'

describe('the member blacklist at the front desk', () => {
  const suite = useProductAndBrowser()
  let propertyId: number

  beforeAll(async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    propertyId = Number(hotel!.property_id)
    await suite.product.sql(
      `INSERT INTO pms_member (property_id, card_no, name, phone, id_type, id_no, blacklist, blacklist_reason)
       VALUES ($1, 'B0001', 'Li Lei', $2, 'idCard', $3, true, $4)`,
      [propertyId, BLACK_PHONE, BLACK_ID, REASON],
    )
  })

  const orders = async () =>
    Number(
      (
        await suite.product.sql<{ n: string }>('SELECT count(*) AS n FROM pms_order WHERE property_id = $1', [
          propertyId,
        ])
      )[0]!.n,
    )

  async function refusal(page: Page, expected: string) {
    const toast = page.getByTestId('toast').filter({ hasText: expected })
    await toast.waitFor()
    return (await toast.textContent()) ?? ''
  }

  test('the clerk walking in a blacklisted ID number is refused, the number masked, without the reason', async () => {
    const [free] = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      `SELECT r.room_id, r.room_type_id FROM pms_room r JOIN pms_room_type t ON t.room_type_id = r.room_type_id
       WHERE r.property_id = $1 AND NOT t.hour_room AND t.daily_price > 0 AND r.occupancy = 'empty' AND NOT r.dirty
         AND NOT r.locked AND NOT r.maintain
       ORDER BY r.room_id LIMIT 1`,
      [propertyId],
    )
    const before = await orders()
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/checkIn?roomId=${free!.room_id}&roomTypeId=${free!.room_type_id}`)
    await page.getByTestId('walk-in-guest-name').waitFor()
    await page.getByTestId('walk-in-guest-name').fill('Wang Wu')
    await page.getByTestId('walk-in-guest-idType').selectOption('idCard')
    await page.getByTestId('walk-in-guest-idNo').fill(BLACK_ID)
    await page.getByTestId('walk-in-submit').click()
    const masked = `${BLACK_ID.slice(0, 4)}${'*'.repeat(BLACK_ID.length - 8)}${BLACK_ID.slice(-4)}`
    const text = await refusal(page, translate('en-US', 'members.guestBlacklisted', [masked]))
    assert.ok(!text.includes(BLACK_ID), 'the full ID number is not shown')
    assert.ok(!text.includes(REASON), 'the clerk does not see the reason')
    await screenshot(page, 'members-blacklist-walk-in')
    assert.ok(page.url().includes('/checkIn'), 'still on the walk-in form')
    assert.equal(await orders(), before, 'nothing was booked')
    await context.close()
  })

  test('the manager booking with a blacklisted phone is refused with the reason', async () => {
    const before = await orders()
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.goto('/reserve')
    await page.getByTestId('reserve-new').click()
    const dialog = page.getByTestId('reserve-dialog')
    const firstType = dialog
      .getByTestId('availability-type')
      .filter({ has: page.locator('button:not([disabled])') })
      .first()
    await firstType.waitFor()
    await firstType.getByTestId('availability-add').click()
    await dialog.getByTestId('reserve-contact-name').fill('Li Lei')
    await dialog.getByTestId('reserve-contact-phone').fill(BLACK_PHONE)
    await dialog.getByTestId('reserve-save').click()
    const text = await refusal(
      page,
      translate('en-US', 'members.guestBlacklistedReason', ['136****2222', REASON]),
    )
    assert.ok(!text.includes(BLACK_PHONE), 'the full phone is not shown')
    await screenshot(page, 'members-blacklist-reserve')
    assert.ok(await dialog.isVisible(), 'the booking stays open to be corrected')
    assert.equal(await orders(), before, 'nothing was booked')
    await context.close()
  })
})
