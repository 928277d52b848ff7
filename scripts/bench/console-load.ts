// `npm run bench -- console-load`: the console's first load in headless Chromium. The login page on a cold cache
// (compressed JavaScript bytes, files, navigation → login form visible) beside the same run's cold fetch of a
// static 1 KB file, and the room status chart of a 2,000-room property (navigation → every tile in and the main
// thread free to answer a click, with the chart API's share) beside the home page, all on a fresh temporary data
// folder; then one traced load of each, to tell a heavy page from a busy machine (trace.ts).
import { spawnSync } from 'node:child_process'
import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OpenedServer } from '@pms/server'
import type { Browser, Page } from 'playwright-core'
import { buildBridgeApp } from '../../bridge/src/app.ts'
import { listenOnFreePort, makeTempDir, testConfig } from '../../bridge/src/testing.ts'
import { fillPasswordForm, launchChromium, newContext, WEB_ROOT } from '../../test/browser/helpers.ts'
import { addTower, ROOMS } from './tower.ts'
import { type Breakdown, formatBreakdown, traceLoad } from './trace.ts'

const LOADS = Number(process.env.BENCH_LOADS ?? 9)
const LOGIN_FORM = '[data-testid="password-form"] input[name="username"]'
const CHART_COMPONENT = 'pms/roomStatus/index'

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}
const round = (n: number) => Math.round(n * 10) / 10
const stats = (values: number[]) => ({
  median: round(quantile(values, 0.5)),
  p95: round(quantile(values, 0.95)),
})

const root = new URL('../..', import.meta.url).pathname
const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PMS_WEB_DIST: WEB_ROOT },
})
if (build.status !== 0) throw new Error('building the console failed')

// The console as built, plus the 1 KB baseline file beside it, served by the very same static handler.
const dir = makeTempDir('pms-bench-console-load-')
const webRoot = join(dir.path, 'web')
cpSync(WEB_ROOT, webRoot, { recursive: true })
writeFileSync(join(webRoot, 'bench-1k.txt'), 'x'.repeat(1024))
const app = await buildBridgeApp({ config: testConfig(join(dir.path, 'data')), webRoot, env: {} })
const browser = await launchChromium()

/** Navigation → a selector present, read on an animation frame; then → the main thread free for a task. */
async function timeTo(page: Page, path: string, selector: string) {
  await page.goto(path, { waitUntil: 'commit' })
  const seen = await page.waitForFunction(
    (sel) => (document.querySelector(sel) ? performance.now() : false),
    selector,
    { polling: 'raf', timeout: 60_000 },
  )
  const visible = (await seen.jsonValue()) as number
  // A string, not a function: tsx's helpers (__name) do not exist in the page.
  const idle = await page.evaluate<number>(
    'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))))',
  )
  return { visible, idle }
}

/** The page's JavaScript as the network carried it (compressed), from resource timing. */
const scriptBytes = (page: Page) =>
  page.evaluate<{ files: number; encoded: number; decoded: number }>(`(() => {
    const js = performance.getEntriesByType('resource').filter((e) => /\\.m?js(\\?|$)/.test(e.name))
    return {
      files: js.length,
      encoded: js.reduce((s, e) => s + e.encodedBodySize, 0),
      decoded: js.reduce((s, e) => s + e.decodedBodySize, 0),
    }
  })()`)

/** The chart's API call as the page saw it: request start → last byte, and when it started after navigation. */
const chartApi = (page: Page) =>
  page.evaluate<{ start: number; ms: number }>(`(() => {
    const e = performance.getEntriesByType('resource').filter((r) => r.name.includes('/pmsRoom/statusChart')).at(-1)
    return e ? { start: e.startTime, ms: e.responseEnd - e.startTime } : { start: 0, ms: 0 }
  })()`)

/** Navigation → selector visible, under Chromium's tracing: where the main thread's time went. */
async function traced(browser: Browser, page: Page, path: string, selector: string): Promise<Breakdown> {
  return traceLoad(browser, page, async () => (await timeTo(page, path, selector)).visible)
}

async function coldLogin(browser: Browser, baseUrl: string) {
  const context = await newContext(browser, baseUrl)
  const page = await context.newPage()
  const { visible } = await timeTo(page, '/login', LOGIN_FORM)
  // The last lazy chunk may still be on its way when the form shows; count what the page loaded once it settles.
  await page.waitForLoadState('networkidle')
  const bytes = await scriptBytes(page)
  const encoding = await page.evaluate<string>(
    `fetch(document.querySelector('script[type=module]').src).then((r) => r.headers.get('content-encoding') ?? 'none')`,
  )
  await context.close()
  return { visible, ...bytes, encoding }
}

async function coldSmallFile(browser: Browser, baseUrl: string) {
  const context = await newContext(browser, baseUrl)
  const page = await context.newPage()
  await page.goto('/bench-1k.txt')
  const ms = await page.evaluate<number>(`performance.getEntriesByType('navigation')[0].responseEnd`)
  await context.close()
  return ms
}

