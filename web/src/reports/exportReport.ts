// A report to an .xlsx file named with a timestamp (SPEC §8, §9): a title row, the header, the table's rows as shown
// and, for period reports, the totals row. 'no data to export' for an empty report; 'export succeeded' or
// 'export failed' after. ExcelJS is loaded only when someone exports.
import type ExcelJS from 'exceljs'
import { feedback } from '../api/feedback.ts'
import { t } from '../i18n/t.ts'

export interface ReportSheet {
  title: string
  header: string[]
  rows: string[][]
  /** The totals row (period reports). */
  total?: string[]
}

/** Fills a workbook with the report (one sheet): title, header, rows, totals. */
export function fillWorkbook(workbook: ExcelJS.Workbook, sheet: ReportSheet): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(sheet.title.replace(/[:\\/?*[\]]/g, '_').slice(0, 31))
  ws.addRow([sheet.title]).font = { bold: true, size: 14 }
  ws.mergeCells(1, 1, 1, Math.max(1, sheet.header.length))
  ws.addRow(sheet.header).font = { bold: true }
  for (const row of sheet.rows) ws.addRow(row)
  if (sheet.total) ws.addRow(sheet.total).font = { bold: true }
  ws.columns.forEach((column, i) => {
    const widest = Math.max(...[sheet.header, ...sheet.rows].map((r) => String(r[i] ?? '').length))
    column.width = Math.min(40, Math.max(10, widest + 2))
  })
  return ws
}

const pad = (n: number) => String(n).padStart(2, '0')

export async function exportReport(sheet: ReportSheet): Promise<void> {
  if (!sheet.rows.length) {
    feedback.toast('warning', t('reports.export.empty'))
    return
  }
  try {
    const { default: Excel } = await import('exceljs')
    const workbook = new Excel.Workbook()
    fillWorkbook(workbook, sheet)
    const buffer = await workbook.xlsx.writeBuffer()
    const d = new Date()
    const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
    const url = URL.createObjectURL(
      new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    )
    const a = document.createElement('a')
    a.href = url
    a.download = `${sheet.title}_${stamp}.xlsx`
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
    feedback.toast('success', t('reports.export.success'))
  } catch {
    feedback.toast('error', t('reports.export.failed'))
  }
}
