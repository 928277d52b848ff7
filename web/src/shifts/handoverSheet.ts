// The handover report as a spreadsheet: a title row (the report, the cashier and the shift), the totals by payment
// method as the handover screen shows them (expected, counted, over/short) and the totals row. Pure, so it is tested
// by reading the workbook back; reports/exportReport.ts writes the file (amounts as numbers in the money format).
import type { ShiftReport } from '@pms/protocol/api/shifts'
import { moneyCell } from '@pms/protocol/format/sheet-cell'
import type { Translate } from '../i18n/translate.ts'
import type { ReportSheet } from '../reports/sheet.ts'

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
      moneyCell(l.expectedCents),
      moneyCell(l.countedCents),
      moneyCell(l.overShortCents),
    ]),
    total: [
      t('shift.total'),
      moneyCell(report.totals.expectedCents),
      moneyCell(report.totals.countedCents),
      moneyCell(report.totals.overShortCents),
    ],
  }
}
