// Members to and from a spreadsheet (SPEC §5: imports only from XLS or XLSX). The export is one worksheet of the
// member list as filtered, in the request's language; it is also the import's template: the import reads the same
// columns in the same order from the first worksheet, row 1 being the headings. Every row is checked as a member
// signed up at the desk would be (phone per area code, ID card, unique phone and card number, grade and tags by
// name); one bad row refuses the whole file with each bad row's number and every problem found in it (the first
// MEMBER_IMPORT_ERRORS_LISTED rows listed, all of them counted), and nothing is written.
// Coded values (ID type, gender, validity) are written as their labels and read back as label or code in any language.
import {
  MEMBER_ID_TYPES,
  MEMBER_IMPORT_ERRORS_LISTED,
  MEMBER_SHEET_COLUMNS,
  type MemberImportError,
  type MemberImportResult,
  type MemberInput,
} from '@pms/protocol/api/members'
import { addSheetRow, moneyCell } from '@pms/protocol/format/sheet-cell'
import { MEMBER_VALIDITIES } from '@pms/protocol/members/ledger'
import { zonedDateTime } from '@pms/protocol/time/zone'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { member, memberGrade, memberTag } from '../db/schema/index.ts'
import { AppError, badRequest } from '../http/errors.ts'
import { type ExcelJS, loadExcel } from '../http/excel.ts'
import { localize } from '../http/language.ts'
import { propertyTimeZone } from '../properties/clock.ts'
import { cleanMember, generateCardNo, listMembers, logChange, saveTags, type Viewer } from './accounts.ts'

type Language = Viewer['language']
const LANGUAGES: Language[] = ['zh-CN', 'zh-HK', 'en-US']
/** The largest spreadsheet an import takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
/** A generous cap on one import (rows after the headings). */
export const IMPORT_MAX_ROWS = 5000

const CODED: Partial<
  Record<(typeof MEMBER_SHEET_COLUMNS)[number], { prefix: string; codes: readonly string[] }>
> = {
  idType: { prefix: 'members.idType.', codes: MEMBER_ID_TYPES },
  gender: { prefix: 'members.gender.', codes: ['0', '1', '2'] },
  validity: { prefix: 'members.validity.', codes: MEMBER_VALIDITIES },
}
/** Columns the export adds after the importable ones (read-only figures). */
const EXPORT_ONLY = ['balanceCents', 'points', 'state', 'blacklist'] as const

/** 'YYYYMMDDhhmmss' on the property's clock, for the file's name. */
const stamp = (d: Date, timeZone: string) => zonedDateTime(d, timeZone).replace(/\D/g, '')

/** The members the list query selects (every page), as an xlsx workbook. Phones are masked unless the viewer edits. */
export async function exportMembers(
  db: Db,
  propertyId: number,
  query: Parameters<typeof listMembers>[2],
  viewer: Viewer,
  now = new Date(),
): Promise<{ name: string; buffer: Buffer }> {
  const t = (key: string) => localize(viewer.language, key)
  const timeZone = await propertyTimeZone(db, propertyId)
  const { rows } = await listMembers(db, propertyId, query, { limit: 100_000, offset: 0 }, viewer)
  const book = new (await loadExcel()).Workbook()
  book.created = now
  const sheet = book.addWorksheet(t('members.menu.members'))
  const header = sheet.addRow([...MEMBER_SHEET_COLUMNS, ...EXPORT_ONLY].map((c) => t(`members.sheet.${c}`)))
  header.font = { bold: true }
  sheet.columns.forEach((c) => {
    c.width = 16
  })
  for (const m of rows)
    addSheetRow(sheet, [
      m.cardNo,
      m.name,
      m.areaCode,
      m.phone,
      t(`members.idType.${m.idType}`),
      m.idNo,
      t(`members.gender.${m.gender}`),
      m.birthday ?? '',
      m.gradeName ?? '',
      m.tags.map((x) => x.tagName).join(','),
      t(`members.validity.${m.validity}`),
      m.expireDate ?? '',
      m.remark,
      moneyCell(m.balanceCents),
      m.points,
      t(`members.state.${m.state}`),
      m.blacklist ? t('members.sheet.yes') : '',
    ])
  const buffer = Buffer.from(await book.xlsx.writeBuffer())
  return { name: `members_${stamp(now, timeZone)}.xlsx`, buffer }
}

