// Browser: the manager's analysis screens. A guest stays two nights in 101 (298.00 a night) and another reserves
// a king for tomorrow; the night audit closes the first day. The manager opens the occupancy report (the open
// business day and the 29 after it, forecast from the books, the rule it used), exports it and reads the totals back;
// the revenue analysis by room type; the dashboard; then switches the property to the USALI rule on the settings
// screen and sees the occupancy report name it; home shows the dashboard.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { translate } from '@pms/protocol'
import { addDays } from '@pms/protocol/time/zone'
import ExcelJS from 'exceljs'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { downloadedBytes, screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params as never)

async function exported(page: Page, scope: ReturnType<Page['getByTestId']>) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByTestId('report-export').click(),
  ])
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
  const sheet = workbook.worksheets[0]!
  return [...Array(sheet.rowCount).keys()].map((i) =>
    (sheet.getRow(i + 1).values as unknown[]).slice(1).map((v) => String(v ?? '')),
  )
}

describe('occupancy, revenue analysis and the dashboard in the console', () => {
  const suite = useProductAndBrowser()

  test('the manager reads the forecast, the room types and the dashboard, and switches the rule', async () => {
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
    const propertyId = Number(room!.property_id)
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
    const roomTypeId = Number(room!.room_type_id)
    await api('/pms/pmsOrder/walkIn', {
      nights: 2,
      rooms: [{ roomTypeId, roomId: Number(room!.room_id), guests: [{ name: 'Li Lei' }] }],
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
    const cells = async (scope: typeof occupancy, key: string) =>
      (await scope.getByTestId(key).locator('td').allTextContents()).map((s) => s.trim())
    // The open day: 101's second night and the king reserved for it; forecast from the books.
    const first = await cells(occupancy, `report-row-${open}`)
    assert.deepEqual([first[1], first[5]], [en('reports.kind.forecast'), '2'])
    assert.equal(await occupancy.getByTestId('report-chart').locator('circle').count(), 30)
    const sheet = await exported(page, occupancy)
    assert.equal(sheet[0]![0], `${en('reports.occupancy.title')} ${open}~${addDays(open, 29)}`)
    const total = sheet.find((r) => r[0] === en('reports.total'))!
    // 30 days of the rooms in service; 2 room-nights sold.
    assert.deepEqual([total[4], total[5]], [String(30 * Number(rooms)), '2'])
    assert.ok(sheet.some((r) => r[0] === en('reports.usedRule', [en('reports.rule.deductOutOfOrder')])))
    await screenshot(page, 'reports-occupancy')

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
