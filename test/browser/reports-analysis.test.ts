// Browser: the manager's analysis screens. A guest stays two nights in 101 (298.00 a night, booked through Trip.com)
// and another reserves a king for tomorrow; the night audit closes the first day. The manager opens the occupancy
// report (the open business day and the 29 after it, forecast from the books, the rule it used), exports it and reads
// the totals back; the revenue analysis by room type, then by channel (the period kept; exported and read back); the
// dashboard; then switches the property to the USALI rule on the settings screen and sees the occupancy report name
// it; home shows the dashboard.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { addDays } from '@pms/protocol/time/zone'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'
import { apiOf, cellsOf, exported, room101 } from './reports-support.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params as never)

describe('occupancy, revenue analysis and the dashboard in the console', () => {
  const suite = useProductAndBrowser()

  test('the manager reads the forecast, the room types and the dashboard, and switches the rule', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    const api = await apiOf(context, suite.product)
    const { propertyId, roomId, roomTypeId } = await room101(suite.product)
    const [{ n: rooms } = { n: '0' }] = await suite.product.sql<{ n: string }>(
      'SELECT count(*) AS n FROM pms_room WHERE property_id = $1 AND NOT locked AND NOT maintain',
      [propertyId],
    )
    const [{ business_date: before } = { business_date: '' }] = await suite.product.sql<{
      business_date: string
    }>(
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS business_date FROM pms_business_date WHERE property_id = $1`,
      [propertyId],
    )
    await api('/pms/pmsOrder/walkIn', {
      nights: 2,
      rooms: [{ roomTypeId, roomId, guests: [{ name: 'Li Lei' }] }],
      channel: 'ctrip',
    })
    await api('/pms/pmsReserve', {
      startTime: addDays(before, 1),
      nights: 1,
      contactName: 'Han Meimei',
      rooms: [{ roomTypeId }],
    })
    const run = await suite.product.server().nightAudit.run({ propertyId, trigger: 'manual', by: null })
    const closed = run.businessDate
    const open = addDays(closed, 1)

    await page.getByTestId('menu-group-/report').click()
    await page.getByTestId('menu-/report/occupancy').click()
    const occupancy = page.getByTestId('occupancy-report-page')
    await occupancy.getByTestId('report-table').waitFor()
    assert.equal(await occupancy.getByTestId('report-period').inputValue(), open)
    assert.equal(await occupancy.getByTestId('report-period-end').inputValue(), addDays(open, 29))
    assert.equal(
      await occupancy.getByTestId('report-rule').innerText(),
      en('reports.usedRule', [en('reports.rule.deductOutOfOrder')]),
    )
    const cells = cellsOf
    // The open day: 101's second night and the king reserved for it; forecast from the books.
    const first = await cells(occupancy, `report-row-${open}`)
    assert.deepEqual([first[1], first[5]], [en('reports.kind.forecast'), '2'])
    assert.equal(await occupancy.getByTestId('report-chart').locator('circle').count(), 30)
    const { rows: sheet } = await exported(page, occupancy)
    assert.equal(sheet[0]![0], `${en('reports.occupancy.title')} ${open}~${addDays(open, 29)}`)
    const total = sheet.find((r) => r[0] === en('reports.total'))!
    // 30 days of the rooms in service; 2 room-nights sold.
    assert.deepEqual([total[4], total[5]], [String(30 * Number(rooms)), '2'])
    assert.ok(sheet.some((r) => r[0] === en('reports.usedRule', [en('reports.rule.deductOutOfOrder')])))
    await screenshot(page, 'reports-occupancy')
    // By building and floor: the period kept, exported under its own title through the same frame.
    await occupancy.getByTestId('occupancy-view').selectOption('byFloor')
    await occupancy.getByTestId('report-chart').waitFor()
    assert.equal(await occupancy.getByTestId('report-period').inputValue(), open)
    const { rows: floorSheet } = await exported(page, occupancy)
    assert.equal(
      floorSheet[0]![0],
      `${en('reports.occupancy.title')} · ${en('reports.occupancy.byFloor')} ${open}~${addDays(open, 29)}`,
    )
    assert.ok(floorSheet.some((r) => r[0] === en('reports.floor.note')))
    await occupancy.getByTestId('occupancy-view').selectOption('byDay')
    await occupancy.getByTestId('report-chart').locator('circle').first().waitFor()

    // Revenue analysis from the closed day: 298.00 on 101's type, all the room revenue.
    await page.getByTestId('menu-/report/revenue').click()
    const revenue = page.getByTestId('revenue-report-page')
    await revenue.getByTestId('report-table').waitFor()
    await revenue.getByTestId('report-period').fill(closed)
    await revenue.getByTestId('report-period-end').fill(closed)
    await revenue.getByTestId('report-show').click()
    await revenue.getByTestId(`report-row-${roomTypeId}`).getByText('298.00').first().waitFor()
    const typeRow = await cells(revenue, `report-row-${roomTypeId}`)
    assert.deepEqual([typeRow[2], typeRow[4], typeRow[5], typeRow[7]], ['1', '298.00', '298.00', '100.00%'])
    assert.equal((await revenue.getByTestId('report-chart').locator('rect').count()) > 0, true)
    await screenshot(page, 'reports-revenue')

    // The same period by channel: 101's night through Trip.com, in the table, the bars and the trend, and exported.
    await revenue.getByTestId('revenue-by').selectOption('channel')
    await revenue.getByTestId('report-row-ctrip').waitFor()
    assert.deepEqual(
      [
        await revenue.getByTestId('report-period').inputValue(),
        await revenue.getByTestId('report-period-end').inputValue(),
      ],
      [closed, closed],
      'the period picked is kept',
    )
    const ctrip = await cells(revenue, 'report-row-ctrip')
    assert.deepEqual(
      [ctrip[0], ctrip[1], ctrip[2], ctrip[3], ctrip[4], ctrip[5]],
      [en('frontDeskConsole.channel.ctrip'), '1', '100.00%', '298.00', '100.00%', '298.00'],
    )
    assert.equal(await revenue.getByTestId('report-chart').locator('rect').count(), 1)
    assert.equal(await revenue.getByTestId('report-chart-trend').getByTestId('chart-series').count(), 1)
    const bySegment = await exported(page, revenue)
    const what = en('reports.dimension.channel')
    assert.equal(bySegment.rows[0]![0], `${en('reports.segment.title', [what])} ${closed}~${closed}`)
    assert.equal(bySegment.rows[1]![0], what)
    const segmentTotal = bySegment.rows.find((r) => r[0] === en('reports.total'))!
    assert.deepEqual(segmentTotal, await cells(revenue, 'report-total'))
    // Its room revenue is a number in the money format, not text.
    const revenueCell = bySegment.sheet.getRow(bySegment.rows.indexOf(segmentTotal) + 1).getCell(4)
    assert.deepEqual([typeof revenueCell.value, revenueCell.numFmt], ['number', '#,##0.00'])
    await screenshot(page, 'reports-revenue-channel')

    // The dashboard: yesterday closed, today provisional, the desk's counts and the next 7 days.
    await page.getByTestId('menu-/report/dashboard').click()
    const dashboard = page.getByTestId('dashboard-page')
    await dashboard.getByTestId('dashboard-next7').waitFor()
    assert.equal((await cells(dashboard, 'report-row-sold'))[1], '1')
    assert.equal((await cells(dashboard, 'report-row-roomRevenue'))[1], '298.00')
    assert.equal(await dashboard.getByTestId('dashboard-next7').locator('rect').count(), 7)
    assert.match(await dashboard.getByTestId('dashboard-arrivalsDue').innerText(), /1/)
    await screenshot(page, 'reports-dashboard')

    // The USALI switch on the property settings, named on the report after.
    await page.getByTestId('menu-group-/propertyAdmin').click()
    await page.getByTestId('menu-/propertyAdmin/settings').click()
    await page.getByTestId('settings-tab-timing').click()
    const form = page.getByTestId('timing-form')
    await form.getByTestId('timing-availabilityRule').selectOption('usali')
    await form.getByTestId('timing-save').click()
    await page.getByTestId('toast').getByText(en('common.editSuccess')).waitFor()
    await page.getByTestId('menu-/report/occupancy').click()
    await page
      .getByTestId('occupancy-report-page')
      .getByTestId('report-rule')
      .getByText(en('reports.usedRule', [en('reports.rule.usali')]))
      .waitFor()

    // Home shows the manager the same dashboard.
    await page.goto('/index')
    await page.getByTestId('home-page').getByTestId('dashboard-page').getByTestId('dashboard-next7').waitFor()
    await context.close()
  })
})
