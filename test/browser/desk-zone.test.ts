// Browser: a desk whose browser runs in another time zone than its property (a chain's head office, a desk PC set to
// the wrong zone). The date-times the console sends as "now" are on the property's clock, as the server reads them,
// and the instants it shows, and a key card's default validity (to the next check-out time), are on that clock too.
import assert from 'node:assert/strict'
import { addDays, zonedDateTime, zonedDay } from '@pms/protocol/time/zone'
import { describe, test } from 'vitest'
import { signIn, useProductAndBrowser } from './helpers.ts'

const MINUTE = 60_000

/** The property's wall-clock minutes from `from` to `to`, as the API takes them ('YYYY-MM-DD hh:mm:00'). */
function minutesOn(timeZone: string, from: number, to: number): string[] {
  const minutes: string[] = []
  for (let t = Math.floor(from / MINUTE) * MINUTE; t <= to; t += MINUTE)
    minutes.push(`${zonedDateTime(t, timeZone).slice(0, 16)}:00`)
  return minutes
}

describe('a desk in another time zone than its property', () => {
  const suite = useProductAndBrowser()

  test("the walk-in form asks the rooms free from now on the property's clock, not the browser's", async () => {
    const [free] = await suite.product.sql<{ room_id: string; room_type_id: string; zone: string | null }>(
      `SELECT r.room_id, r.room_type_id, c.config->>'timeZone' AS zone FROM pms_room r
         JOIN pms_property p ON p.property_id = r.property_id
         JOIN pms_room_type t ON t.room_type_id = r.room_type_id
         LEFT JOIN pms_property_config c ON c.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND NOT t.hour_room AND t.daily_price > 0 AND r.occupancy = 'empty'
         AND NOT r.dirty AND NOT r.locked AND NOT r.maintain
       ORDER BY r.room_id LIMIT 1`,
    )
    const propertyZone = free!.zone ?? 'Asia/Shanghai'
    // Sixteen hours behind the demo hotel's zone: the browser's wall clock is on another day half the time.
    const context = await suite.newContext('en-US', { timezoneId: 'America/Los_Angeles' })
    const page = await context.newPage()
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.endsWith('/pms/pmsReserve/availability'))
        asked.push(url.searchParams.get('startTime') ?? '')
    })
    await signIn(page, 'clerk')
    assert.equal(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
      'America/Los_Angeles',
    )

    const before = Date.now()
    await page.goto(`/frontDesk/pmsOrder/checkIn?roomId=${free!.room_id}&roomTypeId=${free!.room_type_id}`)
    // The form has the type's price once availability answered (a stay asked in the past would have been refused).
    await page.locator('[data-testid="walk-in-price"]:not([value=""])').waitFor()
    const after = Date.now()
    assert.ok(asked.length > 0)
    for (const startTime of asked)
      assert.ok(
        minutesOn(propertyZone, before, after).includes(startTime),
        `asked from ${startTime}, the property's clock read ${minutesOn(propertyZone, before, after).join(', ')}`,
      )
    await context.close()
  })

  test("the instants the console shows are on the property's clock: the user's sessions", async () => {
    const context = await suite.newContext('en-US', { timezoneId: 'America/Los_Angeles' })
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto('/user/profile')
    await page.getByTestId('tab-sessions').click()
    const current = page.getByTestId('profile-session').filter({ hasText: 'This session' })
    await current.waitFor()
    const shown = (await current.locator('td').nth(2).textContent()) ?? ''
    // The clerk's sessions, as the database holds them: the page's is one of them (this file signs the clerk in twice).
    const rows = await suite.product.sql<{ created_at: Date }>(
      `SELECT s.created_at FROM sys_session s JOIN sys_user u ON u.user_id = s.user_id WHERE u.user_name = 'clerk'`,
    )
    const onHotelClock = rows.map((r) => zonedDateTime(new Date(r.created_at), 'Asia/Shanghai'))
    assert.ok(onHotelClock.includes(shown), `shown ${shown}; sessions began at ${onHotelClock.join(', ')}`)
    await context.close()
  })

  test("a key card's default validity runs from now to tomorrow's check-out time, on the property's clock", async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    // The hotel's guests leave at 13:00 (the console's old default was the browser's noon).
    await suite.product.sql(
      `INSERT INTO pms_property_config (property_id, config) VALUES ($1, $2::jsonb)
       ON CONFLICT (property_id) DO UPDATE SET config = pms_property_config.config || EXCLUDED.config`,
      [Number(hotel!.property_id), JSON.stringify({ checkOutTime: '13:00' })],
    )
    const context = await suite.newContext('en-US', { timezoneId: 'America/Los_Angeles' })
    const page = await context.newPage()
    await signIn(page, 'clerk')
    const before = Date.now()
    await page.goto('/cards/pmsCard')
    const panel = page.getByTestId('issue-panel')
    // The form's default (shown for the kinds that carry their own validity; a guest card takes its stay's).
    await panel.getByTestId('card-end').waitFor({ state: 'attached' })
    const after = Date.now()
    const start = (await panel.getByTestId('card-start').inputValue()).replace('T', ' ')
    const end = await panel.getByTestId('card-end').inputValue()
    assert.ok(minutesOn('Asia/Shanghai', before, after).includes(`${start}:00`), `starts ${start}`)
    const tomorrows = [before, after].map((t) => `${addDays(zonedDay(t, 'Asia/Shanghai'), 1)}T13:00`)
    assert.ok(tomorrows.includes(end), `ends ${end}, expected ${tomorrows[0]}`)
    await context.close()
  })

  test("an exported file is named with the time of the export on the property's clock", async () => {
    // A booking without rooms is enough: the export is named by the console.
    const [order] = await suite.product.sql<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
         contact_name, contact_phone)
       SELECT property_id, 'ZONE-EXPORT', 'reserve', 'booking', 'reserving', now() + interval '1 day',
         now() + interval '2 days', 'Li Lei', '13912345678'
       FROM pms_property WHERE property_code = 'DEMO-HOTEL' RETURNING order_id`,
    )
    const context = await suite.newContext('en-US', { timezoneId: 'America/Los_Angeles' })
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(`/frontDesk/pmsOrder/detail?orderId=${order!.order_id}`)
    await page.getByTestId('order-export').waitFor()
    const download = page.waitForEvent('download')
    const before = Date.now()
    await page.getByTestId('order-export').click()
    const name = (await download).suggestedFilename()
    const after = Date.now()
    const stamps = minutesOn('Asia/Shanghai', before, after).map((m) => m.replace(/\D/g, '').slice(0, 12))
    const stamp = /^order_\d+_(\d{12})\d{2}\.xlsx$/.exec(name)?.[1]
    assert.ok(stamp && stamps.includes(stamp), `${name}; the property's clock read ${stamps.join(', ')}`)
    await context.close()
  })
})
