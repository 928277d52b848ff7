// Writes sheets to an .xlsx file with ExcelJS, loaded only when someone exports (kept out of the main bundle). Money
// cells are written as numbers in the money format (protocol format/sheet-cell.ts), never as text.
import { addSheetRow, cellText } from '@pms/protocol/format/sheet-cell'
import type { Sheet } from './sheets.ts'

export async function downloadWorkbook(fileName: string, sheets: readonly Sheet[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  for (const sheet of sheets) {
    // Sheet names are at most 31 characters and may not hold : \ / ? * [ ]
    const ws = workbook.addWorksheet(sheet.name.replace(/[:\\/?*[\]]/g, '_').slice(0, 31))
    ws.addRow(sheet.header).font = { bold: true }
    for (const row of sheet.rows) addSheetRow(ws, row)
    ws.columns.forEach((column, i) => {
      const widest = Math.max(
        ...[sheet.header[i] ?? '', ...sheet.rows.map((r) => cellText(r[i]))].map((s) => s.length),
      )
      column.width = Math.min(40, Math.max(10, widest + 2))
    })
  }
  const buffer = await workbook.xlsx.writeBuffer()
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
