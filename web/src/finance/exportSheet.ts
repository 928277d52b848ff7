// Exports one table of a finance screen to an .xlsx file named with a timestamp (SPEC §8, §9): 'no data to export'
// for an empty table, 'export succeeded' or 'export failed' after.
import { feedback } from '../api/feedback.ts'
import { downloadWorkbook } from '../ble-export/workbook.ts'
import { t } from '../i18n/t.ts'

const pad = (n: number) => String(n).padStart(2, '0')

export async function exportSheet(
  name: string,
  header: string[],
  rows: (string | number)[][],
): Promise<void> {
  if (!rows.length) {
    feedback.toast('warning', t('financeConsole.export.empty'))
    return
  }
  const d = new Date()
  const stamp = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
  try {
    await downloadWorkbook(`${name}_${stamp}.xlsx`, [{ name, header, rows }])
    feedback.toast('success', t('financeConsole.export.success'))
  } catch {
    feedback.toast('error', t('financeConsole.export.failed'))
  }
}