try {
  const port = await listenOnFreePort(app)
  const baseUrl = `http://127.0.0.1:${port}`
  const server = app.bridge.server as OpenedServer

  // (a) The login page and the 1 KB file, each on a fresh browser context (empty cache), interleaved.
  const loginTimes: number[] = []
  const smallTimes: number[] = []
  let login = { files: 0, encoded: 0, decoded: 0, encoding: '' }
  for (let i = 0; i < LOADS + 1; i++) {
    const l = await coldLogin(browser, baseUrl)
    const s = await coldSmallFile(browser, baseUrl)
    if (i === 0) continue // the first load warms the server's file cache and Chromium's processes
    loginTimes.push(l.visible)
    smallTimes.push(s)
    login = l
  }

  // (b) A property of its own for the manager holding exactly 2,000 rooms, as the room-status bench makes them.
  const { must, roomIds } = await addTower(server, baseUrl)

  // Wherever the menu puts the chart, the bench finds it by its screen.
  const routes = await must('GET', '/system/menu/getRouters')
  const findPath = (nodes: any[], parent: string): string | undefined => {
    for (const n of nodes ?? []) {
      const path = n.path.startsWith('/') ? n.path : `${parent.replace(/\/$/, '')}/${n.path}`
      if (n.component === CHART_COMPONENT) return path
      const sub = findPath(n.children, path)
      if (sub) return sub
    }
    return undefined
  }
  const chartPath = findPath(routes, '')
  if (!chartPath) throw new Error(`no menu route renders ${CHART_COMPONENT}`)

  const context = await newContext(browser, baseUrl)
  const signInPage = await context.newPage()
  await signInPage.goto('/login')
  await fillPasswordForm(signInPage, 'manager', 'admin123')
  await signInPage.getByTestId('layout').waitFor()
  await signInPage.close()
  const tiles = `[data-testid="room-status-board"][data-tiles="${ROOMS}"] [data-room-id="${roomIds.at(-1)}"]`
  const chartTimes: number[] = []
  const chartVisible: number[] = []
  const chartApiMs: number[] = []
  const chartApiStart: number[] = []
  const homeTimes: number[] = []
  for (let i = 0; i < LOADS + 1; i++) {
    const page = await context.newPage()
    const home = await timeTo(page, '/index', '[data-testid="home-page"]')
    const chart = await timeTo(page, chartPath, tiles)
    const api = await chartApi(page)
    await page.close()
    if (i === 0) continue // the first load fills the browser's cache, as a desk PC's is after its first day
    homeTimes.push(home.idle)
    chartTimes.push(chart.idle)
    chartVisible.push(chart.visible)
    chartApiMs.push(api.ms)
    chartApiStart.push(api.start)
  }
  // One more of each under Chromium's tracing (slower for it): the main thread's time by kind of work.
  const tracePage = await context.newPage()
  const chartTrace = await traced(browser, tracePage, chartPath, tiles)
  await tracePage.close()
  await context.close()
  const coldContext = await newContext(browser, baseUrl)
  const loginTrace = await traced(browser, await coldContext.newPage(), '/login', LOGIN_FORM)
  await coldContext.close()

  const kb = (n: number) => round(n / 1024)
  const figures = {
    bench: 'console-load',
    loads: LOADS,
    loginScriptFiles: login.files,
    loginScriptKB: kb(login.encoded),
    loginScriptUncompressedKB: kb(login.decoded),
    contentEncoding: login.encoding,
    loginFormMedianMs: stats(loginTimes).median,
    loginFormP95Ms: stats(loginTimes).p95,
    smallFileMedianMs: stats(smallTimes).median,
    smallFileP95Ms: stats(smallTimes).p95,
    loginFormOverSmallFile: round(quantile(loginTimes, 0.5) / quantile(smallTimes, 0.5)),
    rooms: ROOMS,
    chartInteractiveMedianMs: stats(chartTimes).median,
    chartInteractiveP95Ms: stats(chartTimes).p95,
    chartTilesMedianMs: stats(chartVisible).median,
    chartApiMedianMs: stats(chartApiMs).median,
    chartApiStartMedianMs: stats(chartApiStart).median,
    homeInteractiveMedianMs: stats(homeTimes).median,
    homeInteractiveP95Ms: stats(homeTimes).p95,
    chartOverHome: round(quantile(chartTimes, 0.5) / quantile(homeTimes, 0.5)),
    loginTrace,
    chartTrace,
  }
  const rows: Array<[string, { median: number; p95: number }]> = [
    [`login page, cold cache: navigation → form (${LOADS})`, stats(loginTimes)],
    ['baseline: static 1 KB file, cold cache', stats(smallTimes)],
    [`chart, ${ROOMS} rooms: navigation → interactive`, stats(chartTimes)],
    ['  of which: navigation → every tile in', stats(chartVisible)],
    ['  of which: navigation → chart API asked', stats(chartApiStart)],
    ['  of which: chart API, asked → answered', stats(chartApiMs)],
    ['baseline: /index: navigation → interactive', stats(homeTimes)],
  ]
  console.log(
    `console-load: login page JavaScript ${login.files} files, ${figures.loginScriptKB} KB as sent (${login.encoding}), ${figures.loginScriptUncompressedKB} KB uncompressed`,
  )
  console.log(`${'measure'.padEnd(52)}${'median ms'.padStart(12)}${'p95 ms'.padStart(10)}`)
  for (const [name, s] of rows)
    console.log(`${name.padEnd(52)}${String(s.median).padStart(12)}${String(s.p95).padStart(10)}`)
  console.log(
    `login form / 1 KB file: ${figures.loginFormOverSmallFile}×; chart / home: ${figures.chartOverHome}×`,
  )
  console.log(formatBreakdown('main thread, cold login (traced)', loginTrace))
  console.log(formatBreakdown(`main thread, chart of ${ROOMS} rooms (traced)`, chartTrace))
  console.log(JSON.stringify(figures))
} finally {
  await browser.close()
  await app.close()
  dir.remove()
}
