// Browser: a clerk opens a shift with a float, takes a deposit, closes the shift with a blind count that is short,
// sees expected vs counted, exports the handover to a spreadsheet and opens the printable handover report.
import assert from 'node:assert/strict'
import ExcelJS from 'exceljs'
import { describe, test } from 'vitest'
import { downloadedBytes, screenshot, signIn, useProductAndBrowser } from './helpers.ts'
import { shownText } from './reports-support.ts'

describe('shift handover in the console', () => {
  const suite = useProductAndBrowser()

  test('a clerk closes a shift with a blind count and prints the handover report', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    // The clerk's night audit group holds only the shift screen, shown as itself.
    await page.getByTestId('menu-/nightAudit/pmsShift').click()
    await page.getByTestId('shift-page').waitFor()
    await page.getByTestId('shift-float').fill('200')
    await page.getByTestId('shift-open').click()
    await page.getByTestId('shift-current').waitFor()

    // A deposit taken by the clerk while the shift is open (through the API the folio screen calls).
    const token = await page.evaluate(() => {
      const match = /(?:^|;\s*)Admin-Token=([^;]+)/.exec(document.cookie)
      return match ? decodeURIComponent(match[1]!) : (localStorage.getItem('Admin-Token') ?? '')
    })
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const [stay] = await suite.product.sql<{ room_id: string; room_type_id: string }>(
      "SELECT room_id, room_type_id FROM pms_room WHERE property_id = $1 AND room_no = '103'",
      [hotel!.property_id],
    )
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': `shift-${Date.now()}`,
    }
    const walk = await fetch(`${suite.product.baseUrl}/prod-api/pms/pmsOrder/walkIn`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        nights: 1,
        rooms: [
          {
            roomTypeId: Number(stay!.room_type_id),
            roomId: Number(stay!.room_id),
            guests: [{ name: 'Drawer Guest', idType: 'passport', idNo: 'E7654321' }],
          },
        ],
      }),
    })
    const order = ((await walk.json()) as { code: number; msg: string; data: { orderId: number } }).data
    assert.ok(order, 'walk-in')
    const deposit = await fetch(`${suite.product.baseUrl}/prod-api/pms/pmsFolio/deposit`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ orderId: order.orderId, amountCents: 50000, method: 'cash' }),
    })
    assert.equal(((await deposit.json()) as { code: number }).code, 200)

    await page.getByTestId('shift-count-cash').fill('690')
    await page.getByTestId('shift-close').click()
    await page.getByTestId('confirm-ok').click()
    await page.getByTestId('shift-report').waitFor()
    const cash = await page.getByTestId('shift-line-cash').textContent()
    assert.ok(cash?.includes('700.00') && cash.includes('690.00') && cash.includes('-10.00'), cash ?? '')
    await screenshot(page, 'shift-report')

    // The same totals as a spreadsheet: title, the cash line, the totals row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('shift-export').click(),
    ])
    assert.match(download.suggestedFilename(), /\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
    const sheet = workbook.worksheets[0]!
    // Cells as the spreadsheet shows them; the amounts are numbers (below).
    const values = (r: number) => {
      const row = sheet.getRow(r)
      return [...Array(row.cellCount).keys()].map((j) => shownText(row.getCell(j + 1)))
    }
    assert.match(values(1)[0]!, /clerk #\d+$/)
    const rows = [...Array(sheet.rowCount).keys()].map((i) => values(i + 1))
    assert.ok(
      rows.some((r) => r[1] === '700.00' && r[2] === '690.00' && r[3] === '-10.00'),
      JSON.stringify(rows),
    )
    assert.deepEqual(rows.at(-1)!.slice(1), ['700.00', '690.00', '-10.00'])
    assert.deepEqual(
      [2, 3, 4].map((c) => sheet.getRow(sheet.rowCount).getCell(c).value),
      [700, 690, -10],
    )

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('shift-print-link').click(),
    ])
    await popup.getByTestId('shift-print-page').waitFor()
    assert.equal(await popup.getByTestId('shift-print-over-short').textContent(), '-10.00')
    await screenshot(popup, 'shift-print')
  })
})
