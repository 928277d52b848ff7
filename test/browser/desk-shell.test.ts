// Browser: the console shell a desk clerk lives in — one tab per screen and record, one-shot actions that a tab
// does not repeat, the header search by typo and by sound, the collapsed sidebar's flyout, a filter bar that leaves
// the table in view on a 900 px screen, and a first load without a 404.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { beforeAll, describe, test } from 'vitest'
import { bridgeClient } from '../devices/bridge-client.ts'
import { closeWithEscape, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string) => translate('en-US', key)
const tagPaths = (page: Page) =>
  page.getByTestId('tag').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-path')))

describe('the desk shell', () => {
  const suite = useProductAndBrowser()
  let room: { roomId: number; roomTypeId: number }
  let orderId: number

  beforeAll(async () => {
    const rooms = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      `SELECT r.room_id, r.room_type_id FROM pms_room r JOIN pms_room_type t USING (room_type_id)
       JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND NOT t.hour_room ORDER BY r.room_id DESC LIMIT 2`,
    )
    room = { roomId: Number(rooms[1]!.room_id), roomTypeId: Number(rooms[1]!.room_type_id) }
    const desk = bridgeClient(suite.product.baseUrl)
    await desk.signIn('clerk')
    const walkIn = await desk.call('POST', '/prod-api/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(rooms[0]!.room_type_id),
          roomId: Number(rooms[0]!.room_id),
          guests: [{ name: 'Li Lei' }],
        },
      ],
    })
    assert.equal(walkIn.code, 200, walkIn.msg)
    orderId = walkIn.data.orderId
  })

  test('one tab per screen and record; a booking asked for from the chart is not asked again', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')

    // Every sub-tab of one order's details stays in that order's one tab.
    await page.goto(`/frontDesk/pmsOrder/detail?orderId=${orderId}`)
    await page.getByTestId('order-detail').waitFor()
    for (const tab of ['folio', 'cards', 'history', 'rooms']) {
      await page.getByTestId(`order-tab-${tab}`).click()
      await page.waitForURL(new RegExp(`tab=${tab}`))
    }
    const detailTabs = (await tagPaths(page)).filter((p) => p?.includes('/detail'))
    assert.deepEqual(detailTabs, [`/frontDesk/pmsOrder/detail?orderId=${orderId}&tab=rooms`])

    // The chart's "book this room" opens the dialog once, in the one reservations tab.
    await page.goto('/reserve')
    await page.getByTestId('reserve-page').waitFor()
    await page.goto(`/reserve?roomId=${room.roomId}&roomTypeId=${room.roomTypeId}`)
    await page.getByTestId('reserve-dialog').waitFor()
    await page.waitForURL((url) => url.pathname === '/reserve' && url.search === '')
    assert.deepEqual(
      (await tagPaths(page)).filter((p) => p?.startsWith('/reserve')),
      ['/reserve'],
    )
    await closeWithEscape(page, page.getByTestId('reserve-dialog'))

    // Closing the others from the reservations tab goes back to the list, not to the booking dialog.
    await page.goto('/index')
    await page.getByTestId('home-page').waitFor()
    await page.locator('[data-testid="tag"][data-path="/reserve"]').click({ button: 'right' })
    await page.getByTestId('tag-menu-closeOthers').click()
    await page.waitForURL('**/reserve')
    await page.getByTestId('reserve-page').waitFor()
    assert.deepEqual(await tagPaths(page), ['/index', '/reserve'])
    assert.equal(await page.getByTestId('reserve-dialog').count(), 0)
    await context.close()
  })

  test('the header search finds screens by typo and by sound, in each language', async () => {
    const context = await suite.newContext('zh-CN')
    const page = await context.newPage()
    await signIn(page, 'clerk')
    const search = page.getByTestId('header-search')
    const results = page.getByTestId('header-search-results')
    for (const [query, title] of [
      ['房太图', translate('zh-CN', 'roomStatus.menu')],
      ['预定', translate('zh-CN', 'frontDeskConsole.menu.reserve')],
    ] as const) {
      await search.fill(query)
      await results.locator('button').first().filter({ hasText: title }).waitFor()
    }
    await search.press('Enter')
    await page.waitForURL('**/reserve')
    await context.close()
  })

  test('with the sidebar collapsed, a group opens beside it and its screens are one click away', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.getByTestId('hamburger').click()
    await page.waitForSelector('[data-testid="sidebar"][data-open="false"]')
    const group = page.getByTestId('menu-group-/frontDesk')
    await group.click()
    const flyout = page.getByTestId('menu-flyout-/frontDesk')
    const box = await flyout.boundingBox()
    const bar = await page.getByTestId('sidebar').boundingBox()
    assert.ok(box && bar && box.x >= bar.x + bar.width - 1, 'the flyout opens beside the collapsed bar')
    await flyout.locator(`a[title="${en('frontDeskConsole.menu.orders')}"]`).click()
    await page.waitForURL('**/frontDesk/pmsOrder')
    await flyout.waitFor({ state: 'detached' })
    // Escape closes an open flyout too.
    await group.click()
    await flyout.waitFor()
    await page.keyboard.press('Escape')
    await flyout.waitFor({ state: 'detached' })
    await context.close()
  })

  test('on a 900 px high screen the filters take one compact bar and the list is in view', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    await signIn(page, 'clerk')
    for (const [path, pageId] of [
      ['/reserve', 'reserve-page'],
      ['/frontDesk/pmsOrder', 'order-list-page'],
    ] as const) {
      await page.goto(path)
      await page.getByTestId(pageId).waitFor()
      const filters = await page.getByTestId('order-filters').boundingBox()
      assert.ok(filters && filters.height <= 140, `${path}: filter bar ${filters?.height} px high`)
      const table = await page.locator(`[data-testid="${pageId}"] table`).first().boundingBox()
      assert.ok(table && table.y + 120 <= 900, `${path}: the list starts at ${table?.y} px`)
    }
    await context.close()
  })

  test('a first load asks for nothing that is not there (favicon included)', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const missing: string[] = []
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url())
    })
    await page.goto('/login')
    await page.getByTestId('password-form').waitFor()
    await page.waitForLoadState('networkidle')
    assert.deepEqual(missing, [])
    await context.close()
  })

  test('the English sidebar title is shown whole', async () => {
    const context = await suite.newContext('en-US')
    const page = await context.newPage()
    await signIn(page, 'clerk')
    const title = page.getByTestId('sidebar-title')
    assert.equal(await title.textContent(), en('console.app.title'))
    const fits = await title.evaluate(
      (e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight,
    )
    assert.ok(fits, 'the title is not cut off')
    await context.close()
  })

  test('the personal center shows dates as dates, not ISO strings', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto('/user/profile')
    const created = page.getByTestId('profile-created')
    // The row is there from the start with '-', and gets the date once the profile has loaded.
    await created.waitFor()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="profile-created"]')?.textContent !== '-',
    )
    assert.match((await created.textContent()) ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    await context.close()
  })

  test("the clerk's room list names buildings and floors and asks for nothing it is refused", async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const refused: string[] = []
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url())
    })
    await signIn(page, 'clerk')
    const [expected] = await suite.product.sql<{
      room_no: string
      building_name: string
      floor_name: string
    }>(
      `SELECT r.room_no, b.building_name, f.floor_name FROM pms_room r JOIN pms_building b USING (building_id)
       JOIN pms_floor f USING (floor_id) JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' ORDER BY r.room_no LIMIT 1`,
    )
    await page.goto('/roomStock/pmsRoom')
    const row = page.getByTestId('crud-row').first()
    await row.waitFor()
    assert.equal(await row.locator('[data-col="roomNo"]').textContent(), expected!.room_no)
    assert.equal(await row.locator('[data-col="buildingId"]').textContent(), expected!.building_name)
    assert.equal(await row.locator('[data-col="floorId"]').textContent(), expected!.floor_name)
    await page.waitForLoadState('networkidle')
    assert.deepEqual(refused, [])
    await context.close()
  })
})
