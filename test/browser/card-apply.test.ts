// Browser: the clerk applies for a floor card; the property admin sees it among the applications of their properties,
// approves it with a blank card on the (simulated) encoder — the card is written through the bridge and reported
// issued — and refuses another with a remark; the clerk sees both outcomes on their own list.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

describe('card applications in the console', () => {
  const suite = useProductAndBrowser()

  test('the clerk applies, the admin approves (card written) and refuses with a remark', async () => {
    const clerkContext = await suite.newContext()
    const clerk = await clerkContext.newPage()
    await signIn(clerk, 'clerk')
    await clerk.goto('/pmsAllPropertyUserCardApply')
    const form = clerk.getByTestId('card-apply-form')
    await form.waitFor()
    const apply = async (kind: string, reason: string) => {
      await form.getByTestId('card-apply-kind').selectOption(kind)
      if (kind === 'floor') {
        const place = form.getByTestId('card-apply-place')
        await place.locator('option').nth(1).waitFor({ state: 'attached' })
        await place.selectOption({ index: 1 })
      }
      await form.getByTestId('card-apply-start').fill('2030-01-01')
      await form.getByTestId('card-apply-end').fill('2030-01-31')
      await form.getByTestId('card-apply-reason').fill(reason)
      await form.getByTestId('card-apply-submit').click()
      await clerk.getByTestId('card-apply-row').filter({ hasText: reason }).waitFor()
    }
    await apply('floor', 'Housekeeping of floor one')
    await apply('master', 'Inventory night')

    const context = await suite.newContext()
    const page = await context.newPage()
    // A blank card on the encoder for the approval.
    const blank = (await (await page.request.post('/bridge/sim/cards')).json()) as { data: { uid: string } }
    await page.request.post(`/bridge/sim/cards/${blank.data.uid}/place`)
    await signIn(page, 'manager')
    await page.goto('/pmsAllPropertyUserCardApply')
    await page.getByTestId('card-apply-page').waitFor()
    const row = (reason: string) => page.getByTestId('card-apply-row').filter({ hasText: reason })
    await row('Housekeeping of floor one').waitFor()
    await row('Housekeeping of floor one').getByTestId('card-apply-approve').click()
    await page
      .getByTestId('toast')
      .filter({ hasText: en('cardApply.issued') })
      .waitFor()
    await row('Housekeeping of floor one')
      .locator('[data-testid="card-apply-card"][data-card-state="issued"]')
      .filter({ hasText: blank.data.uid })
      .waitFor()
    await row('Inventory night').getByTestId('card-apply-remark').fill('Not this month')
    await row('Inventory night').getByTestId('card-apply-refuse').click()
    await page
      .locator('[data-testid="card-apply-row"][data-state="refused"]')
      .filter({ hasText: 'Inventory night' })
      .waitFor()
    await screenshot(page, 'card-apply-review')
    const [record] = await suite.product.sql<{ state: string; user_name: string; card_type: number }>(
      `SELECT r.state, u.user_name, r.card_type FROM pms_card_apply a
         JOIN pms_card_record r ON r.record_id = a.record_id JOIN sys_user u ON u.user_id = r.create_by
        WHERE a.reason = 'Housekeeping of floor one'`,
    )
    assert.deepEqual([record!.state, record!.user_name, Number(record!.card_type)], ['issued', 'manager', 2])
    await context.close()

    await clerk.reload()
    const mine = (reason: string) => clerk.getByTestId('card-apply-row').filter({ hasText: reason })
    await mine('Housekeeping of floor one')
      .filter({ hasText: en('cardApply.state.approved') })
      .waitFor()
    await mine('Inventory night').filter({ hasText: 'Not this month' }).waitFor()
    assert.equal(await clerk.getByTestId('card-apply-tab-review').count(), 0)
    await clerkContext.close()
  })
})
