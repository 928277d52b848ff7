// Browser: the property screens — 'my properties' (search and count line, no-match state, xlsx export, code
// dialog), the manager's timing rules in property settings, and the platform admin's authorisation review and admin
// replacement (the new admin found by typing part of the user name).
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, test } from 'vitest'
import { downloadedBytes, screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

async function openMyProperties(page: Page): Promise<void> {
  await page.goto('/propertyMain')
  await page.getByTestId('my-properties').getByTestId('property-card').first().waitFor()
}

const countLine = (page: Page) =>
  page.getByTestId('my-properties').getByTestId('property-count').textContent()

describe('property screens in the console', () => {
  const suite = useProductAndBrowser()
  /** The manager's properties as the database holds them, in list order. */
  let managerProperties: Array<{ code: string; name: string; address: string; types: string }>

  beforeAll(async () => {
    const rows = await suite.product.sql<{
      code: string
      name: string
      address: string
      property_type: string
    }>(
      `SELECT p.property_code AS code, p.property_name AS name, p.address, p.property_type
         FROM pms_property p JOIN pms_property_user pu ON pu.property_id = p.property_id
         JOIN sys_user u ON u.user_id = pu.user_id
        WHERE u.user_name = 'manager' AND NOT p.del_flag ORDER BY p.property_id`,
    )
    const labels = new Map(
      (
        await suite.product.sql<{ dict_value: string; dict_label: string }>(
          `SELECT dict_value, dict_label FROM sys_dict_data WHERE dict_type = 'pms_property_type'`,
        )
      ).map((d) => [d.dict_value, d.dict_label]),
    )
    managerProperties = rows.map((r) => ({
      code: r.code,
      name: r.name,
      address: r.address,
      types: r.property_type
        .split(',')
        .filter(Boolean)
        .map((v) => labels.get(v) ?? v)
        .join(', '),
    }))
    assert.ok(managerProperties.length >= 2, 'the demo binds the manager to two properties')
  })

  test('my properties: the search narrows the cards and the count line; nothing matching shows no match', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await openMyProperties(page)
    const list = page.getByTestId('my-properties')
    const cards = list.getByTestId('property-card')
    const total = managerProperties.length
    assert.equal(await cards.count(), total)
    assert.equal(await countLine(page), en('console.property.count', [total, total]))
    // The current property is tagged; every other one can be entered.
    assert.equal(await list.getByText(en('console.property.current'), { exact: true }).count(), 1)
    assert.equal(await list.getByTestId('property-enter').count(), total - 1)

    const apartment = managerProperties.find((p) => p.code === 'DEMO-APT')!
    await list.getByTestId('property-search').fill('apt')
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="my-properties"] [data-testid="property-card"]').length === 1,
    )
    assert.equal(await countLine(page), en('console.property.count', [total, 1]))
    assert.match((await cards.first().textContent()) ?? '', new RegExp(apartment.name))

    // By address too.
    await list.getByTestId('property-search').fill(managerProperties[0]!.address.slice(-6))
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="my-properties"] [data-testid="property-card"]').length === 1,
    )

    await list.getByTestId('property-search').fill('no such property anywhere')
    const empty = list.getByTestId('property-empty')
    await empty.waitFor()
    assert.equal(await empty.getAttribute('data-state'), 'noMatch')
    assert.equal((await empty.textContent())?.trim(), en('console.property.noMatch'))
    assert.equal(await cards.count(), 0)
    assert.equal(await countLine(page), en('console.property.count', [total, 0]))
    await screenshot(page, 'properties-no-match')

    // The apply-as-customer button opens the application dialog.
    await page.getByTestId('property-apply-customer').click()
    await page.getByTestId('apply-dialog').waitFor()
    await context.close()
  })

  test('my properties: export downloads an .xlsx of the listed properties with a total row', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await openMyProperties(page)
    const list = page.getByTestId('my-properties')

    // Nothing listed: nothing to export.
    await list.getByTestId('property-search').fill('no such property anywhere')
    await list.getByTestId('property-empty').waitFor()
    await list.getByTestId('property-export').click()
    await page.getByTestId('toast').getByText(en('propertyConsole.export.noData')).waitFor()

    await list.getByTestId('property-search').fill('')
    await list.getByTestId('property-card').first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByTestId('property-export').click(),
    ])
    assert.match(download.suggestedFilename(), /^properties_\d{14}\.xlsx$/)
    await page.getByTestId('toast').getByText(en('propertyConsole.export.success')).waitFor()
    const bytes = await downloadedBytes(download)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(bytes).buffer)
    const sheet = workbook.worksheets[0]!
    const values = (r: number) =>
      (sheet.getRow(r).values as unknown[])
        .slice(1)
        .map((v) => (v === undefined || v === null ? '' : String(v)))
    assert.deepEqual(
      values(1),
      ['code', 'name', 'address', 'type'].map((c) => en(`propertyConsole.export.col.${c}`)),
    )
    const n = managerProperties.length
    assert.equal(sheet.rowCount, n + 2)
    assert.deepEqual(
      Array.from({ length: n }, (_, i) => values(i + 2)),
      managerProperties.map((p) => [p.code, p.name, p.address, p.types]),
    )
    assert.deepEqual(values(n + 2), [
      en('propertyConsole.export.total'),
      en('propertyConsole.export.totalCount', [n]),
    ])
    await context.close()
  })

  test('my properties: the code dialog saves the code with its spaces removed', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await openMyProperties(page)
    const list = page.getByTestId('my-properties')
    await list.getByTestId('property-search').fill('DEMO-APT')
    const card = list.getByTestId('property-card')
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="my-properties"] [data-testid="property-card"]').length === 1,
    )
    const propertyId = Number(await card.getAttribute('data-property-id'))
    await card.getByTestId('property-code-edit').click()
    const dialog = page.getByTestId('property-code-dialog')
    await dialog.locator('input[name="propertyCode"]').fill(' APT 2024 B ')
    await dialog.getByTestId('property-code-save').click()
    await dialog.waitFor({ state: 'hidden' })

    const [row] = await suite.product.sql<{ code: string }>(
      'SELECT property_code AS code FROM pms_property WHERE property_id = $1',
      [propertyId],
    )
    assert.equal(row!.code, 'APT2024B')
    // The refreshed list shows the new code: the old keyword no longer matches, the new one does.
    await list.getByTestId('property-empty').waitFor()
    await list.getByTestId('property-search').fill('APT2024B')
    await card.waitFor()
    assert.match((await card.getByTestId('property-code').textContent()) ?? '', /APT2024B/)
    await context.close()
  })
  test('property settings: the manager sets the timing rules and sees them after a reload', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    // The manager's property menu holds 'my properties' and the settings.
    await page.getByTestId('menu-group-/propertyAdmin').click()
    await page.getByTestId('menu-/propertyAdmin/settings').click()
    await page.waitForURL('**/propertyAdmin/settings')
    await page.getByTestId('settings-tab-timing').click()
    const form = page.getByTestId('timing-form')
    await form.getByTestId('timing-checkOutMode').selectOption('24h')
    await form.getByTestId('timing-checkOutTime').fill('13:30')
    await form.getByTestId('timing-hourUnitMinutes').fill('90')
    await form.getByTestId('timing-overtimeMode').selectOption('hourly')
    await form.getByTestId('timing-graceMinutes').fill('15')
    await form.getByTestId('timing-hourly').fill('25.5')
    await form.getByTestId('timing-cap').fill('100')
    await form.getByTestId('timing-fullDayAfterMinutes').fill('')
    await form.getByTestId('timing-points').fill('2')
    await form.getByTestId('timing-per').fill('10')
    await form.getByTestId('timing-maxOnlineRooms').fill('abc')
    await form.getByTestId('timing-maxNights').fill('180')
    await form.getByTestId('timing-overbookRooms').fill('2')
    await form.getByTestId('timing-save').click()
    // A bad field is named and nothing is saved.
    await form
      .getByTestId('field-error')
      .getByText(en('crud.validation.integer', [en('propertyConsole.timing.maxOnlineRooms')]))
      .waitFor()
    await form.getByTestId('timing-maxOnlineRooms').fill('25')
    await form.locator('label:has([data-testid="timing-onlineBooking"])').click()
    await form.locator('label:has([data-testid="timing-requireShift"])').click()
    await form.getByTestId('timing-save').click()
    await page.getByTestId('toast').getByText(en('common.editSuccess')).waitFor()

    await page.reload()
    await page.getByTestId('settings-tab-timing').click()
    const again = page.getByTestId('timing-form')
    await again.waitFor()
    const value = (name: string) => again.getByTestId(`timing-${name}`).inputValue()
    assert.equal(await value('checkOutMode'), '24h')
    assert.equal(await value('checkOutTime'), '13:30')
    assert.equal(await value('hourUnitMinutes'), '90')
    assert.equal(await value('graceMinutes'), '15')
    assert.equal(await value('hourly'), '25.50')
    assert.equal(await value('cap'), '100.00')
    // Empty: a late guest is never charged a full day (stored as null, not 0).
    assert.equal(await value('fullDayAfterMinutes'), '')
    assert.equal(await value('points'), '2')
    assert.equal(await value('per'), '10')
    assert.equal(await value('maxOnlineRooms'), '25')
    assert.equal(await value('maxNights'), '180')
    assert.equal(await value('overbookRooms'), '2')
    assert.equal(await again.getByTestId('timing-onlineBooking').isChecked(), true)
    assert.equal(await again.getByTestId('timing-requireShift').isChecked(), true)
    await screenshot(page, 'properties-timing')
    await context.close()
  })

  test('authorisation: the manager applies and the platform admin approves', async () => {
    await suite.product.sql(`UPDATE pms_property SET auth_state = '0' WHERE property_code = 'DEMO-HOTEL'`)
    const manager = await suite.newContext()
    const page = await manager.newPage()
    await signIn(page, 'manager')
    await page.goto('/propertyAdmin/settings')
    await page.getByTestId('settings-tab-auth').click()
    const state = page.getByTestId('property-auth-state')
    assert.equal(await state.getAttribute('data-state'), '0')
    await page.getByTestId('property-apply').click()
    await page.getByTestId('confirm-ok').click()
    await page.locator('[data-testid="property-auth-state"][data-state="1"]').waitFor()
    assert.equal(await page.getByTestId('property-apply').count(), 0)
    await manager.close()

    const admin = await suite.newContext()
    const adminPage = await admin.newPage()
    await signIn(adminPage, 'admin')
    await adminPage
      .getByTestId('sidebar')
      .locator(`a[title="${en('propertyConsole.menu.admin')}"]`)
      .click()
    await adminPage.waitForURL('**/propertyAdmin/pmsProperty')
    const row = adminPage.getByTestId('crud-row').filter({ hasText: 'DEMO-HOTEL' })
    await row.waitFor()
    // The property's types in the reader's language, not the dictionary's stored labels.
    await row.locator('[data-col="types"]').getByText('Hotel').waitFor()
    assert.doesNotMatch((await row.locator('[data-col="types"]').textContent()) ?? '', /酒店/)
    assert.equal(await row.getByTestId('admin-auth-state').getAttribute('data-state'), '1')
    await row.getByTestId('crud-row-menu').click()
    await adminPage.getByTestId('crud-action-review').click()
    const dialog = adminPage.getByTestId('review-dialog')
    // Refusing needs a remark.
    await dialog.getByTestId('review-3').click()
    await dialog.getByTestId('review-save').click()
    await dialog.getByTestId('field-error').waitFor()
    await dialog.getByTestId('review-2').click()
    await dialog.locator('textarea[name="remark"]').fill('Licence checked')
    await dialog.getByTestId('review-save').click()
    await dialog.waitFor({ state: 'hidden' })
    await row.locator('[data-testid="admin-auth-state"][data-state="2"]').waitFor()
    const [stored] = await suite.product.sql<{ state: string }>(
      `SELECT auth_state::text AS state FROM pms_property WHERE property_code = 'DEMO-HOTEL'`,
    )
    assert.equal(stored!.state, '2')
    await screenshot(adminPage, 'properties-admin')
    await admin.close()
  })
  test("replacing a property's admin: the platform admin finds the new one by typing part of the user name", async () => {
    const admin = await suite.newContext()
    const page = await admin.newPage()
    await signIn(page, 'admin')
    await page.goto('/propertyAdmin/pmsProperty')
    // By its name: an earlier test of this file changed the apartment's code.
    const row = page.getByTestId('crud-row').filter({ hasText: '城市演示公寓' })
    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-replaceAdmin').click()
    const dialog = page.getByTestId('replace-admin-dialog')
    // The apartment's one admin is the manager: chosen already as the one who hands over.
    await dialog
      .getByTestId('replace-old')
      .locator('option:checked', { hasText: 'manager' })
      .waitFor({ state: 'attached' })
    const next = dialog.getByTestId('replace-new')
    const matches = dialog.getByTestId('replace-new-matches')
    await next.fill('nobody-by-that-name')
    await matches.getByText(en('crud.lookup.none')).waitFor()
    await next.fill('cle')
    // The current admin is never offered, whatever the keyword.
    await matches.getByRole('option', { name: '前台小李 (clerk)' }).click()
    await dialog.getByTestId('replace-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const admins = await suite.product.sql<{ user_name: string }>(
      `SELECT u.user_name FROM pms_property_user pu JOIN sys_user u ON u.user_id = pu.user_id
        JOIN pms_property p ON p.property_id = pu.property_id
        WHERE p.property_name = '城市演示公寓' AND pu.is_admin ORDER BY u.user_name`,
    )
    assert.deepEqual(
      admins.map((a) => a.user_name),
      ['clerk'],
    )
    await admin.close()
  })
})
