// The report's spreadsheet: a title row (merged over the columns), the header, the rows as the table shows them and,
// for period reports, the totals row. Pure over an ExcelJS workbook, so it is tested without a browser.
import { addSheetRow, cellText, type SheetCell } from '@pms/protocol/format/sheet-cell'
import type ExcelJS from 'exceljs'

export interface ReportSheet {
  title: string
  header: string[]
  /** The rows as the table shows them; money as money cells (numbers in the workbook). */
  rows: SheetCell[][]
  /** The totals row (period reports). */
  total?: SheetCell[]
  /** Lines under the table (the availability rule the report used). */
  notes?: string[]
}

/** Fills a workbook with the report (one sheet): title, header, rows, totals. */
export function fillWorkbook(workbook: ExcelJS.Workbook, sheet: ReportSheet): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(sheet.title.replace(/[:\\/?*[\]]/g, '_').slice(0, 31))
  ws.addRow([sheet.title]).font = { bold: true, size: 14 }
  ws.mergeCells(1, 1, 1, Math.max(1, sheet.header.length))
  ws.addRow(sheet.header).font = { bold: true }
  for (const row of sheet.rows) addSheetRow(ws, row)
  if (sheet.total) addSheetRow(ws, sheet.total).font = { bold: true }
  if (sheet.notes?.length) {
    ws.addRow([])
    for (const note of sheet.notes) ws.addRow([note])
  }
  ws.columns.forEach((column, i) => {
    const widest = Math.max(...[sheet.header, ...sheet.rows].map((r) => cellText(r[i]).length))
    column.width = Math.min(40, Math.max(10, widest + 2))
  })
  return ws
}
