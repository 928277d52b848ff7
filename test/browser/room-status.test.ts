// Browser: the room status chart, the desk's home under the front-desk menu — the demo hotel's 74 rooms by building
// and floor with counts, the type and state filters, setting and cancelling 'dirty' on 101 from its tile (after a
// confirmation) and a second desk seeing it live without a reload; a room with a guest in house shows the guest and
// offers no occupancy by hand; locking asks for a reason; today's arrival opens its reservation's check-in; a stay
// turning overdue shows at its time on a chart left open.

import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, test } from 'vitest'
import { businessDateOfRoom } from '../support/business-date.ts'
import { closeWithEscape, screenshot, signIn, useProductAndBrowser, waitLiveChannel } from './helpers.ts'

const en = (key: string) => translate('en-US', key)
const CHART_PATH = '/frontDesk/roomStatus'

const board = (page: Page) => page.getByTestId('room-status-board')
const tile = (page: Page, roomNo: string) =>
  page.locator(`[data-testid="room-tile"][data-room-no="${roomNo}"]`)
const count = async (page: Page, state: string) =>
  Number(await page.getByTestId(`state-count-${state}`).getAttribute('data-count'))
const waitTiles = (page: Page, n: number) =>
  page.locator(`[data-testid="room-status-board"][data-tiles="${n}"]`).waitFor({ state: 'attached' })

/** Calls the API as the signed-in user of `page` (the console's own token cookie). */
async function api(page: Page, method: string, path: string, body?: object): Promise<any> {
  return page.evaluate(
    async ([method, path, body]) => {
      const token = decodeURIComponent(/(?:^|; )Admin-Token=([^;]*)/.exec(document.cookie)?.[1] ?? '')
      const res = await fetch(`/prod-api${path}`, {
        method: method as string,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      })
      return res.json()
    },
    [method, path, body] as const,
  )
}

async function menuActions(page: Page, roomNo: string): Promise<string[]> {
  // The toast of this desk's previous change may lie over the top row for a moment (room state records heard on
  // the live channel make none); toasts pause while hovered, so the pointer leaves them first.
  await page.mouse.move(1, 790)
  await page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'), undefined, {
    timeout: 60_000,
  })
  await tile(page, roomNo).getByTestId('room-menu').click()
  const menu = page.getByTestId('room-state-menu')
  await menu.locator('[data-testid^="room-action-"]').first().waitFor()
  assert.equal(await menu.getAttribute('data-room-no'), roomNo)
  return menu
    .locator('[data-testid^="room-action-"]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')!.slice('room-action-'.length)))
}

/**
 * Picks an action of the open state menu and waits for the server's answer to it, so the next step never races
 * the change (a swallowed click fails here, at its cause, instead of as a missing tile state later).
 */
async function chooseAction(page: Page, action: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/pms/pmsRoom/state') && r.request().method() === 'PUT',
  )
  await page.getByTestId(`room-action-${action}`).click()
  // Housekeeping states are confirmed first.
  await page.getByTestId('room-state-confirm').getByTestId('prompt-ok').click()
  const res = await answered
  assert.equal((await res.json()).code, 200, `the server refused ${action}`)
}

