// Browser: the manager's morning — a guest stayed yesterday (a night at 298.00 and a 150.00 minibar), the night audit
// closed the day; the manager opens the business daily report from the menu, which shows the closed day's figures,
// the KPI footnotes and a chart, and exports it to a spreadsheet that holds the same rows under a title row.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { translate } from '@pms/protocol'
import ExcelJS from 'exceljs'
import { describe, test } from 'vitest'
import { downloadedBytes, screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params as never)

describe('the business daily report in the console', () => {
  const suite = useProductAndBrowser()

  test('the manager opens the closed day, sees its figures and a chart, and exports it', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value
    const api = async (path: string, body: object) => {
      const res = await fetch(`${suite.product.baseUrl}/prod-api${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
        },
        body: JSON.stringify(body),
      })
      const json = (await res.json()) as { code: number; msg: string; data: any }
      assert.equal(json.code, 200, `${path}: ${json.msg}`)
      return json.data
    }
    const [room] = await suite.product.sql<{ property_id: string; room_id: string; room_type_id: string }>(
      `SELECT r.property_id, r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p USING (property_id)
       WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '101'`,
    )
    const order = await api('/pms/pmsOrder/walkIn', {
      nights: 1,
      rooms: [
        {
          roomTypeId: Number(room!.room_type_id),
          roomId: Number(room!.room_id),
          guests: [{ name: 'Li Lei' }],
        },
      ],
    })
    await api('/pms/pmsFolio/charge', { orderId: order.orderId, itemName: 'Minibar', amountCents: 15000 })
    const propertyId = Number(room!.property_id)
    const run = await suite.product.server().nightAudit.run({ propertyId, trigger: 'manual', by: null })
    const closed = run.businessDate

    await page.getByTestId('menu-group-/report').click()
    await page.getByTestId('menu-/report/daily').click()
    const report = page.getByTestId('daily-report-page')
    await report.getByTestId('report-table').waitFor()
    assert.equal(await report.getByTestId('report-period').inputValue(), closed)
    assert.equal(await report.getByTestId('report-provisional').count(), 0, 'a closed day is not provisional')
    const cells = async (key: string) =>
      (await report.getByTestId(`report-row-${key}`).locator('td').allTextContents()).map((s) => s.trim())
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

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByTestId('report-export').click(),
    ])
    assert.match(download.suggestedFilename(), /^Business daily report \d{4}-\d{2}-\d{2}_\d{14}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
    const sheet = workbook.worksheets[0]!
    const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1).map((v) => String(v ?? ''))
    assert.equal(values(1)[0], `${en('reports.daily.title')} ${closed}`)
    assert.deepEqual(values(2).slice(0, 2), [en('reports.col.figure'), en('reports.col.today')])
    const total = [...Array(sheet.rowCount).keys()]
      .map((i) => values(i + 1))
      .find((r) => r[0] === en('reports.row.totalRevenue'))
    assert.deepEqual(total?.slice(0, 2), [en('reports.row.totalRevenue'), '448.00'])

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
