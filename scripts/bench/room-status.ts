// `npm run bench -- room-status`: the room status chart of a 2,000-room property. The chart API against a trivial
// call (getInfo), asked again unchanged (the chart kept by the server) and right after a room changed (built afresh);
// the chart's render in headless Chromium against a trivial page (/index), a filter click and a live update heard
// from another desk, all in the same run on a fresh temporary data folder.
import { spawnSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import type { Page } from 'playwright-core'
import { statementCounter } from '../../server/src/db/statements.ts'
import { fillPasswordForm, launchChromium, newContext, WEB_ROOT } from '../../test/browser/helpers.ts'
import { postgresDatabase } from './support.ts'
import { arrangeTower, ROOMS } from './tower.ts'

const CALLS = Number(process.env.BENCH_CALLS ?? 40)
const LOADS = Number(process.env.BENCH_LOADS ?? 7)
const LIVE = Number(process.env.BENCH_LIVE ?? 5)
const CHART_PATH = '/frontDesk/roomStatus'
/** BENCH_BROWSER=0 measures the API only (on PGlite and, when it answers, PostgreSQL). */
const BROWSER = process.env.BENCH_BROWSER !== '0'

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}
const round = (n: number) => Math.round(n * 10) / 10
const stats = (values: number[]) => ({
  median: round(quantile(values, 0.5)),
  p95: round(quantile(values, 0.95)),
})

// The console the bench serves: PMS_WEB_DIST or web/dist, built when missing or older than its sources.
if (BROWSER) {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
    cwd: new URL('../..', import.meta.url).pathname,
    stdio: 'inherit',
    env: { ...process.env, PMS_WEB_DIST: WEB_ROOT },
  })
  if (build.status !== 0) throw new Error('building the console failed')
}

/**
 * The chart API against getInfo, interleaved after a warm-up, with the statements each sends: asked again with nothing
 * changed (the chart kept by the server, as every desk asks after another's live update), and asked right after a
 * change to one room (built afresh).
 */
