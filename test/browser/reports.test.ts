// Browser: the manager's morning — a guest stayed yesterday (a night at 298.00 and a 150.00 minibar), the night audit
// closed the day; the manager opens the business daily report from the menu, which shows the closed day's figures,
// the KPI footnotes and a chart, and exports it to a spreadsheet that holds the same rows under a title row.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'
import { apiOf, cellsOf, exported, room101 } from './reports-support.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params as never)

describe('the business daily report in the console', () => {
  const suite = useProductAndBrowser()

  test('the manager opens the closed day, sees its figures and a chart, and exports it', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    const api = await apiOf(context, suite.product)
    const room = await room101(suite.product)
    const order = await api('/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: room.roomTypeId,
          roomId: room.roomId,
          guests: [{ name: 'Li Lei' }],
        },
      ],
    })
    await api('/pms/pmsFolio/charge', { orderId: order.orderId, itemName: 'Minibar', amountCents: 15000 })
    const run = await suite.product.server().nightAudit.run({
      propertyId: room.propertyId,
      trigger: 'manual',
      by: null,
    })
    const closed = run.businessDate

    await page.getByTestId('menu-group-/report').click()
    await page.getByTestId('menu-/report/daily').click()
    const report = page.getByTestId('daily-report-page')
    await report.getByTestId('report-table').waitFor()
    assert.equal(await report.getByTestId('report-period').inputValue(), closed)
    assert.equal(await report.getByTestId('report-provisional').count(), 0, 'a closed day is not provisional')
    const cells = (key: string) => cellsOf(report, `report-row-${key}`)
    assert.equal((await cells('roomRevenue'))[1], '298.00')
    assert.equal((await cells('otherRevenue'))[1], '150.00')
    assert.equal((await cells('totalRevenue'))[1], '448.00')
    assert.equal((await cells('sold'))[1], '1')
    assert.equal((await cells('adr'))[1], '298.00')
    // The chart draws the day's revenue by item; the footnotes define each KPI.
    const chart = report.getByTestId('report-chart')
    assert.equal(await chart.locator('rect').count(), 2)
    assert.match(
      await report.getByTestId('report-notes').innerText(),
      /Room-nights sold ÷ available room-nights/,
    )
    await screenshot(page, 'reports-daily')

    const sheet = await exported(page, report)
    assert.match(sheet.fileName, /^Business daily report \d{4}-\d{2}-\d{2}_\d{14}\.xlsx$/)
    assert.equal(sheet.rows[0]![0], `${en('reports.daily.title')} ${closed}`)
    assert.deepEqual(sheet.rows[1]!.slice(0, 2), [en('reports.col.figure'), en('reports.col.today')])
    const total = sheet.rows.find((r) => r[0] === en('reports.row.totalRevenue'))
    assert.deepEqual(total?.slice(0, 2), [en('reports.row.totalRevenue'), '448.00'])
    // The amount is a number an accountant can sum, shown with two decimals.
    const totalCell = sheet.sheet.getRow(sheet.rows.indexOf(total!) + 1).getCell(2)
    assert.deepEqual([totalCell.value, totalCell.numFmt], [448, '#,##0.00'])

    // The monthly report of that month: the day's row and the totals row, and the trend charts.
    await page.getByTestId('menu-/report/monthly').click()
    const monthly = page.getByTestId('monthly-report-page')
    await monthly.getByTestId('report-period').fill(closed.slice(0, 7))
    await monthly.getByTestId('report-show').click()
    const totals = monthly.getByTestId('report-total')
    await totals.waitFor()
    const header = (await monthly.locator('thead th').allTextContents()).map((s) => s.trim())
    const totalCells = (await totals.locator('td').allTextContents()).map((s) => s.trim())
    assert.equal(totalCells[header.indexOf(en('reports.row.totalRevenue'))], '448.00')
    const daysInMonth = new Date(
      Date.UTC(Number(closed.slice(0, 4)), Number(closed.slice(5, 7)), 0),
    ).getUTCDate()
    assert.equal(await monthly.getByTestId('report-chart').locator('circle').count(), daysInMonth)
    await screenshot(page, 'reports-monthly')
    await context.close()
  })
})
