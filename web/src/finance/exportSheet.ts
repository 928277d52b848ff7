// Exports one table of a finance screen to an .xlsx file named with a timestamp (SPEC §8, §9): 'no data to export'
// for an empty table, 'export succeeded' or 'export failed' after.
import type { SheetCell } from '@pms/protocol/format/sheet-cell'
import { feedback } from '../api/feedback.ts'
import { downloadWorkbook } from '../ble-export/workbook.ts'
import { t } from '../i18n/t.ts'
import { exportFileName } from '../ui/format.ts'

export async function exportSheet(name: string, header: string[], rows: SheetCell[][]): Promise<void> {
  if (!rows.length) {
    feedback.toast('warning', t('financeConsole.export.empty'))
    return
  }
  try {
    await downloadWorkbook(exportFileName(name), [{ name, header, rows }])
    feedback.toast('success', t('financeConsole.export.success'))
  } catch {
    feedback.toast('error', t('financeConsole.export.failed'))
  }
}
