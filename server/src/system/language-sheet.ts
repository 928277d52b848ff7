// A language pack as a spreadsheet (SPEC §5: spreadsheet import accepts only XLS or XLSX): the first sheet, a header
// row, then one entry per row — key in column A, content in column B. The file is recognised by its content, not its
// name. Every faulty row is reported by its number; nothing is written while one is faulty.
import { badRequest } from '../http/errors.ts'
import { type ExcelJS, loadExcel } from '../http/excel.ts'
import { CONTENT_MAX, ENTRIES_MAX, LANGUAGE_KEY_PATTERN } from './language-schemas.ts'

const ZIP = Buffer.from('504b0304', 'hex')
/** The OLE2 container of the legacy binary .xls format. */
const OLE2 = Buffer.from('d0cf11e0a1b11ae1', 'hex')

export type PackFileKind = 'xlsx' | 'xls' | 'json' | 'other'

export function packFileKind(bytes: Buffer): PackFileKind {
  if (bytes.subarray(0, 4).equals(ZIP)) return 'xlsx'
  if (bytes.subarray(0, 8).equals(OLE2)) return 'xls'
  const text = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  return text.startsWith('{') ? 'json' : 'other'
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('')
    if ('text' in value) return String(value.text)
    if ('result' in value) return String(value.result ?? '')
  }
  return String(value)
}

/** The entries of an .xlsx pack; a 400 naming the faulty rows (1-based, as the spreadsheet numbers them). */
export async function readPackSheet(bytes: Buffer): Promise<Record<string, string>> {
  const workbook = new (await loadExcel()).Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw badRequest('language.badFile', ['xlsx'])
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw badRequest('language.badFile', ['xlsx'])
  const keyPattern = new RegExp(LANGUAGE_KEY_PATTERN)
  const entries: Record<string, string> = {}
  const bad: number[] = []
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return
    const key = cellText(row.getCell(1).value).trim()
    const content = cellText(row.getCell(2).value)
    if (!key && !content.trim()) return
    if (!key || key.length > 200 || !keyPattern.test(key) || !content || content.length > CONTENT_MAX) {
      bad.push(number)
      return
    }
    entries[key] = content
  })
  if (bad.length) throw badRequest('language.badRows', [bad.slice(0, 20).join(', ')])
  const count = Object.keys(entries).length
  if (count === 0 || count > ENTRIES_MAX) throw badRequest('language.badFile', ['xlsx'])
  return entries
}
