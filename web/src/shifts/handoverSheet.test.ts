// The handover spreadsheet read back with ExcelJS: the title row names the report, cashier and shift; one row per
// payment method as the handover screen shows it; the totals row equals the sum of the methods.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { ShiftReport } from '@pms/protocol/api/shifts'
import ExcelJS from 'exceljs'
import { test } from 'vitest'
import type { Translate } from '../i18n/translate.ts'
import { fillWorkbook } from '../reports/sheet.ts'
import { handoverSheet } from './handoverSheet.ts'

const en: Translate = (key, params) => translate('en-US', key, params)

const report: ShiftReport = {
  shift: {
    shiftId: 12,
    userId: 3,
    userName: 'clerk',
    state: 'closed',
    openingFloatCents: 20000,
    openTime: '2026-11-23 08:00:00',
    closeTime: '2026-11-23 16:00:00',
    overShortCents: -500,
    handedToName: '',
    handoverTime: null,
    closedBy: 'user',
    remark: '',
  },
  property: { propertyName: 'Demo Hotel' },
  lines: [
    { method: 'cash', expectedCents: 123_456_00, countedCents: 123_446_00, overShortCents: -1000 },
    { method: 'thirdParty', expectedCents: 3000, countedCents: 3500, overShortCents: 500 },
  ],
  totals: { expectedCents: 123_486_00, countedCents: 123_481_00, overShortCents: -500 },
  entries: [],
  overShortVoucher: null,
  printedAt: '2026-11-23 16:00:01',
}

test('the handover sheet holds a title, a row per method and totals equal to their sum', async () => {
  const workbook = new ExcelJS.Workbook()
  fillWorkbook(workbook, handoverSheet(report, en))
  const again = new ExcelJS.Workbook()
  await again.xlsx.load(await workbook.xlsx.writeBuffer())
  const sheet = again.worksheets[0]!
  const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1)
  assert.equal(values(1)[0], 'Handover report clerk #12')
  assert.deepEqual(values(2), ['Method', 'Expected', 'Counted', 'Over/short'])
  // Amounts are numbers of yuan an accountant can sum, shown with two decimals, never text.
  assert.deepEqual(values(3), [en('billing.method.cash'), 123_456, 123_446, -10])
  assert.deepEqual(values(4), [en('billing.method.thirdParty'), 30, 35, 5])
  assert.deepEqual(values(5), ['Total', 123_486, 123_481, -5])
  for (const r of [3, 4, 5])
    for (const column of [2, 3, 4]) assert.equal(sheet.getRow(r).getCell(column).numFmt, '#,##0.00')
  assert.equal(sheet.rowCount, 5)
  const cents = (v: unknown) => Math.round((v as number) * 100)
  for (const column of [1, 2, 3])
    assert.equal(
      cents(values(3)[column]) + cents(values(4)[column]),
      cents(values(5)[column]),
      `column ${column} adds up`,
    )
})
