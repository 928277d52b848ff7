// Browser: a technician syncs the locks — scans through the bridge's simulated BLE locks, finds each proposed with
// its model and the room it was installed for, moves one to another room by choice, saves, and sees each room's lock
// in the binding tree; no MAC is typed. The clerk sees the tree without the buttons.
import assert from 'node:assert/strict'
import { translate } from '@pms/protocol'
import type { SimLocksView } from '@pms/protocol/api/bridge-devices'
import { beforeAll, describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string, params?: unknown[]) => translate('en-US', key, params)

describe('device binding in the console', () => {
  const suite = useProductAndBrowser()

  beforeAll(async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    await suite.product.sql(
      `INSERT INTO sys_user (user_name, password, user_type, default_property_id)
       SELECT 'technician', password, 2, $1 FROM sys_user WHERE user_name = 'clerk'`,
      [hotel!.property_id],
    )
    await suite.product.sql(
      `INSERT INTO pms_property_user (property_id, user_id, role_id)
       SELECT $1, u.user_id, r.role_id FROM sys_user u, sys_role r
        WHERE u.user_name = 'technician' AND r.role_key = 'technician'`,
      [hotel!.property_id],
    )
  })

  test('the technician binds the scanned locks to rooms', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    const sim = (await (await page.request.get('/bridge/sim/locks')).json()) as { data: SimLocksView }
    const locks = sim.data.locks
    assert.ok(locks.length >= 2)
    await signIn(page, 'technician')
    await page.goto('/device/dvcBinding')
    await page.getByTestId('binding-page').waitFor()
    await page.getByTestId('lock-sync-open').click()
    const dialog = page.getByTestId('lock-sync-dialog')
    await dialog.getByTestId('lock-sync-scan').click()
    await dialog
      .getByTestId('lock-sync-found')
      .filter({ hasText: en('devices.sync.found', [locks.length]) })
      .waitFor()
    const rows = dialog.getByTestId('lock-sync-row')
    assert.equal(await rows.count(), locks.length)
    // Each lock is proposed for the room it says it was installed for.
    for (const lock of locks) {
      const row = dialog.locator(`[data-testid="lock-sync-row"][data-mac="${lock.mac}"]`)
      const chosen = row.getByTestId('lock-sync-room')
      const label = await chosen.evaluate(
        (el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '',
      )
      assert.ok(label.endsWith(` ${lock.roomNo}`), `${lock.mac}: ${label}`)
    }
    // The first two locks swap rooms; the last is left unbound.
    const [a, b] = locks as [SimLocksView['locks'][0], SimLocksView['locks'][0]]
    const pick = async (mac: string, roomNo: string) => {
      const select = dialog
        .locator(`[data-testid="lock-sync-row"][data-mac="${mac}"]`)
        .getByTestId('lock-sync-room')
      const value = await select.evaluate(
        (el, no) =>
          Array.from((el as HTMLSelectElement).options).find((o) => o.text.endsWith(` ${no}`))!.value,
        roomNo,
      )
      await select.selectOption(value)
    }
    await pick(a.mac, b.roomNo)
    await pick(b.mac, a.roomNo)
    const last = locks[locks.length - 1]!
    await dialog
      .locator(`[data-testid="lock-sync-row"][data-mac="${last.mac}"]`)
      .getByTestId('lock-sync-room')
      .selectOption('')
    await dialog.getByTestId('lock-sync-save').click()
    await page
      .getByTestId('toast')
      .filter({ hasText: en('devices.sync.bound', [locks.length - 1]) })
      .waitFor()
    await dialog.waitFor({ state: 'hidden' })

    const roomBox = (no: string) => page.locator(`[data-testid="binding-room"][data-room="${no}"]`)
    await roomBox(a.roomNo).getByTestId('binding-device').filter({ hasText: b.mac }).waitFor()
    await roomBox(b.roomNo).getByTestId('binding-device').filter({ hasText: a.mac }).waitFor()
    assert.equal(await roomBox(last.roomNo).getByTestId('binding-device').count(), 0)
    await screenshot(page, 'device-binding')

    // The floor's gateway binding labels open on the public page, one QR code per room, and on its print page.
    const popup = context.waitForEvent('page')
    await page
      .getByTestId('binding-floor')
      .filter({ has: roomBox(a.roomNo) })
      .getByTestId('binding-qr-gw')
      .click()
    const labels = await popup
    await labels.getByTestId('qr-labels').waitFor()
    assert.ok((await labels.getByTestId('qr-label').count()) >= 1)
    await labels.getByTestId('qr-print-link').click()
    await labels.getByTestId('qr-print').waitFor()
    await labels.locator(`[data-testid="qr-label"][data-room="${a.roomNo}"]`).waitFor()
    await labels.goto('/ygs/qrcode/kk/gw?batch=00000000-0000-0000-0000-000000000000')
    await labels
      .getByTestId('qr-labels-invalid')
      .filter({ hasText: en('auth.qrInvalid') })
      .waitFor()
    const stored = await suite.product.sql<{ mac: string; room_no: string }>(
      'SELECT d.mac, r.room_no FROM dvc_device d JOIN pms_room r ON r.room_id = d.room_id ORDER BY d.mac',
    )
    assert.equal(stored.length, locks.length - 1)
    assert.equal(stored.find((s) => s.mac === a.mac)?.room_no, b.roomNo)
    await context.close()

    const clerkContext = await suite.newContext()
    const clerk = await clerkContext.newPage()
    await signIn(clerk, 'clerk')
    await clerk.goto('/device/dvcBinding')
    await clerk
      .locator(`[data-testid="binding-room"][data-room="${a.roomNo}"]`)
      .getByTestId('binding-device')
      .waitFor()
    assert.equal(await clerk.getByTestId('lock-sync-open').count(), 0)
    assert.equal(await clerk.getByTestId('binding-choose').count(), 0)
    await clerkContext.close()
  })
})