const p2 = (n: number) => String(n).padStart(2, '0')

/** The text of a cell: numbers as typed (a phone typed as a number), dates as YYYY-MM-DD, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${p2(value.getUTCMonth() + 1)}-${p2(value.getUTCDate())}`
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim()
    if ('text' in value) return String(value.text).trim()
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    return ''
  }
  return String(value).trim()
}

/** A coded value from its code or its label in any language; undefined when blank, null when unknown. */
function decode(column: keyof typeof CODED, text: string): string | null | undefined {
  if (!text) return undefined
  const { prefix, codes } = CODED[column]!
  if (codes.includes(text)) return text
  for (const code of codes)
    for (const lang of LANGUAGES) if (localize(lang, `${prefix}${code}`) === text) return code
  return null
}

/** Reads the first worksheet of an xlsx file; 400 when it is not one (an old binary .xls cannot be read). */
async function readRows(bytes: Buffer): Promise<Array<{ row: number; cells: string[] }>> {
  const book = new (await loadExcel()).Workbook()
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch {
    throw badRequest('members.import.unreadable')
  }
  const sheet = book.worksheets[0]
  if (!sheet) throw badRequest('members.import.empty')
  const out: Array<{ row: number; cells: string[] }> = []
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return
    const cells = MEMBER_SHEET_COLUMNS.map((_, i) => cellText(row.getCell(i + 1).value))
    if (cells.some(Boolean)) out.push({ row: number, cells })
  })
  if (!out.length) throw badRequest('members.import.empty')
  if (out.length > IMPORT_MAX_ROWS) throw badRequest('members.import.tooMany', [IMPORT_MAX_ROWS])
  return out
}

const LIMITS: Partial<Record<(typeof MEMBER_SHEET_COLUMNS)[number], number>> = {
  cardNo: 32,
  name: 50,
  areaCode: 8,
  phone: 20,
  idNo: 32,
  remark: 500,
}

type ImportRowInput = MemberInput & { tagIds: number[] }

/**
 * Step: one sheet row as a member's fields, with grade and tags found by name; or every problem of the row, each a
 * 400 naming its column, so one upload shows all that is wrong with the row.
 */
function rowInput(
  cells: string[],
  grades: Map<string, number>,
  tags: Map<string, number>,
): { input: ImportRowInput } | { problems: AppError[] } {
  const get = (c: (typeof MEMBER_SHEET_COLUMNS)[number]) => cells[MEMBER_SHEET_COLUMNS.indexOf(c)]!
  const field = (c: string) => `@members.sheet.${c}`
  type Column = (typeof MEMBER_SHEET_COLUMNS)[number]
  const found: Array<{ column: Column; error: AppError }> = []
  const problem = (column: Column, key: string, params: unknown[]) =>
    found.push({ column, error: badRequest(key, params) })
  for (const [c, max] of Object.entries(LIMITS))
    if (get(c as (typeof MEMBER_SHEET_COLUMNS)[number]).length > max)
      problem(c as Column, 'validation.maxLength', [field(c), max])
  if (!get('name')) problem('name', 'validation.required', [field('name')])
  if (!get('phone')) problem('phone', 'validation.required', [field('phone')])
  const coded = (c: keyof typeof CODED) => {
    const v = decode(c, get(c))
    if (v === null) problem(c, 'members.import.badValue', [field(c), get(c)])
    return v ?? undefined
  }
  const dateOf = (c: 'birthday' | 'expireDate') => {
    const v = get(c)
    if (v && !/^\d{4}-\d{2}-\d{2}$/.test(v)) problem(c, 'members.import.badValue', [field(c), v])
    return v || undefined
  }
  let gradeId: number | null = null
  if (get('gradeName')) {
    const id = grades.get(get('gradeName'))
    if (!id) problem('gradeName', 'members.import.badValue', [field('gradeName'), get('gradeName')])
    gradeId = id ?? null
  }
  const tagIds: number[] = []
  for (const name of get('tags')
    .split(/[,，;；]/)
    .map((x) => x.trim())
    .filter(Boolean)) {
    const id = tags.get(name)
    if (id) tagIds.push(id)
    else problem('tags', 'members.import.badValue', [field('tags'), name])
  }
  const input: ImportRowInput = {
    cardNo: get('cardNo') || undefined,
    name: get('name'),
    areaCode: get('areaCode') || undefined,
    phone: get('phone'),
    idType: coded('idType') as MemberInput['idType'],
    idNo: get('idNo') || undefined,
    gender: coded('gender'),
    birthday: dateOf('birthday'),
    gradeId,
    tagIds,
    source: 'import',
    validity: (coded('validity') ?? 'forever') as MemberInput['validity'],
    expireDate: dateOf('expireDate'),
    remark: get('remark') || undefined,
  }
  if (!found.length) return { input }
  // In the sheet's column order, as the admin reads the row.
  const at = (c: Column) => MEMBER_SHEET_COLUMNS.indexOf(c)
  return { problems: found.sort((a, b) => at(a.column) - at(b.column)).map((f) => f.error) }
}

