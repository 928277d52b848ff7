// Browser: the users screen (issue 17). The platform admin adds a staff account, binds it to the hotel with the desk
// role; that person signs in and sees the desk's screens but not the users screen. The hotel's administrator sees its
// staff only, makes the clerk an admin (confirmed) and back.
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { launchChromium, newContext, type Product, screenshot, signIn, startProduct } from './helpers.ts'

/** Opens a screen of the system group: a group of several entries folds, a lone entry stands on its own. */
export async function openSystemScreen(page: Page, path: string): Promise<void> {
  const entry = page.getByTestId(`menu-${path}`)
  if (!(await entry.isVisible())) await page.getByTestId('menu-group-/system').click()
  await entry.click()
}

describe('users screen', () => {
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

  test('the platform admin adds a staff account and binds it to a property; it signs in there', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/user')
    const screen = page.getByTestId('user-page')
    await screen.getByTestId('crud-row').first().waitFor()
    // Both user types are listed; the platform admin's own row among them.
    await screen.getByTestId('crud-row').filter({ hasText: 'manager' }).waitFor()
    await screen.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-userName').fill('deskbob')
    await dialog.getByTestId('field-password').fill('short')
    await dialog.getByTestId('field-nickName').fill('Bob at the desk')
    await dialog.getByTestId('crud-save').click()
    // The password length is checked before anything is sent.
    await dialog.getByTestId('error-password').waitFor()
    await dialog.getByTestId('field-password').fill('deskpass1')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const row = screen.getByTestId('crud-row').filter({ hasText: 'deskbob' })
    await row.waitFor()

    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-properties').click()
    const binding = page.getByTestId('user-properties-dialog')
    await binding.getByTestId('user-binding-add-property').selectOption({ label: '海景演示酒店' })
    await binding.getByTestId('user-binding-add').click()
    await binding.getByTestId('user-binding-role').selectOption({ label: '前台' })
    await screenshot(page, 'admin-users-binding')
    await binding.getByTestId('user-properties-save').click()
    await binding.waitFor({ state: 'hidden' })
    await row.filter({ hasText: '海景演示酒店' }).waitFor()
    await context.close()

    const bob = await newContext(browser, product.baseUrl)
    const bobPage = await bob.newPage()
    await signIn(bobPage, 'deskbob', 'deskpass1')
    await bobPage.getByTestId('menu-/pmsManagement/pmsEvent').waitFor()
    assert.equal(await bobPage.getByTestId('menu-/system/user').count(), 0)
    await bob.close()
  })

  test('the property admin sees its staff only and sets and cancels the clerk as admin', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'manager')
    await openSystemScreen(page, '/system/user')
    const screen = page.getByTestId('user-page')
    const clerk = screen
      .getByTestId('crud-row')
      .filter({ has: page.locator('[data-col="userName"]', { hasText: /^clerk$/ }) })
    await clerk.waitFor()
    const names = await screen.locator('[data-col="userName"]').allTextContents()
    assert.ok(!names.includes('admin'), `platform account listed to a property admin: ${names}`)
    // The phone is masked in the list.
    assert.ok((await clerk.locator('[data-col="phonenumber"]').textContent())?.includes('****'))

    await clerk.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-setAdmin').click()
    await page.getByTestId('confirm-ok').click()
    await clerk.getByTestId('user-admin-badge').waitFor()
    await screenshot(page, 'admin-users-property')
    await clerk.getByTestId('crud-row-menu').click()
    assert.equal(await page.getByTestId('crud-action-setAdmin').count(), 0)
    await page.getByTestId('crud-action-cancelAdmin').click()
    await page.getByTestId('confirm-ok').click()
    await clerk.getByTestId('user-admin-badge').waitFor({ state: 'detached' })
    await context.close()
  })
})