describe('room status chart', () => {
  const suite = useProductAndBrowser()
  let clerkContext: BrowserContext
  let managerContext: BrowserContext
  let clerk: Page
  let manager: Page

  beforeAll(async () => {
    clerkContext = await suite.newContext()
    managerContext = await suite.newContext()
    clerk = await clerkContext.newPage()
    manager = await managerContext.newPage()
  })

  test('the menu opens the chart: 74 rooms by building and floor, with counts per state', async () => {
    await signIn(clerk, 'clerk')
    // The chart is the first screen of the front-desk group, where clerks look first.
    const group = clerk.getByTestId('menu-group-/frontDesk')
    if (await group.count()) await group.click()
    const link = clerk.getByTestId(`menu-${CHART_PATH}`)
    assert.equal(await link.getAttribute('title'), en('roomStatus.menu'))
    await link.click()
    await clerk.waitForURL(`**${CHART_PATH}`)
    await waitTiles(clerk, 74)
    assert.equal(await board(clerk).getByTestId('room-tile').count(), 74)
    const layout = await board(clerk)
      .getByTestId('room-building')
      .evaluateAll((buildings) =>
        buildings.map((b) => [
          b.getAttribute('data-building'),
          Array.from(b.querySelectorAll('[data-testid="room-floor"]')).map((f) => [
            Number(f.getAttribute('data-floor-no')),
            f.querySelectorAll('[data-testid="room-tile"]').length,
          ]),
        ]),
      )
    assert.deepEqual(layout, [
      [
        '主楼',
        [
          [1, 10],
          [2, 10],
          [3, 10],
          [4, 10],
          [5, 10],
        ],
      ],
      [
        '副楼',
        [
          [1, 8],
          [2, 8],
          [3, 8],
        ],
      ],
    ])
    assert.equal(await count(clerk, 'all'), 74)
    assert.equal(await count(clerk, 'empty'), 74)
    for (const state of ['full', 'notFull', 'dirty', 'locked', 'maintain'])
      assert.equal(await count(clerk, state), 0)
    const first = tile(clerk, '101')
    assert.equal(await first.getAttribute('data-state'), 'empty')
    assert.equal(await first.getByTestId('room-occupancy').textContent(), en('roomStatus.state.empty'))
    assert.match((await first.textContent()) ?? '', /标准大床房/)
  })

  test('filtering by room type shows only that type, and the counts follow', async () => {
    const filter = clerk.getByTestId('room-type-filter')
    const option = filter.locator('option', { hasText: '标准大床房' })
    await filter.selectOption((await option.getAttribute('value'))!)
    await waitTiles(clerk, 35)
    const types = await board(clerk)
      .locator('.rs-type')
      .evaluateAll((els) => [...new Set(els.map((e) => e.textContent))])
    assert.deepEqual(types, ['标准大床房'])
    assert.equal(await count(clerk, 'empty'), 35)
    await filter.selectOption('')
    await waitTiles(clerk, 74)
  })

  test("setting 'dirty' on 101 updates the tile and the counts, and a second desk sees it live", async () => {
    await signIn(manager, 'manager')
    await manager.goto(CHART_PATH)
    await waitTiles(manager, 74)
    await manager.evaluate(() => {
      ;(window as unknown as { beforeLive: boolean }).beforeLive = true
    })
    // From here on the manager's desk hears every change.
    await waitLiveChannel(manager)

    // An empty room offers the other occupancies and each flag; nothing to cancel.
    assert.deepEqual(await menuActions(clerk, '101'), [
      'set:full',
      'set:notFull',
      'set:dirty',
      'set:locked',
      'set:maintain',
    ])
    await clerk.getByTestId('room-action-set:dirty').click()
    // Housekeeping states change only once the clerk confirms.
    const confirm = clerk.getByTestId('room-state-confirm')
    await confirm.waitFor()
    assert.equal(await clerk.locator('[data-room-no="101"][data-dirty="true"]').count(), 0)
    await confirm.getByTestId('prompt-ok').click()
    await clerk.locator('[data-room-no="101"][data-dirty="true"]').waitFor()
    await tile(clerk, '101').getByTestId('room-flag-dirty').waitFor()
    assert.equal(await count(clerk, 'dirty'), 1)
    assert.equal(await count(clerk, 'empty'), 74)

    await manager.locator('[data-room-no="101"][data-dirty="true"]').waitFor({ timeout: 60_000 })
    assert.equal(await count(manager, 'dirty'), 1)
    assert.equal(
      await manager.evaluate(() => (window as unknown as { beforeLive?: boolean }).beforeLive),
      true,
      'the second desk did not reload',
    )
    const [row] = await suite.product.sql<{ dirty: boolean }>(
      `SELECT dirty FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '101'`,
    )
    assert.equal(row!.dirty, true)
    await clerk.mouse.move(1, 790)
    await clerk.waitForFunction(() => !document.querySelector('[data-testid="toast"]'), undefined, {
      timeout: 60_000,
    })
    await clerk.evaluate(() => window.scrollTo(0, 0))
    await screenshot(clerk, 'room-status-chart')
  })

  test('clicking a count filters by that state; 101 is cancelled from its tile on both desks', async () => {
    await clerk.getByTestId('state-count-dirty').click()
    await waitTiles(clerk, 1)
    assert.equal(await board(clerk).getByTestId('room-tile').getAttribute('data-room-no'), '101')

    const actions = await menuActions(clerk, '101')
    assert.ok(actions.includes('cancel:dirty'))
    assert.ok(!actions.includes('set:dirty'))
    await chooseAction(clerk, 'cancel:dirty')
    // The dirty filter is still on: 101 leaves the chart.
    await waitTiles(clerk, 0)
    await clerk.getByTestId('room-status-empty').waitFor()
    assert.equal(await count(clerk, 'dirty'), 0)
    await clerk.getByTestId('state-count-all').click()
    await waitTiles(clerk, 74)
    assert.equal(await tile(clerk, '101').getAttribute('data-dirty'), 'false')

    await manager.locator('[data-room-no="101"][data-dirty="false"]').waitFor({ timeout: 60_000 })
    assert.equal(await count(manager, 'dirty'), 0)
  })

  test('a room with a guest in house shows the guest and offers no occupancy by hand; locking asks for a reason', async () => {
    const [king] = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      `SELECT r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '102'`,
    )
    const walkIn = await api(clerk, 'POST', '/pms/pmsOrder/walkIn', {
      nights: 2,
      rooms: [
        {
          roomTypeId: Number(king!.room_type_id),
          roomId: Number(king!.room_id),
          guests: [{ name: 'Li Lei', idType: 'passport', idNo: 'E1234567' }],
        },
      ],
    })
    assert.equal(walkIn.code, 200, walkIn.msg)
    await clerk.getByTestId('room-status-refresh').click()
    await clerk.locator('[data-room-no="102"][data-state="full"]').waitFor()
    assert.equal(await count(clerk, 'full'), 1)
    assert.match((await tile(clerk, '102').getByTestId('room-stay').textContent()) ?? '', /Li Lei · 2 nights/)
    // Occupancy follows the stay: only the housekeeping flags are offered.
    assert.deepEqual(await menuActions(clerk, '102'), ['set:dirty', 'set:locked', 'set:maintain'])
    await clerk.getByTestId('room-action-set:locked').click()
    const confirm = clerk.getByTestId('room-state-confirm')
    await confirm.getByTestId('prompt-ok').click()
    await confirm
      .getByText(en('frontDeskConsole.error.required').replace('{0}', en('deskChart.field.reason')))
      .waitFor()
    await confirm.getByTestId('prompt-text').fill('Broken lock')
    await confirm.getByTestId('prompt-ok').click()
    await clerk.locator('[data-room-no="102"][data-locked="true"]').waitFor()
    assert.equal(await tile(clerk, '102').getAttribute('title'), 'Broken lock')
    const [row] = await suite.product.sql<{ lock_reason: string; occupancy: string }>(
      'SELECT lock_reason, occupancy FROM pms_room WHERE room_id = $1',
      [Number(king!.room_id)],
    )
    assert.deepEqual(row, { lock_reason: 'Broken lock', occupancy: 'full' })
  })

  test('a manager may put a room under maintenance as a long-term closure; the desk is not offered it', async () => {
    assert.ok(!(await menuActions(clerk, '104')).includes('set:maintain:longTerm'))
    await closeWithEscape(clerk, clerk.getByTestId('room-state-menu'))
    assert.ok((await menuActions(manager, '104')).includes('set:maintain:longTerm'))
    const item = manager.getByTestId('room-action-set:maintain:longTerm')
    assert.equal(
      await item.textContent(),
      translate('en-US', 'roomStatus.setLongTerm', [en('roomStock.state.maintain')]),
    )
    await item.click()
    const confirm = manager.getByTestId('room-state-confirm')
    await confirm.getByTestId('prompt-text').fill('Refit until spring')
    await confirm.getByTestId('prompt-ok').click()
    await manager.locator('[data-room-no="104"][data-maintain="true"]').waitFor()
    const [row] = await suite.product.sql<{ maintain: boolean; long_term_closed: boolean }>(
      `SELECT maintain, long_term_closed FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '104'`,
    )
    assert.deepEqual(row, { maintain: true, long_term_closed: true })
  })

  test("today's arrival shows on its tile and opens the reservation's check-in with the contact prefilled", async () => {
    const [room] = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      `SELECT r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '103'`,
    )
    const booked = await api(clerk, 'POST', '/pms/pmsReserve', {
      startTime: await businessDateOfRoom(suite.product.server().sql, Number(room!.room_id)),
      nights: 1,
      contactName: 'Zhao Lei',
      contactPhone: '13912345678',
      rooms: [{ roomTypeId: Number(room!.room_type_id), roomId: Number(room!.room_id) }],
    })
    assert.equal(booked.code, 200, booked.msg)
    await clerk.getByTestId('room-status-refresh').click()
    await clerk.locator('[data-room-no="103"][data-arriving="true"]').waitFor()
    assert.equal(await tile(clerk, '103').getAttribute('data-state'), 'empty')
    assert.equal(await tile(clerk, '103').getByTestId('room-arrival').textContent(), 'Zhao Lei')
    await tile(clerk, '103').getByTestId('room-arrival').click()
    await clerk.waitForURL(`**/frontDesk/pmsOrder/checkIn?orderId=${booked.data.orderId}**`)
    await clerk.getByTestId('check-in-page').waitFor()
    const name = clerk.getByTestId('check-in-guest-0-name')
    await name.waitFor()
    assert.equal(await name.inputValue(), 'Zhao Lei')
    assert.equal(await clerk.getByTestId('check-in-guest-0-phone').inputValue(), '13912345678')
    await clerk.goto(CHART_PATH)
    await waitTiles(clerk, 74)
  })

  test("another desk's check-in and check-out show on a chart left open, without a reload", async () => {
    // The manager's chart has stayed open since the live test above.
    await waitLiveChannel(manager)
    assert.equal(
      await manager.evaluate(() => (window as unknown as { beforeLive?: boolean }).beforeLive),
      true,
    )
    const [room] = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      `SELECT r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '106'`,
    )
    const walkIn = await api(clerk, 'POST', '/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(room!.room_type_id),
          roomId: Number(room!.room_id),
          guests: [{ name: 'Han Mei', idType: 'passport', idNo: 'E7654321' }],
        },
      ],
    })
    assert.equal(walkIn.code, 200, walkIn.msg)
    await manager.locator('[data-room-no="106"][data-state="full"]').waitFor({ timeout: 60_000 })
    assert.match((await tile(manager, '106').getByTestId('room-stay').textContent()) ?? '', /Han Mei/)
    const out = await api(clerk, 'POST', '/pms/pmsOrder/checkOut', { orderId: walkIn.data.orderId })
    assert.equal(out.code, 200, out.msg)
    // Checked out: empty, and dirty for housekeeping.
    await manager
      .locator('[data-room-no="106"][data-state="empty"][data-dirty="true"]')
      .waitFor({ timeout: 60_000 })
    assert.equal(
      await manager.evaluate(() => (window as unknown as { beforeLive?: boolean }).beforeLive),
      true,
      'the second desk did not reload',
    )
  })

  test('a stay turning overdue shows on an open chart at its time, with nothing published', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    const [room] = await suite.product.sql<{ room_id: string; room_no: string }>(
      `SELECT room_id, room_no FROM pms_room r WHERE property_id = $1 AND occupancy = 'empty' AND NOT dirty
         AND NOT locked AND NOT maintain AND NOT EXISTS (SELECT 1 FROM pms_order_room s WHERE s.room_id = r.room_id)
       ORDER BY room_id DESC LIMIT 1`,
      [propertyId],
    )
    // A guest in house, due out in an hour.
    const now = Date.now()
    const [order] = await suite.product.sql<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
         contact_name)
       VALUES ($1, 'DUE-SOON', 'walkIn', 'checkIn', 'toOrder', $2, $3, 'Due Soon') RETURNING order_id`,
      [propertyId, new Date(now - 3_600_000), new Date(now + 3_600_000)],
    )
    const [stay] = await suite.product.sql<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state, checked_in_at)
       SELECT $1, $2, room_id, room_type_id, 20000, tstzrange($3, $4, '[)'), 'checkIn', $3
       FROM pms_room WHERE room_id = $5 RETURNING order_room_id`,
      [
        Number(order!.order_id),
        propertyId,
        new Date(now - 3_600_000),
        new Date(now + 3_600_000),
        room!.room_id,
      ],
    )

    const context = await suite.newContext()
    const page = await context.newPage()
    // The page's clock is the test's: it runs as usual while the chart loads, then stands still (no keep-alive or
    // reconnection of the live channel can read the chart again meanwhile).
    await page.clock.install()
    await signIn(page, 'clerk')
    await page.goto(CHART_PATH)
    await waitTiles(page, 74)
    const dueSoon = tile(page, room!.room_no)
    assert.equal(await dueSoon.getAttribute('data-overdue'), 'false')
    await page.clock.pauseAt(new Date(now + 60_000))

    // The hour passes: the stay is past its departure (moved there in the database, as time would; nothing announces
    // it, as nothing does when a guest simply stays on). The chart said when it would change; at that time it asks.
    await suite.product.sql(
      `UPDATE pms_order_room SET stay = tstzrange($2, $3, '[)') WHERE order_room_id = $1`,
      [stay!.order_room_id, new Date(now - 7_200_000), new Date(Date.now() - 1_000)],
    )
    await page.clock.fastForward('01:00:05')
    await page
      .locator(`[data-testid="room-tile"][data-room-no="${room!.room_no}"][data-overdue="true"]`)
      .waitFor()
    await suite.product.sql('DELETE FROM pms_order_room WHERE order_room_id = $1', [stay!.order_room_id])
    await suite.product.sql('DELETE FROM pms_order WHERE order_id = $1', [order!.order_id])
    await context.close()
  })

  test('without pms:pmsRoom:state the chart shows the rooms but offers no state action', async () => {
    await suite.product.sql(
      `DELETE FROM sys_role_menu WHERE role_id IN (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
       AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms = 'pms:pmsRoom:state')`,
    )
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(CHART_PATH)
    await waitTiles(page, 74)
    assert.equal(await page.getByTestId('room-menu').count(), 0)
    await tile(page, '101').click({ button: 'right' })
    assert.equal(await page.getByTestId('room-state-menu').count(), 0)
    await context.close()
  })
})
