// ExcelJS, loaded by the first request that reads or writes a spreadsheet, never at start: with its zip libraries it
// weighs ~30 MiB of a desk's memory and over a second of a bridge's start (scripts/bench/bridge-start.ts).
import type ExcelJS from 'exceljs'

export type { ExcelJS }

export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default
}
