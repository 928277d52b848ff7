// The report's spreadsheet read back with ExcelJS: title row, header, the table's rows, the totals row equal to the
// sum of the rows; money as numbers in the money format, the other cells as the screen shows them.
import assert from 'node:assert/strict'
import type { ReportFigures } from '@pms/protocol/api/reports'
import { kpisOf } from '@pms/protocol/reports/kpi'
import ExcelJS from 'exceljs'
import { test } from 'vitest'
import { formatBp, formatHundredths, money, PERIOD_COLUMNS } from './rows.ts'
import { fillWorkbook } from './sheet.ts'

const figures = (sold: number, roomCents: number): ReportFigures => {
  const counts = {
    roomsInService: 9,
    roomsOutOfOrder: 1,
    roomsLongTermClosed: 0,
    roomsSold: sold,
    roomRevenueCents: roomCents,
    arrivals: sold,
    hourlyStays: 0,
    noShows: 0,
    cancellations: 0,
  }
  return {
    ...counts,
    days: 1,
    provisionalDays: 0,
    roomsComplimentary: 0,
    roomsHouseUse: 0,
    departures: 0,
    inHouseGuests: sold,
    otherRevenueCents: 1050,
    totalRevenueCents: roomCents + 1050,
    receivablesCents: 0,
    revenueByItem: {},
    paymentsByMethod: {},
    depositsByMethod: {},
    refundsByMethod: {},
    memberRechargeCents: 0,
    memberSpentCents: 0,
    kpis: kpisOf('deductOutOfOrder', counts),
  }
}

test('ratios are shown from their integer units', () => {
  assert.equal(formatBp(2222), '22.22%')
  assert.equal(formatBp(10_000), '100.00%')
  assert.equal(formatBp(null), '-')
  assert.equal(formatHundredths(67), '0.67')
})

test('a monthly sheet holds a title row, the rows as shown and a totals row equal to their sum', async () => {
  const days = [figures(3, 89_400), figures(6, 196_800)]
  const total = {
    ...figures(9, 286_200),
    days: 2,
    roomsInService: 18,
    roomsOutOfOrder: 2,
    roomsLongTermClosed: 0,
    otherRevenueCents: 2100,
  }
  total.totalRevenueCents = 286_200 + 2100
  total.kpis = kpisOf('deductOutOfOrder', total)
  const header = ['Business date', ...PERIOD_COLUMNS.map((c) => c.label)]
  const rows = days.map((f, i) => [`2026-03-0${i + 1}`, ...PERIOD_COLUMNS.map((c) => c.value(f))])
  const workbook = new ExcelJS.Workbook()
  fillWorkbook(workbook, {
    title: 'Monthly report 2026-03',
    header,
    rows,
    total: ['Total', ...PERIOD_COLUMNS.map((c) => c.value(total))],
  })
  const back = new ExcelJS.Workbook()
  await back.xlsx.load(await workbook.xlsx.writeBuffer())
  const sheet = back.worksheets[0]!
  const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1).map((v) => String(v ?? ''))
  assert.equal(values(1)[0], 'Monthly report 2026-03')
  assert.deepEqual(values(2), header)
  assert.equal(sheet.rowCount, 5)
  const col = (name: string) => header.indexOf(name)
  assert.equal(values(3)[0], '2026-03-01')
  assert.equal(values(3)[col('reports.kpi.roomNightsSold')], '3')
  assert.equal(values(3)[col('reports.kpi.availableRoomNights')], '9')
  const last = values(5)
  assert.equal(last[0], 'Total')
  assert.equal(last[col('reports.kpi.roomNightsSold')], '9')
  assert.equal(last[col('reports.kpi.occupancy')], '50.00%') // 9 of 18
  // Money is a number of yuan in the money format (an accountant sums it), never text; the totals equal the rows'.
  const cell = (r: number, name: string) => sheet.getRow(r).getCell(col(name) + 1)
  for (const name of ['reports.row.totalRevenue', 'reports.kpi.adr', 'reports.row.roomRevenue']) {
    for (const r of [3, 4, 5]) {
      assert.equal(typeof cell(r, name).value, 'number', `${name} of row ${r}`)
      assert.equal(cell(r, name).numFmt, '#,##0.00')
    }
  }
  assert.equal(cell(5, 'reports.row.totalRevenue').value, 2883) // 904.50 + 1,978.50
  assert.equal(cell(3, 'reports.row.totalRevenue').value, 904.5)
  assert.equal(cell(5, 'reports.kpi.adr').value, 318) // 2,862.00 / 9
  const cents = (r: number, name: string) => Math.round((cell(r, name).value as number) * 100)
  assert.equal(
    cents(3, 'reports.row.totalRevenue') + cents(4, 'reports.row.totalRevenue'),
    cents(5, 'reports.row.totalRevenue'),
  )
  // A ratio stays text; so does an amount there is none of ('-').
  assert.equal(typeof cell(3, 'reports.kpi.occupancy').value, 'string')
})

test('an amount there is none of stays text; cents are written as yuan', async () => {
  const workbook = new ExcelJS.Workbook()
  fillWorkbook(workbook, {
    title: 'Daily report',
    header: ['Figure', 'Today'],
    rows: [
      ['ADR', money(null)],
      ['Deposits', money(-123_456_789)],
      ['Sold', 3],
    ],
  })
  const back = new ExcelJS.Workbook()
  await back.xlsx.load(await workbook.xlsx.writeBuffer())
  const sheet = back.worksheets[0]!
  assert.equal(sheet.getRow(3).getCell(2).value, '-')
  assert.equal(sheet.getRow(4).getCell(2).value, -1_234_567.89)
  assert.equal(sheet.getRow(4).getCell(2).numFmt, '#,##0.00')
  assert.equal(sheet.getRow(5).getCell(2).value, 3)
})

test('the rule a report used is written under its totals, after a blank row', async () => {
  const workbook = new ExcelJS.Workbook()
  fillWorkbook(workbook, {
    title: 'Occupancy report 2026-03-01~2026-03-02',
    header: ['Date', 'Room-nights sold'],
    rows: [
      ['2026-03-01', '2'],
      ['2026-03-02', '3'],
    ],
    total: ['Total', '5'],
    notes: ['Available room-nights rule: USALI'],
  })
  const back = new ExcelJS.Workbook()
  await back.xlsx.load(await workbook.xlsx.writeBuffer())
  const sheet = back.worksheets[0]!
  const values = (r: number) => (sheet.getRow(r).values as unknown[]).slice(1).map((v) => String(v ?? ''))
  assert.deepEqual(values(5), ['Total', '5'])
  assert.deepEqual(values(6), [])
  assert.deepEqual(values(7), ['Available room-nights rule: USALI'])
})