async function apiFigures(tower: Awaited<ReturnType<typeof arrangeTower>>) {
  const timed = async (path: string) => {
    const started = performance.now()
    await tower.must('GET', path)
    return performance.now() - started
  }
  const chartTimes: number[] = []
  const infoTimes: number[] = []
  const builtTimes: number[] = []
  for (let i = 0; i < 3; i++)
    await Promise.all([timed('/pms/pmsRoom/statusChart'), timed('/system/user/getInfo')])
  // CPU time of this process (client, server and, on PGlite, the database) per call: the figure the machine's load
  // disturbs least.
  const cpu = { chart: 0, info: 0, built: 0 }
  const cpuOf = async <T>(what: keyof typeof cpu, run: () => Promise<T>) => {
    const before = process.cpuUsage()
    const result = await run()
    const used = process.cpuUsage(before)
    cpu[what] += (used.user + used.system) / 1000
    return result
  }
  for (let i = 0; i < CALLS; i++) {
    chartTimes.push(await cpuOf('chart', () => timed('/pms/pmsRoom/statusChart')))
    infoTimes.push(await cpuOf('info', () => timed('/system/user/getInfo')))
  }
  const countStatements = async () => {
    const before = statementCounter.count
    const chart = await tower.desk.call('GET', '/prod-api/pms/pmsRoom/statusChart')
    return { chart, statements: statementCounter.count - before }
  }
  const { chart, statements: chartStatements } = await countStatements()
  // A console that already holds the current chart: its browser asks again with the chart's tag (If-None-Match).
  const signIn = await fetch(`${tower.baseUrl}/prod-api/auth/userPwdLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'admin123' }),
  })
  const authorization = `Bearer ${((await signIn.json()) as { data: { access_token: string } }).data.access_token}`
  const chartUrl = `${tower.baseUrl}/prod-api/pms/pmsRoom/statusChart`
  const tag = (await fetch(chartUrl, { headers: { authorization } })).headers.get('etag') ?? ''
  const sentBytes = async (encoding: string) =>
    Number(
      (await fetch(chartUrl, { headers: { authorization, 'accept-encoding': encoding } })).headers.get(
        'content-length',
      ),
    )
  const wire = { plainBytes: await sentBytes('identity'), gzipBytes: await sentBytes('gzip') }
  const heldTimes: number[] = []
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now()
    const res = await fetch(chartUrl, { headers: { authorization, 'if-none-match': tag } })
    await res.arrayBuffer()
    if (res.status !== 304) throw new Error(`a held chart answered ${res.status}, not 304`)
    heldTimes.push(performance.now() - started)
  }
  const changeOneRoom = (i: number) =>
    tower.must('PUT', '/pms/pmsRoom/state', {
      roomIds: [tower.roomIds[1990]],
      state: 'dirty',
      value: i % 2 === 0,
    })
  for (let i = 0; i < CALLS / 2; i++) {
    await changeOneRoom(i)
    builtTimes.push(await cpuOf('built', () => timed('/pms/pmsRoom/statusChart')))
  }
  await changeOneRoom(CALLS / 2)
  const { statements: builtStatements } = await countStatements()
  // The room leaves as it came (clean): the browser part counts the tower's 300 dirty rooms.
  await tower.must('PUT', '/pms/pmsRoom/state', {
    roomIds: [tower.roomIds[1990]],
    state: 'dirty',
    value: false,
  })
  const chartBytes = JSON.stringify(chart).length
  const cpuMs = {
    chart: round(cpu.chart / CALLS),
    info: round(cpu.info / CALLS),
    built: round(cpu.built / (CALLS / 2)),
  }
  return {
    chartTimes,
    infoTimes,
    builtTimes,
    heldTimes,
    wire,
    chartBytes,
    chartStatements,
    builtStatements,
    cpuMs,
  }
}

// The chart API on PostgreSQL first (no browser), then everything on the embedded database.
let postgresApi: Awaited<ReturnType<typeof apiFigures>> | null = null
const database = await postgresDatabase()
if (database) {
  try {
    const tower = await arrangeTower(database.url, WEB_ROOT)
    try {
      postgresApi = await apiFigures(tower)
    } finally {
      await tower.close()
    }
  } finally {
    await database.drop()
  }
}

const tower = await arrangeTower(undefined, WEB_ROOT)
const { baseUrl, must, roomIds } = tower
const browser = BROWSER ? await launchChromium() : null
try {
  // (a) The chart API against getInfo.
  const {
    chartTimes,
    infoTimes,
    builtTimes,
    heldTimes,
    wire,
    chartBytes,
    chartStatements,
    builtStatements,
    cpuMs,
  } = await apiFigures(tower)

  // (b) Browser: navigation start to the page's content in the document, seen on an animation frame.
  const homeTimes: number[] = []
  const chartPageTimes: number[] = []
  const renderTimes: number[] = []
  const filterTimes: number[] = []
  const liveTimes: number[] = []
  if (browser) {
    const context = await newContext(browser, baseUrl)
    const signInPage = await context.newPage()
    await signInPage.goto('/login')
    await fillPasswordForm(signInPage, 'manager', 'admin123')
    await signInPage.getByTestId('layout').waitFor()
    await signInPage.close()
    const timeTo = async (page: Page, path: string, selector: string) => {
      await page.goto(path, { waitUntil: 'commit' })
      const at = await page.waitForFunction(
        (sel) => (document.querySelector(sel) ? performance.now() : false),
        selector,
        { polling: 'raf', timeout: 60_000 },
      )
      return (await at.jsonValue()) as number
    }
    const tilesSelector = `[data-testid="room-status-board"][data-tiles="${ROOMS}"] [data-room-id="${roomIds.at(-1)}"]`
    for (let i = 0; i < LOADS + 1; i++) {
      const page = await context.newPage()
      const home = await timeTo(page, '/index', '[data-testid="home-page"]')
      const full = await timeTo(page, CHART_PATH, tilesSelector)
      // React's render and commit of the tiles: the chart's answer in hand to the mark set once they are all in.
      const render = await page.evaluate(() => {
        const answer = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes('/pms/pmsRoom/statusChart')) as PerformanceResourceTiming | undefined
        const mark = performance.getEntriesByName('room-status:rendered')[0]
        return answer && mark ? mark.startTime - answer.responseEnd : Number.NaN
      })
      await page.close()
      if (i === 0) continue // the first load warms the browser's cache
      homeTimes.push(home)
      chartPageTimes.push(full)
      renderTimes.push(render)
    }

    // A state filter click (2,000 → 300 tiles and back), and a change made by another desk reaching this one.
    const page = await context.newPage()
    await timeTo(page, CHART_PATH, tilesSelector)
    // A string, not a function: tsx's helpers (__name) do not exist in the page. Bounded: a board that never shows
    // the awaited count (the tower's state mix changed) fails the bench instead of waiting forever.
    const clickTo = (testId: string, tiles: number) =>
      page.evaluate<number>(`new Promise((resolve, reject) => {
      const started = performance.now()
      document.querySelector('[data-testid="${testId}"]').click()
      const check = () => {
        const board = document.querySelector('[data-testid="room-status-board"]')
        if (board && board.getAttribute('data-tiles') === '${tiles}') resolve(performance.now() - started)
        else if (performance.now() - started > 30000)
          reject(new Error('${testId}: ${tiles} tiles awaited, the board shows ' + (board && board.getAttribute('data-tiles'))))
        else requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    })`)
    for (let i = 0; i < LOADS; i++) {
      filterTimes.push(await clickTo('state-count-dirty', 300))
      filterTimes.push(await clickTo('state-count-all', ROOMS))
    }
    await page.waitForTimeout(1500) // the live channel connects and subscribes
    for (let i = 0; i < LIVE; i++) {
      const roomId = roomIds[1000 + i]!
      const started = performance.now()
      await must('PUT', '/pms/pmsRoom/state', {
        roomIds: [roomId],
        state: 'locked',
        value: true,
        reason: 'bench',
      })
      await page.locator(`[data-room-id="${roomId}"][data-locked="true"]`).waitFor({ timeout: 10_000 })
      liveTimes.push(performance.now() - started)
    }
    await context.close()
  }

  const figures = {
    bench: 'room-status',
    rooms: ROOMS,
    chartBytes,
    chartSentBytes: wire.plainBytes,
    chartSentGzipBytes: wire.gzipBytes,
    apiCalls: CALLS,
    chartApiMedianMs: stats(chartTimes).median,
    chartApiP95Ms: stats(chartTimes).p95,
    getInfoMedianMs: stats(infoTimes).median,
    getInfoP95Ms: stats(infoTimes).p95,
    chartApiOverGetInfo: round(quantile(chartTimes, 0.5) / quantile(infoTimes, 0.5)),
    chartStatements,
    chartHeldMedianMs: stats(heldTimes).median,
    chartHeldP95Ms: stats(heldTimes).p95,
    chartBuiltMedianMs: stats(builtTimes).median,
    chartBuiltP95Ms: stats(builtTimes).p95,
    chartBuiltOverGetInfo: round(quantile(builtTimes, 0.5) / quantile(infoTimes, 0.5)),
    chartBuiltStatements: builtStatements,
    chartCpuMs: cpuMs.chart,
    chartBuiltCpuMs: cpuMs.built,
    getInfoCpuMs: cpuMs.info,
    ...(postgresApi
      ? {
          postgresChartApiMedianMs: stats(postgresApi.chartTimes).median,
          postgresChartApiP95Ms: stats(postgresApi.chartTimes).p95,
          postgresGetInfoMedianMs: stats(postgresApi.infoTimes).median,
          postgresChartApiOverGetInfo: round(
            quantile(postgresApi.chartTimes, 0.5) / quantile(postgresApi.infoTimes, 0.5),
          ),
          postgresChartStatements: postgresApi.chartStatements,
          postgresChartHeldMedianMs: stats(postgresApi.heldTimes).median,
          postgresChartBuiltMedianMs: stats(postgresApi.builtTimes).median,
          postgresChartBuiltP95Ms: stats(postgresApi.builtTimes).p95,
          postgresChartBuiltOverGetInfo: round(
            quantile(postgresApi.builtTimes, 0.5) / quantile(postgresApi.infoTimes, 0.5),
          ),
          postgresChartBuiltStatements: postgresApi.builtStatements,
          postgresChartCpuMs: postgresApi.cpuMs.chart,
          postgresChartBuiltCpuMs: postgresApi.cpuMs.built,
          postgresGetInfoCpuMs: postgresApi.cpuMs.info,
        }
      : {}),
    pageLoads: LOADS,
    chartPageMedianMs: stats(chartPageTimes).median,
    chartPageP95Ms: stats(chartPageTimes).p95,
    homePageMedianMs: stats(homeTimes).median,
    homePageP95Ms: stats(homeTimes).p95,
    chartPageOverHomePage: chartPageTimes.length
      ? round(quantile(chartPageTimes, 0.5) / quantile(homeTimes, 0.5))
      : null,
    tilesRenderMedianMs: stats(renderTimes).median,
    tilesRenderP95Ms: stats(renderTimes).p95,
    filterClickMedianMs: stats(filterTimes).median,
    filterClickP95Ms: stats(filterTimes).p95,
    liveUpdateMedianMs: stats(liveTimes).median,
    liveUpdateP95Ms: stats(liveTimes).p95,
  }
  const rows: Array<[string, { median: number; p95: number }]> = [
    [
      `chart API, ${ROOMS} rooms, unchanged (${CALLS} calls, ${chartStatements} statements)`,
      stats(chartTimes),
    ],
    ['chart API, console holding it (If-None-Match → 304)', stats(heldTimes)],
    [`chart API after a room changed (${CALLS / 2} calls, ${builtStatements} statements)`, stats(builtTimes)],
    ['baseline: getInfo API', stats(infoTimes)],
    ...(postgresApi
      ? ([
          [
            `PostgreSQL: chart API, unchanged (${postgresApi.chartStatements} statements)`,
            stats(postgresApi.chartTimes),
          ],
          ['PostgreSQL: chart API, console holding it (304)', stats(postgresApi.heldTimes)],
          [
            `PostgreSQL: chart API after a room changed (${postgresApi.builtStatements} statements)`,
            stats(postgresApi.builtTimes),
          ],
          ['PostgreSQL: baseline: getInfo API', stats(postgresApi.infoTimes)],
        ] as Array<[string, { median: number; p95: number }]>)
      : []),
    [`chart page: navigation → ${ROOMS} tiles (${LOADS} loads)`, stats(chartPageTimes)],
    ['baseline: /index page: navigation → home', stats(homeTimes)],
    ['  of which tiles render (answer → mark)', stats(renderTimes)],
    [`state filter click (${ROOMS} ↔ 300 tiles)`, stats(filterTimes)],
    [`live: PUT by another desk → tile (${LIVE})`, stats(liveTimes)],
  ]
  console.log(
    `room-status: a property of ${ROOMS} rooms (2 buildings × 50 floors × 20), chart ${chartBytes} bytes ` +
      `(sent: ${wire.plainBytes}, gzip ${wire.gzipBytes})`,
  )
  console.log(`${'measure'.padEnd(48)}${'median ms'.padStart(12)}${'p95 ms'.padStart(10)}`)
  for (const [name, s] of rows.filter(([, s]) => !Number.isNaN(s.median)))
    console.log(`${name.padEnd(48)}${String(s.median).padStart(12)}${String(s.p95).padStart(10)}`)
  console.log(
    `CPU ms per call (this process: client, server, PGlite): chart ${cpuMs.chart}, after a room changed ` +
      `${cpuMs.built}, getInfo ${cpuMs.info}` +
      (postgresApi
        ? `; on PostgreSQL (its server's CPU not counted): chart ${postgresApi.cpuMs.chart}, after a room changed ` +
          `${postgresApi.cpuMs.built}, getInfo ${postgresApi.cpuMs.info}`
        : ''),
  )
  console.log(
    `chart API / getInfo: ${figures.chartApiOverGetInfo}× (after a room changed: ${figures.chartBuiltOverGetInfo}×); ` +
      (figures.chartPageOverHomePage === null
        ? 'chart page not measured (BENCH_BROWSER=0)'
        : `chart page / home page: ${figures.chartPageOverHomePage}×`),
  )
  console.log(JSON.stringify(figures))
} finally {
  await browser?.close()
  await tower.close()
}
