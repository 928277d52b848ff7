// Browser: what the console shows is in the reader's language — seeded dictionary labels (property types) and
// provinces in English and traditional Chinese, and English plurals ('1 night', not '1 nights').
import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import { bridgeClient } from '../devices/bridge-client.ts'
import { signIn, useProductAndBrowser } from './helpers.ts'

describe('the console in the reader’s language', () => {
  const suite = useProductAndBrowser()

  test('property types and provinces read in English, then in traditional Chinese', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.goto('/propertyAdmin/settings')
    const form = page.getByTestId('property-basic-form')
    const types = form.getByTestId('field-propertyTypes')
    await types.getByText('Hotel', { exact: true }).waitFor()
    await types.getByText('Apartment', { exact: true }).waitFor()
    const province = form.getByTestId('property-address-province')
    await province.locator('option', { hasText: 'Guangdong' }).waitFor({ state: 'attached' })
    assert.equal(await province.locator('option', { hasText: '广东省' }).count(), 0)

    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-zh-HK').click()
    await types.getByText('公寓', { exact: true }).waitFor()
    await province.locator('option', { hasText: '廣東省' }).waitFor({ state: 'attached' })
    await context.close()
  })

  test('a one-night stay reads "1 night" on the room status chart', async () => {
    const [room] = await suite.product.sql<{ room_id: string; room_type_id: string; room_no: string }>(
      `SELECT r.room_id, r.room_type_id, r.room_no FROM pms_room r JOIN pms_room_type t USING (room_type_id)
       JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND NOT t.hour_room ORDER BY r.room_no LIMIT 1`,
    )
    const desk = bridgeClient(suite.product.baseUrl)
    await desk.signIn('clerk')
    const walkIn = await desk.call('POST', '/prod-api/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(room!.room_type_id),
          roomId: Number(room!.room_id),
          guests: [{ name: 'Li Lei' }],
        },
      ],
    })
    assert.equal(walkIn.code, 200, walkIn.msg)
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto('/frontDesk/roomStatus')
    const stay = page
      .locator(`[data-testid="room-tile"][data-room-no="${room!.room_no}"]`)
      .getByTestId('room-stay')
    await stay.waitFor()
    assert.match((await stay.textContent()) ?? '', /Li Lei · 1 night$/)
    await context.close()
  })
})