/**
 * Flow: import members from a spreadsheet in one transaction. Each row is read (rowInput), checked (cleanMember, which
 * also sees the rows written before it, so a phone twice in the file is refused) and written; any refused row rolls
 * everything back and the answer lists every refused row (400, data: MemberImportResult).
 */
export async function importMembers(
  db: Db,
  propertyId: number,
  bytes: Buffer,
  userId: number,
  language: Language,
): Promise<MemberImportResult> {
  const rows = await readRows(bytes)
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const grades = new Map(
      (
        await tx
          .select({ id: memberGrade.gradeId, name: memberGrade.gradeName })
          .from(memberGrade)
          .where(eq(memberGrade.propertyId, propertyId))
      ).map((g) => [g.name, g.id]),
    )
    const tags = new Map(
      (
        await tx
          .select({ id: memberTag.tagId, name: memberTag.tagName })
          .from(memberTag)
          .where(eq(memberTag.propertyId, propertyId))
      ).map((g) => [g.name, g.id]),
    )
    const errors: MemberImportError[] = []
    const refuse = (row: number, problems: AppError[]) =>
      errors.push({
        row,
        message: problems
          .map((e) => localize(language, e.key, e.params))
          .join(localize(language, 'members.import.problemJoin')),
      })
    for (const { row, cells } of rows) {
      const read = rowInput(cells, grades, tags)
      if ('problems' in read) {
        refuse(row, read.problems)
        continue
      }
      const { input } = read
      try {
        const values = await cleanMember(tx, propertyId, input, null)
        const cardNo = values.cardNo ?? (await generateCardNo(tx, propertyId))
        const [created] = await tx
          .insert(member)
          .values({
            ...values,
            name: values.name!,
            phone: values.phone!,
            cardNo,
            propertyId,
            createBy: userId,
          })
          .returning({ id: member.memberId })
        await saveTags(tx, created!.id, input.tagIds)
        if (values.gradeId)
          await logChange(tx, created!.id, { field: 'grade', from: '', to: String(values.gradeId) }, userId)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        refuse(row, [error])
      }
    }
    if (errors.length) {
      // Every row is checked; the answer lists the first ones (a 5,000-row file of errors is no list to read).
      const result: MemberImportResult = {
        imported: 0,
        errors: errors.slice(0, MEMBER_IMPORT_ERRORS_LISTED),
        errorRows: errors.length,
      }
      throw new AppError(400, 'members.import.refused', [errors.length, rows.length], result)
    }
    return { imported: rows.length, errors: [], errorRows: 0 }
  })
}
