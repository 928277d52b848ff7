// Browser: the property admin opens port settings, tests the unknown serial board at a wrong baud rate (no answer, in
// words), then at 115200 (the chip's firmware and the UID of the card on it), saves it as a card reader and sees it
// open as one; bridge.json keeps it. The clerk sees the ports without the buttons.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { translate } from '@pms/protocol'
import { describe, test } from 'vitest'
import type { DeviceStatus } from '../../bridge/src/devices/driver.ts'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[] | Record<string, unknown>) => translate('en-US', key, params)
const READER = '/dev/ttySIM1'

describe('port settings in the console', () => {
  const suite = useProductAndBrowser()

  /** Resolves once the bridge's device on `path` is ready (now or later). */
  function readyOn(path: string): Promise<DeviceStatus> {
    const registry = suite.product.app.bridge.devices!.registry
    const id = `pn532-serial:${path}`
    const now = registry.get(id)?.status()
    if (now?.state === 'ready') return Promise.resolve(now)
    return new Promise((resolve) => {
      const listener = (s: DeviceStatus) => {
        if (s.id !== id || s.state !== 'ready') return
        registry.off('status', listener)
        resolve(s)
      }
      registry.on('status', listener)
    })
  }

  test('the property admin tests a port, saves it as a card reader; the clerk only sees', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'manager')
    await page.goto('/device/dvcPort')
    await page.getByTestId('port-settings').waitFor()
    const row = page.locator(`[data-testid="port-row"][data-path="${READER}"]`)
    await row.waitFor()
    assert.equal(await row.getByTestId('port-state').getAttribute('data-state'), 'none')

    await row.getByTestId('port-baud').selectOption('9600')
    await row.getByTestId('port-read').click()
    await row
      .locator('[data-testid="port-outcome"][data-ok="false"]')
      .filter({ hasText: en('device.error.noAnswer', { path: READER, baudRate: 9600 }) })
      .waitFor()

    await row.getByTestId('port-baud').selectOption('115200')
    await row.getByTestId('port-read').click()
    await row
      .locator('[data-testid="port-outcome"][data-ok="true"]')
      .filter({ hasText: `PN532 1.6: ${en('devicePort.test.uid', ['04000FFF'])}` })
      .waitFor()

    await row.getByTestId('port-role').selectOption('reader')
    await row.getByTestId('port-save').click()
    await page
      .getByTestId('toast')
      .filter({ hasText: en('devicePort.saved') })
      .waitFor()
    await readyOn(READER)
    await page.getByTestId('port-refresh').click()
    await row
      .locator('[data-testid="port-state"][data-state="ready"]')
      .filter({ hasText: en('devicePort.role.reader') })
      .waitFor()
    await screenshot(page, 'port-settings')
    const file = JSON.parse(readFileSync(suite.product.app.bridge.config!.configFile, 'utf8'))
    assert.deepEqual(file.devicePorts, [{ path: READER, role: 'reader', baudRate: 115200 }])
    await context.close()

    const clerkContext = await suite.newContext()
    const clerk = await clerkContext.newPage()
    await signIn(clerk, 'clerk')
    await clerk.goto('/device/dvcPort')
    await clerk.locator(`[data-testid="port-row"][data-path="${READER}"]`).waitFor()
    await clerk.getByText(en('devicePort.readOnly')).waitFor()
    assert.equal(await clerk.getByTestId('port-save').count(), 0)
    assert.equal(await clerk.getByTestId('port-read').count(), 0)
    await clerkContext.close()
  })
})
