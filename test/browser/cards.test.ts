// Browser: the card issuing screen (tabs by permission, a guest card for 101 issued on the simulated encoder and
// recorded as issued, opening the simulated lock of 101) and the anonymous /http/card-test page (reads, block
// writes, test cards).
import assert from 'node:assert/strict'
import { CardType, translate } from '@pms/protocol'
import type { Page } from 'playwright-core'
import { describe, test } from 'vitest'
import { screenshot, signIn, useProductAndBrowser } from './helpers.ts'

const en = (key: string) => translate('en-US', key)
const CARD_PATH = '/cards/pmsCard'
const TABS = ['PmsTmManageCard', 'PmsHtManageCard', 'PmsBleV3ManageCard', 'PmsCardRecord']

async function tabNames(page: Page): Promise<string[]> {
  await page.getByTestId('card-page').locator('[data-testid^="card-tab-"]').first().waitFor()
  return page
    .locator('[data-testid^="card-tab-"]')
    .evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-testid')!.slice('card-tab-'.length)))
}

describe('key cards in the console', () => {
  const suite = useProductAndBrowser()

  test('the clerk sees the card menu and the three issuing tabs plus the record tab', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    // The card group holds the issuing screen and the card applications.
    const sidebar = page.getByTestId('sidebar')
    await sidebar.getByTestId('menu-group-/cards').click()
    await sidebar.locator(`a[title="${en('cardConsole.menu.issue')}"]`).click()
    await page.waitForURL(`**${CARD_PATH}`)
    assert.deepEqual(await tabNames(page), TABS)
    assert.equal(await page.getByTestId('card-tab-PmsTmManageCard').textContent(), en('card.tab.tm'))
    assert.equal(await page.getByTestId('card-tab-PmsCardRecord').textContent(), en('card.tab.record'))
    await context.close()
  })

  test('a guest card is issued for the stay in 101 on the simulated encoder, recorded as issued, and opens 101', async () => {
    // Room 101 has a guest in house; room 102 is vacant.
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const propertyId = Number(hotel!.property_id)
    const now = Date.now()
    const [order] = await suite.product.sql<{ order_id: string }>(
      `INSERT INTO pms_order (property_id, order_no, order_type, state, reserve_state, check_in_at, check_out_at,
         contact_name, contact_phone)
       VALUES ($1, 'CARD-101', 'walkIn', 'checkIn', 'toOrder', $2, $3, 'Li Lei', '13800138000') RETURNING order_id`,
      [propertyId, new Date(now - 3_600_000), new Date(now + 86_400_000)],
    )
    const [stay] = await suite.product.sql<{ order_room_id: string }>(
      `INSERT INTO pms_order_room (order_id, property_id, room_id, room_type_id, price_cents, stay, state, checked_in_at)
       SELECT $1, $2, room_id, room_type_id, 20000, tstzrange($3, $4, '[)'), 'checkIn', $3
       FROM pms_room WHERE property_id = $2 AND room_no = '101' RETURNING order_room_id`,
      [Number(order!.order_id), propertyId, new Date(now - 3_600_000), new Date(now + 86_400_000)],
    )
    await suite.product.sql(
      `INSERT INTO pms_order_guest (order_id, order_room_id, property_id, name, id_type, phone, main)
       VALUES ($1, $2, $3, 'Li Lei', 'passport', '13800138000', true)`,
      [Number(order!.order_id), Number(stay!.order_room_id), propertyId],
    )

    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(CARD_PATH)
    const panel = page.getByTestId('issue-panel')
    // No typed guest name: a guest card belongs to a stay, and a vacant room has none.
    assert.equal(await panel.getByTestId('card-guest').count(), 0)
    await panel.getByTestId('card-room').selectOption({ label: '102' })
    await panel.locator('[data-testid="card-stay"][data-order-room-id=""]').waitFor()
    assert.equal(await panel.getByTestId('card-stay').textContent(), en('cardConsole.stay.none'))
    await panel.getByTestId('card-issue').click()
    await page.getByText(en('cardConsole.error.needStay')).first().waitFor()
    assert.equal(await panel.getByTestId('issue-progress').count(), 0, 'nothing is written')
    await panel.getByTestId('card-room').selectOption({ label: '101' })
    const stayLine = panel.locator(`[data-testid="card-stay"][data-order-room-id="${stay!.order_room_id}"]`)
    await stayLine.waitFor()
    assert.match((await stayLine.textContent()) ?? '', /CARD-101 · Li Lei/)
    await panel.getByTestId('card-issue').click()
    const done = panel.getByTestId('issue-done')
    await done.waitFor({ timeout: 60_000 })
    assert.equal(await panel.getByTestId('issue-progress').getAttribute('data-step'), 'issued')
    const uid = /([0-9A-F]{8}|[0-9A-F]{14})\b/.exec((await done.textContent()) ?? '')?.[1]
    assert.ok(uid, 'the issued card UID is shown')

    await panel.getByTestId('card-read').click()
    await panel.getByTestId('card-readout').waitFor()
    assert.equal(await panel.getByTestId('read-uid').textContent(), uid)
    assert.equal(await panel.getByTestId('read-room').textContent(), '101')
    assert.equal(await panel.getByTestId('read-cardType').textContent(), en('cardConsole.type.GUEST'))
    await screenshot(page, 'card-issue')
    // Erasing asks first; cancelling leaves the card as it was.
    await panel.getByTestId('card-erase').click()
    const confirm = page.getByTestId('confirm-dialog')
    await confirm.waitFor()
    assert.ok((await confirm.textContent())!.includes(en('cardConsole.erase.confirm')))
    await confirm.getByRole('button', { name: en('console.dialog.cancel') }).click()
    await confirm.waitFor({ state: 'detached' })
    assert.equal(await panel.getByTestId('read-room').textContent(), '101')

    const present = await page.request.post('/bridge/sim/locks/101/present', { data: { uid } })
    const presented = (await present.json()) as { data: { outcome: string } }
    assert.equal(presented.data.outcome, 'accept')

    await page.getByTestId('card-tab-PmsCardRecord').click()
    const row = page.getByTestId('card-record-row').first()
    await row.waitFor()
    assert.equal(await row.getAttribute('data-state'), 'issued')
    assert.equal(await row.getByTestId('card-record-room').textContent(), '101')
    assert.match((await row.textContent()) ?? '', new RegExp(uid))
    const rows = await suite.product.sql<{ state: string }>(
      `SELECT state FROM pms_card_record WHERE cardid = $1`,
      [uid],
    )
    assert.deepEqual(
      rows.map((r) => r.state),
      ['issued'],
    )
    await context.close()
  })

  test('staff card kinds are offered only to who may issue them; the record tab shows why and by whom', async () => {
    const staffKinds = ['STAFF', 'CHIEF', 'FLOOR', 'BUILDING', 'EMERGENCY'] as const
    const offered = async (page: Page) => {
      const select = page.getByTestId('issue-panel').getByTestId('card-type')
      await select.waitFor()
      return select
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    }
    const clerk = await suite.newContext()
    const desk = await clerk.newPage()
    await signIn(desk, 'clerk')
    await desk.goto(CARD_PATH)
    const clerkKinds = await offered(desk)
    assert.ok(clerkKinds.includes(String(CardType.GUEST)))
    for (const name of staffKinds) assert.ok(!clerkKinds.includes(String(CardType[name])), name)

    // The manager holds the staff-card permission: every kind, and a staff card's record names reason and issuer.
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    await suite.product.sql(
      `INSERT INTO pms_card_record (property_id, cardid, card_type, protocol, state, reason, create_by, create_time)
       SELECT $1, 'A1B2C3D4', $2, 'M157', 'issued', 'Night porter rounds', user_id, now() + interval '1 minute'
       FROM sys_user WHERE user_name = 'manager'`,
      [Number(hotel!.property_id), CardType.STAFF],
    )
    const manager = await suite.newContext()
    const office = await manager.newPage()
    await signIn(office, 'manager')
    await office.goto(CARD_PATH)
    const managerKinds = await offered(office)
    for (const name of staffKinds) assert.ok(managerKinds.includes(String(CardType[name])), name)
    await office.getByTestId('card-tab-PmsCardRecord').click()
    const row = office.getByTestId('card-record-row').first()
    await row.waitFor()
    assert.equal(await row.getByTestId('card-record-reason').textContent(), 'Night porter rounds')
    assert.equal(await row.getByTestId('card-record-issuer').textContent(), '王经理')
    await clerk.close()
    await manager.close()
  })

  test('the record tab shows lost and superseded cards as such, and filters by them', async () => {
    const [hotel] = await suite.product.sql<{ property_id: string }>(
      "SELECT property_id FROM pms_property WHERE property_code = 'DEMO-HOTEL'",
    )
    const [lost] = await suite.product.sql<{ record_id: string }>(
      `INSERT INTO pms_card_record (property_id, cardid, card_type, protocol, state, create_time)
       VALUES ($1, 'B1B2B3B1', $2, 'M157', 'lost', now() + interval '2 minutes'),
              ($1, 'B1B2B3B2', $2, 'M157', 'superseded', now() + interval '3 minutes')
       RETURNING record_id`,
      [Number(hotel!.property_id), CardType.GUEST],
    )
    // The lost card that blacklisted it names it by its card number (record id).
    await suite.product.sql(
      `INSERT INTO pms_card_record (property_id, cardid, card_type, protocol, state, target_card_no, create_time)
       VALUES ($1, 'B1B2B3F1', $2, 'M157', 'issued', $3, now() + interval '4 minutes')`,
      [Number(hotel!.property_id), CardType.LOST, Number(lost!.record_id)],
    )
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(CARD_PATH)
    await page.getByTestId('card-tab-PmsCardRecord').click()
    const rows = page.getByTestId('card-record-row')
    await rows.first().waitFor()
    assert.equal(
      await rows.nth(0).getByTestId('card-record-target').textContent(),
      `Card no. ${lost!.record_id}`,
    )
    assert.deepEqual(
      [
        await rows.nth(1).getByTestId('card-record-state').textContent(),
        await rows.nth(2).getByTestId('card-record-state').textContent(),
      ],
      [en('cardRecord.state.superseded'), en('cardRecord.state.lost')],
    )
    assert.deepEqual([en('cardRecord.state.superseded'), en('cardRecord.state.lost')], ['Superseded', 'Lost'])
    await page.getByTestId('record-state-filter').selectOption('lost')
    await page.getByTestId('record-search').click()
    await page.locator('[data-testid="card-record-row"][data-state="lost"]').first().waitFor()
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[data-testid="card-record-row"]')).every(
        (r) => r.getAttribute('data-state') === 'lost',
      ),
    )
    assert.equal(await rows.count(), 1)
    await context.close()
  })

  test('/http/card-test lists the simulated encoder, reads a UID and refuses odd-length hex', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/http/card-test')
    const encoder = page.locator('[data-testid="test-device-row"][data-kind="pn532-serial"]')
    await encoder.waitFor()
    assert.equal(await encoder.getAttribute('data-state'), 'ready')
    await page.locator('[data-testid="test-socket"][data-state="open"]').waitFor()
    await page.getByTestId('test-read-uid').click()
    assert.match((await page.getByTestId('test-uid').textContent()) ?? '', /[0-9A-F]{8}/)

    await page.getByTestId('test-key').fill('FFFFFFFFFFF')
    await page.getByTestId('test-read-sector').click()
    await page.getByText('Illegal Format ASCII Code!').first().waitFor()

    await page.getByTestId('test-key').fill('FFFFFFFFFFFF')
    await page.getByTestId('test-sector').fill('0')
    await page.getByTestId('test-read-sector').click()
    const sector0 = page.locator('[data-testid="test-sector-blocks"][data-sector="0"]')
    await sector0.waitFor()
    assert.equal(await page.getByTestId('test-sector-blocks').count(), 1)
    assert.equal(await sector0.getByTestId('test-block').count(), 4)
    await page.locator('[data-testid="test-log-entry"][data-type="result"]').first().waitFor()
    await context.close()
  })

  test('/http/card-test writes a block on a fresh simulated card, reads it back and issues a test card', async () => {
    const context = await suite.newContext()
    const page = await context.newPage()
    await page.goto('/http/card-test')
    await page
      .locator('[data-testid="test-device-row"][data-kind="pn532-serial"][data-state="ready"]')
      .waitFor()
    const created = (await (await page.request.post('/bridge/sim/cards')).json()) as { data: { uid: string } }
    const uid = created.data.uid
    const placed = await page.request.post(`/bridge/sim/cards/${uid}/place`)
    assert.equal(placed.status(), 200)

    const write = page.getByTestId('test-write')
    await page.getByTestId('test-write-sector').fill('2')
    await page.getByTestId('test-write-block').selectOption('1')
    await page.getByTestId('test-write-key').fill('FFFFFFFFFFFF')
    await page.getByTestId('test-write-data').fill('0011223344556677 8899aabbccddeef')
    await page.getByTestId('test-write-block-button').click()
    await page.getByText('Illegal Format ASCII Code!').first().waitFor()
    assert.equal(await page.getByTestId('test-write-result').count(), 0)

    await page.getByTestId('test-write-data').fill('00112233445566778899AABBCCDDEEFF')
    await page.getByTestId('test-write-block-button').click()
    const result = page.locator('[data-testid="test-write-result"][data-kind="write"]')
    await result.waitFor()
    assert.equal(await write.getByTestId('test-write-uid').textContent(), uid)
    assert.equal(
      await write.getByTestId('test-write-data-back').textContent(),
      '00112233 44556677 8899AABB CCDDEEFF',
    )

    await page.getByTestId('test-key').fill('FFFFFFFFFFFF')
    await page.getByTestId('test-sector').fill('2')
    await page.getByTestId('test-read-sector').click()
    const sector2 = page.locator('[data-testid="test-sector-blocks"][data-sector="2"]')
    await sector2.waitFor()
    assert.equal(await page.getByTestId('test-uid').locator('code').textContent(), uid)
    const blocks = await sector2.getByTestId('test-block').allTextContents()
    assert.deepEqual(blocks.slice(0, 3), [
      '00000000 00000000 00000000 00000000',
      '00112233 44556677 8899AABB CCDDEEFF',
      '00000000 00000000 00000000 00000000',
    ])

    await page.getByTestId('test-issue-test-card').click()
    await page.locator('[data-testid="test-write-result"][data-kind="test"]').waitFor()
    assert.equal(await write.getByTestId('test-write-uid').textContent(), uid)
    assert.equal(
      await write.getByTestId('test-write-data-back').textContent(),
      '504D5320 54455354 20434152 44207631',
    )
    await page.getByText(en('cardConsole.test.testCardDone').replace('{uid}', uid)).first().waitFor()
    await page.getByTestId('test-sector').fill('1')
    await page.getByTestId('test-read-sector').click()
    const sector1 = page.locator('[data-testid="test-sector-blocks"][data-sector="1"]')
    await sector1.waitFor()
    assert.equal(
      await sector1.getByTestId('test-block').first().textContent(),
      '504D5320 54455354 20434152 44207631',
    )
    await context.close()
  })

  test('a clerk whose role lost an issue permission does not see its tab; one issuing tab is "issue card"', async () => {
    await suite.product.sql(
      `DELETE FROM sys_role_menu WHERE role_id = (SELECT role_id FROM sys_role WHERE role_key = 'front_desk')
         AND menu_id IN (SELECT menu_id FROM sys_menu WHERE perms IN ($1, $2))`,
      ['pms:pmsHtManageCard:issue', 'pms:pmsBleV3ManageCard:issue'],
    )
    const context = await suite.newContext()
    const page = await context.newPage()
    await signIn(page, 'clerk')
    await page.goto(CARD_PATH)
    assert.deepEqual(await tabNames(page), ['PmsTmManageCard', 'PmsCardRecord'])
    assert.equal(
      await page.getByTestId('card-tab-PmsTmManageCard').textContent(),
      en('cardConsole.tab.issueCard'),
    )
    await context.close()
  })
})
