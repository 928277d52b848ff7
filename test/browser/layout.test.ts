// Browser: language switch, visited-page tabs and their context menu, header search, layout settings and size.
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { signIn, useProductAndBrowser } from './helpers.ts'

const tagPaths = (page: Page) =>
  page.getByTestId('tag').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-path')))

describe('console layout', () => {
  const suite = useProductAndBrowser()

  test('switching the language changes the texts and survives a reload', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    const search = page.getByTestId('header-search')
    assert.equal(await search.getAttribute('placeholder'), 'Search menus')
    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-zh-HK').click()
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK')
    assert.equal(await search.getAttribute('placeholder'), '搜尋選單')
    await page.reload()
    await page.getByTestId('layout').waitFor()
    assert.equal(await page.getByTestId('header-search').getAttribute('placeholder'), '搜尋選單')
    assert.equal(await page.evaluate(() => localStorage.getItem('language')), 'zh-HK')
    // The server answers in the chosen language too.
    await page.getByTestId('language-switch').click()
    await page.getByTestId('language-zh-CN').click()
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN')
    assert.equal(await page.getByTestId('header-search').getAttribute('placeholder'), '搜索菜单')
    await context.close()
  })

  test('tabs: visited pages are listed; the context menu refreshes and closes; home cannot close', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.getByTestId('menu-/pmsManagement/pmsEvent').click()
    await page.getByTestId('event-page').waitFor()
    await page.goto('/user/profile')
    await page.getByTestId('profile-page').waitFor()
    assert.deepEqual(await tagPaths(page), ['/index', '/pmsManagement/pmsEvent', '/user/profile'])

    // Refresh goes through /redirect and comes back to the same page.
    await page.locator('[data-testid="tag"][data-path="/user/profile"]').click({ button: 'right' })
    const menu = page.getByTestId('tag-menu')
    assert.equal(await menu.evaluate((m) => m.getBoundingClientRect().width), 105)
    await page.getByTestId('tag-menu-refresh').click()
    await page.getByTestId('profile-page').waitFor()
    assert.equal(new URL(page.url()).pathname, '/user/profile')

    // Home is affixed: its menu has no close entry, and close-all keeps it.
    await page.locator('[data-testid="tag"][data-path="/index"]').click({ button: 'right' })
    assert.equal(await page.getByTestId('tag-menu-close').count(), 0)
    await page.keyboard.press('Escape')
    await page.mouse.click(600, 600)

    await page.locator('[data-testid="tag"][data-path="/user/profile"]').click({ button: 'right' })
    await page.getByTestId('tag-menu-closeOthers').click()
    assert.deepEqual(await tagPaths(page), ['/index', '/user/profile'])

    await page.locator('[data-testid="tag"][data-path="/user/profile"]').click({ button: 'right' })
    await page.getByTestId('tag-menu-close').click()
    await page.waitForURL(/\/index$/)
    assert.deepEqual(await tagPaths(page), ['/index'])

    await page.goto('/pmsManagement/pmsEvent')
    await page.getByTestId('event-page').waitFor()
    await page.locator('[data-testid="tag"][data-path="/index"]').click({ button: 'right' })
    await page.getByTestId('tag-menu-closeAll').click()
    await page.waitForURL(/\/index$/)
    assert.deepEqual(await tagPaths(page), ['/index'])
    await context.close()
  })

  test('header search finds a permitted page by title and goes there', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.getByTestId('header-search').fill('notifcations')
    const results = page.getByTestId('header-search-results')
    await results.waitFor()
    await results.getByRole('button').first().click()
    await page.getByTestId('event-page').waitFor()
    assert.equal(new URL(page.url()).pathname, '/pmsManagement/pmsEvent')
    await context.close()
  })

  test('layout settings take effect and persist; the size selector (admin) rescales components', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')
    assert.equal(await page.getByTestId('tags-view').count(), 1)
    await page.getByTestId('avatar-menu').click()
    await page.getByTestId('menu-settings').click()
    await page.getByTestId('settings-panel').waitFor()
    await page.getByTestId('setting-tagsView').locator('label, [data-part="control"]').first().click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="tags-view"]'))
    await page.getByTestId('setting-sidebarLogo').locator('label, [data-part="control"]').first().click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="sidebar-logo"]'))
    await page.getByTestId('theme-teal').click()
    await page.keyboard.press('Escape')

    const height = () => page.getByTestId('header-search').evaluate((e) => e.getBoundingClientRect().height)
    const before = await height()
    await page.getByTestId('size-select').click()
    await page.getByTestId('size-mini').click()
    await page.waitForFunction(() => document.documentElement.style.fontSize === '13px')
    assert.ok((await height()) < before)

    await page.reload()
    await page.getByTestId('layout').waitFor()
    assert.equal(await page.getByTestId('tags-view').count(), 0)
    assert.equal(await page.getByTestId('sidebar-logo').count(), 0)
    assert.equal(await page.evaluate(() => document.documentElement.style.fontSize), '13px')
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('layout-setting'))) ?? '{}')
    assert.equal(stored.themeColor, 'teal')
    await context.close()
  })

  test('staff do not get the size selector; the sidebar toggles and remembers it', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    assert.equal(await page.getByTestId('size-select').count(), 0)
    const sidebarWidth = () => page.getByTestId('sidebar').evaluate((e) => e.getBoundingClientRect().width)
    assert.equal(await sidebarWidth(), 200)
    await page.getByTestId('hamburger').click()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-open') === 'false',
    )
    await page.reload()
    await page.getByTestId('layout').waitFor()
    assert.equal(await page.getByTestId('sidebar').getAttribute('data-open'), 'false')
    await context.close()
  })

  test('on a narrow screen the sidebar is an overlay that closes on the backdrop and on navigation', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width: 800, height: 900 })
    await signIn(page, 'manager')
    const open = () => page.getByTestId('sidebar').getAttribute('data-open')
    assert.equal(await open(), 'false')
    await page.getByTestId('hamburger').click()
    assert.equal(await open(), 'true')
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 700, y: 400 } })
    assert.equal(await open(), 'false')
    await page.getByTestId('hamburger').click()
    await page.getByTestId('menu-/pmsManagement/pmsEvent').click()
    await page.getByTestId('event-page').waitFor()
    assert.equal(await open(), 'false')
    await context.close()
  })
})
