// Browser: an accountant keeps the books — opens Vouchers from the menu, enters a two-line voucher and watches the
// debit/credit difference go to zero, audits it after confirming, then finds it in the sub-ledger and the trial
// balance.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import ExcelJS from 'exceljs'
import { describe, test } from 'vitest'
import { downloadedBytes, screenshot, signIn, useProductAndBrowser } from './helpers.ts'
import { shownText } from './reports-support.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params as never)

describe('the books in the console', () => {
  const suite = useProductAndBrowser()

  test('an accountant enters a voucher, audits it and reads it in the ledgers', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    await suite.product.sql(
      `INSERT INTO sys_user (user_name, nick_name, password, user_type, default_property_id)
       SELECT 'accountant', 'Accountant', password, 2, $1 FROM sys_user WHERE user_name = 'clerk'`,
      [hotel!.property_id],
    )
    await suite.product.sql(
      `INSERT INTO pms_property_user (property_id, user_id, role_id)
       SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
       WHERE u.user_name = 'accountant' AND r.role_key = 'finance'`,
      [hotel!.property_id],
    )
    const subjects = Object.fromEntries(
      (
        await suite.product.sql<{ subject_id: string; subject_code: string }>(
          'SELECT subject_id, subject_code FROM f_subject WHERE property_id = $1',
          [hotel!.property_id],
        )
      ).map((r) => [r.subject_code, String(r.subject_id)]),
    )

    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'accountant')
    // The finance group of the menu holds the screens.
    await page.getByTestId('menu-group-/finance').click()
    await page.getByTestId('menu-/finance/fJournalAccount').click()
    await page.getByTestId('voucher-page').waitFor()

    await page.getByTestId('voucher-add').click()
    const editor = page.getByTestId('voucher-editor')
    const first = editor.getByTestId('voucher-line-0')
    const second = editor.getByTestId('voucher-line-1')
    await first.getByTestId('line-summary').fill('Room 1201')
    await first.getByTestId('line-subject').selectOption(subjects['1001']!)
    await first.getByTestId('line-debit').fill('298')
    await second.getByTestId('line-summary').fill('Room 1201')
    await second.getByTestId('line-subject').selectOption(subjects['5001']!)
    await second.getByTestId('line-credit').fill('200')
    assert.equal(
      await editor.getByTestId('voucher-difference').textContent(),
      `${en('financeConsole.difference')}: 98.00`,
    )
    await second.getByTestId('line-credit').fill('298.00')
    assert.equal(await editor.getByTestId('voucher-difference').textContent(), en('financeConsole.balanced'))
    assert.equal(await editor.getByTestId('voucher-debit-total').textContent(), '298.00')
    await screenshot(page, 'finance-voucher-editor')
    await editor.getByTestId('voucher-save').click()
    await editor.waitFor({ state: 'hidden' })

    const [stored] = await suite.product.sql<{ period: string; voucher_no: number }>(
      'SELECT period, voucher_no FROM f_voucher WHERE property_id = $1',
      [hotel!.property_id],
    )
    const row = page.getByTestId(`voucher-row-${stored!.period}-${stored!.voucher_no}`)
    await row.waitFor()
    assert.equal(
      await row.getByTestId('voucher-state').textContent(),
      en('financeConsole.voucherState.draft'),
    )
    await row.getByTestId('voucher-audit').click()
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.waitFor()
    await confirm.getByRole('button', { name: en('console.dialog.confirm') }).click()
    await row
      .getByTestId('voucher-state')
      .filter({ hasText: en('financeConsole.voucherState.audited') })
      .waitFor()
    await screenshot(page, 'finance-voucher-audited')

    // The voucher export holds every voucher the filters match, numbered as the list shows them.
    const [vouchers] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('voucher-export').click(),
    ])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(new Uint8Array(await downloadedBytes(vouchers)).buffer)
    const voucherRow = book.worksheets[0]!.getRow(2)
    const exported = [...Array(voucherRow.cellCount).keys()].map((j) => shownText(voucherRow.getCell(j + 1)))
    assert.equal(exported[0], `${stored!.period}-${stored!.voucher_no}`)
    assert.equal(exported[3], '298.00')
    // Debit and credit are numbers an accountant can sum, in the money format.
    assert.deepEqual([voucherRow.getCell(4).value, voucherRow.getCell(5).value], [298, 298])

    // The sub-ledger of cash shows the line and its balance.
    await page.goto('/finance/subLedger')
    const sub = page.getByTestId('sub-ledger-page')
    await sub.waitFor()
    await sub.getByTestId('ledger-subject').selectOption(subjects['1001']!)
    await sub.getByTestId('ledger-query').click()
    const line = sub.getByTestId('ledger-row').filter({ hasText: 'Room 1201' })
    await line.waitFor()
    const cells = await line.locator('td').allTextContents()
    assert.equal(cells[3], '298.00')
    assert.equal(cells[6], '298.00')

    // The trial balance of the month balances and shows cash.
    await page.goto('/finance/subjectBalance')
    const trial = page.getByTestId('subject-balance-page')
    await trial.waitFor()
    await trial.getByTestId('balance-begin').fill(stored!.period)
    await trial.getByTestId('balance-end').fill(stored!.period)
    await trial.getByTestId('ledger-query').click()
    const total = trial.getByTestId('balance-total')
    await total.waitFor()
    const totals = await total.locator('td').allTextContents()
    assert.equal(totals[4], '298.00')
    assert.equal(totals[5], '298.00')
    assert.equal(totals[8], totals[9])
    const cash = await trial.getByTestId('balance-1001').locator('td').allTextContents()
    assert.equal(cash[4], '298.00')
    await screenshot(page, 'finance-trial-balance')

    // The export holds the same rows, the total last.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      trial.getByTestId('ledger-export').click(),
    ])
    assert.match(download.suggestedFilename(), /^Trial balance_\d{14}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(await downloadedBytes(download)).buffer)
    const sheet = workbook.worksheets[0]!
    const values = (r: number) => {
      const row = sheet.getRow(r)
      return [...Array(row.cellCount).keys()].map((j) => shownText(row.getCell(j + 1)))
    }
    assert.equal(values(1)[0], en('financeConsole.field.subjectCode'))
    assert.deepEqual(values(2).slice(0, 1), ['1001'])
    assert.deepEqual(values(sheet.rowCount).slice(1, 6), [
      en('financeConsole.total'),
      '0.00',
      '0.00',
      '298.00',
      '298.00',
    ])
    await context.close()
  })

  test('the property admin adds a child subject from its parent in the chart of accounts', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.goto('/finance/fSubject')
    const screen = page.getByTestId('subject-page')
    const bank = screen.locator('[data-testid="crud-row"]', { hasText: '1002' }).first()
    await bank.waitFor()
    await bank.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-addChild').click()
    const dialog = page.getByTestId('subject-child-dialog')
    await dialog.waitFor()
    assert.equal(await dialog.getByTestId('field-subjectCode').inputValue(), '1002')
    await dialog.getByTestId('field-subjectCode').fill('100201')
    await dialog.getByTestId('field-subjectName').fill('ICBC Shenzhen')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    await screen.locator('[data-testid="crud-row"]', { hasText: 'ICBC Shenzhen' }).waitFor()
    const [stored] = await suite.product.sql<{ leaf: boolean; direction: string; parent_code: string }>(
      `SELECT s.leaf, c.direction, s.subject_code AS parent_code FROM f_subject c JOIN f_subject s ON s.subject_id = c.parent_id
       WHERE c.subject_code = '100201' AND c.property_id = (SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL')`,
    )
    assert.deepEqual(stored, { leaf: false, direction: 'debit', parent_code: '1002' })
    await screenshot(page, 'finance-chart-child')
    await context.close()
  })
})
