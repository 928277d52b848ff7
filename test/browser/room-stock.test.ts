// Browser: the room stock screens. The manager adds a building, bulk-creates its floors 2–3 × rooms 01–05 (preview of
// 10 numbers, save, the rooms listed; a second preview shows them all as conflicts), and creates a room type priced
// 199.00 with a cost item, stored in cents and listed with 2 decimals.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

async function openScreen(page: Page, path: string, testId: string) {
  await page.goto(path)
  await page.getByTestId(testId).waitFor()
}

describe('room stock in the console', () => {
  const suite = useProductAndBrowser()

  test('the manager sees the room stock group with every screen', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.getByTestId('menu-group-/roomStock').click()
    for (const path of [
      'pmsRoom',
      'pmsRoomType',
      'pmsBuilding',
      'pmsFloor',
      'pmsUnit',
      'pmsPark',
      'pmsRoomAttribute',
      'pmsBuildingGroup',
      'pmsHourlyRule',
      'pmsArea',
    ])
      assert.equal(await page.getByTestId(`menu-/roomStock/${path}`).count(), 1, path)
    await context.close()
  })

  test('a new building gets floors 2–3 × rooms 01–05 in one bulk save', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')

    await openScreen(page, '/roomStock/pmsBuilding', 'building-page')
    await page.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-buildingName').fill('Tower Z')
    await dialog.getByTestId('crud-save').click()
    await page.getByText(en('common.addSuccess')).first().waitFor()
    await page.locator('[data-testid="crud-row"]', { hasText: 'Tower Z' }).waitFor()

    await openScreen(page, '/roomStock/pmsRoom', 'room-page')
    const before = Number(
      (await suite.product.sql<{ n: string }>('SELECT count(*) AS n FROM pms_room'))[0]!.n,
    )
    await page.getByTestId('bulk-open').click()
    const bulk = page.getByTestId('bulk-dialog')
    await bulk.getByTestId('field-buildingId').selectOption({ label: 'Tower Z' })
    await bulk.getByTestId('field-floorFrom').fill('2')
    await bulk.getByTestId('field-floorTo').fill('3')
    await bulk.getByTestId('field-roomFrom').fill('1')
    await bulk.getByTestId('field-roomTo').fill('5')
    // Saving needs a preview first.
    assert.ok(await bulk.getByTestId('bulk-save').isDisabled())
    const plain = ['201', '202', '203', '204', '205', '301', '302', '303', '304', '305']
    // Room numbers are unique in the property: the demo hotel's own 2xx/3xx rooms are shown as conflicts.
    const taken = (
      await suite.product.sql<{ room_no: string }>(
        `SELECT r.room_no FROM pms_room r JOIN pms_property p ON p.property_id = r.property_id
          WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = ANY($1) ORDER BY r.room_no`,
        [plain],
      )
    ).map((r) => r.room_no)
    assert.ok(taken.length > 0, 'the demo hotel has rooms on floors 2 and 3')
    await bulk.getByTestId('bulk-preview-run').click()
    await bulk.getByTestId('bulk-conflicts').waitFor()
    assert.equal(
      await bulk.getByTestId('bulk-conflicts').textContent(),
      en('roomStockConsole.bulk.conflicts', [taken.join(', ')]),
    )
    assert.deepEqual(
      await bulk.locator('[data-testid="bulk-room"][data-conflict="true"]').allTextContents(),
      taken,
    )
    assert.ok(await bulk.getByTestId('bulk-save').isDisabled())
    await screenshot(page, 'room-stock-bulk-conflicts')

    // A prefix makes the numbers free: the preview lists the 10 rooms and saving opens.
    await bulk.getByTestId('field-prefix').fill('Z')
    await bulk.getByTestId('bulk-preview-run').click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="bulk-conflicts"]'))
    assert.equal(await bulk.getByTestId('bulk-count').textContent(), en('roomStockConsole.bulk.count', [10]))
    const zNumbers = plain.map((n) => `Z${n}`)
    assert.deepEqual(await bulk.getByTestId('bulk-room').allTextContents(), zNumbers)
    // Changing the range after the preview asks for a new preview before saving.
    await bulk.getByTestId('field-roomTo').fill('6')
    await bulk.getByTestId('bulk-save').click()
    await page.getByText(en('roomStockConsole.bulk.stale')).first().waitFor()
    await bulk.getByTestId('field-roomTo').fill('5')
    await screenshot(page, 'room-stock-bulk-preview')
    await bulk.getByTestId('bulk-save').click()
    await page
      .getByText(en('roomStockConsole.bulk.created', [10, 2]))
      .first()
      .waitFor()
    await bulk.waitFor({ state: 'detached' })
    const after = Number((await suite.product.sql<{ n: string }>('SELECT count(*) AS n FROM pms_room'))[0]!.n)
    assert.equal(after - before, 10)

    // The new rooms are listed: filter the list by the new building.
    const screen = page.getByTestId('room-page')
    await screen.getByTestId('crud-search').getByTestId('field-buildingId').selectOption({ label: 'Tower Z' })
    await screen.getByTestId('crud-search-submit').click()
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="crud-total"]')?.textContent?.includes('10'),
    )
    assert.equal(await screen.getByTestId('crud-total').textContent(), en('console.page.total', [10]))
    const numbers = await screen.locator('[data-testid="crud-row"] [data-col="roomNo"]').allTextContents()
    assert.deepEqual(numbers, zNumbers)
    const floors = await screen.locator('[data-testid="crud-row"] [data-col="floorId"]').allTextContents()
    assert.deepEqual([...new Set(floors)], ['2F', '3F'])

    // The same numbers again: the ones now taken are shown as conflicts and saving stays off.
    await page.getByTestId('bulk-open').click()
    await bulk.getByTestId('field-buildingId').selectOption({ label: 'Tower Z' })
    await bulk.getByTestId('field-floorFrom').fill('3')
    await bulk.getByTestId('field-floorTo').fill('3')
    await bulk.getByTestId('field-roomFrom').fill('4')
    await bulk.getByTestId('field-roomTo').fill('6')
    await bulk.getByTestId('field-prefix').fill('Z')
    await bulk.getByTestId('bulk-preview-run').click()
    await bulk.getByTestId('bulk-conflicts').waitFor()
    assert.equal(
      await bulk.getByTestId('bulk-conflicts').textContent(),
      en('roomStockConsole.bulk.conflicts', ['Z304, Z305']),
    )
    assert.deepEqual(await bulk.getByTestId('bulk-room').allTextContents(), ['Z304', 'Z305', 'Z306'])
    assert.ok(await bulk.getByTestId('bulk-save').isDisabled())
    await context.close()
  })

  test('a room type priced 199.00 with a cost item is saved in cents and listed', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await openScreen(page, '/roomStock/pmsRoomType', 'room-type-page')
    await page.getByTestId('crud-add').click()
    const dialog = page.getByTestId('room-type-dialog')
    await dialog.getByTestId('field-typeName').fill('Harbour suite')
    // A third decimal is refused with the pack's message, naming the field.
    await dialog.getByTestId('field-dailyPrice').fill('199.001')
    await dialog.getByTestId('cost-add').click()
    await dialog.getByTestId('crud-save').click()
    assert.equal(
      await dialog.getByTestId('error-dailyPrice').textContent(),
      en('crud.validation.money', [en('roomStockConsole.field.dailyPrice')]),
    )
    assert.ok(
      await dialog.getByText(en('validation.required', [en('roomStockConsole.field.costName')])).isVisible(),
    )
    await dialog.getByTestId('field-dailyPrice').fill('199.00')
    await dialog.getByTestId('field-deposit').fill('1,000')
    // A dormitory-style type is sold by bed ('not full' on the chart while beds are free).
    await dialog.locator('label:has([data-testid="field-soldByBed"])').click()
    const cost = dialog.getByTestId('cost-row').first()
    await cost.getByTestId('cost-name').fill('Breakfast')
    await cost.getByTestId('cost-amount').fill('38.5')
    await cost.locator('label').click()
    await dialog.getByTestId('crud-save').click()
    await page.getByText(en('common.addSuccess')).first().waitFor()
    const row = page.locator('[data-testid="crud-row"]', { hasText: 'Harbour suite' })
    await row.waitFor()
    assert.equal(await row.locator('[data-col="dailyPrice"]').textContent(), '199.00')
    assert.equal(await row.locator('[data-col="deposit"]').textContent(), '1,000.00')
    assert.equal(await row.locator('[data-col="state"]').textContent(), en('crud.enabled'))

    const [stored] = await suite.product.sql<{
      room_type_id: string
      daily_price: string
      deposit: string
      sold_by_bed: boolean
    }>(
      "SELECT room_type_id, daily_price, deposit, sold_by_bed FROM pms_room_type WHERE type_name = 'Harbour suite'",
    )
    assert.equal(stored!.sold_by_bed, true)
    assert.equal(Number(stored!.daily_price), 19900)
    assert.equal(Number(stored!.deposit), 100000)
    const costs = await suite.product.sql<{ cost_name: string; amount: string; check_in_cost: boolean }>(
      'SELECT cost_name, amount, check_in_cost FROM pms_room_type_cost WHERE room_type_id = $1',
      [stored!.room_type_id],
    )
    assert.deepEqual(
      costs.map((c) => [c.cost_name, Number(c.amount), c.check_in_cost]),
      [['Breakfast', 3850, true]],
    )

    // Editing shows the stored amounts back in yuan, the cost item included.
    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-edit').click()
    await dialog.waitFor()
    assert.equal(await dialog.getByTestId('field-dailyPrice').inputValue(), '199.00')
    assert.equal(await dialog.getByTestId('cost-name').inputValue(), 'Breakfast')
    assert.equal(await dialog.getByTestId('cost-amount').inputValue(), '38.50')
    await screenshot(page, 'room-stock-room-type')
    await context.close()
  })

  test('every screen lists its records; an hourly rule and a building group are added, a user unlinked', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    for (const [path, testId] of [
      ['pmsPark', 'park-page'],
      ['pmsBuilding', 'building-page'],
      ['pmsUnit', 'unit-page'],
      ['pmsFloor', 'floor-page'],
      ['pmsRoomAttribute', 'room-attribute-page'],
      ['pmsBuildingGroup', 'building-group-page'],
      ['pmsHourlyRule', 'hourly-rule-page'],
    ]) {
      await openScreen(page, `/roomStock/${path}`, testId!)
      // Once the screen's list is in (aria-busy false), the pager's total is the server's count of its records.
      await page.locator(`[data-testid="${testId}"][aria-busy="false"]`).waitFor()
      const total = Number(/\d+/.exec((await page.getByTestId('crud-total').textContent()) ?? '')?.[0])
      assert.equal(await page.getByTestId('crud-row').count(), Math.min(total, 10), path)
    }

    await openScreen(page, '/roomStock/pmsHourlyRule', 'hourly-rule-page')
    await page.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-ruleName').fill('Afternoon')
    await dialog.getByTestId('field-startingFee').fill('48')
    await dialog.getByTestId('field-overtimeFee').fill('1,234.5')
    await dialog.getByTestId('crud-save').click()
    const rule = page.locator('[data-testid="crud-row"]', { hasText: 'Afternoon' })
    await rule.waitFor()
    assert.equal(await rule.locator('[data-col="startingFee"]').textContent(), '48.00')
    assert.equal(await rule.locator('[data-col="overtimeFee"]').textContent(), '1,234.50')
    const [stored] = await suite.product.sql<{ starting_fee: string; overtime_fee: string; status: string }>(
      "SELECT starting_fee, overtime_fee, status FROM pms_hourly_rule WHERE rule_name = 'Afternoon'",
    )
    assert.deepEqual(
      [Number(stored!.starting_fee), Number(stored!.overtime_fee), stored!.status],
      [4800, 123450, '0'],
    )

    await openScreen(page, '/roomStock/pmsBuildingGroup', 'building-group-page')
    await page.getByTestId('crud-add').click()
    await dialog.getByTestId('field-groupName').fill('Night shift')
    await dialog.getByTestId('field-buildingIds').locator('label').first().click()
    const staff = dialog.getByTestId('field-userIds').locator('label')
    await staff.first().waitFor()
    await staff.first().click()
    await dialog.getByTestId('crud-save').click()
    await page.locator('[data-testid="crud-row"]', { hasText: 'Night shift' }).waitFor()
    const links = await suite.product.sql<{ user_id: string }>(
      `SELECT u.user_id FROM pms_building_group_user u JOIN pms_building_group g ON g.group_id = u.group_id
        WHERE g.group_name = 'Night shift'`,
    )
    assert.equal(links.length, 1)
    assert.equal(
      (
        await suite.product.sql(
          `SELECT 1 FROM pms_building_group_building b JOIN pms_building_group g ON g.group_id = b.group_id
            WHERE g.group_name = 'Night shift'`,
        )
      ).length,
      1,
    )
    await page.getByTestId('group-unlink-user').selectOption(String(links[0]!.user_id))
    await page.getByTestId('group-unlink').click()
    await page.getByTestId('confirm-ok').click()
    await page.getByText(en('common.deleteSuccess')).first().waitFor()
    assert.equal(
      (
        await suite.product.sql('SELECT 1 FROM pms_building_group_user WHERE user_id = $1', [
          links[0]!.user_id,
        ])
      ).length,
      0,
    )
    await screenshot(page, 'room-stock-building-groups')
    await context.close()
  })
})
