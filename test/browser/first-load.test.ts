// Browser: how a first load reaches the network and draws (issue 16, first load). The timings are the console-load
// bench's; these pin the structure that makes them: the sign-in page's code asked for in one round from index.html,
// its form drawn in the first render (no loading placeholder first), and the room status chart's data asked for
// while the chart's code is still on its way.
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, test } from 'vitest'
import { launchChromium, newContext, type Product, signIn, startProduct } from './helpers.ts'

const CHART_PATH = '/frontDesk/roomStatus'

/** Records, from the first byte of the page, whether the loading placeholder ever showed before the sign-in form. */
async function watchPlaceholder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { placeholderBeforeForm?: boolean }
    w.placeholderBeforeForm = false
    new MutationObserver((records, observer) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue
          if (
            node.querySelector('[data-testid="password-form"]') ||
            node.matches('[data-testid="password-form"]')
          )
            return observer.disconnect()
          if (
            node.matches('[data-testid="page-loading"]') ||
            node.querySelector('[data-testid="page-loading"]')
          )
            w.placeholderBeforeForm = true
        }
    }).observe(document, { childList: true, subtree: true })
  })
}

describe('first load', () => {
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

  test('index.html names every script and stylesheet the sign-in page loads, so none waits for another to run', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByTestId('password-form').waitFor()
    await page.waitForLoadState('networkidle')
    const loaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /^\/assets\/.*\.(js|css)$/.test(p)),
    )
    // The page as served, before any script ran (Vite's import helper adds links of its own later).
    const html = await (await context.request.get('/login', { headers: { accept: 'text/html' } })).text()
    const named = new Set(html.match(/\/assets\/[^"'\s>]+\.(js|css)/g))
    assert.ok(loaded.length >= 5, `${loaded.length} files`)
    assert.deepEqual(
      loaded.filter((p) => !named.has(p)),
      [],
      'asked for only once an earlier script had run',
    )
    // The language pack named is the stored language's alone (newContext stores en-US).
    assert.equal(loaded.filter((p) => /\/assets\/core-/.test(p)).length, 1)
    await context.close()
  })

  test('the sign-in form is drawn in the first render: no loading placeholder shows before it', async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await watchPlaceholder(page)
    await page.goto('/login')
    await page.getByTestId('password-form').waitFor()
    assert.equal(await page.evaluate('window.placeholderBeforeForm'), false)
    await context.close()
  })

  test("the chart's data is asked for while the chart's code is still downloading, not once the screen has drawn", async () => {
    const context = await newContext(browser, product.baseUrl)
    const page = await context.newPage()
    await signIn(page, 'manager')
    // The chart screen's code is held until its data has been asked for: a page that asks only once the screen has
    // drawn never asks, and the wait below fails.
    let asked!: () => void
    const dataAsked = new Promise<void>((resolve) => {
      asked = resolve
    })
    page.on('request', (r) => {
      if (r.url().includes('/pmsRoom/statusChart')) asked()
    })
    let held = 0
    await page.route(/\/assets\/DeskRoomStatusPage-[^/]*\.js$/, async (route) => {
      held++
      await dataAsked
      await route.continue()
    })
    await page.goto(CHART_PATH, { waitUntil: 'commit' })
    await dataAsked
    await page.getByTestId('room-status-board').waitFor()
    assert.equal(held, 1, "the chart's code was fetched once, after its data was asked for")
    // One request for the chart: the screen took the early answer instead of asking again.
    const asks = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').filter((e) => e.name.includes('/pmsRoom/statusChart'))
          .length,
    )
    assert.equal(asks, 1)
    await context.close()
  })
})
