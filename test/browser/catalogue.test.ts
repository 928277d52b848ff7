// Browser: the platform administrator keeps the device catalogue — adds a colour, then a model using it, is told the
// SPEC §5 message when the years are the wrong way round, and finds the model with its capabilities in the list.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

describe('device catalogue in the console', () => {
  const suite = useProductAndBrowser()

  test('a colour, then a model with it; the year rule; capabilities in the list', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')

    await page.goto('/catalogue/dvcColour')
    await page.getByTestId('catalogue-colour-page').waitFor()
    await page.getByTestId('crud-add').click()
    let dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-code').fill('MATTE-BLACK')
    await dialog.getByTestId('field-name').fill('Matte black')
    await dialog.getByTestId('crud-save').click()
    await page.locator('[data-testid="crud-row"]', { hasText: 'MATTE-BLACK' }).waitFor()

    await page.goto('/catalogue/dvcModel')
    const screen = page.getByTestId('catalogue-model-page')
    await screen.waitFor()
    // The seeded lock model the bridge speaks, with its capabilities named.
    const seeded = screen.locator('[data-testid="crud-row"]', { hasText: 'PMSL-V3' })
    await seeded.waitFor()
    assert.match((await seeded.textContent()) ?? '', new RegExp(en('catalogue.capability.lockSync')))

    await page.getByTestId('crud-add').click()
    dialog = page.getByTestId('crud-dialog')
    await dialog.getByTestId('field-code').fill('GW-1')
    await dialog.getByTestId('field-name').fill('Zigbee gateway')
    await dialog.getByTestId('field-categoryId').selectOption({ label: en('catalogue.category.GATEWAY') })
    await dialog.getByTestId('field-networkingId').selectOption({ label: 'Zigbee' })
    await dialog.getByTestId('field-colourIds').getByText('Matte black').click()
    await dialog.getByTestId('field-capabilities').getByText(en('catalogue.capability.gateway')).click()
    await dialog.getByTestId('field-startYear').fill('2026')
    await dialog.getByTestId('field-endYear').fill('2021')
    await dialog.getByTestId('crud-save').click()
    await page
      .getByTestId('toast')
      .filter({ hasText: en('catalogue.yearOrder') })
      .waitFor()
    await dialog.getByTestId('field-startYear').fill('2019')
    await dialog.getByTestId('crud-save').click()
    const row = screen.locator('[data-testid="crud-row"]', { hasText: 'GW-1' })
    await row.waitFor()
    const text = (await row.textContent()) ?? ''
    assert.ok(text.includes(en('catalogue.capability.gateway')), text)
    assert.ok(text.includes('2019–2021'), text)
    await screenshot(page, 'catalogue-models')
    const [stored] = await suite.product.sql<{ colour_ids: string[]; capabilities: number }>(
      "SELECT colour_ids, capabilities FROM dvc_model WHERE code = 'GW-1'",
    )
    assert.equal(stored!.capabilities, 4)
    assert.equal(stored!.colour_ids.length, 1)
    await context.close()
  })
})
