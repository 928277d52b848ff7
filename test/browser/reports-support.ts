// The reports browser suites' fixture: the manager signed in with a token for the API calls that arrange the scenario,
// the demo hotel's room 101, and a report's export read back with ExcelJS (amounts read as the sheet shows them).
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { formatMoney } from '@pms/protocol/billing/money'
import ExcelJS from 'exceljs'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { downloadedBytes, type Product } from './helpers.ts'

/** POSTs as the signed-in user of the context; throws unless code 200; answers data. */
export async function apiOf(context: BrowserContext, product: Product) {
  const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')!.value
  return async (path: string, body: object) => {
    const res = await fetch(`${product.baseUrl}/prod-api${path}`, {
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
}

/** The demo hotel's room 101: its property, id and room type. */
export async function room101(product: Product) {
  const [room] = await product.sql<{ property_id: string; room_id: string; room_type_id: string }>(
    `SELECT r.property_id, r.room_id, r.room_type_id FROM pms_room r JOIN pms_property p USING (property_id)
     WHERE p.property_code = 'DEMO-HOTEL' AND r.room_no = '101'`,
  )
  return {
    propertyId: Number(room!.property_id),
    roomId: Number(room!.room_id),
    roomTypeId: Number(room!.room_type_id),
  }
}

/** The text a spreadsheet shows of a cell: an amount (a number in the money format) as '1,234.56'. */
export function shownText(cell: ExcelJS.Cell): string {
  const v = cell.value
  if (typeof v === 'number' && cell.numFmt === '#,##0.00') return formatMoney(Math.round(v * 100))
  return String(v ?? '')
}

/** Clicks the report's export and reads the spreadsheet back: its file name and rows of cell texts as shown. */
export async function exported(page: Page, scope: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByTestId('report-export').click(),
  ])
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
  const sheet = workbook.worksheets[0]!
  const rows = [...Array(sheet.rowCount).keys()].map((i) => {
    const row = sheet.getRow(i + 1)
    return [...Array(row.cellCount).keys()].map((j) => shownText(row.getCell(j + 1)))
  })
  return { fileName: download.suggestedFilename(), rows, sheet }
}

/** The texts of a table row's cells. */
export const cellsOf = async (scope: Locator, testId: string) =>
  (await scope.getByTestId(testId).locator('td').allTextContents()).map((s) => s.trim())
