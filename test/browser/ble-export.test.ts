// Browser: the anonymous /export/bleLock page in simulate mode — a scan lists the simulated door locks with MAC, name,
// battery, RSSI and bound room, and the list export downloads an .xlsx holding the same rows.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { BleLockStatusView, SimLocksView } from '@pms/protocol/api/bridge-devices'
import ExcelJS from 'exceljs'
import { describe, test } from 'vitest'
import { downloadedBytes, useProductAndBrowser } from './helpers.ts'

const en = (key: string) => translate('en-US', key)
const normalMac = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase()

describe('the BLE lock export page', () => {
  const suite = useProductAndBrowser()

  test('a scan shows the simulated locks and the list export downloads an .xlsx of them', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const sim = (await (await page.request.get('/bridge/sim/locks')).json()) as { data: SimLocksView }
    assert.ok(sim.data.locks.length > 0, 'the simulator installs demo locks')
    const rooms = new Map(sim.data.locks.map((l) => [normalMac(l.mac), l.roomNo]))

    await page.goto('/export/bleLock')
    await page.getByText(en('cardConsole.ble.empty')).waitFor()
    await page.getByTestId('ble-scan').click()
    const rows = page.getByTestId('ble-lock-row')
    await rows.first().waitFor()
    // The scan is over (and every status asked) once the export button is enabled again.
    await page.locator('[data-testid="ble-export-list"]:not([disabled])').waitFor()
    assert.equal(await rows.count(), sim.data.locks.length)

    const shown: string[][] = []
    for (const row of await rows.all()) {
      const cells = (await row.locator('td').allTextContents()).slice(0, 5)
      const [mac, name, battery, rssi, room] = cells as [string, string, string, string, string]
      assert.equal(await row.getAttribute('data-mac'), mac)
      assert.equal(room, rooms.get(normalMac(mac)), `room of ${mac}`)
      assert.ok(name.length > 0, `name of ${mac}`)
      const status = (await (
        await page.request.get(`/bridge/ble/locks/${encodeURIComponent(mac)}/status`)
      ).json()) as {
        data: BleLockStatusView
      }
      assert.equal(battery, `${status.data.battery}%`)
      assert.match(rssi, /^-\d{1,3}$/)
      shown.push(cells)
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('ble-export-list').click(),
    ])
    assert.match(download.suggestedFilename(), /^ble_locks_\d{14}\.xlsx$/)
    const bytes = await downloadedBytes(download)
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK')

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(new Uint8Array(bytes).buffer)
    const sheet = workbook.worksheets[0]!
    const values = (r: number) =>
      (sheet.getRow(r).values as unknown[])
        .slice(1)
        .map((v) => (v === undefined || v === null ? '' : String(v)))
    assert.deepEqual(
      values(1),
      ['mac', 'name', 'battery', 'rssi', 'room'].map((c) => en(`cardConsole.ble.col.${c}`)),
    )
    const exported = Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2))
    assert.deepEqual(
      exported.map(([mac, name, battery, rssi, room]) => [mac, name, `${battery}%`, rssi, room]),
      shown,
    )
    await context.close()
  })
})
