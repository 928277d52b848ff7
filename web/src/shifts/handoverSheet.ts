// The handover report as a spreadsheet: a title row (the report, the cashier and the shift), the totals by payment
// method as the handover screen shows them (expected, counted, over/short) and the totals row. Pure, so it is tested
// by reading the workbook back; reports/exportReport.ts writes the file.
import type { ShiftReport } from '@pms/protocol/api/shifts'
import type { Translate } from '../i18n/translate.ts'
import type { ReportSheet } from '../reports/sheet.ts'
import { formatMoney } from '../ui/crud/money.ts'

export function handoverSheet(report: ShiftReport, t: Translate): ReportSheet {
  return {
    title: `${t('shift.report')} ${report.shift.userName} #${report.shift.shiftId}`,
    header: [
      t('shift.col.method'),
      t('shift.col.expected'),
      t('shift.col.counted'),
      t('shift.col.overShort'),
    ],
    rows: report.lines.map((l) => [
      t(`billing.method.${l.method}`),
      formatMoney(l.expectedCents),
      formatMoney(l.countedCents),
      formatMoney(l.overShortCents),
    ]),
    total: [
      t('shift.total'),
      formatMoney(report.totals.expectedCents),
      formatMoney(report.totals.countedCents),
      formatMoney(report.totals.overShortCents),
    ],
  }
}
