// Browser: agency qualification (issue 17). The platform admin gives an agent its user on the agents screen; that
// user applies for the agent's qualification with the licence image; the admin reviews it — told that an audit result
// must be selected, then approves — and the agent's user sees it approved, with the history of both steps.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { beforeAll, describe, test } from 'vitest'
import { apiPoster, screenshot, signIn, useProductAndBrowser } from './helpers.ts'
import { PNG, registerUser } from './qualification-support.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)
/** Opens a screen of a menu group: a group of several entries folds, a lone entry stands on its own. */
async function openScreen(page: Page, group: string, path: string) {
  const entry = page.getByTestId(`menu-${path}`)
  if (!(await entry.isVisible())) await page.getByTestId(`menu-group-${group}`).click()
  await entry.click()
  await page.waitForURL(`**${path}`)
}

describe('agency qualification in the console', () => {
  const suite = useProductAndBrowser()

  beforeAll(async () => {
    const post = await apiPoster(suite.product.baseUrl)
    await post('/pms/pmsAgent', { agentName: 'South Sales Co' })
    await registerUser(suite.product.baseUrl, 'southrep', 'Lin')
  })

  test('the admin gives the agent its user', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')
    await openScreen(page, '/agents', '/agents/pmsAgent')
    const row = page.getByTestId('agent-page').getByTestId('crud-row').filter({ hasText: 'South Sales Co' })
    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-users').click()
    const dialog = page.getByTestId('agent-users-dialog')
    // The user is found by typing part of the user name, then shown as chosen.
    await dialog.getByTestId('field-userIds').fill('southr')
    await dialog.getByTestId('field-userIds-matches').getByRole('option', { name: 'Lin (southrep)' }).click()
    await dialog.getByTestId('field-userIds-chosen-item').filter({ hasText: 'Lin (southrep)' }).waitFor()
    await dialog.getByTestId('crud-save').click()
    await dialog.waitFor({ state: 'hidden' })
    const bound = await suite.product.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM pms_agent_user au JOIN sys_user u ON u.user_id = au.user_id
         WHERE u.user_name = 'southrep'`,
    )
    assert.equal(bound[0]!.n, 1)
    // Opened again, the dialog names the agent's user it holds, with a way to remove it.
    await row.getByTestId('crud-row-menu').click()
    await page.getByTestId('crud-action-users').click()
    const chosen = dialog.getByTestId('field-userIds-chosen-item')
    await chosen.filter({ hasText: 'Lin (southrep)' }).waitFor()
    assert.equal(await chosen.count(), 1)
    await chosen.getByRole('button', { name: 'Remove Lin (southrep)' }).waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await context.close()
  })

  test("the agent's user applies with the licence; the admin reviews and approves; the user sees it approved", async () => {
    const agentContext = await suite.newContext()
    const agentPage = await agentContext.newPage()
    await signIn(agentPage, 'southrep', 'southrep123')
    await openScreen(agentPage, '/agency', '/agency/pmsAgentQualification')
    const applyScreen = agentPage.getByTestId('agency-apply-page')
    await applyScreen.getByTestId('crud-empty').waitFor()
    await applyScreen.getByTestId('crud-add').click()
    const form = agentPage.getByTestId('agency-apply-dialog')
    await form.getByTestId('field-licenceNo').fill('91440300MA5ABCDE1X')
    await form.getByTestId('field-contact').fill('Ms Lin')
    await form.getByTestId('field-phone').fill('13900001111')
    // Without the licence the form says so and sends nothing.
    await form.getByTestId('crud-save').click()
    await form.getByText(en('agency.licenceRequired')).waitFor()
    await form
      .getByTestId('agency-licence-file')
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG })
    await form.getByTestId('agency-licence').waitFor()
    await form.getByTestId('crud-save').click()
    await agentPage.getByText(en('agency.submitted')).first().waitFor()
    await form.waitFor({ state: 'hidden' })
    const mine = applyScreen.getByTestId('crud-row').filter({ hasText: '91440300MA5ABCDE1X' })
    await mine
      .getByTestId('agency-state')
      .filter({ hasText: en('qualification.state.pending') })
      .waitFor()
    // The phone is masked on the screen.
    assert.ok((await mine.textContent())!.includes('139****1111'))

    const adminContext = await suite.newContext()
    const page = await adminContext.newPage()
    await signIn(page, 'admin')
    await openScreen(page, '/agents', '/agents/agentQualification')
    const review = page.getByTestId('agency-review-page')
    const row = review.getByTestId('crud-row').filter({ hasText: 'South Sales Co' })
    await row.filter({ hasText: 'southrep' }).waitFor()
    // A review list: nothing to add or delete.
    assert.equal(await review.getByTestId('crud-add').count(), 0)
    await row.getByTestId('crud-row-menu').click()
    assert.equal(await page.getByTestId('crud-action-delete').count(), 0)
    await page.getByTestId('crud-action-check').click()
    const dialog = page.getByTestId('review-dialog')
    await dialog.getByTestId('review-licence').waitFor()
    assert.ok(
      await dialog
        .getByTestId('review-licence')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1),
    )
    await dialog.getByTestId('review-save').click()
    await page.getByText('An audit result must be selected').first().waitFor()
    await dialog.getByTestId('review-result-1').click()
    await dialog.getByTestId('review-remark').fill('Licence checked')
    await dialog.getByTestId('review-save').click()
    await page.getByText(en('qualification.checkedOk')).first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row
      .getByTestId('agency-state')
      .filter({ hasText: en('qualification.state.approved') })
      .waitFor()
    await screenshot(page, 'agency-review')
    await adminContext.close()

    await applyScreen.getByTestId('crud-refresh').click()
    await mine
      .getByTestId('agency-state')
      .filter({ hasText: en('qualification.state.approved') })
      .waitFor()
    assert.ok((await mine.textContent())!.includes('Licence checked'))
    await mine.getByTestId('crud-row-menu').click()
    await agentPage.getByTestId('crud-action-history').click()
    const history = agentPage.getByTestId('agency-history')
    await history.getByTestId('agency-history-row').nth(1).waitFor()
    assert.deepEqual(
      await history
        .getByTestId('agency-history-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))),
      ['apply', 'approve'],
    )
    await screenshot(agentPage, 'agency-apply')
    await agentContext.close()
  })
})
