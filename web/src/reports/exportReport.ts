// A report to an .xlsx file named with a timestamp (SPEC §8, §9): a title row, the header, the table's rows as shown
// and, for period reports, the totals row. 'no data to export' for an empty report; 'export succeeded' or
// 'export failed' after. ExcelJS is loaded only when someone exports.
import { feedback } from '../api/feedback.ts'
import { t } from '../i18n/t.ts'
import { exportFileName } from '../ui/format.ts'
import { fillWorkbook, type ReportSheet } from './sheet.ts'

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
    const url = URL.createObjectURL(
      new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    )
    const a = document.createElement('a')
    a.href = url
    a.download = exportFileName(sheet.title)
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
    feedback.toast('success', t('reports.export.success'))
  } catch {
    feedback.toast('error', t('reports.export.failed'))
  }
}
