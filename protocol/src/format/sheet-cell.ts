// The cells of an exported spreadsheet (the console's and the server's .xlsx files): text, a plain number, or an amount
// of money kept in integer cents until it is written. Money goes into the workbook as a number of yuan with a
// two-decimal format, so an accountant can sum it; a table on screen shows the same cell as money text.
// Pure: the writer takes the worksheet structurally, so this package does not depend on ExcelJS.
import { formatMoney, isCents } from '../billing/money.ts'

/** An amount of money in a row of a table or spreadsheet. */
export interface MoneyCell {
  readonly cents: number
}

export type SheetCell = string | number | MoneyCell

/** The number format of money cells: thousands separators, two decimals. */
export const MONEY_NUM_FMT = '#,##0.00'

/** A money cell of a whole number of cents (a RangeError otherwise: an amount is never rounded silently). */
export function moneyCell(cents: number): MoneyCell {
  if (!isCents(cents)) throw new RangeError(`not a whole number of cents: ${cents}`)
  return { cents }
}

export const isMoneyCell = (cell: unknown): cell is MoneyCell =>
  typeof cell === 'object' && cell !== null && 'cents' in cell

/** A cell as a table shows it: money as '1,234.56', the rest as text. */
export const cellText = (cell: SheetCell | null | undefined): string =>
  cell === null || cell === undefined ? '' : isMoneyCell(cell) ? formatMoney(cell.cents) : String(cell)

/** The value a money cell holds in the workbook: yuan, from whole cents (the closest number to them). */
export const moneyCellValue = (cell: MoneyCell): number => cell.cents / 100

/** The part of a worksheet (ExcelJS's) the writer uses. */
export interface SheetRows<Row extends { getCell(column: number): { numFmt: string } }> {
  addRow(values: unknown[]): Row
}

/** Adds one row to a worksheet: money as numbers of yuan in the money format, text and numbers as they are. */
export function addSheetRow<Row extends { getCell(column: number): { numFmt: string } }>(
  sheet: SheetRows<Row>,
  cells: readonly (SheetCell | null | undefined)[],
): Row {
  const row = sheet.addRow(cells.map((c) => (isMoneyCell(c) ? moneyCellValue(c) : (c ?? ''))))
  cells.forEach((c, i) => {
    if (isMoneyCell(c)) row.getCell(i + 1).numFmt = MONEY_NUM_FMT
  })
  return row
}
