// Browser: the bridge's own update (issue 17) on the technician's page. Once the platform publishes a newer pms-bridge
// (System → App versions, platform bridge), /http/card-test shows the running version beside "Update available" with
// the published package's address.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { BridgeHealth } from '@pms/protocol/api/bridge-devices'
import { describe, test, vi } from 'vitest'
import { apiPoster, screenshot, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)
const PACKAGE = 'https://example.com/pms-bridge-99.0.0.tgz'

describe("the bridge's own update on /http/card-test", () => {
  const suite = useProductAndBrowser()

  test('a newer published pms-bridge shows as an update with where to get it, beside the running version', async () => {
    const { baseUrl } = suite.product
    const post = await apiPoster(baseUrl)
    await post('/system/appVersion', {
      platform: 'bridge',
      appId: 'pms-bridge',
      versionCode: 99,
      versionName: '99.0.0',
      packageName: 'pms-bridge',
      downloadUrl: PACKAGE,
    })
    // The health answer never waits more than a second for the check: wait until the bridge has learnt of it.
    const health = await vi.waitFor(
      async () => {
        const body = (await fetch(`${baseUrl}/bridge/health`).then((r) => r.json())) as { data: BridgeHealth }
        assert.ok(body.data.update, 'the bridge has not learnt of the published version yet')
        return body.data
      },
      { timeout: 20_000, interval: 200 },
    )
    assert.equal(health.update?.updateAvailable, true)

    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/http/card-test')
    const line = page.getByTestId('test-bridge-version')
    await line.getByTestId('test-bridge-update').waitFor()
    assert.equal(
      await line.getByTestId('test-bridge-current').textContent(),
      en('cardConsole.test.version', [health.version]),
    )
    assert.equal(
      await line.getByTestId('test-bridge-update').textContent(),
      en('cardConsole.test.updateAvailable', ['99.0.0']),
    )
    const link = line.getByTestId('test-bridge-update-link')
    assert.equal(await link.getAttribute('href'), PACKAGE)
    assert.equal(await link.textContent(), en('cardConsole.test.updateGet'))
    await screenshot(page, 'bridge-update')
    await context.close()
  })
})
