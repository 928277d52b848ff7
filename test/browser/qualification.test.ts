// Browser: customer qualification (SPEC §2.4, §5, §7). A freshly registered user without a property opens 'apply
// as customer' from the home page, sees the §5 messages for the empty form, picks the address from the suggestions,
// uploads the licence and submits; the platform admin finds it on the review screen, approves it and plugs it in.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import { beforeAll, describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'
import { PNG, registerUser } from './qualification-support.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)
const REVIEW_PATH = '/qualification/sysCustomQualification'

describe('customer qualification in the console', () => {
  const suite = useProductAndBrowser()

  beforeAll(async () => {
    await registerUser(suite.product.baseUrl, 'newbie', 'Newbie')
  })

  test('a user without a property applies: §5 messages, a picked suggestion, the licence, then submit', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'newbie', 'newbie123')
    await page.getByTestId('apply-entry').waitFor()
    await page.getByTestId('apply-open').click()
    const dialog = page.getByTestId('apply-dialog')
    await dialog.waitFor()

    await dialog.getByTestId('apply-submit').click()
    const errors = await dialog.getByTestId('field-error').allTextContents()
    assert.deepEqual(errors, [
      en('qualification.projectRequired'),
      en('qualification.contactRequired'),
      en('qualification.phoneRequired'),
      en('qualification.addressRequired'),
    ])

    await dialog.getByTestId('apply-project').fill('Harbour View Inn')
    await dialog.getByTestId('apply-contact').fill('Ms Chan')
    await dialog.getByTestId('apply-phone').fill('0086-13900000000')
    // Typed but not picked: refused until a suggestion is chosen.
    await dialog.getByTestId('apply-address').fill('海岸路')
    await dialog.getByTestId('apply-submit').click()
    assert.deepEqual(await dialog.getByTestId('field-error').allTextContents(), [
      en('qualification.addressFromList'),
    ])
    const suggestion = dialog.getByTestId('suggestion').filter({ hasText: '海岸路 1 号' })
    await suggestion.waitFor()
    await suggestion.click()
    assert.equal(await dialog.getByTestId('apply-address').inputValue(), '广东省深圳市南山区海岸路 1 号')
    assert.equal(await dialog.getByTestId('field-error').count(), 0)
    // The region picker shows where the picked address lies.
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="apply-region-county"]') as HTMLSelectElement | null)?.value ===
        '440305',
    )
    assert.equal(await dialog.getByTestId('apply-region-province').inputValue(), '440000')
    assert.equal(await dialog.getByTestId('apply-region-city').inputValue(), '440300')
    assert.equal(await dialog.getByTestId('apply-map').textContent(), en('qualification.apply.mapOffline'))

    await dialog.getByTestId('apply-licence-file').setInputFiles({
      name: 'licence.png',
      mimeType: 'image/png',
      buffer: PNG,
    })
    await dialog.getByTestId('apply-licence').waitFor()
    await screenshot(page, 'qualification-apply')
    await dialog.getByTestId('apply-submit').click()
    await page.getByText(en('qualification.submitted')).first().waitFor()
    await dialog.waitFor({ state: 'detached' })

    const [stored] = await suite.product.sql<Record<string, unknown>>(
      `SELECT q.project, q.address, q.city_id, q.image, q.state FROM sys_custom_qualification q
         JOIN sys_user u ON u.user_id = q.user_id WHERE u.user_name = 'newbie'`,
    )
    assert.equal(stored!.project, 'Harbour View Inn')
    assert.equal(stored!.address, '广东省深圳市南山区海岸路 1 号')
    assert.equal(stored!.city_id, '440300', 'the last two digits of cityId are zeroed')
    assert.match(String(stored!.image), /^\/system\/sysFile\/download\/\d+$/)
    assert.equal(Number(stored!.state), 0)

    // Opening the dialog again shows the application and its state; the button resubmits.
    await page.getByTestId('apply-open').click()
    await dialog.getByTestId('apply-state').waitFor()
    assert.equal(await dialog.getByTestId('apply-state').textContent(), en('qualification.state.pending'))
    assert.equal(await dialog.getByTestId('apply-project').inputValue(), 'Harbour View Inn')
    assert.equal(await dialog.getByTestId('apply-submit').textContent(), en('qualification.apply.resubmit'))
    await context.close()
  })

  test('the platform admin reviews it: an audit result is required, then approve and plug in', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'admin')
    const entry = page.getByTestId(`menu-${REVIEW_PATH}`)
    if (!(await entry.isVisible())) await page.getByTestId('menu-group-/qualification').click()
    assert.equal(await entry.getAttribute('title'), en('qualification.menu.review'))
    await entry.click()
    await page.waitForURL(`**${REVIEW_PATH}`)
    const screen = page.getByTestId('qualification-review')
    await screen.getByTestId('review-state-filter').selectOption('0')
    const row = screen.getByTestId('review-row').filter({ hasText: 'Harbour View Inn' })
    await row.waitFor()
    assert.equal(await screen.getByTestId('review-row').count(), 1)
    assert.ok((await row.textContent())!.includes('newbie'))

    await row.getByTestId('review-view').click()
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
    await dialog.getByTestId('review-save').click()
    await page.getByText(en('qualification.checkedOk')).first().waitFor()
    await dialog.waitFor({ state: 'detached' })

    await screen.getByTestId('review-state-filter').selectOption('')
    await row.getByTestId('review-plug').waitFor()
    assert.equal(await row.getByTestId('review-state').textContent(), en('qualification.state.approved'))
    await row.getByTestId('review-plug').click()
    await page.getByTestId('confirm-ok').click()
    await page.getByText(en('qualification.pluggedOk')).first().waitFor()
    await row.getByTestId('review-plug').waitFor({ state: 'detached' })
    assert.equal(await row.getByTestId('review-state').textContent(), en('qualification.state.plugged'))
    await screenshot(page, 'qualification-review')

    const [bound] = await suite.product.sql<{ property_name: string; is_admin: boolean }>(
      `SELECT p.property_name, pu.is_admin FROM pms_property p
         JOIN pms_property_user pu ON pu.property_id = p.property_id
         JOIN sys_user u ON u.user_id = pu.user_id WHERE u.user_name = 'newbie'`,
    )
    assert.equal(bound!.property_name, 'Harbour View Inn')
    assert.equal(bound!.is_admin, true)
    await context.close()
  })
})
