// Browser: the code generation config (issue 17, /gen/edit/:tableId) — a platform developer imports a table, edits
// its config (a refused edit names the column), previews the two files and downloads one.
import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import { downloadedBytes, screenshot, signIn, useProductAndBrowser } from './helpers.ts'

describe('code generation config', () => {
  const suite = useProductAndBrowser()

  test('import → edit → preview → download', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')
    const entry = page.getByTestId('menu-/tool/gen')
    if (!(await entry.isVisible())) await page.getByTestId('menu-group-/tool').click()
    await entry.click()
    const screen = page.getByTestId('gen-table-page')
    await screen.getByTestId('crud-empty').waitFor()

    await screen.getByTestId('gen-import').click()
    const dialog = page.getByTestId('gen-import-dialog')
    await dialog.getByTestId('gen-import-name').fill('member_tag')
    await dialog.getByTestId('gen-import-search').click()
    const pick = dialog.locator('[data-testid="gen-import-table"][data-table="pms_member_tag"]')
    await pick.click()
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const row = screen.getByTestId('crud-row').filter({ hasText: 'pms_member_tag' })
    await row.filter({ hasText: 'pms:pmsMemberTag' }).waitFor()

    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-edit').click()
    await page.waitForURL(/\/gen\/edit\/\d+$/)
    const editor = page.getByTestId('gen-edit-page')
    await editor.getByTestId('gen-field-businessName').fill('memberLabel')
    await editor.getByTestId('gen-field-moduleName').fill('members')
    await editor.getByTestId('gen-field-permissionPrefix').fill('pms:pmsMemberLabel')
    const created = editor.locator('[data-testid="gen-column"][data-column="create_time"]')
    // The table is declared in the Drizzle schema: its field names are the schema's.
    assert.equal(await created.getByTestId('gen-column-field').getAttribute('readonly'), '')
    // A reserved word cannot name the resource: refused, naming it.
    await editor.getByTestId('gen-field-businessName').fill('delete')
    await editor.getByTestId('gen-save').click()
    await page
      .getByTestId('toast')
      .filter({ hasText: 'The business name delete is a reserved word' })
      .waitFor()
    await editor.getByTestId('gen-field-businessName').fill('memberLabel')
    await created.getByTestId('gen-column-isList').click()
    await screenshot(page, 'tool-gen-edit')

    await editor.getByTestId('gen-save-preview').click()
    const preview = page.getByTestId('gen-preview-dialog')
    await preview
      .getByTestId('gen-preview-path')
      .filter({ hasText: 'server/src/members/member-label.ts' })
      .waitFor()
    const server = await preview.getByTestId('gen-preview-code').textContent()
    assert.ok(server?.includes("permission: 'pms:pmsMemberLabel',"), server ?? '')
    assert.ok(server?.includes("tagName: { column: memberTag.tagName, match: 'like' },"), server ?? '')
    await preview.getByTestId('gen-preview-tab-web').click()
    await preview
      .getByTestId('gen-preview-path')
      .filter({ hasText: 'web/src/members/MemberLabelPage.tsx' })
      .waitFor()
    const web = (await preview.getByTestId('gen-preview-code').textContent()) ?? ''
    assert.ok(web.includes("{ key: 'createTime', header: f('createTime') },"), web)
    await screenshot(page, 'tool-gen-preview')
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByTestId('gen-download').click(),
    ])
    assert.equal(file.suggestedFilename(), 'MemberLabelPage.tsx')
    assert.equal((await downloadedBytes(file)).toString('utf8'), web)
    await context.close()
  })
})
