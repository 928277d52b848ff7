import assert from 'node:assert/strict'
import { test } from 'vitest'
import { addSheetRow, cellText, MONEY_NUM_FMT, moneyCell } from './sheet-cell.ts'

/** A worksheet as ExcelJS shapes it, enough for the writer: rows of values with a number format per cell. */
function fakeSheet() {
  const rows: { values: unknown[]; formats: Map<number, string> }[] = []
  return {
    rows,
    addRow(values: unknown[]) {
      const row = { values, formats: new Map<number, string>() }
      rows.push(row)
      return {
        getCell: (column: number) => ({
          set numFmt(format: string) {
            row.formats.set(column, format)
          },
          get numFmt() {
            return row.formats.get(column) ?? ''
          },
        }),
      }
    },
  }
}

test('money is written as yuan in the money format; text and numbers as they are', () => {
  const sheet = fakeSheet()
  addSheetRow(sheet, ['Room 101', moneyCell(123_456), 2, moneyCell(-5), undefined, moneyCell(0)])
  assert.deepEqual(sheet.rows[0]!.values, ['Room 101', 1234.56, 2, -0.05, '', 0])
  assert.deepEqual(
    [...sheet.rows[0]!.formats],
    [
      [2, MONEY_NUM_FMT],
      [4, MONEY_NUM_FMT],
      [6, MONEY_NUM_FMT],
    ],
  )
  assert.equal(MONEY_NUM_FMT, '#,##0.00')
})

test('a table shows a money cell as money text', () => {
  assert.equal(cellText(moneyCell(123_456_789)), '1,234,567.89')
  assert.equal(cellText(moneyCell(-1000)), '-10.00')
  assert.equal(cellText('-'), '-')
  assert.equal(cellText(3), '3')
  assert.equal(cellText(undefined), '')
})

test('only whole cents make a money cell', () => {
  assert.throws(() => moneyCell(12.5), RangeError)
  assert.throws(() => moneyCell(Number.NaN), RangeError)
})
