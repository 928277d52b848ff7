// Browser: the platform's system screens (issue 17) — menus, dictionaries, configuration — each change seen where it
// is used.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import {
  launchChromium,
  newContext,
  openSystemScreen,
  type Product,
  screenshot,
  signIn,
  startProduct,
} from './helpers.ts'

describe('system screens', () => {
  let product: Product
  let browser: Browser

  beforeAll(async () => {
    product = await startProduct()
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await product?.close()
  })

  test('menus: hiding a screen takes it out of the staff menu at their next sign-in', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/menu')
    const screen = page.getByTestId('menu-page')
    await screen.getByTestId('crud-row').first().waitFor()
    await screen.getByTestId('crud-search').getByTestId('field-menuName').fill('members.menu.tags')
    await screen.getByTestId('crud-search-submit').click()
    const row = screen.getByTestId('crud-row').filter({ hasText: 'Member tags' })
    await row.waitFor()
    assert.equal(await screen.getByTestId('crud-row').count(), 1)
    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-edit').click()
    const dialog = page.getByTestId('crud-dialog')
    assert.equal(await dialog.getByTestId('field-component').inputValue(), 'pms/pmsMemberTag/index')
    await dialog.getByTestId('field-visible').selectOption('1')
    await screenshot(page, 'admin-menus-edit')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    await row.locator('[data-col="visible"]', { hasText: 'Hidden' }).waitFor()
    await context.close()

    const manager = await newContext(browser, product.baseUrl)
    const managerPage = await manager.newPage()
    await signIn(managerPage, 'manager')
    await managerPage.getByTestId('menu-group-/members').click()
    await managerPage.getByTestId('menu-/members/pmsMember').waitFor()
    assert.equal(await managerPage.getByTestId('menu-/members/pmsMemberTag').count(), 0)
    await manager.close()
  })

  test('dictionaries: an entry added to the property types is offered in the property settings at once', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/dict')
    const types = page.getByTestId('dict-type-page')
    const row = types.getByTestId('crud-row').filter({ hasText: 'pms_property_type' })
    await row.getByTestId('dict-type-open').click()
    await page.waitForURL(/\/dict\/type\/data\/\d+$/)
    const data = page.getByTestId('dict-data-page')
    await data.getByTestId('crud-row').filter({ hasText: '酒店' }).waitFor()
    await data.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-dictLabel').fill('Hostel')
    await dialog.getByTestId('field-dictValue').fill('1')
    await dialog.getByTestId('field-dictSort').fill('6')
    await dialog.getByTestId('crud-save').click()
    // A value is unique within its type: the server's message, the dialog stays open.
    await page.getByTestId('toast').filter({ hasText: 'already' }).waitFor()
    await dialog.getByTestId('field-dictValue').fill('6')
    await dialog.getByTestId('field-listClass').selectOption('success')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    await data.getByTestId('crud-row').filter({ hasText: 'Hostel' }).waitFor()
    await screenshot(page, 'admin-dict-data')
    await context.close()

    const manager = await newContext(browser, product.baseUrl)
    const managerPage = await manager.newPage()
    await signIn(managerPage, 'manager')
    await managerPage.goto('/propertyAdmin/settings')
    await managerPage.getByTestId('field-propertyTypes').getByText('Hostel').waitFor()
    await manager.close()
  })

  test('language packs: an added entry and an inline edit, once published, change the wording without a rebuild', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/language')
    await page.getByTestId('language-code').selectOption('en-US')
    const screen = page.getByTestId('language-page')
    await screen.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-languageKey').fill('menu.system.user')
    await dialog.getByTestId('field-content').fill('People')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const row = screen.getByTestId('crud-row').filter({ hasText: 'menu.system.user' })
    // The built-in wording stands beside the server's.
    await row.locator('[data-col="builtIn"]', { hasText: 'Users' }).waitFor()
    await screen.getByTestId('language-publish').click()
    await page.getByTestId('menu-/system/user').filter({ hasText: 'People' }).waitFor()

    await row.getByTestId('language-content').fill('Staff accounts')
    await screen.getByTestId('language-publish').click()
    await page.getByTestId('menu-/system/user').filter({ hasText: 'Staff accounts' }).waitFor()
    await screenshot(page, 'admin-language')
    // Another console, started afresh, merges the server's pack over its built-in one.
    const fresh = await context.newPage()
    await fresh.goto('/index')
    await fresh.getByTestId('layout').waitFor()
    if (!(await fresh.getByTestId('menu-/system/user').isVisible()))
      await fresh.getByTestId('menu-group-/system').click()
    await fresh.getByTestId('menu-/system/user').filter({ hasText: 'Staff accounts' }).waitFor()
    await context.close()
  })

  test('sms and email records: a sign-in code sent to a phone is listed with the phone masked, filtered', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    const sent = await page.request.get('/prod-api/phoneCode?phone=0086-13800000002&type=login')
    assert.equal((await sent.json()).code, 200)
    const mailed = await page.request.get('/prod-api/emailCode?email=clerk@demo.local&type=login')
    assert.equal((await mailed.json()).code, 200)
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/record')
    const sms = page.getByTestId('sms-records')
    const row = sms.getByTestId('record-row').first()
    await row.waitFor()
    assert.equal(await row.locator('[data-col="phone"]').textContent(), '0086-138****0002')
    assert.equal(await row.locator('[data-col="purpose"]').textContent(), 'Sign-in code')
    await sms.getByTestId('crud-search').getByTestId('field-phone').fill('99999')
    await sms.getByTestId('crud-search-submit').click()
    await row.waitFor({ state: 'detached' })
    await page.getByTestId('record-tab-email').click()
    const email = page.getByTestId('email-records')
    await email.getByTestId('record-row').filter({ hasText: 'clerk@demo.local' }).waitFor()
    await screenshot(page, 'admin-records')
    await context.close()
  })

  test('app versions: a release with an uploaded package is downloaded from /file/:platform/:appId', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/appVersion')
    const screen = page.getByTestId('app-version-page')
    await screen.getByTestId('crud-add').click()
    const dialog = page.getByTestId('app-version-dialog')
    await dialog.getByTestId('field-platform').selectOption('android')
    await dialog.getByTestId('field-appId').fill('com.demo.desk')
    await dialog.getByTestId('field-versionCode').fill('7')
    await dialog.getByTestId('field-versionName').fill('1.7.0')
    await dialog.getByTestId('crud-save').click()
    // The server names what is missing, in the words of SPEC §5.
    await page.getByTestId('toast').filter({ hasText: 'Package name cannot be empty' }).waitFor()
    await dialog.getByTestId('field-packageName').fill('com.demo.desk')
    await dialog.getByTestId('field-releaseNotes').fill('Faster card issuing')
    const apk = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('desk-apk'.repeat(50))])
    await dialog.getByTestId('app-version-file').setInputFiles({
      name: 'desk-1.7.0.apk',
      mimeType: 'application/octet-stream',
      buffer: apk,
    })
    await dialog.getByTestId('app-version-file-name').filter({ hasText: 'desk-1.7.0.apk' }).waitFor()
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    await screen.getByTestId('crud-row').filter({ hasText: '1.7.0' }).waitFor()
    await context.close()

    const visitor = await newContext(browser, product.baseUrl)
    const download = await visitor.newPage()
    await download.goto('/file/android/com.demo.desk')
    await download.getByTestId('file-download-version').filter({ hasText: '1.7.0' }).waitFor()
    await screenshot(download, 'admin-app-download')
    const [file] = await Promise.all([
      download.waitForEvent('download'),
      download.getByTestId('file-download-link').click(),
    ])
    assert.equal(file.suggestedFilename(), 'desk-1.7.0.apk')
    const saved = await file.path()
    assert.ok(saved && readFileSync(saved).equals(apk))
    await visitor.close()
  })

  test('configuration: switching the captcha on shows it on the sign-in page; built-in records stay', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/config')
    const screen = page.getByTestId('config-page')
    const row = screen.getByTestId('crud-row').filter({ hasText: 'sys.account.captchaEnabled' })
    await row.getByTestId('crud-row-menu').click()
    // A built-in record is edited, never deleted.
    await page.getByTestId('crud-action-edit').waitFor()
    assert.equal(await page.getByTestId('crud-action-delete').count(), 0)
    await page.getByTestId('crud-action-edit').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-configValue').fill('true')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    await row.locator('[data-col="configValue"]', { hasText: 'true' }).waitFor()
    await screen.getByTestId('config-clear-cache').click()
    await page.getByTestId('toast').filter({ hasText: 'cache' }).waitFor()
    await context.close()

    const visitor = await newContext(browser, product.baseUrl)
    const login = await visitor.newPage()
    await login.goto('/login')
    await login.getByTestId('password-form').getByRole('img', { name: 'Captcha' }).first().waitFor()
    await visitor.close()
  })
})
