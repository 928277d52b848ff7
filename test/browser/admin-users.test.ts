// Browser: the users and roles screens (issue 17). The platform admin makes a role of one screen, adds a staff account,
// binds it to the hotel with that role; that person signs in and sees exactly that screen. The hotel's administrator sees its
// staff only, makes the clerk an admin (confirmed) and back.
import assert from 'node:assert/strict'
import { describe, test } from 'vitest'
import {
  closeWithEscape,
  menuTitles,
  openSystemScreen,
  screenshot,
  signIn,
  useProductAndBrowser,
} from './helpers.ts'

describe('users screen', () => {
  const suite = useProductAndBrowser()

  test('the platform admin makes a role of one screen, a staff account with it in a property; it sees just that', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openSystemScreen(page, '/system/role')
    const roles = page.getByTestId('role-page')
    await roles.getByTestId('crud-row').first().waitFor()
    // SPEC §5: a built-in platform role's key is not shown; a built-in role offers no delete.
    const superRow = roles
      .getByTestId('crud-row')
      .filter({ has: page.locator('[data-col="roleName"]', { hasText: /^超级管理员$/ }) })
    assert.equal(await superRow.locator('[data-col="roleKey"]').textContent(), '')
    await superRow.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-edit').waitFor()
    assert.equal(await page.getByTestId('crud-action-delete').count(), 0)
    await closeWithEscape(page, page.getByRole('menu'))
    await roles.getByTestId('crud-add').click()
    const roleDialog = page.getByTestId('role-dialog')
    await roleDialog.getByTestId('field-roleName').fill('Tag keeper')
    await roleDialog.getByTestId('field-roleKey').fill('tag_keeper')
    await roleDialog.getByTestId('field-roleType').selectOption('2')
    await roleDialog.locator('[data-testid="menu-tree-node"][data-label="members.menu.tags"]').click()
    await screenshot(page, 'admin-roles-editor')
    await roleDialog.getByTestId('crud-save').click()
    await roleDialog.waitFor({ state: 'hidden' })
    await roles.getByTestId('crud-row').filter({ hasText: 'tag_keeper' }).waitFor()
    const [role] = await suite.product.sql<{ perms: string[] }>(
      `SELECT array_agg(m.perms ORDER BY m.perms) FILTER (WHERE m.perms IS NOT NULL) AS perms
         FROM sys_role r JOIN sys_role_menu rm ON rm.role_id = r.role_id JOIN sys_menu m ON m.menu_id = rm.menu_id
        WHERE r.role_key = 'tag_keeper'`,
    )
    assert.ok(
      role!.perms.every((p) => p.startsWith('pms:pmsMemberTag:')),
      `${role!.perms}`,
    )

    await openSystemScreen(page, '/system/user')
    const screen = page.getByTestId('user-page')
    await screen.getByTestId('crud-row').first().waitFor()
    // Both user types are listed; the platform admin's own row among them.
    await screen.getByTestId('crud-row').filter({ hasText: 'manager' }).waitFor()
    await screen.getByTestId('crud-add').click()
    const dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-userName').fill('deskbob')
    await dialog.getByTestId('field-password').fill('short')
    await dialog.getByTestId('field-nickName').fill('Bob at the desk')
    await dialog.getByTestId('crud-save').click()
    // The password length is checked before anything is sent.
    await dialog.getByTestId('error-password').waitFor()
    await dialog.getByTestId('field-password').fill('deskpass1')
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const row = screen.getByTestId('crud-row').filter({ hasText: 'deskbob' })
    await row.waitFor()

    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-properties').click()
    const binding = page.getByTestId('user-properties-dialog')
    await binding.getByTestId('user-binding-add-property').selectOption({ label: '海景演示酒店' })
    await binding.getByTestId('user-binding-add').click()
    await binding.getByTestId('user-binding-role').selectOption({ label: 'Tag keeper' })
    await screenshot(page, 'admin-users-binding')
    await binding.getByTestId('user-properties-save').click()
    await binding.waitFor({ state: 'hidden' })
    await row.filter({ hasText: '海景演示酒店' }).waitFor()
    await context.close()

    const bob = await suite.newContext()
    const bobPage = await bob.newPage()
    await signIn(bobPage, 'deskbob', 'deskpass1')
    // Home and the one screen of the role: nothing else.
    assert.deepEqual(await menuTitles(bobPage), ['Home', 'Member tags'])
    await bobPage.getByTestId('sidebar').getByTitle('Member tags').click()
    await bobPage.getByTestId('member-tag-page').waitFor()
    await bob.close()
  })

  test('the property admin sees its staff only and sets and cancels the clerk as admin', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await openSystemScreen(page, '/system/user')
    const screen = page.getByTestId('user-page')
    const clerk = screen
      .getByTestId('crud-row')
      .filter({ has: page.locator('[data-col="userName"]', { hasText: /^clerk$/ }) })
    await clerk.waitFor()
    const names = await screen.locator('[data-col="userName"]').allTextContents()
    assert.ok(!names.includes('admin'), `platform account listed to a property admin: ${names}`)
    // The phone is masked in the list.
    assert.ok((await clerk.locator('[data-col="phonenumber"]').textContent())?.includes('****'))

    await clerk.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-setAdmin').click()
    await page.getByTestId('confirm-ok').click()
    await clerk.getByTestId('user-admin-badge').waitFor()
    await screenshot(page, 'admin-users-property')
    await clerk.getByTestId('crud-row-menu').click()
    assert.equal(await page.getByTestId('crud-action-setAdmin').count(), 0)
    await page.getByTestId('crud-action-cancelAdmin').click()
    await page.getByTestId('confirm-ok').click()
    await clerk.getByTestId('user-admin-badge').waitFor({ state: 'detached' })
    await context.close()
  })
})
