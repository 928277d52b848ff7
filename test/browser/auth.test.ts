// Browser: sign-in and sign-out, the wrong-password message, the route guard and the menu per user; a console in use
// keeps its sign-in as long as the server keeps its session.
import assert from 'node:assert/strict'
import { beforeAll, describe, test, vi } from 'vitest'
import {
  fillPasswordForm,
  menuTitles,
  screenshot,
  signIn,
  signInThroughForm,
  useProductAndBrowser,
} from './helpers.ts'

describe('console sign-in and guard', () => {
  const suite = useProductAndBrowser()

  beforeAll(async () => {
    // A screen that is not built must stay out of the menu even when the server lists it.
    await suite.product.sql(
      `UPDATE sys_menu SET menu_type = 'C', component = 'system/notBuilt/index', visible = '0' WHERE path = 'user'`,
    )
    await suite.product.sql(`UPDATE sys_menu SET visible = '0' WHERE path = 'system'`)
  })

  test('password sign-in lands on home; logout asks, then returns to the sign-in page', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('login-card').waitFor()
    await screenshot(page, 'login')
    await fillPasswordForm(page, '  manager ', 'admin123')
    await page.getByTestId('home-page').waitFor()
    assert.equal(new URL(page.url()).pathname, '/index')
    await screenshot(page, 'home')
    const cookies = await context.cookies()
    assert.ok(cookies.some((c) => c.name === 'Admin-Token' && c.value.length > 10))

    await page.getByTestId('avatar-menu').click()
    await page.getByTestId('menu-logout').click()
    await page.getByTestId('confirm-ok').click()
    await page.waitForURL(/\/login\?redirect=%2Findex/)
    assert.ok(!(await context.cookies()).some((c) => c.name === 'Admin-Token'))
    await context.close()
  })

  test('the sign-in page downloads only itself: no UI library, no layout, one language, ≤ 150 KB of compressed script; the next screen once someone starts signing in', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('password-form').waitFor()
    await page.waitForLoadState('networkidle')
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.*\.js$/.test(e.name))
        .map((e) => ({
          name: new URL(e.name).pathname,
          bytes: (e as PerformanceResourceTiming).encodedBodySize,
        })),
    )
    const names = scripts.map((s) => s.name)
    // Chunk names follow vite.config.ts: the UI library's group is 'ui', the layout and its provider their files.
    assert.deepEqual(
      names.filter((n) => /\/assets\/(ui[~-]|Layout-|ChakraRoot-|rest-)/.test(n)),
      [],
    )
    assert.equal(names.filter((n) => /\/assets\/core-/.test(n)).length, 1, 'one language pack')
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0)
    assert.ok(total > 0 && total <= 150 * 1024, `${total} bytes of script`)
    // Focus on the form starts the download of what comes after it.
    const layout = page.waitForRequest((r) => /\/assets\/Layout-.*\.js$/.test(r.url()))
    await page.getByTestId('password-form').locator('input[name="username"]').focus()
    await layout
    await context.close()
  })

  test('a wrong password shows the server message and stays on the sign-in page', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/login')
    await fillPasswordForm(page, 'clerk', 'wrong-password')
    const toast = page.getByTestId('toast').first()
    await toast.waitFor()
    assert.match((await toast.textContent()) ?? '', /password|incorrect|wrong/i)
    assert.equal(new URL(page.url()).pathname, '/login')
    await context.close()
  })

  test('empty fields are refused before any call with the §5 messages', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('login-submit').click()
    assert.equal(await page.getByTestId('field-error').first().textContent(), 'The account cannot be empty')
    await context.close()
  })

  test('an anonymous deep link goes to /login and comes back after sign-in', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/user/profile?tab=1')
    await page.waitForURL(/\/login\?redirect=%2Fuser%2Fprofile%3Ftab%3D1/)
    await fillPasswordForm(page, 'manager', 'admin123')
    await page.getByTestId('profile-page').waitFor()
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, '/user/profile?tab=1')
    // Signed in, /login sends the user home.
    await page.goto('/login')
    await page.getByTestId('home-page').waitFor()
    // An unknown path goes to /index; /404 is the not-found page (every route of the table has its screen now).
    await page.goto('/no/such/page')
    await page.waitForURL(/\/index$/)
    await page.goto('/404')
    await page.getByTestId('page-404').waitFor()
    await context.close()
  })

  test('a platform user (type 1) whose session is gone is sent to /admin; whitelisted pages stay open', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signInThroughForm(page, 'admin')
    await context.clearCookies({ name: 'Admin-Token' })
    await page.goto('/user/profile')
    await page.waitForURL(/\/admin$/)
    await page.goto('/private/en-US')
    await page.getByTestId('privacy-page').waitFor()
    await context.close()
  })

  test('the menu follows the permissions: staff see the event page, the platform admin does not', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signInThroughForm(page, 'manager')
    const managerMenu = await menuTitles(page)
    // Home first, then the property admin's screens: among them the event page and the card issuing screen.
    assert.equal(managerMenu[0], 'Home')
    // The card group holds the issuing screen and the card applications.
    await page.getByTestId('menu-group-/cards').click()
    assert.equal(await page.getByTestId('menu-/cards/pmsCard').count(), 1)
    assert.equal(await page.getByTestId('menu-/pmsManagement/pmsEvent').count(), 1)
    await page.getByTestId('menu-/pmsManagement/pmsEvent').click()
    await page.getByTestId('event-page').waitFor()
    assert.ok(!(await page.getByTestId('menu-/system/user').count()))
    await context.close()

    const adminContext = await suite.newContext()
    const adminPage = await adminContext.newPage()
    await signInThroughForm(adminPage, 'admin')
    // The platform admin sees its own screens (property administration, qualification review), no desk screens.
    const adminMenu = await menuTitles(adminPage)
    assert.equal(adminMenu[0], 'Home')
    assert.equal(await adminPage.getByTestId('menu-/cards/pmsCard').count(), 0)
    assert.equal(await adminPage.getByTestId('menu-/pmsManagement/pmsEvent').count(), 0)
    // The user screen is listed by the server under a component the console lacks, so it is not in the menu.
    assert.equal(await adminPage.getByTestId('menu-/system/user').count(), 0)
    // Type 1: no property selector, no bell.
    assert.equal(await adminPage.getByTestId('bell').count(), 0)
    assert.equal(await adminPage.getByTestId('property-selector').count(), 0)
    await adminContext.close()
  })

  test("a desk in use keeps its sign-in past the first twelve hours: the token's cookies follow the session", async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    // As if signed in 11 h 59 min ago: the token's cookies have a minute left, the session (used all day) has 12 h.
    const cookies = await context.cookies()
    const inAMinute = Math.floor(Date.now() / 1000) + 60
    await context.addCookies(
      cookies
        .filter((c) => c.name === 'Admin-Token' || c.name === 'Admin-Expires-In')
        .map((c) => ({ ...c, expires: inAMinute })),
    )
    // The desk goes on working: its calls are answered, and the cookies move with the session.
    await page.goto('/index')
    await page.getByTestId('layout').waitFor()
    const token = async () => (await context.cookies()).find((c) => c.name === 'Admin-Token')!
    await vi.waitFor(async () => assert.ok((await token()).expires > Date.now() / 1000 + 11 * 3600), {
      timeout: 15_000,
    })
    await context.close()
  })
})
