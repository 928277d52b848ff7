// Browser: a property user's home page (/index) is the desk's day — today's figures, the arrivals (a reservation
// assigned to a room) with their check-in, the departures with their balance and check-out; an arrival whose booking
// ends leaves the open page at that time.
import assert from 'node:assert/strict'
import { beforeAll, describe, test } from 'vitest'
import { bridgeClient } from '../devices/bridge-client.ts'
import { businessDateOfRoom } from '../support/business-date.ts'
import { signIn, useProductAndBrowser } from './helpers.ts'

// One product and browser for the file: the production-build check below reads only the login page.
const suite = useProductAndBrowser()

describe('the desk home page', () => {
  let arriving: { orderId: number; orderNo: string }
  let leaving: { orderId: number; orderNo: string }

  beforeAll(async () => {
    const rooms = await suite.product.sql<{ room_id: string; room_type_id: string; room_no: string }>(
      `SELECT r.room_id, r.room_type_id, r.room_no FROM pms_room r JOIN pms_room_type t USING (room_type_id)
       JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND NOT t.hour_room ORDER BY r.room_no LIMIT 2`,
    )
    const desk = bridgeClient(suite.product.baseUrl)
    await desk.signIn('clerk')
    const booked = await desk.call('POST', '/prod-api/pms/pmsReserve', {
      startTime: await businessDateOfRoom(suite.product.server().sql, Number(rooms[0]!.room_id)),
      nights: 1,
      contactName: 'Zhao Lei',
      contactPhone: '13912345678',
      rooms: [{ roomTypeId: Number(rooms[0]!.room_type_id), roomId: Number(rooms[0]!.room_id) }],
    })
    assert.equal(booked.code, 200, booked.msg)
    arriving = booked.data
    const walkIn = await desk.call('POST', '/prod-api/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(rooms[1]!.room_type_id),
          roomId: Number(rooms[1]!.room_id),
          guests: [{ name: 'Li Lei' }],
        },
      ],
    })
    assert.equal(walkIn.code, 200, walkIn.msg)
    leaving = walkIn.data
    // The walk-in leaves before today ends (overdue already: departure an hour ago).
    await suite.product.sql(
      `UPDATE pms_order_room SET stay = tstzrange(lower(stay) - interval '1 day', now() - interval '1 hour', '[)')
       WHERE order_id = $1`,
      [leaving.orderId],
    )
  })

  test('the clerk sees today’s figures and lists, checks the arrival in and the departure out from home', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto('/index')
    const today = page.getByTestId('home-today')
    await today.waitFor()
    // The clerk's roles by name, not by key ('common').
    await page.getByTestId('home-role').filter({ hasText: '前台' }).waitFor()
    assert.deepEqual(await page.getByTestId('home-role').allTextContents(), ['普通用户', '前台'])
    assert.equal(await today.getByTestId('today-arriving').textContent(), '1')
    assert.equal(await today.getByTestId('today-in-house').textContent(), '1')
    assert.equal(await today.getByTestId('today-overdue').textContent(), '1')
    const arrival = today.locator(`[data-testid="today-arrival"][data-order-no="${arriving.orderNo}"]`)
    assert.match((await arrival.textContent()) ?? '', /Zhao Lei/)
    // The phone is masked on a list made for reading.
    assert.match((await arrival.textContent()) ?? '', /139\*\*\*\*5678/)
    const departure = today.locator(`[data-testid="today-departure"][data-order-no="${leaving.orderNo}"]`)
    assert.match((await departure.textContent()) ?? '', /Li Lei/)

    await arrival.getByTestId('today-check-in').click()
    await page.getByTestId('check-in-page').waitFor()
    assert.match(page.url(), new RegExp(`checkIn\\?orderId=${arriving.orderId}&orderRoomId=\\d+`))

    await page.goto('/index')
    await page
      .locator(`[data-testid="today-departure"][data-order-no="${leaving.orderNo}"]`)
      .getByTestId('today-check-out')
      .click()
    await page.waitForURL(new RegExp(`checkOut\\?orderId=${leaving.orderId}`))
    await context.close()
  })
  test('the reservation list shows the phone masked; its edit dialog edits the full number', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto('/reserve')
    const row = page.getByTestId('crud-row').filter({ hasText: arriving.orderNo })
    await row.waitFor()
    assert.match((await row.textContent()) ?? '', /139\*\*\*\*5678/)
    assert.doesNotMatch((await row.textContent()) ?? '', /13912345678/)
    await row.getByTestId('row-action-editReserve').click()
    const dialog = page.getByTestId('reserve-edit-dialog')
    await dialog.waitFor()
    const phone = dialog.getByTestId('field-contactPhone')
    // The dialog opens on the reservation read in full (the list's phone is masked).
    await page.waitForFunction(
      `document.querySelector('[data-testid="reserve-edit-dialog"] [data-testid="field-contactPhone"]')?.value === '13912345678'`,
    )
    assert.equal(await phone.inputValue(), '13912345678')
    await dialog.getByTestId('field-remark').fill('late arrival')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const [stored] = await suite.product.sql<{ contact_phone: string; remark: string }>(
      'SELECT contact_phone, remark FROM pms_order WHERE order_id = $1',
      [arriving.orderId],
    )
    assert.deepEqual(stored, { contact_phone: '13912345678', remark: 'late arrival' })
    await context.close()
  })

  test('an arrival whose booking ends drops off an open home page at its time, with nothing published', async () => {
    const [room] = await suite.product.sql<{ room_id: string; property_id: string }>(
      `SELECT r.room_id, r.property_id FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY r.room_id DESC LIMIT 1`,
    )
    // Booked from an hour ago to an hour from now, not arrived.
    const now = Date.now()
    const [order] = await suite.product.sql<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
         contact_name)
       VALUES ($1, 'LATE-ONE', 'reserve', 'booking', 'reserving', $2, $3, 'Late One') RETURNING order_id`,
      [room!.property_id, new Date(now - 3_600_000), new Date(now + 3_600_000)],
    )
    const [stay] = await suite.product.sql<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state)
       SELECT $1, property_id, room_id, room_type_id, 20000, tstzrange($2, $3, '[)'), 'booking'
       FROM pms_room WHERE room_id = $4 RETURNING order_room_id`,
      [order!.order_id, new Date(now - 3_600_000), new Date(now + 3_600_000), room!.room_id],
    )

    const context = await suite.newContext()
    const page = await context.newPage()
    // The page's clock is the test's: it runs as usual while the page loads, then stands still.
    await page.clock.install()
    await signIn(page, 'clerk')
    await page.goto('/index')
    const today = page.getByTestId('home-today')
    const lateOne = today.locator('[data-testid="today-arrival"][data-order-no="LATE-ONE"]')
    await lateOne.waitFor()
    const arriving = Number(await today.getByTestId('today-arriving').textContent())
    await page.clock.pauseAt(new Date(now + 60_000))

    // The hour passes and the booking ends (moved there in the database, as time would; nothing announces it). The
    // day said when it would change; at that time the page asks again.
    await suite.product.sql(
      `UPDATE pms_order_room SET stay = tstzrange($2, $3, '[)') WHERE order_room_id = $1`,
      [stay!.order_room_id, new Date(now - 7_200_000), new Date(Date.now() - 1_000)],
    )
    await page.clock.fastForward('01:00:05')
    await lateOne.waitFor({ state: 'detached' })
    assert.equal(Number(await today.getByTestId('today-arriving').textContent()), arriving - 1)
    await context.close()
  })
})

describe('the console as served', () => {
  test('is a production build: the login page loads no React development code', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const scripts: Promise<string>[] = []
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text())
    })
    await page.goto('/login')
    await page.getByTestId('password-form').waitFor()
    const bodies = await Promise.all(scripts)
    assert.ok(bodies.length > 0)
    for (const body of bodies) assert.ok(!body.includes('is deprecated in plain JavaScript React classes'))
    await context.close()
  })
})
