// Language packs from spreadsheets (SPEC §5: spreadsheet import accepts only XLS or XLSX): an .xlsx of key/content
// rows is imported whatever its name; faulty rows are named by number and nothing is written; a legacy binary .xls is
// told to be saved as XLSX; anything else is refused.
import assert from 'node:assert/strict'
import ExcelJS from 'exceljs'
import { beforeAll, test } from 'vitest'
import { bearer, describeProduct } from './harness.ts'

async function sheet(rows: Array<[unknown, unknown]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const ws = workbook.addWorksheet('en-US')
  ws.addRow(['key', 'content'])
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

describeProduct('language packs from spreadsheets', (product) => {
  let admin: string
  beforeAll(async () => {
    admin = await product().login('admin')
  })
  const upload = (file: Buffer, name: string) =>
    product()
      .http.post('/prod-api/system/sysLanguage/importData')
      .query({ languageCode: 'en-US' })
      .set(bearer(admin))
      .set('Accept-Language', 'en-US')
      .attach('file', file, name)

  test('an xlsx of key/content rows is imported, even named .json; blank rows are skipped', async () => {
    const res = await upload(
      await sheet([
        ['sheet.one', 'One'],
        [null, null],
        ['sheet.two', 'Two'],
      ]),
      'pack.json',
    )
    assert.equal(res.body.code, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.data, { written: 2 })
    const rows = await product().query<{ content: string }>(
      "SELECT content FROM sys_language WHERE language_code = 'en-US' AND language_key LIKE 'sheet.%' ORDER BY 1",
    )
    assert.deepEqual(
      rows.map((r) => r.content),
      ['One', 'Two'],
    )
  })

  test('faulty rows are named by their spreadsheet row and nothing is written', async () => {
    const res = await upload(
      await sheet([
        ['bad.ok', 'Fine'],
        ['has space', 'x'],
        ['bad.empty', ''],
        ['bad.long', 'x'.repeat(2001)],
      ]),
      'pack.xlsx',
    )
    assert.equal(res.status, 400)
    assert.equal(
      res.body.msg,
      'Rows 3, 4, 5 have errors: each row needs a key (letters, digits, . _ -) and a content of at most 2000 characters',
    )
    assert.equal(
      (await product().query("SELECT 1 FROM sys_language WHERE language_key = 'bad.ok'")).length,
      0,
    )
  })

  test('a legacy xls and a non-spreadsheet are refused by their content, whatever their name', async () => {
    const legacy = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)])
    const xls = await upload(legacy, 'pack.xlsx')
    assert.equal(xls.status, 400)
    assert.equal(xls.body.msg, 'Please save the legacy XLS file as XLSX, then import it')
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)])
    const other = await upload(png, 'pack.xlsx')
    assert.equal(other.status, 400)
    assert.equal(other.body.msg, 'Only XLS or XLSX files can be imported')
  })
})
