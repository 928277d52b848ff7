// Browser: the room status chart — the demo hotel's 74 rooms by building and floor with counts, the type and state
// filters, setting and cancelling 'dirty' on 101 from its tile, and a second desk seeing it live without a reload.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { translate } from '@pms/protocol'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium, newContext, type Product, screenshot, signIn, startProduct } from './helpers.ts'

const en = (key: string) => translate('en-US', key)
const CHART_PATH = '/roomStock/roomStatus'

const board = (page: Page) => page.getByTestId('room-status-board')
const tile = (page: Page, roomNo: string) =>
  page.locator(`[data-testid="room-tile"][data-room-no="${roomNo}"]`)
const count = async (page: Page, state: string) =>
  Number(await page.getByTestId(`state-count-${state}`).getAttribute('data-count'))
const waitTiles = (page: Page, n: number) =>
  page.locator(`[data-testid="room-status-board"][data-tiles="${n}"]`).waitFor({ state: 'attached' })

async function menuActions(page: Page, roomNo: string): Promise<string[]> {
  // The toasts of the previous change (this desk's and the live channel's) lie over the top row for a moment;
  // they pause while hovered, so the pointer leaves them first.
  await page.mouse.move(1, 790)
  await page.waitForFunction(() => !document.querySelector('[data-testid="toast"]'), undefined, {
    timeout: 15_000,
  })
  await tile(page, roomNo).getByTestId('room-menu').click()
  const menu = page.getByTestId('room-state-menu')
  await menu.locator('[data-testid^="room-action-"]').first().waitFor()
  assert.equal(await menu.getAttribute('data-room-no'), roomNo)
  return menu
    .locator('[data-testid^="room-action-"]')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')!.slice('room-action-'.length)))
}

describe('room status chart', () => {
  let product: Product
  let browser: Browser
  let clerkContext: BrowserContext
  let managerContext: BrowserContext
  let clerk: Page
  let manager: Page

  before(async () => {
    product = await startProduct()
    browser = await launchChromium()
    clerkContext = await newContext(browser, product.baseUrl)
    managerContext = await newContext(browser, product.baseUrl)
    clerk = await clerkContext.newPage()
    manager = await managerContext.newPage()
  })
  after(async () => {
    await browser?.close()
    await product?.close()
  })

  test('the menu opens the chart: 74 rooms by building and floor, with counts per state', async () => {
    await signIn(clerk, 'clerk')
    // The chart sits in the room stock group, which collapses into the chart alone when it is the only screen shown.
    const group = clerk.getByTestId('menu-group-/roomStock')
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
    // Give the manager's live channel time to connect and subscribe.
    await manager.waitForTimeout(1500)

    // An empty room offers the other occupancies and each flag; nothing to cancel.
    assert.deepEqual(await menuActions(clerk, '101'), [
      'set:full',
      'set:notFull',
      'set:dirty',
      'set:locked',
      'set:maintain',
    ])
    await clerk.getByTestId('room-action-set:dirty').click()
    await clerk.locator('[data-room-no="101"][data-dirty="true"]').waitFor()
    await tile(clerk, '101').getByTestId('room-flag-dirty').waitFor()
    assert.equal(await count(clerk, 'dirty'), 1)
    assert.equal(await count(clerk, 'empty'), 74)

    await manager.locator('[data-room-no="101"][data-dirty="true"]').waitFor({ timeout: 10_000 })
    assert.equal(await count(manager, 'dirty'), 1)
    assert.equal(
      await manager.evaluate(() => (window as unknown as { beforeLive?: boolean }).beforeLive),
      true,
      'the second desk did not reload',
    )
    const [row] = await product.sql<{ dirty: boolean }>(
      `SELECT dirty FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '101'`,
    )
    assert.equal(row!.dirty, true)
    await clerk.mouse.move(1, 790)
    await clerk.waitForFunction(() => !document.querySelector('[data-testid="toast"]'), undefined, {
      timeout: 15_000,
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
    await clerk.getByTestId('room-action-cancel:dirty').click()
    // The dirty filter is still on: 101 leaves the chart.
    await waitTiles(clerk, 0)
    await clerk.getByTestId('room-status-empty').waitFor()
    assert.equal(await count(clerk, 'dirty'), 0)
    await clerk.getByTestId('state-count-all').click()
    await waitTiles(clerk, 74)
    assert.equal(await tile(clerk, '101').getAttribute('data-dirty'), 'false')

    await manager.locator('[data-room-no="101"][data-dirty="false"]').waitFor({ timeout: 10_000 })
    assert.equal(await count(manager, 'dirty'), 0)
  })

  test('an occupied room offers to cancel its occupancy, which returns it to empty', async () => {
    await menuActions(clerk, '102')
    await clerk.getByTestId('room-action-set:full').click()
    await clerk.locator('[data-room-no="102"][data-state="full"]').waitFor()
    assert.equal(await count(clerk, 'full'), 1)
    assert.equal(await count(clerk, 'empty'), 73)
    assert.deepEqual(await menuActions(clerk, '102'), [
      'set:empty',
      'set:notFull',
      'cancel:full',
      'set:dirty',
      'set:locked',
      'set:maintain',
    ])
    await clerk.getByTestId('room-action-cancel:full').click()
    await clerk.locator('[data-room-no="102"][data-state="empty"]').waitFor()
    assert.equal(await count(clerk, 'empty'), 74)
    await manager.locator('[data-room-no="102"][data-state="empty"]').waitFor({ timeout: 10_000 })
  })
  test('without pms:pmsRoom:state the chart shows the rooms but offers no state action', async () => {
    await product.sql(
      `DELETE FROM sys_role_menu WHERE role_id IN (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
       AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms = 'pms:pmsRoom:state')`,
    )
    const context = await newContext(browser, product.baseUrl)
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
