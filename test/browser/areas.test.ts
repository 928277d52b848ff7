// Browser: the area list (SPEC §2.7). A front-desk clerk, whose role holds pms:pmsArea:list but not :edit/:remove,
// sees the rows without any operation; the manager adds (with field checks), edits and deletes with confirmation.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { beforeAll, describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)
const AREA_PATH = '/roomStock/pmsArea'

async function rowTexts(page: Page): Promise<string[]> {
  return page.getByTestId('area-page').getByTestId('crud-row').allTextContents()
}

describe('the area list in the console', () => {
  const suite = useProductAndBrowser()
  let hotel: number

  beforeAll(async () => {
    const [row] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    hotel = Number(row!.property_id)
    for (const [type, name] of [
      ['lobby', 'Front hall'],
      ['parking', 'Car park B1'],
    ])
      await suite.product.sql(
        'INSERT INTO pms_area (property_id, area_type, area_name, remark) VALUES ($1, $2, $3, $4)',
        [hotel, type, name, 'seeded by the test'],
      )
  })

  test('a clerk holding only pms:pmsArea:list sees the rows but no edit, delete or add', async () => {
    // The arrangement the test relies on: the clerk's roles grant list, and neither edit nor remove.
    const perms = await suite.product.sql<{ perms: string }>(
      `SELECT DISTINCT m.perms FROM sys_user u
         JOIN (SELECT user_id, role_id FROM sys_user_role
               UNION SELECT user_id, role_id FROM pms_property_user WHERE property_id = $1) r
           ON r.user_id = u.user_id
         JOIN sys_role_menu rm ON rm.role_id = r.role_id
         JOIN sys_menu m ON m.menu_id = rm.menu_id
        WHERE u.user_name = 'clerk' AND m.perms LIKE 'pms:pmsArea:%'`,
      [hotel],
    )
    assert.deepEqual(
      perms.map((p) => p.perms),
      ['pms:pmsArea:list'],
    )
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    // The room-stock group holds the area list; for the clerk it shows only what the grants allow.
    await page.getByTestId('menu-group-/roomStock').click()
    const entry = page.getByTestId(`menu-${AREA_PATH}`)
    assert.equal(await entry.getAttribute('title'), en('roomStockConsole.menu.area'))
    assert.equal(await page.getByTestId('menu-/roomStock/pmsBuilding').count(), 0)
    await entry.click()
    await page.waitForURL(`**${AREA_PATH}`)
    const screen = page.getByTestId('area-page')
    await screen.getByTestId('crud-row').first().waitFor()
    const rows = await rowTexts(page)
    assert.equal(rows.length, 2)
    assert.ok(rows[0]!.includes('lobby') && rows[0]!.includes('Front hall'))
    assert.equal(await screen.getByTestId('crud-row-menu').count(), 0)
    assert.equal(await screen.getByTestId('crud-operation-header').count(), 0)
    assert.equal(await screen.getByTestId('crud-add').count(), 0)
    assert.equal(await screen.getByTestId('crud-delete-selected').count(), 0)
    // Multi-row selection and the 10/20/30/50 page sizes (10 first) are there all the same.
    assert.equal(await screen.getByTestId('crud-select-row').count(), 2)
    assert.equal(await screen.getByTestId('crud-page-size').inputValue(), '10')
    assert.deepEqual(
      await screen
        .getByTestId('crud-page-size')
        .locator('option')
        .evaluateAll((o) => o.map((x) => x.getAttribute('value'))),
      ['10', '20', '30', '50'],
    )
    await screenshot(page, 'areas-clerk')
    await context.close()
  })

  test('the manager adds an area (fields checked first), edits it and deletes it after confirming', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.goto(AREA_PATH)
    const screen = page.getByTestId('area-page')
    await screen.getByTestId('crud-row').first().waitFor()

    await screen.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('crud-save').click()
    assert.equal(
      await dialog.getByTestId('error-areaType').textContent(),
      en('validation.required', [en('roomStockConsole.field.areaType')]),
    )
    assert.equal(
      await dialog.getByTestId('error-areaName').textContent(),
      en('validation.required', [en('roomStockConsole.field.areaName')]),
    )
    await dialog.getByTestId('field-areaType').fill('garden')
    await dialog.getByTestId('field-areaName').fill('Roof garden')
    await dialog.getByTestId('field-remark').fill('open in summer')
    await dialog.getByTestId('crud-save').click()
    await page.getByText(en('common.addSuccess')).first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    await screen.locator('[data-testid="crud-row"]', { hasText: 'Roof garden' }).waitFor()
    assert.equal(await screen.getByTestId('crud-total').textContent(), en('console.page.total', [3]))

    // Edit through the row's operation menu.
    const row = screen.locator('[data-testid="crud-row"]', { hasText: 'Roof garden' })
    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-edit').click()
    await dialog.waitFor()
    assert.equal(await dialog.getByTestId('field-areaName').inputValue(), 'Roof garden')
    await dialog.getByTestId('field-areaName').fill('Sky garden')
    await dialog.getByTestId('crud-save').click()
    await page.getByText(en('common.editSuccess')).first().waitFor()
    await screen.locator('[data-testid="crud-row"]', { hasText: 'Sky garden' }).waitFor()
    const [stored] = await suite.product.sql<{ area_name: string; property_id: string }>(
      "SELECT area_name, property_id FROM pms_area WHERE area_type = 'garden'",
    )
    assert.equal(stored!.area_name, 'Sky garden')
    assert.equal(Number(stored!.property_id), hotel)

    // Delete: cancelling keeps it; confirming removes it.
    const sky = screen.locator('[data-testid="crud-row"]', { hasText: 'Sky garden' })
    await sky.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-delete').click()
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.waitFor()
    assert.ok((await confirm.textContent())!.includes(en('crud.confirmDelete', ['Sky garden'])))
    await confirm.getByRole('button', { name: en('console.dialog.cancel') }).click()
    await confirm.waitFor({ state: 'detached' })
    assert.equal((await rowTexts(page)).length, 3)
    await sky.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-delete').click()
    await page.getByTestId('confirm-ok').click()
    await page.getByText(en('common.deleteSuccess')).first().waitFor()
    await sky.waitFor({ state: 'detached' })
    assert.equal((await rowTexts(page)).length, 2)
    assert.equal((await suite.product.sql("SELECT 1 FROM pms_area WHERE area_type = 'garden'")).length, 0)
    await screenshot(page, 'areas-manager')
    await context.close()
  })
})
